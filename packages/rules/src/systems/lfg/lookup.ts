// Questions the lfg hooks ask of an encounter: its lfg state, the seating, who can still roll or
// act, the GM's order of monsters, ranks, and the round's bands.
import type { CheckOutcome, Combatant, CombatantId, EncounterState, TurnSlot, UnitRef } from '../../core/model.js';
import { allUnits, findCombatant, sameUnit, unitInfo, type UnitInfo } from '../../core/units.js';
import type { GreatSuccessRule, Band, RankedEnemy } from './types.js';
import { rankFromStat, type RoundOrderInput } from './order.js';
import { lfgExt } from './state.js';
import { LFG_STATS } from './stats.js';

export const greatSuccessRule = (state: EncounterState): GreatSuccessRule =>
  state.options['greatSuccess'] === 'natural1' ? 'natural1' : 'halfScore';

export const stat = (c: Combatant | undefined, key: string, fallback = 10): number => c?.stats[key] ?? fallback;

/** Everyone gone from the fight without being defeated: broken morale (NPCs) or a retreat (PCs). */
export const leftTheBattle = (state: EncounterState): readonly CombatantId[] => {
  const ext = lfgExt(state);
  return [...ext.broken, ...ext.fled];
};

/** Gone from the fight without being defeated: broken morale (NPCs) or a retreat (PCs). */
export function hasLeft(state: EncounterState, id: CombatantId): boolean {
  const ext = lfgExt(state);
  return ext.broken.includes(id) || ext.fled.includes(id);
}

/** Standing and still on the battlefield. */
export function inFight(state: EncounterState, id: CombatantId): boolean {
  const c = findCombatant(state, id);
  return c !== undefined && !c.defeated && !hasLeft(state, id);
}

/** [LFG-8] Every PC in clockwise order: the GM's seating first, then PCs not seated, in display order. */
export function seatingOf(state: EncounterState): readonly CombatantId[] {
  const pcs = state.combatants.filter((c) => c.side === 'pc').map((c) => c.id);
  const seated = lfgExt(state).seating.filter((id) => pcs.includes(id));
  return [...seated, ...pcs.filter((id) => !seated.includes(id))];
}

/** [LFG-8] A PC can make the party's check while standing and not fled. */
export const canRoll = (state: EncounterState, id: CombatantId): boolean =>
  findCombatant(state, id)?.side === 'pc' && inFight(state, id);

export const rollCandidates = (state: EncounterState): readonly CombatantId[] =>
  seatingOf(state).filter((id) => canRoll(state, id));

/** The unit's members, also for a PC that happens to sit in a group (each PC has its own slot). */
export function membersOf(state: EncounterState, ref: UnitRef): readonly Combatant[] {
  if (ref.kind === 'combatant') {
    const c = findCombatant(state, ref.id);
    return c ? [c] : [];
  }
  return unitInfo(state, ref)?.members ?? [];
}

/** [LFG-13] Non-PC units of `side`, in the GM's order (units not ordered follow in display order). */
export function orderedUnits(state: EncounterState, side: 'enemy' | 'npc'): readonly UnitInfo[] {
  const order = lfgExt(state).monsterOrder;
  const units = allUnits(state).filter((u) => u.side === side && u.members.some((m) => !hasLeft(state, m.id)));
  const rank = (u: UnitInfo): number => {
    const i = order.findIndex((r) => sameUnit(r, u.ref));
    return i === -1 ? order.length : i;
  };
  return units
    .map((u, i) => ({ u, i }))
    .sort((a, b) => rank(a.u) - rank(b.u) || a.i - b.i)
    .map(({ u }) => u);
}

/** [LFG-10] A unit's rank: a group's is its first member's. */
export const unitRank = (unit: UnitInfo): RankedEnemy['rank'] => rankFromStat(unit.members[0]?.stats[LFG_STATS.rank]);

/** The inputs of a round's order (all but the outcome and the roller), for `buildRoundSlots` and `surpriseRoundSlots`. */
export function orderInput(state: EncounterState): Omit<RoundOrderInput, 'outcome' | 'roller'> {
  return {
    seating: seatingOf(state).filter((id) => !hasLeft(state, id)),
    allies: orderedUnits(state, 'npc').map((u) => u.ref),
    enemies: orderedUnits(state, 'enemy').map((u) => ({ unit: u.ref, rank: unitRank(u) })),
  };
}

/** [LFG-11] The band a slot belongs to under this round's order. */
export function bandOf(state: EncounterState, slot: TurnSlot): Band {
  if (slot.side !== 'enemy') return 'party';
  const outcome = roundOutcome(state);
  if (outcome !== 'success') return 'all-enemies';
  const unit = slot.filler.kind === 'unit' ? unitInfo(state, slot.filler.unit) : undefined;
  return unit && unitRank(unit) !== 'normal' ? 'bosses-and-heavies' : 'other-enemies';
}

/** [LFG-7] This round's check outcome; null when the round has none (yet), e.g. the surprise round. */
export function roundOutcome(state: EncounterState): CheckOutcome | null {
  const check = lfgExt(state).check;
  return check && check.round === state.round && state.phase === 'active' ? (check.roll.outcome ?? null) : null;
}
