// [ENG-6] The `projectExt` hook: what an audience sees of genesys's state. Players and spectators get
// nothing about a hidden unit (no check, no rank of the slot its result made, no candidacy), and dice
// pools (which reveal stats) only for their own characters.
import { healthSight } from '../../core/health/sight.js';
import type { Combatant, EncounterState, SlotId, UnitRef } from '../../core/model.js';
import type { Audience } from '../../core/view.js';
import { allUnits, isHiddenUnit, unitInfo, unitKey, type UnitInfo } from '../../core/units.js';
import { genesysExt } from './state.js';
import { mayRecover } from './strain.js';
import { declaredCheck, initiativeDice } from './initiative.js';
import { flagsOf } from './options.js';
import { genesysSide } from './ranking.js';
import { eligibleUnits } from './slots.js';
import type { GenesysCheckView, GenesysFillView, GenesysSlotRankView, GenesysViewExt } from './view.js';

const mine = (audience: Audience, unit: UnitInfo): boolean =>
  audience.role === 'gm' || (audience.role === 'player' && unit.members.some((m) => audience.combatantIds.includes(m.id)));

function fillView(state: EncounterState, canSee: (ref: UnitRef) => boolean): GenesysFillView | null {
  const turn = state.turn;
  const slot = turn ? state.slots.find((s) => s.id === turn.slotId) : undefined;
  if (!slot || slot.filler.kind !== 'open' || !state.pending.some((p) => p.kind === 'fill-slot' && p.slotId === slot.id)) {
    return null;
  }
  if (!slotShown(state, slot.id, canSee)) return null; // [GEN-36]
  return {
    slotId: slot.id,
    decidedBy: genesysSide(slot.side) === 'pc' ? 'players' : 'gm',
    candidates: eligibleUnits(state, slot).filter(canSee),
  };
}

/** [GEN-36] Whether a slot is shown: not when the unit whose result made it is there and unseen. */
export function slotShown(state: EncounterState, slotId: SlotId, canSee: (ref: UnitRef) => boolean): boolean {
  const origin = genesysExt(state).slotOrigins[slotId];
  return origin === undefined || unitInfo(state, origin) === undefined || canSee(origin);
}

/**
 * [ENG-32] [GEN-40] Who may still catch their breath says who has strain: a health detail, so it is shown
 * only to an audience that sees that character's numbers (the GM, its player, the party under 'numbers').
 */
const strainShown = (state: EncounterState, audience: Audience, c: Combatant): boolean =>
  healthSight(state, audience, { side: c.side, combatantIds: [c.id] }) === 'numbers';

export function projectGenesys(state: EncounterState, audience: Audience): GenesysViewExt {
  const ext = genesysExt(state);
  const gm = audience.role === 'gm';
  const canSee = (ref: UnitRef): boolean => {
    const unit = unitInfo(state, ref);
    return unit !== undefined && (gm || !isHiddenUnit(unit));
  };
  const units = allUnits(state).filter((u) => canSee(u.ref));
  const checks = units.map((u): GenesysCheckView => {
    const check = declaredCheck(ext, u.ref);
    return {
      unit: u.ref,
      ...check,
      declared: ext.checks[unitKey(u.ref)] !== undefined,
      rolled: u.initiative !== null,
      dice: mine(audience, u) ? initiativeDice(u.members, check) : null,
    };
  });
  const ranking = state.slots.flatMap((slot): GenesysSlotRankView[] => {
    const key = ext.slotKeys[slot.id];
    const origin = ext.slotOrigins[slot.id];
    if (!key || (!gm && (!origin || !canSee(origin)))) return [];
    const rank = { slotId: slot.id, side: key.side, successes: key.successes, advantages: key.advantages };
    return [gm && origin ? { ...rank, origin } : rank];
  });
  const active = state.phase === 'active';
  return {
    system: 'genesys',
    checks,
    awaitingCheck: state.phase === 'ended' ? [] : checks.filter((c) => !c.declared && !c.rolled).map((c) => c.unit),
    ranking,
    fill: active ? fillView(state, canSee) : null,
    continueAsked: active ? ext.continueAsked : null,
    continueBlocks: flagsOf(state).confirmNextRound,
    mayRecoverStrain: mayRecover(state).filter((id) => {
      const c = state.combatants.find((x) => x.id === id);
      return c !== undefined && (gm || !c.hidden) && strainShown(state, audience, c);
    }),
  };
}
