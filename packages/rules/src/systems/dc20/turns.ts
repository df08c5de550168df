// [DC20-15] [DC20-16] [DC20-17] [DC20-18] [DC20-24] [DC20-25] [DC20-26] [DC20-30] Who fills each turn.
// PC turns: in round 1 the PC team claims each one as it comes up; the claim binds the PC to that
// turn for every later round (the chosen turns "become the Initiative Order"). Non-PC turns: the GM
// assigns creatures to them, at any time. A turn without anyone left to act is kept and skipped.
import type { CombatantId, SlotId } from '../../core/model.js';
import { fail, ok, type Dc20Member, type Dc20Slot, type Result, type TurnHolders } from './types.js';

export const holderSlot = (holders: TurnHolders, id: CombatantId): SlotId | undefined =>
  Object.keys(holders).find((slotId) => holders[slotId]?.includes(id));

const live = (members: readonly Dc20Member[]) => new Set(members.filter((m) => !m.defeated).map((m) => m.id));

/** Live PC-team members who hold no PC turn yet: everyone in round 1, a newcomer later on. */
export function pcTurnCandidates(members: readonly Dc20Member[], holders: TurnHolders): readonly CombatantId[] {
  return members.filter((m) => m.team === 'pc' && !m.defeated && holderSlot(holders, m.id) === undefined).map((m) => m.id);
}

/** [DC20-26] Who acts when a turn starts: its live holders that have not acted this round; none means skipped. */
export function turnActors(
  slotId: SlotId,
  holders: TurnHolders,
  members: readonly Dc20Member[],
  acted: readonly CombatantId[],
): readonly CombatantId[] {
  const alive = live(members);
  return (holders[slotId] ?? []).filter((id) => alive.has(id) && !acted.includes(id));
}

export interface Claim {
  readonly combatantId: CombatantId;
  /** The Initiative Check total; null for an Important NPC, who never rolls. */
  readonly result: number | null;
}

export type ClaimResolution =
  | { readonly kind: 'seated'; readonly ids: readonly CombatantId[] }
  /** Equal best results: they choose to share, or which one takes it ('resolve-claim'). */
  | { readonly kind: 'tied'; readonly tied: readonly Claim[] }
  | { readonly kind: 'none' };

const rank = (c: Claim): number => c.result ?? Number.NEGATIVE_INFINITY;

/** [DC20-15] Several PCs want the same turn: the highest Initiative Check result takes it. */
export function resolveClaims(claims: readonly Claim[]): ClaimResolution {
  const [first] = claims;
  if (!first) return { kind: 'none' };
  if (claims.length === 1) return { kind: 'seated', ids: [first.combatantId] };
  const best = Math.max(...claims.map(rank));
  const top = claims.filter((c) => rank(c) === best);
  const [winner] = top;
  return top.length === 1 && winner ? { kind: 'seated', ids: [winner.combatantId] } : { kind: 'tied', tied: top };
}

/** [DC20-16] Tied claimants choose: one of them takes the turn, or those with the same result share it. */
export function resolveTie(tied: readonly Claim[], chosen: readonly CombatantId[]): Result<readonly CombatantId[]> {
  const picked = tied.filter((c) => chosen.includes(c.combatantId));
  if (picked.length === 0 || picked.length !== new Set(chosen).size) return fail('not-eligible');
  const [first] = picked;
  if (picked.length > 1 && (first?.result === null || picked.some((c) => c.result !== first?.result))) return fail('not-tied');
  return ok(picked.map((c) => c.combatantId));
}

/** Moves `ids` onto a turn, off any turn they held: a creature holds one turn at a time. */
export function moveToTurn(holders: TurnHolders, slotId: SlotId, ids: readonly CombatantId[]): TurnHolders {
  const next: Record<SlotId, readonly CombatantId[]> = {};
  for (const [id, held] of Object.entries(holders)) next[id] = held.filter((h) => !ids.includes(h));
  next[slotId] = [...(next[slotId] ?? []), ...ids.filter((id, i) => ids.indexOf(id) === i)];
  return next;
}

/** Seats claimants on a PC turn, beside anyone already there (a PC who delayed into it). */
export function seatPcTurn(slots: readonly Dc20Slot[], holders: TurnHolders, slotId: SlotId, ids: readonly CombatantId[]): Result<TurnHolders> {
  const slot = slots.find((s) => s.id === slotId);
  if (slot?.team !== 'pc') return fail('not-a-pc-turn');
  return ok(moveToTurn(holders, slotId, ids));
}

/**
 * [DC20-17] [DC20-18] [DC20-24] [DC20-26] The GM puts creatures of a non-PC team on one of that
 * team's turns, at any time, including mid-round and into empty turns; they leave any turn they had.
 */
export function assignToTurn(
  slots: readonly Dc20Slot[],
  holders: TurnHolders,
  members: readonly Dc20Member[],
  slotId: SlotId,
  ids: readonly CombatantId[],
): Result<TurnHolders> {
  const slot = slots.find((s) => s.id === slotId);
  if (!slot || slot.team === 'pc') return fail('not-an-enemy-turn');
  const team = new Map(members.map((m) => [m.id, m.team]));
  if (ids.some((id) => team.get(id) !== slot.team)) return fail('not-an-enemy-turn');
  return ok(moveToTurn(holders, slotId, ids));
}

/** Live members of a non-PC team who hold no turn yet: the GM may still place them. */
export function unassigned(members: readonly Dc20Member[], holders: TurnHolders): readonly CombatantId[] {
  return members.filter((m) => m.team !== 'pc' && !m.defeated && holderSlot(holders, m.id) === undefined).map((m) => m.id);
}

/**
 * [DC20-25] After a shared PC turn the GM may combine the creatures of a team's next 2 turns into the
 * first of them; the second is kept, empty, and skipped (DC20-26).
 */
export function mergeNextTurns(
  slots: readonly Dc20Slot[],
  holders: TurnHolders,
  pcSlotId: SlotId,
  team: Dc20Slot['team'],
): Result<TurnHolders> {
  const at = slots.findIndex((s) => s.id === pcSlotId);
  if (slots[at]?.team !== 'pc') return fail('not-a-pc-turn');
  if ((holders[pcSlotId] ?? []).length < 2) return fail('not-shared');
  const [first, second] = slots.slice(at + 1).filter((s) => s.team === team);
  if (!first || !second || team === 'pc') return fail('no-enemy-turns');
  return ok(moveToTurn(holders, first.id, holders[second.id] ?? []));
}
