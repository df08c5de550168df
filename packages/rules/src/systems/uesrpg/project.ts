// [ENG-6] The `projectExt` hook: the GM sees all of uesrpg's state; players and spectators only what
// concerns visible combatants, and AP only of their own (as the core shows resources).
import type { CombatantId, EncounterState, UnitRef } from '../../core/model.js';
import { isHiddenUnit, unitInfo } from '../../core/units.js';
import type { Audience } from '../../core/view.js';
import { apPool, combatantExt } from './ext-state.js';
import { uesrpgExt } from './state.js';
import { apRefreshOf } from './options.js';
import { finalTies } from './ties.js';
import type { UesrpgCombatantView, UesrpgViewExt } from './view.js';

export function projectExt(state: EncounterState, audience: Audience): UesrpgViewExt {
  const gm = audience.role === 'gm';
  const ext = uesrpgExt(state);
  const visible = new Set<CombatantId>(state.combatants.filter((c) => gm || !c.hidden).map((c) => c.id));
  const seesUnit = (ref: UnitRef): boolean => {
    const unit = unitInfo(state, ref);
    return gm || (unit !== undefined && !isHiddenUnit(unit));
  };
  const ownsAp = (id: CombatantId): boolean => gm || (audience.role === 'player' && audience.combatantIds.includes(id));
  const combatants: Record<CombatantId, UesrpgCombatantView> = {};
  for (const c of state.combatants) {
    if (!visible.has(c.id)) continue;
    const own = combatantExt(state, c.id);
    combatants[c.id] = { ...own, ap: ownsAp(c.id) ? apPool(c) : null };
  }
  const ties =
    state.phase === 'initiative'
      ? finalTies(state)
          .map((t) => ({ units: t.units.filter(seesUnit), resolutions: t.resolutions }))
          .filter((t) => t.units.length >= 2)
      : [];
  const rollOff = ext.lastRollOff;
  const lastRollOff =
    rollOff && (gm || rollOff.units.every(seesUnit))
      ? rollOff
      : null;
  return {
    system: 'uesrpg',
    apRefresh: apRefreshOf(state.options),
    surprise: ext.surpriseDecided ? 'decided' : 'undecided',
    combatants,
    openAction: ext.openAction && visible.has(ext.openAction.combatantId) ? ext.openAction : null,
    actions: ext.actions.filter((a) => visible.has(a.combatantId)),
    ties,
    lastRollOff,
  };
}
