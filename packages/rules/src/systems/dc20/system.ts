// DC20 RPG (beta 0.10.x, "Starting Combat"): PCs roll d20 + Combat Mastery + Agility against the
// Encounter DC; the PC team wins the first turn if at least half succeed; PC and Enemy turns alternate,
// the PC team chooses which PC takes each PC turn and the GM places enemies on Enemy turns.
// Rule ids refer to packages/rules/spec/dc20.md.
import type { DecideContext } from '../../core/decide/context.js';
import { parseFlags } from '../../core/flags.js';
import type { InitiativeSystem } from '../../core/system.js';
import { findCombatant } from '../../core/units.js';
import { decideDc20 } from './decide.js';
import { delayHook } from './decide-turns.js';
import { hookDice, hookScore } from './decide-setup.js';
import { evolveDc20 } from './evolve.js';
import { healthState, hpFloor, outOfFight } from './health.js';
import { buildSlots, onRoundEnd, onRoundStart, onTurnEnd, onTurnStart } from './hooks.js';
import { eligibleActors } from './members.js';
import { projectDc20 } from './project.js';
import { dc20Meta } from './meta.js';
import { initialDc20Ext } from './state.js';

export const dc20: InitiativeSystem = {
  ...dc20Meta,
  parseOptions: (raw) => parseFlags(dc20Meta.flags, raw),
  initialExt: initialDc20Ext,
  // [DC20-34] Durations run from the start of the creator's turn to the start of its turn N rounds later.
  conditionExpiry: 'turn-start',
  initiativeDice: (_state, _unit, mode) => hookDice(mode),
  scoreInitiative: (state, unit, faces, mode) =>
    hookScore(state, unit.ref.kind === 'combatant' ? findCombatant(state, unit.ref.id) : undefined, faces, mode),
  // [DC20-15] [DC20-16] Contests for a turn are settled by claims, never by a tie list.
  pendingTies: () => [],
  buildSlots,
  eligibleActors,
  delayTurn: (state, actor, targetSlotId) => delayHook({ state, system: dc20, actor } satisfies DecideContext, targetSlotId),
  onRoundStart,
  onTurnStart,
  onTurnEnd,
  onRoundEnd,
  decide: (state, command, actor) => decideDc20(dc20, state, command, actor),
  evolve: evolveDc20,
  projectExt: projectDc20,
  healthState,
  hpFloor,
  outOfFight,
  serverDice: (event) => {
    switch (event.type) {
      case 'dc20-fate-checked':
        return { dice: event.checks.map((c) => ({ sides: 20, face: c.face })), rng: event.rng };
      case 'dc20-inspiration-used':
        return event.rng ? { dice: [{ sides: 6, face: event.face }], rng: event.rng } : undefined;
      default:
        return undefined;
    }
  },
};
