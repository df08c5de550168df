// Reading dc20's view of the encounter from the state: teams, roles, flags, who holds or may take a turn.
// Rule ids refer to packages/rules/spec/dc20.md.
import type { Combatant, CombatantId, EncounterState, SlotId, TurnSlot } from '../../core/model.js';
import { dc20Ext } from './state.js';
import { holderSlot, turnActors } from './turns.js';
import { DC20_DEFAULT_FLAGS, type Dc20Flags, type Dc20Member, type Dc20Role, type TeamId } from './types.js';

/** The most enemy teams the GM may form (more is a typo, not a battle). */
export const MAX_ENEMY_TEAMS = 8;
export const FIRST_ENEMY_TEAM: TeamId = 'enemy-1';

export const isEnemyTeam = (team: string): team is `enemy-${number}` => /^enemy-[1-9][0-9]*$/.test(team);


export function flagsOf(state: EncounterState): Dc20Flags {
  const o = state.options;
  return {
    critCountsAsSuccess: typeof o['critCountsAsSuccess'] === 'boolean' ? o['critCountsAsSuccess'] : DC20_DEFAULT_FLAGS.critCountsAsSuccess,
    multiTeamLayout: 'rotate',
    lapMode: o['lapMode'] === 'strict' ? 'strict' : 'roundEnd',
    surprised: o['surprised'] === 'unableToAct' ? 'unableToAct' : 'apPenalty',
  };
}

const DEFAULT_TEAM: Readonly<Record<Combatant['side'], TeamId>> = { pc: 'pc', enemy: FIRST_ENEMY_TEAM, npc: 'npc' };

/** [DC20-1] A combatant's team: the GM's choice, else its side's (PCs are always on the PC team). */
export const teamOf = (state: EncounterState, c: Combatant): TeamId =>
  c.side === 'pc' ? 'pc' : (dc20Ext(state).teams[c.id] ?? DEFAULT_TEAM[c.side]);

/** [DC20-29] A PC rolls; an allied NPC on the PC team is an Important NPC and does not. */
export function roleOf(state: EncounterState, c: Combatant): Dc20Role {
  if (c.side === 'pc') return 'pc';
  const team = teamOf(state, c);
  if (team === 'pc') return 'important-npc';
  return team === 'npc' ? 'npc' : 'enemy';
}

export const memberOf = (state: EncounterState, c: Combatant): Dc20Member => ({
  id: c.id,
  team: teamOf(state, c),
  role: roleOf(state, c),
  defeated: c.defeated,
  initiative: c.side === 'pc' ? (c.initiative?.total ?? null) : null,
});

export const membersOf = (state: EncounterState): readonly Dc20Member[] => state.combatants.map((c) => memberOf(state, c));

/** [DC20-1] The team whose turn a slot is. */
export function slotTeam(state: EncounterState, slot: TurnSlot): TeamId {
  if (slot.side === 'pc') return 'pc';
  return dc20Ext(state).slotTeams[slot.id] ?? DEFAULT_TEAM[slot.side];
}

/** [DC20-27] Enemy teams with someone still in the fight, in number order (at least Enemy 1: its turns wait for newcomers). */
export function enemyTeams(state: EncounterState): readonly TeamId[] {
  const teams = new Set<TeamId>();
  for (const c of state.combatants) {
    const team = teamOf(state, c);
    if (!c.defeated && isEnemyTeam(team)) teams.add(team);
  }
  const sorted = [...teams].sort((a, b) => Number(a.slice(6)) - Number(b.slice(6)));
  return sorted.length > 0 ? sorted : [FIRST_ENEMY_TEAM];
}

/** Whether the GM's order of enemy teams (if any) covers exactly the teams in the fight. */
export function enemyOrderOf(state: EncounterState): readonly TeamId[] | null {
  const teams = enemyTeams(state);
  if (teams.length === 1) return teams;
  const order = dc20Ext(state).enemyOrder;
  if (!order || order.length !== teams.length || !teams.every((t) => order.includes(t))) return null;
  return order;
}

export const hasNpcTeam = (state: EncounterState): boolean =>
  state.combatants.some((c) => !c.defeated && teamOf(state, c) === 'npc');

/** Live members of the team who hold no turn and have not acted this round: who may still be put on its turn. */
export function unseated(state: EncounterState, team: TeamId): readonly CombatantId[] {
  const holders = dc20Ext(state).holders;
  return state.combatants
    .filter((c) => !c.defeated && teamOf(state, c) === team && !state.acted.includes(c.id) && holderSlot(holders, c.id) === undefined)
    .map((c) => c.id);
}

/** [DC20-26] The slot's holders who act when it comes: standing, not acted this round. */
export const holderActors = (state: EncounterState, slotId: SlotId): readonly CombatantId[] =>
  turnActors(slotId, dc20Ext(state).holders, membersOf(state), state.acted);

/**
 * Who could act in a slot now: its holders, and the team's creatures without a turn who could still be
 * put on it (PCs claim, the GM assigns). Nobody: the turn is kept and skipped.
 */
export function eligibleActors(state: EncounterState, slot: TurnSlot): readonly CombatantId[] {
  const held = holderActors(state, slot.id);
  const free = unseated(state, slotTeam(state, slot)).filter((id) => !held.includes(id));
  return [...held, ...free];
}

/** The PC turns, in order: the last one seats every PC-team member still without a turn (DC20-32). */
export const isLastPcSlot = (state: EncounterState, slotId: SlotId): boolean =>
  state.slots.filter((s) => s.side === 'pc').at(-1)?.id === slotId;

export const initiativeResult = (state: EncounterState, id: CombatantId): number | null => {
  const c = state.combatants.find((x) => x.id === id);
  return c?.side === 'pc' ? (c.initiative?.total ?? null) : null;
};
