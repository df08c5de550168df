// The core alone: the model, commands, events, refusals, views, the System interface and the engine
// factory. It imports no system, so a client can use it (constants, open-slot candidates, types)
// without loading any game's rules: `@roundkeeper/rules/core`.
export * from './model.js';
export * from './commands.js';
export * from './events.js';
export * from './violations.js';
export * from './system.js';
export { COMMAND_PHASES, LIVE_PHASES, phasesOf, type PhaseTable } from './phases.js';
export * from './view.js';
export type { SystemCommand, SystemEvent, SystemExt, SystemTypeEntry, SystemTypes, SystemViewExt, SystemViolationCode } from './system-types.js';
export { createEngine, type Engine } from './engine.js';
export type { CheckedReplay } from './check/checked-replay.js';
export type { AudienceParts } from './project.js';
export type { CreateEncounterParams } from './create.js';
export { rngFromSeed, nextUint32, rollDie, rollDice, SEED_HEX_LENGTH } from './dice/rng.js';
export { readFaces, rollSpecs } from './dice/spec.js';
export type { DiceVerification } from './dice/verify.js';
export { MAX_UNDO_DEPTH } from './history.js';
export { MAX_CONDITION_ROUNDS } from './decide/expiry.js';
export { MAX_RESOURCE } from './decide/resources.js';
export {
  autoEndDue,
  MAX_TURN_SECONDS,
  pinOf,
  TURN_SECONDS_OPTION,
  TURN_TIMEOUT_OPTION,
  TURN_TIMEOUTS,
  turnTimerOf,
  type TurnTimeout,
  type TurnTimer,
} from './turn-timer.js';
export type { DecideMoment } from './decide/timer.js';
export { roundsFor, secondsBeforeRound, TIME_UNITS, type GameDuration, type TimeUnit } from './time.js';
export { DEFAULT_PHYSICAL_DICE, ENGINE_FLAGS, parseEncounterOptions, PHYSICAL_DICE, PHYSICAL_DICE_OPTION, physicalDiceOf, type PhysicalDice } from './options.js';
export * from './health/model.js';
export { defaultHealthState, isDown, isUnhurt, tracksOf } from './health/math.js';
export {
  HEALTH_VIEWS,
  healthOptionsOf,
  NPC_HEALTH_VIEW_OPTION,
  PARTY_HEALTH_VIEW_OPTION,
  PLAYERS_DAMAGE_HEAL_OPTION,
  type HealthOptions,
  type HealthViewMode,
} from './health/options.js';
export { healthSight, type HealthOwner } from './health/sight.js';
export { healthMetaOf } from './health/rules.js';
export { flagDefaults, parseFlags, type FlagDef } from './flags.js';
export { checkCandidates, defaultCanFill, openCandidates, type OpenSlotSubject } from './open-slots.js';
export type { OptionsResult } from './flags.js';
export { mintId } from './ids.js';
export * from './stat-block.js';
export { carryOut, REST_PARTS, type CarriedCombatant, type CarriedCommand, type RestDef, type RestPart } from './carry-over.js';
