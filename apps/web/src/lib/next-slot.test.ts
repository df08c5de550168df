import type { CombatantView, EncounterView } from '@roundkeeper/rules';
import { describe, expect, it } from 'vitest';
import { nextIsMine, nextSlot } from './next-slot.js';

const c = (id: string, patch: Partial<CombatantView> = {}): CombatantView => ({
  id,
  name: id,
  side: 'pc',
  groupId: null,
  defeated: false,
  initiative: null,
  hidden: false,
  mine: false,
  conditions: [],
  ...patch,
});
const slot = (id: string) => ({ id: `s-${id}`, side: 'pc' as const, unit: { kind: 'combatant' as const, id }, label: id, total: 10 });

const view = (combatants: CombatantView[], current: string): EncounterView => ({
  audience: 'player',
  id: 'e',
  name: 'e',
  system: 'dnd5e',
  options: {},
  phase: 'active',
  round: 1,
  roundSeconds: 6,
  combatants,
  groups: [],
  order: combatants.map((x) => slot(x.id)),
  turn: { slotId: `s-${current}`, actorIds: [current] },
  turnTimer: null,
  acted: [],
  pendingTies: [],
  pending: [],
  ext: null,
  undo: null,
  seedCommitment: '',
  seed: null,
});

describe('nextSlot', () => {
  it('is the following slot, wrapping to the top for the next round', () => {
    const v = view([c('a'), c('b', { mine: true })], 'a');
    expect(nextSlot(v)?.label).toBe('b');
    expect(nextIsMine(v)).toBe(true);
    expect(nextSlot(view([c('a'), c('b')], 'b'))?.label).toBe('a');
  });

  it('skips defeated units', () => {
    const v = view([c('a'), c('b', { defeated: true }), c('me', { mine: true })], 'a');
    expect(nextSlot(v)?.label).toBe('me');
    expect(nextIsMine(v)).toBe(true);
  });

  it('is not mine when someone else comes first', () => {
    expect(nextIsMine(view([c('a'), c('b'), c('me', { mine: true })], 'a'))).toBe(false);
  });
});
