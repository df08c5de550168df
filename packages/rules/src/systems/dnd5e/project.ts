// dnd5e's `projectExt` hook: its view (view.ts) for one audience. Non-GM audiences see nothing of hidden units.
import { healthSight } from '../../core/health/sight.js';
import type { EncounterState, UnitRef } from '../../core/model.js';
import { findCombatant, isHiddenUnit, unitInfo } from '../../core/units.js';
import type { Audience } from '../../core/view.js';
import { dnd5eExt } from './state.js';
import { pendingTies, tieDecider } from './ties.js';
import type { Dnd5eViewExt } from './view.js';

export function projectDnd5e(state: EncounterState, audience: Audience): Dnd5eViewExt {
  const ext = dnd5eExt(state);
  const gm = audience.role === 'gm';
  const visible = (ref: UnitRef): boolean => {
    const unit = unitInfo(state, ref);
    return gm || (unit !== undefined && !isHiddenUnit(unit));
  };
  const shown = new Set(state.combatants.filter((c) => gm || !c.hidden).map((c) => c.id));
  const ties = state.phase === 'initiative' ? pendingTies(state) : [];
  return {
    system: 'dnd5e',
    surprised: ext.surprised.filter((id) => shown.has(id)),
    ties: ties
      .map((tie) => ({ units: tie.filter(visible), decidedBy: tieDecider(state, tie) }))
      .filter((t) => t.units.length >= 2),
    rollOffs: ext.rollOffs
      .map((r) => ({
        units: r.units.filter(visible),
        throws: r.throws.map((t) => t.filter((x) => visible(x.unit))).filter((t) => t.length > 0),
      }))
      .filter((r) => r.units.length > 0),
    deathSaves: Object.entries(ext.dying).flatMap(([combatantId, saves]) => {
      const c = findCombatant(state, combatantId);
      if (!c || !shown.has(c.id) || healthSight(state, audience, { side: c.side, combatantIds: [c.id] }) !== 'numbers') return [];
      return [{ combatantId, ...saves }];
    }),
  };
}
