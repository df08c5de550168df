// dc20's order and phase hooks: the order built at 'start-combat', AP when combat begins and at the
// end of each turn, Surprised ending with one's first turn, the merge offer of a shared PC turn,
// round-1 benefits and LAP at the end of a round. Rule ids refer to packages/rules/spec/dc20.md.
import type { EncounterEvent } from '../../core/events.js';
import type { Combatant, CurrentTurn, EncounterState, SlotId, TurnSlot } from '../../core/model.js';
import { AP_MAX, startingAp } from './ap.js';
import { enemyOrderOf, enemyTeams, flagsOf, hasNpcTeam, isEnemyTeam, slotTeam, teamOf } from './members.js';
import { dc20Ext } from './state.js';
import { pcTurnCount, slotFor } from './order.js';
import type { TeamId } from './types.js';

export const AP = 'AP';
export const LAP = 'LAP';

/** [DC20-14] [DC20-27] [DC20-28] One pass of the teams: PC, Enemy teams in their order, NPC; the winner first. */
export function rotation(state: EncounterState): readonly TeamId[] {
  const enemies = enemyOrderOf(state) ?? enemyTeams(state);
  const cycle: TeamId[] = ['pc', ...enemies, ...(hasNpcTeam(state) ? (['npc'] as const) : [])];
  return dc20Ext(state).party?.winner === 'enemy' ? [...cycle.slice(1), 'pc'] : cycle;
}

/** [DC20-13] [DC20-14] As many turns for each team as the PC team has members, one team at a time. */
export function buildSlots(state: EncounterState, nextId: () => string): readonly TurnSlot[] {
  const live = state.combatants.filter((c) => !c.defeated).map((c) => ({ team: teamOf(state, c) }));
  const teams = rotation(state);
  const slots: TurnSlot[] = [];
  for (let pass = 0; pass < pcTurnCount(live); pass++) {
    for (const team of teams) {
      const { id, side, filler } = slotFor(nextId(), team);
      // Every dc20 turn is open: PCs claim it (DC20-15), the GM assigns creatures to it (DC20-17).
      slots.push({ id, side, filler: filler.kind === 'assigned' ? { kind: 'open', side } : filler });
    }
  }
  return slots;
}

const apOf = (c: Combatant) => c.resources[AP];

function apEvent(c: Combatant, current: number, max: number): readonly EncounterEvent[] {
  const pool = apOf(c);
  if (pool && pool.current === current && pool.max === max) return [];
  return [{ type: 'resource-changed', combatantId: c.id, resource: AP, current, max }];
}

/** [DC20-31] [DC20-36] Combat begins: the order's turns get their teams, every creature its AP. */
export function onRoundStart(state: EncounterState): readonly EncounterEvent[] {
  if (state.round !== 1) return [];
  const teams = rotation(state);
  const slotTeams: Record<SlotId, TeamId> = {};
  state.slots.forEach((s, i) => {
    slotTeams[s.id] = teams[i % teams.length] ?? 'pc';
  });
  const ext = dc20Ext(state);
  const flags = flagsOf(state);
  return [
    { type: 'dc20-turns-labelled', slotTeams },
    ...state.combatants.flatMap((c) => {
      const ap = startingAp(ext.surprised[c.id] !== undefined, flags);
      return apEvent(c, ap.current, ap.max);
    }),
  ];
}

/** [DC20-25] The enemy teams whose next two turns after `pcSlotId` could be merged (the second holds someone). */
export function mergeableTeams(state: EncounterState, pcSlotId: SlotId): readonly TeamId[] {
  const at = state.slots.findIndex((s) => s.id === pcSlotId);
  const ext = dc20Ext(state);
  const later = state.slots.slice(at + 1);
  const teams = [...new Set(later.map((s) => slotTeam(state, s)).filter(isEnemyTeam))];
  return teams.filter((team) => {
    const [, second] = later.filter((s) => slotTeam(state, s) === team);
    return second !== undefined && (ext.holders[second.id] ?? []).some((id) => state.combatants.some((c) => c.id === id && !c.defeated));
  });
}

/** [DC20-25] [DC20-31] A newcomer gets its AP at its first turn; a shared PC turn offers the GM a merge. */
export function onTurnStart(state: EncounterState, turn: CurrentTurn): readonly EncounterEvent[] {
  const ext = dc20Ext(state);
  const flags = flagsOf(state);
  const events: EncounterEvent[] = state.combatants
    .filter((c) => turn.actorIds.includes(c.id) && !apOf(c))
    .flatMap((c) => {
      const ap = startingAp(ext.surprised[c.id] !== undefined, flags);
      return apEvent(c, ap.current, ap.max);
    });
  const slot = state.slots.find((s) => s.id === turn.slotId);
  if (slot?.side === 'pc' && turn.actorIds.length >= 2) {
    const teams = mergeableTeams(state, slot.id);
    if (teams.length > 0) events.push({ type: 'dc20-merge-offered', pcSlotId: slot.id, teams });
  }
  return events;
}

/** [DC20-21] [DC20-35] [DC20-37] One's own turn ends: all AP back (4), Surprised over. */
export function onTurnEnd(state: EncounterState, turn: CurrentTurn): readonly EncounterEvent[] {
  const ext = dc20Ext(state);
  const actors = state.combatants.filter((c) => turn.actorIds.includes(c.id));
  const events: EncounterEvent[] = actors.flatMap((c) => apEvent(c, AP_MAX, AP_MAX));
  for (const c of actors) {
    const conditionId = ext.surprised[c.id];
    if (conditionId !== undefined && c.conditions.some((k) => k.id === conditionId)) {
      events.push({ type: 'condition-expired', combatantId: c.id, conditionId });
    }
  }
  const pcTurn = state.slots.find((s) => s.id === turn.slotId)?.side === 'pc';
  events.push({ type: 'dc20-turn-wrapped', actorIds: turn.actorIds, pcTurn });
  return events;
}

/** [DC20-10] [DC20-11] [DC20-38] Round-1 benefits end; every monster regains all its LAP. */
export function onRoundEnd(state: EncounterState): readonly EncounterEvent[] {
  const refills: EncounterEvent[] = state.combatants.flatMap((c) => {
    const lap = c.resources[LAP];
    return lap && lap.current < lap.max
      ? [{ type: 'resource-changed', combatantId: c.id, resource: LAP, current: lap.max, max: lap.max } as const]
      : [];
  });
  return [...refills, { type: 'dc20-round-wrapped', round: state.round }];
}
