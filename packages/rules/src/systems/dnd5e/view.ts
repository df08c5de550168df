// What dnd5e shows of its own state (`EncounterState.ext`) to an audience, through its `projectExt` hook.
// Joined into `SystemViewExt` by systems/ext.ts. Non-GM audiences see nothing of hidden units.
import type { CombatantId, EncounterState, UnitRef } from '../../model.js';
import { isHiddenUnit, unitInfo } from '../../units.js';
import type { Audience } from '../../view.js';
import { dnd5eExt, type RollOff } from './state.js';
import { pendingTies, tieDecider, type TieDecider } from './ties.js';

export interface Dnd5eTieView {
  readonly units: readonly UnitRef[];
  /** 'players': the tied characters' players (or the GM) may order it or roll it off; 'gm': the GM only. */
  readonly decidedBy: TieDecider;
}

export interface Dnd5eViewExt {
  readonly system: 'dnd5e';
  /** [DND-9] Visible combatants the GM marked surprised (srd51: see their 'Surprised' condition in combat). */
  readonly surprised: readonly CombatantId[];
  /** [DND-8] The pending ties this audience can see (as `pendingTies`), with who may order each. */
  readonly ties: readonly Dnd5eTieView[];
  /** [DND-10] Roll-offs so far, with the throws of visible units only. */
  readonly rollOffs: readonly RollOff[];
}

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
  };
}
