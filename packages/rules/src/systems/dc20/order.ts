// [DC20-13] [DC20-14] [DC20-27] [DC20-28] [DC20-39] Building the Initiative Order: as many turns for
// every non-PC team as there are PC turns, the teams taking one turn at a time from the winner.
import { rollDie } from '../../core/dice/rng.js';
import type { RngState, SlotId } from '../../core/model.js';
import { D20 } from './initiative.js';
import type { Dc20Member, Dc20Slot, TeamId } from './types.js';

/** [DC20-13] [DC20-29] One PC turn per PC-team member: PCs and Important NPCs alike. */
export const pcTurnCount = (members: readonly Pick<Dc20Member, 'team'>[]): number =>
  members.filter((m) => m.team === 'pc').length;

export const enemyTeamId = (n: number): TeamId => `enemy-${n}`;

/**
 * The teams in turn order for one pass: PC, Enemy 1..k, NPC (when there is an NPC team), rotated so
 * the winner starts. Enemy teams are numbered in the order already chosen among them (DC20-27).
 */
export function teamRotation(winner: 'pc' | 'enemy', enemyTeams: number, hasNpcTeam: boolean): readonly TeamId[] {
  const cycle: TeamId[] = ['pc', ...Array.from({ length: enemyTeams }, (_, i) => enemyTeamId(i + 1))];
  if (hasNpcTeam) cycle.push('npc');
  const start = winner === 'enemy' && enemyTeams > 0 ? 1 : 0;
  return [...cycle.slice(start), ...cycle.slice(0, start)];
}

export interface OrderInput {
  readonly winner: 'pc' | 'enemy';
  readonly pcTurns: number;
  readonly enemyTeams: number;
  readonly hasNpcTeam: boolean;
}

export function slotFor(id: SlotId, team: TeamId): Dc20Slot {
  if (team === 'pc') return { id, side: 'pc', team, filler: { kind: 'open', side: 'pc' } };
  const side = team === 'npc' ? 'npc' : 'enemy';
  return { id, side, team, filler: { kind: 'assigned', side } };
}

/** Every team gets `pcTurns` turns, alternating one at a time, the winner first. */
export function buildOrder(input: OrderInput, nextId: () => SlotId): readonly Dc20Slot[] {
  const rotation = teamRotation(input.winner, input.enemyTeams, input.hasNpcTeam);
  const slots: Dc20Slot[] = [];
  for (let pass = 0; pass < input.pcTurns; pass++) {
    for (const team of rotation) slots.push(slotFor(nextId(), team));
  }
  return slots;
}

/** [DC20-39] A Fate Check: a bare d20, no modifiers, no crits. */
export function fateCheck(rng: RngState): { readonly face: number; readonly rng: RngState } {
  return rollDie(rng, D20);
}

export type TeamOrdering =
  | { readonly kind: 'ordered'; readonly order: readonly string[] }
  /** Equal Fate Checks: the GM orders these (or has them roll again); the engine does not pick. */
  | { readonly kind: 'tied'; readonly tied: readonly (readonly string[])[] };

/** [DC20-27] One Fate Check per enemy team, highest first; `label` is the GM's name for the team. */
export function orderTeamsByFate(checks: readonly { readonly label: string; readonly face: number }[]): TeamOrdering {
  const sorted = [...checks].sort((a, b) => b.face - a.face);
  const byFace = new Map<number, string[]>();
  for (const c of sorted) byFace.set(c.face, [...(byFace.get(c.face) ?? []), c.label]);
  const tied = [...byFace.values()].filter((labels) => labels.length > 1);
  return tied.length > 0 ? { kind: 'tied', tied } : { kind: 'ordered', order: sorted.map((c) => c.label) };
}
