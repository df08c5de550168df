// dnd5e's `projectExt` hook: its view (view.ts) for one audience. Non-GM audiences see nothing of hidden units.
import { healthSight } from '../../core/health/sight.js';
import type { EncounterState, UnitRef } from '../../core/model.js';
import { findCombatant, isHiddenUnit, unitInfo } from '../../core/units.js';
import type { Audience } from '../../core/view.js';
import { deathSaveTiming } from './death-save-turn.js';
import { dnd5eExt } from './state.js';
import { pendingTies, tieDecider } from './ties.js';
import type { Dnd5eViewExt } from './view.js';
import { hasLair, lairSlotId, legendaryMax, legendarySpent } from './legendary.js';

/** What no death save is seen as: one array for every view of every state, so patches skip it by identity. */
const NO_DEATH_SAVES: Dnd5eViewExt['deathSaves'] = [];

/**
 * The view of a state for the GM, and for everyone else with no death saves: the same object for all
 * of them (a table's eight views after every command), made once per state. Weak: a dropped state frees it.
 */
const sharedViews = new WeakMap<EncounterState, { gm?: Dnd5eViewExt; table?: Dnd5eViewExt }>();

function sharedView(state: EncounterState, gm: boolean): Dnd5eViewExt {
  let views = sharedViews.get(state);
  if (!views) sharedViews.set(state, (views = {}));
  const known = gm ? views.gm : views.table;
  if (known) return known;
  const ext = dnd5eExt(state);
  const visible = (ref: UnitRef): boolean => {
    const unit = unitInfo(state, ref);
    return gm || (unit !== undefined && !isHiddenUnit(unit));
  };
  const ties = state.phase === 'initiative' ? pendingTies(state) : [];
  const view: Dnd5eViewExt = {
    system: 'dnd5e',
    surprised: ext.surprised.filter((id) => {
      const c = findCombatant(state, id);
      return c !== undefined && (gm || !c.hidden);
    }),
    ties: ties
      .map((tie) => ({ units: tie.filter(visible), decidedBy: tieDecider(state, tie) }))
      .filter((t) => t.units.length >= 2),
    rollOffs: ext.rollOffs
      .map((r) => ({
        units: r.units.filter(visible),
        throws: r.throws.map((t) => t.filter((x) => visible(x.unit))).filter((t) => t.length > 0),
      }))
      .filter((r) => r.units.length > 0),
    deathSaves: NO_DEATH_SAVES,
    legendary: state.combatants
      .filter((c) => legendaryMax(c) > 0 && (gm || !c.hidden))
      .map((c) => ({ combatantId: c.id, max: legendaryMax(c), left: Math.max(0, legendaryMax(c) - legendarySpent(state, c.id)) })),
    lair: state.combatants.some((c) => hasLair(c) && (gm || !c.hidden))
      ? { slotId: lairSlotId(state), usedThisRound: ext.lairRound === state.round }
      : null,
  };
  if (gm) views.gm = view;
  else views.table = view;
  return view;
}

export function projectDnd5e(state: EncounterState, audience: Audience): Dnd5eViewExt {
  const gm = audience.role === 'gm';
  const shared = sharedView(state, gm);
  const dying = Object.entries(dnd5eExt(state).dying);
  if (dying.length === 0) return shared;
  const deathSaves = dying.flatMap(([combatantId, saves]) => {
    const c = findCombatant(state, combatantId);
    if (!c || (!gm && c.hidden) || healthSight(state, audience, { side: c.side, combatantIds: [c.id] }) !== 'numbers') return [];
    return [{ combatantId, ...saves, timing: deathSaveTiming(state, combatantId) }];
  });
  return deathSaves.length === 0 ? shared : { ...shared, deathSaves };
}
