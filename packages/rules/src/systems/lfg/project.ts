// lfg's `projectExt` hook: its view (view.ts) for one audience. The GM sees everything; players and
// spectators never see a hidden combatant's id (or anything naming it), called-but-unrolled morale
// checks or suggestions.
import type { CombatantId, EncounterState, SlotId, UnitRef } from '../../core/model.js';
import { allUnits, isHiddenUnit } from '../../core/units.js';
import type { Audience } from '../../core/view.js';
import { economyOn, turnUse } from './economy.js';
import { lfgDecisions, type LfgDecision } from './decisions.js';
import { bandOf, membersOf, roundOutcome, seatingOf, unitRank } from './lookup.js';
import { lfgExt } from './state.js';
import { bandsFor } from './order.js';
import type { NamedCheck } from './state.js';
import type { Band, EnemyRank } from './types.js';
import type { LfgViewExt } from './view.js';

function roundBands(state: EncounterState): readonly Band[] {
  const ext = lfgExt(state);
  if (state.phase !== 'active' || ext.awaitingCheck) return [];
  if (state.round === 1 && ext.surprise !== null) return [ext.surprise === 'party' ? 'party' : 'all-enemies'];
  return bandsFor(roundOutcome(state) ?? 'failure');
}

export function projectLfg(state: EncounterState, audience: Audience): LfgViewExt {
  const ext = lfgExt(state);
  const gm = audience.role === 'gm';
  const visible = new Set(state.combatants.filter((c) => gm || !c.hidden).map((c) => c.id));
  const see = (id: CombatantId | null): CombatantId | null => (id !== null && visible.has(id) ? id : null);
  const seeAll = (ids: readonly CombatantId[]): readonly CombatantId[] => ids.filter((id) => visible.has(id));
  const seeUnit = (ref: UnitRef): boolean => {
    const members = membersOf(state, ref);
    return gm || (members.length > 0 && !members.every((m) => m.hidden));
  };
  const seeChecks = (rolls: readonly NamedCheck[]): readonly NamedCheck[] => rolls.filter((r) => visible.has(r.id));
  const slotBands: Record<SlotId, Band> = {};
  for (const slot of state.slots) {
    if (slot.filler.kind === 'unit' && seeUnit(slot.filler.unit)) slotBands[slot.id] = bandOf(state, slot);
  }
  const ranks: Record<string, EnemyRank> = {};
  for (const unit of allUnits(state)) {
    if (unit.side === 'enemy' && (gm || !isHiddenUnit(unit))) ranks[unit.ref.id] = unitRank(unit);
  }
  const decisions = lfgDecisions(state).flatMap((d): readonly LfgDecision[] => {
    switch (d.kind) {
      case 'choose-roller':
        return [{ ...d, candidates: seeAll(d.candidates) }];
      case 'party-initiative':
      case 'readied-action':
        return gm || visible.has(d.kind === 'party-initiative' ? d.rollerId : d.combatantId) ? [d] : [];
      case 'permit-flight':
        return [{ ...d, combatantIds: seeAll(d.combatantIds) }];
      case 'morale-suggested':
      case 'declare-surprise':
        return gm ? [d] : [];
      case 'approve-retreat':
        return [d];
      default: {
        const _exhaustive: never = d;
        return _exhaustive;
      }
    }
  });
  const retreat = ext.retreat;
  const check = ext.check && visible.has(ext.check.rollerId) ? ext.check : null;
  return {
    system: 'lfg',
    seating: seeAll(seatingOf(state)),
    roller: see(ext.roller),
    nominated: see(ext.nominated),
    firstRoller: see(ext.firstRoller),
    surprise: ext.surprise,
    check,
    outcome: roundOutcome(state),
    awaitingCheck: ext.awaitingCheck,
    bands: roundBands(state),
    slotBands,
    ranks,
    monsterOrder: ext.monsterOrder.filter(seeUnit),
    held: ext.held.flatMap((s) => (s.filler.kind === 'unit' && visible.has(s.filler.unit.id) ? [s.filler.unit.id] : [])),
    broken: seeAll(ext.broken),
    fled: seeAll(ext.fled),
    decisions,
    calledMorale: gm ? ext.calledMorale : null,
    lastMorale: ext.lastMorale
      .map((v) => ({ ...v, rolls: seeChecks(v.rolls), held: seeAll(v.held), broken: seeAll(v.broken) }))
      .filter((v) => gm || v.held.length + v.broken.length > 0),
    retreat:
      retreat === null || retreat.status === 'proposed' || retreat.status === 'declined'
        ? retreat
        : retreat.status === 'escaped'
          ? { ...retreat, rolls: seeChecks(retreat.rolls) }
          : { ...retreat, rolls: seeChecks(retreat.rolls), successes: seeAll(retreat.successes) },
    readied: ext.readied.filter((r) => visible.has(r.combatantId)).map((r) => ({ combatantId: r.combatantId, trigger: r.trigger })),
    lastReady: ext.lastReady && visible.has(ext.lastReady.combatantId) ? ext.lastReady : null,
    lastRally:
      ext.lastRally && visible.has(ext.lastRally.rallierId)
        ? { ...ext.lastRally, combatantIds: seeAll(ext.lastRally.combatantIds) }
        : null,
    lastFinish: ext.lastFinish ? { ...ext.lastFinish, rolls: seeChecks(ext.lastFinish.rolls) } : null,
    lastIntercept: ext.lastIntercept && visible.has(ext.lastIntercept.combatantId) ? ext.lastIntercept : null,
    turnLeft: economyOn(state)
      ? (state.phase === 'active' ? (state.turn?.actorIds ?? []) : []).filter((id) => visible.has(id)).map((id) => {
          const used = turnUse(state, id);
          return { combatantId: id, action: !used.action, move: !used.move };
        })
      : null,
  };
}
