// Hand-made encounters for the uesrpg unit tests of pure functions, built directly rather than
// through `decide` (the whole-engine tests are in packages/rules/test/uesrpg-*.test.ts).
import type { Combatant, EncounterState, Group, InitiativeRoll, Side, TurnSlot, UnitRef } from '../../core/model.js';
import { scoreInitiative, unitRatings } from './initiative.js';
import { initialExt } from './state.js';

export const combatant = (id: string, side: Side, stats: Record<string, number> = {}, more: Partial<Combatant> = {}): Combatant => ({
  id,
  name: id,
  side,
  groupId: null,
  hidden: false,
  defeated: false,
  stats,
  note: '',
  initiative: null,
  tieBreak: null,
  resources: {},
  conditions: [],
  health: null,
  ...more,
});

export const group = (id: string, side: Side, more: Partial<Group> = {}): Group => ({
  id,
  name: id,
  side,
  initiative: null,
  tieBreak: null,
  health: null,
  ...more,
});

/** A scored d6 roll (or a surprised rating when `face` is null), as the engine would store it. */
export function rolled(side: Side, stats: Record<string, number>, face: number | null): InitiativeRoll {
  const surprised = face === null;
  const dice = surprised ? [] : [{ sides: 6, face }];
  return { ...scoreInitiative(dice, unitRatings(side, [combatant('x', side, stats)]), surprised), source: 'physical' };
}

export function encounter(combatants: readonly Combatant[], groups: readonly Group[] = [], slots: readonly TurnSlot[] = []): EncounterState {
  return {
    id: 'enc-1',
    name: 'Bandits on the Gold Road',
    system: 'uesrpg',
    options: { apRefresh: 'roundStart' },
    phase: slots.length > 0 ? 'active' : 'initiative',
    round: slots.length > 0 ? 1 : 0,
    combatants,
    groups,
    slots,
    turn: null,
    acted: [],
    dice: { rng: [1, 2, 3, 4], seedCommitment: '0'.repeat(64), seed: '0'.repeat(32) },
    nextId: 100,
    pending: [],
    ext: initialExt(),
    history: { past: [], future: [] },
  };
}

export const unit = (id: string): UnitRef => (id.startsWith('g') ? { kind: 'group', id } : { kind: 'combatant', id });
