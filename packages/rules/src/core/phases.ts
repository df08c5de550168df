// [ENG-8] Which commands the engine takes in which phases: one table for the core's commands, which
// every handler reads (never a list of its own), and a system's own table (`SystemMeta.commandPhases`)
// for its commands and for any core command whose phases its text changes (genesys heals after the
// end, GEN-31). A core command a system does not take at all has no phases there and is refused
// 'not-supported' (dc20 and lfg: no roll for the monsters). test/spec-phases.test.ts holds SPEC.md and
// spec/*.md to these tables, test/phase-table.test.ts the handlers.
import type { CoreCommandType } from './commands.js';
import type { Phase } from './model.js';

/** Phases in which the table may still change the fight: everything but 'ended'. */
export const LIVE_PHASES = ['setup', 'initiative', 'active'] as const satisfies readonly Phase[];

/** Which phases accept each command, by command type. */
export type PhaseTable = Readonly<Record<string, readonly Phase[]>>;

/**
 * The core commands' phases. Some commands check more within these (set-options: during combat only
 * the health and timer options; roll commands during combat: newcomers only; resolve-tie during combat:
 * a newcomer's tie), each in its rule.
 */
export const COMMAND_PHASES = {
  'add-combatant': LIVE_PHASES,
  'remove-combatant': LIVE_PHASES,
  'set-hidden': LIVE_PHASES,
  'set-note': LIVE_PHASES,
  'set-defeated': LIVE_PHASES,
  'set-options': LIVE_PHASES,
  'begin-initiative': ['setup'],
  'roll-initiative': ['initiative', 'active'],
  'enter-initiative': ['initiative', 'active'],
  'roll-npc-initiative': ['initiative', 'active'],
  'resolve-tie': ['initiative', 'active'],
  'start-combat': ['initiative'],
  'claim-turn': ['active'],
  'end-turn': ['active'],
  'delay-turn': ['active'],
  'add-condition': LIVE_PHASES,
  'remove-condition': LIVE_PHASES,
  'spend-resource': ['active'],
  'set-resource': LIVE_PHASES,
  'apply-damage': LIVE_PHASES,
  'apply-healing': LIVE_PHASES,
  'set-max-health': LIVE_PHASES,
  'set-temp-health': LIVE_PHASES,
  // [ENG-18] Once the encounter has ended the seed is public: going back would let anyone predict every roll.
  undo: LIVE_PHASES,
  redo: LIVE_PHASES,
  'end-encounter': LIVE_PHASES,
} as const satisfies Readonly<Record<CoreCommandType, readonly Phase[]>>;

/** The phases that accept `type` in a system: its own table first, then the core's (none for an unknown type). */
export function phasesOf(system: { readonly commandPhases?: PhaseTable }, type: string): readonly Phase[] {
  return system.commandPhases?.[type] ?? (COMMAND_PHASES as PhaseTable)[type] ?? [];
}

/** Whether `phases` (a row of a phase table, typed as its literals) holds `phase`. */
export const allowsPhase = (phases: readonly Phase[], phase: Phase): boolean => phases.includes(phase);
