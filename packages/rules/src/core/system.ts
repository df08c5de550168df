import type { Actor, Command } from './commands.js';
import type { EncounterEvent } from './events.js';
import type { CarriedCommand, RestDef } from './carry-over.js';
import type { Health, HealthMeta } from './health/model.js';
import type { PhaseTable } from './phases.js';
import type {
  Combatant,
  CombatantId,
  ConditionEnd,
  CurrentTurn,
  DieFace,
  EncounterState,
  InitiativeRoll,
  RngState,
  RollMode,
  SlotId,
  TurnSlot,
  UnitRef,
} from './model.js';
import type { SystemEvent, SystemExt, SystemId, SystemViewExt } from './system-types.js';
import type { Audience } from './view.js';
import type { FlagDef, OptionsResult } from './flags.js';
import type { UnitInfo } from './units.js';
import type { RuleViolation } from './violations.js';

/** One value of a stat whose numbers stand for words (LFG's rank 2: "Boss"). */
export interface StatChoice {
  readonly value: number;
  readonly label: string;
}

/** A number a system needs on each combatant, with its bounds (validated by `decide`). */
export interface StatDef {
  readonly key: string;
  /** Words for people: never a code ("Rank", not "Rank (0 normal, 1 heavy, 2 boss)"). */
  readonly label: string;
  readonly min: number;
  readonly max: number;
  readonly default: number;
  /** Where the numbers stand for words: every value from `min` to `max`, named; forms show a select. */
  readonly choices?: readonly StatChoice[];
  /** A feature most creatures lack (dnd5e's legendary actions): summaries leave it out at its default. */
  readonly optional?: boolean;
}

export type Decision =
  | { readonly ok: true; readonly events: readonly EncounterEvent[] }
  | { readonly ok: false; readonly violation: RuleViolation };

/** `count` dice of `sides` faces (of `kind` where faces are not plain numbers, e.g. genesys 'ability'). */
export interface DiceSpec {
  readonly sides: number;
  readonly count: number;
  readonly kind?: string;
}

/** A scored roll; the engine adds `source` ('server' or 'physical'). */
export type ScoredRoll = Omit<InitiativeRoll, 'source'>;

export interface SlotPlacement {
  readonly slot: TurnSlot;
  readonly index: number;
  /**
   * [ENG-23] Units the newcomer is still fully tied with where the rules leave the order to people:
   * the placement (after them) is then provisional and the engine opens a 'newcomer-tie' decision.
   */
  readonly tiedWith?: readonly UnitRef[];
}

/** Dice a system event rolled with the encounter's generator, for `verifyDice`. */
export interface ServerDraw {
  readonly dice: readonly DieFace[];
  /** The generator right after the last of `dice`. */
  readonly rng: RngState;
}

/**
 * What is known of a system without its rules (its `meta.ts`): enough for a client to offer it and
 * for the protocol to name its refusals, without loading any of its code.
 */
export interface SystemMeta {
  readonly id: SystemId;
  readonly label: string;
  /** For sentences: "D&D 5e has no delay rule." */
  readonly shortLabel: string;
  readonly defaultOptions: Readonly<Record<string, unknown>>;
  /** The system's option flags, described for a settings form (`parseOptions` is the authority). */
  readonly flags: Readonly<Record<string, FlagDef>>;
  readonly statDefs: readonly StatDef[];
  /** Its own refusal codes with their sentences (codes must not clash with the core's or another system's). */
  readonly violations: Readonly<Record<string, string>>;
  /** [ENG-25] How it counts health and the states it shows; without it, hit points down at 0 (`DEFAULT_HEALTH_META`). */
  readonly health?: HealthMeta;
  /**
   * [ENG-35] How many in-game seconds a round lasts, where the system's text says; absent where it leaves
   * it open. It shows the fight's in-game time and turns durations in seconds or minutes into rounds.
   */
  readonly roundSeconds?: number;
  /**
   * [ENG-8] The phases of its own commands (every one of them), and of any core command whose phases its
   * text changes; the core's table (`COMMAND_PHASES`) answers for the rest.
   */
  readonly commandPhases?: PhaseTable;
  /** [ENG-49] The rests it offers between fights (short, long) and what each restores by default; the GM picks. */
  readonly rests?: readonly RestDef[];
}

/** The commands that change health, as the `checkHealth` hook sees them. */
export type HealthCommand = Extract<Command, { type: 'apply-damage' | 'apply-healing' | 'set-max-health' | 'set-temp-health' }>;
/** The facts they lead to, as the `afterHealth` hook sees them. */
export type HealthEvent = Extract<EncounterEvent, { type: 'damage-applied' | 'healing-applied' | 'max-health-set' | 'temp-health-set' }>;

/**
 * One initiative system: its meta plus its rules as hooks. Each lives in `systems/<id>/` with the same
 * file names (docs/adding-a-system.md) and is handed to the core by the registry (src/registry.ts);
 * the core never imports a system and nothing outside the registry branches on a system id.
 *
 * Phase hooks (`onRoundStart` … `onRoundEnd`) return events the engine appends at that moment and
 * applies before going on, so the next step sees them (a re-rolled order, refilled AP).
 */
export interface InitiativeSystem extends SystemMeta {
  /**
   * Validates the system's flags (never `physicalDice`, which the engine owns) and fills in the
   * defaults. Unknown keys and wrong values are refused with 'invalid-options'.
   */
  parseOptions(raw: Readonly<Record<string, unknown>>): OptionsResult;
  /** The system's slot in `EncounterState.ext` at creation. */
  initialExt(): SystemExt;
  /** What a condition's `rounds` count to when the command names no `endsAt`. */
  readonly conditionExpiry: ConditionEnd;

  /** Which dice one initiative roll of `unit` needs, in the order their faces are given to `scoreInitiative`. */
  initiativeDice(state: EncounterState, unit: UnitInfo, mode: RollMode): readonly DiceSpec[];
  /** Scores faces (from the generator or from real dice) already checked against `initiativeDice`. */
  scoreInitiative(state: EncounterState, unit: UnitInfo, faces: readonly DieFace[], mode: RollMode): ScoredRoll;
  /** Groups of units whose order people must decide before combat can start. */
  pendingTies(state: EncounterState): readonly (readonly UnitRef[])[];
  /** The order of turn slots, built when combat starts. */
  buildSlots(state: EncounterState, nextId: () => string): readonly TurnSlot[];
  /**
   * Who may act in `slot` now; empty when nobody is eligible (the slot is then skipped). For an open
   * slot: the candidates who could claim it (`openCandidates` gives the usual answer).
   */
  eligibleActors(state: EncounterState, slot: TurnSlot): readonly CombatantId[];
  /**
   * [ENG-9] Whether a slot whose turn just ended is taken again at once by whoever `eligibleActors` gives
   * now (UES-35: a group's members each take their own turn in the group's place). Without it: never.
   */
  repeatsSlot?(state: EncounterState, slot: TurnSlot): boolean;
  /**
   * Where a unit that rolled after combat started takes its place (`state` already holds its roll).
   * Without this hook a newcomer rolls but gets no slot.
   */
  placeNewcomer?(state: EncounterState, unit: UnitRef, slotId: SlotId): SlotPlacement | undefined;
  /**
   * [ENG-24] Whether a non-GM audience may see `slot` at all (`canSee`: whether that audience sees a
   * unit). Without this hook every slot is shown that the core rule allows (a unit slot of a visible
   * unit, every open slot). Lets a system hide open slots made by hidden creatures.
   */
  slotVisible?(state: EncounterState, slot: TurnSlot, canSee: (ref: UnitRef) => boolean): boolean;
  /**
   * Whether `combatantIds` may fill the open `slot` (roles are checked already). Default
   * (`defaultCanFill`): exactly one combatant of the slot's side, not defeated, not acted this round.
   */
  canFill?(state: EncounterState, slot: TurnSlot, combatantIds: readonly CombatantId[]): RuleViolation | undefined;
  /** 'delay-turn' for the current turn; without this hook the command is refused ('not-supported'). */
  delayTurn?(state: EncounterState, actor: Actor, targetSlotId: SlotId | undefined): Decision;

  onRoundStart?(state: EncounterState): readonly EncounterEvent[];
  /** After 'turn-started' (or 'turn-claimed' for an open slot), once the actors are known. */
  onTurnStart?(state: EncounterState, turn: CurrentTurn): readonly EncounterEvent[];
  /** After 'turn-ended' and the conditions that end with it. */
  onTurnEnd?(state: EncounterState, turn: CurrentTurn): readonly EncounterEvent[];
  /** After 'round-ended' and the conditions that end with it, before the next round starts. */
  onRoundEnd?(state: EncounterState): readonly EncounterEvent[];

  /**
   * Any command, before the engine: return a decision to take it over (the system's own commands
   * must be decided here), `undefined` to let the engine decide.
   */
  decide?(state: EncounterState, command: Command, actor: Actor): Decision | undefined;
  /** Applies the system's own events; returning `undefined` for one is a bug (evolve throws). */
  evolve?(state: EncounterState, event: SystemEvent): EncounterState | undefined;
  /**
   * What this audience may see of the system's own state (`state.ext`): the GM everything, others
   * nothing hidden. Without this hook the view's `ext` is null.
   */
  projectExt?(state: EncounterState, audience: Audience): SystemViewExt | null;
  /** The server-rolled dice inside a system event, so `verifyDice` can check them too. */
  serverDice?(event: SystemEvent): ServerDraw | undefined;

  /**
   * [ENG-34] The state of `target`'s health, one of `health.states` by id ("bloodied"): what players
   * and spectators see where numbers are not theirs. Without this hook: unhurt, hurt or down.
   */
  healthState?(state: EncounterState, target: UnitRef, health: Health): string;
  /**
   * [ENG-29] Whether its health puts `c` out of the fight, i.e. defeated (turn skipped, left out of
   * counts). Without this hook: whenever it is down (0 hit points, or past a threshold).
   */
  outOfFight?(state: EncounterState, c: Combatant): boolean;
  /** [ENG-26] The lowest hit points `c` may fall to; without this hook, 0. */
  hpFloor?(state: EncounterState, c: Combatant): number;
  /** [ENG-31] With `health.groupPool`: how many of a group's `members` its pool `health` has put down. */
  poolDown?(health: Health, members: number): number;
  /** A refusal for a health command this system forbids (D&D 5e: healing the dead), once the engine's checks pass. */
  checkHealth?(state: EncounterState, command: HealthCommand, actor: Actor): RuleViolation | undefined;
  /** [ENG-29] The system's own facts that follow a health fact (D&D 5e: death saves); `state` already holds it. */
  afterHealth?(state: EncounterState, event: HealthEvent): readonly EncounterEvent[];
  /**
   * [ENG-30] Facts that follow combatants going down, by 'set-defeated' or by their health alike
   * (LFG: a morale check suggested); `state` already holds the defeats.
   */
  onDefeated?(state: EncounterState, combatantIds: readonly CombatantId[]): readonly EncounterEvent[];
  /**
   * [ENG-48] The system's own state of `c`'s health that goes into the next fight with it, as commands
   * for it once added (D&D 5e: a tally of death saves). Not asked when a rest restores health.
   */
  carriedState?(state: EncounterState, c: Combatant): readonly CarriedCommand[];
}
