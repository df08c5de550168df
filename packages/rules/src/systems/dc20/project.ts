// dc20's `projectExt` hook: its public state for each audience. The GM sees everything; players and
// spectators never get a hidden combatant's id, nor the GM's plans (non-PC assignments, who is still
// free to place, Legendary AP).
import type { CombatantId, EncounterState } from '../../core/model.js';
import type { Audience } from '../../core/view.js';
import { DIFFICULTIES, MAX_LEVEL, MIN_LEVEL, tableDc } from './encounter-dc.js';
import { enemyOrderOf, enemyTeams, roleOf, slotTeam, teamOf, unseated } from './members.js';
import { dc20Ext } from './state.js';
import { waitingSlot } from './seat.js';
import type { Dc20PendingView, Dc20ViewExt, DcTableRow } from './view.js';

const LEVELS_PER_ROW = 2;

const tableValue = (level: number, i: number): number => {
  const r = tableDc(level, DIFFICULTIES[i] ?? 'normal');
  return r.ok ? r.value : 0;
};

/** [DC20-3] The Encounter DC table, one row per two levels. */
export const DC_TABLE: readonly DcTableRow[] = Array.from({ length: (MAX_LEVEL - MIN_LEVEL + 1) / LEVELS_PER_ROW }, (_, i) => {
  const level = MIN_LEVEL + i * LEVELS_PER_ROW;
  return { levels: [level, level + 1] as const, easy: tableValue(level, 0), normal: tableValue(level, 1), hard: tableValue(level, 2) };
});

function pending(state: EncounterState, gm: boolean, visible: (id: CombatantId) => boolean): readonly Dc20PendingView[] {
  const ext = dc20Ext(state);
  const list: Dc20PendingView[] = [];
  if (state.phase === 'setup' && !ext.dc) list.push({ kind: 'set-encounter-dc' });
  if ((state.phase === 'setup' || state.phase === 'initiative') && !enemyOrderOf(state)) {
    list.push({ kind: 'order-enemy-teams', teams: enemyTeams(state) });
  }
  const waiting = waitingSlot(state);
  const slot = waiting && state.slots.find((s) => s.id === waiting.slotId);
  if (slot) {
    const team = slotTeam(state, slot);
    const free = unseated(state, team);
    const tied = ext.claims?.slotId === slot.id ? ext.claims.tied : null;
    if (team === 'pc' && tied) list.push({ kind: 'resolve-claim', slotId: slot.id, tied: tied.filter(visible) });
    else if (team === 'pc' && free.length > 0) list.push({ kind: 'choose-pc-turn', slotId: slot.id, candidates: free.filter(visible) });
    else if (team !== 'pc' && free.length > 0) list.push({ kind: 'assign-turn', slotId: slot.id, team, unassigned: gm ? free : [] });
  }
  if (ext.mergeOffer) list.push({ kind: 'merge-enemy-turns', ...ext.mergeOffer });
  if (ext.leftoverLap && gm) list.push({ kind: 'spend-leftover-lap', round: ext.leftoverLap.round, combatantIds: ext.leftoverLap.open });
  return list;
}

const pick = <T>(record: Readonly<Record<CombatantId, T>>, keep: (id: CombatantId) => boolean): Record<CombatantId, T> =>
  Object.fromEntries(Object.entries(record).filter(([id]) => keep(id)));

export function projectDc20(state: EncounterState, audience: Audience): Dc20ViewExt {
  const ext = dc20Ext(state);
  const gm = audience.role === 'gm';
  const shown = new Set(state.combatants.filter((c) => gm || !c.hidden).map((c) => c.id));
  const visible = (id: CombatantId): boolean => shown.has(id);
  const current = ext.claims && waitingSlot(state)?.slotId === ext.claims.slotId ? ext.claims : null;
  return {
    system: 'dc20',
    encounterDc: ext.dc,
    dcTable: DC_TABLE,
    party: ext.party,
    teams: Object.fromEntries(
      state.combatants.filter((c) => visible(c.id)).map((c) => [c.id, { team: teamOf(state, c), role: roleOf(state, c) }]),
    ),
    enemyTeams: enemyTeams(state),
    enemyOrder: ext.enemyOrder,
    fate: ext.fate,
    turns: state.slots.map((s) => {
      const team = slotTeam(state, s);
      const holders = (ext.holders[s.id] ?? []).filter(visible);
      return { slotId: s.id, team, holders: team === 'pc' || gm ? holders : [] };
    }),
    claims: current && {
      slotId: current.slotId,
      answers: pick(current.answers, visible),
      tied: current.tied ? current.tied.filter(visible) : null,
    },
    done: ext.done.filter(visible),
    benefits: pick(ext.benefits, visible),
    inspirationRolls: pick(ext.inspirationRolls, visible),
    surprised: Object.keys(ext.surprised).filter(visible),
    deferred: ext.deferred.filter(visible),
    lap: gm
      ? Object.fromEntries(
          Object.entries(ext.lapPerTurn).map(([id, perTurn]) => {
            const spent = ext.lapSpent[id];
            return [id, { perTurn, spentNow: spent?.window === ext.lapWindow ? spent.amount : 0 }];
          }),
        )
      : null,
    pending: pending(state, gm, visible),
  };
}

