// Public surface of the rules engine. Pure: no I/O, no clock, no Math.random.
// The functions below are implemented in the files named beside them.
export * from './model.js';
export * from './commands.js';
export * from './events.js';
export * from './violations.js';
export * from './system.js';
export * from './view.js';
export type { SystemCommand, SystemEvent, SystemExt } from './systems/ext.js';
export { decide } from './decide.js';
export { evolve, replay } from './evolve.js';
export { createEncounter, type CreateEncounterParams } from './create.js';
export { project } from './project.js';
export { getSystem, IMPLEMENTED_SYSTEMS, systemCatalogue, type SystemSummary } from './systems/registry.js';
export { rngFromSeed, nextUint32, rollDie, rollDice, SEED_HEX_LENGTH } from './dice/rng.js';
export { readFaces, rollSpecs } from './dice/spec.js';
export { verifyDice, type DiceVerification } from './dice/verify.js';
export { MAX_UNDO_DEPTH } from './history.js';
export { MAX_CONDITION_ROUNDS } from './decide/expiry.js';
export { MAX_RESOURCE } from './decide/resources.js';
export { DEFAULT_PHYSICAL_DICE, parseEncounterOptions, PHYSICAL_DICE, type PhysicalDice } from './options.js';
export { flagDefaults, parseFlags, type FlagDef } from './flags.js';
export { checkCandidates, defaultCanFill, openCandidates } from './open-slots.js';
