// Reading and updating uesrpg's slot in the encounter: its ext, each combatant's entry, and the AP
// pool the rules see (the core resource `AP`, or a full pool for someone who has none yet).
import type { Combatant, CombatantId, EncounterState } from '../../core/model.js';
import { fullPool } from './ap.js';
import { maxAp } from './ratings.js';
import { NO_COMBATANT_EXT, uesrpgExt, type UesrpgCombatantExt, type UesrpgExt } from './state.js';
import { AP_RESOURCE, type ApPool, type UesrpgCombatantState } from './types.js';

export const combatantExt = (state: EncounterState, id: CombatantId): UesrpgCombatantExt =>
  uesrpgExt(state).combatants[id] ?? NO_COMBATANT_EXT;

export const withExt = (state: EncounterState, change: (ext: UesrpgExt) => Partial<UesrpgExt>): EncounterState => {
  const ext = uesrpgExt(state);
  return { ...state, ext: { ...ext, ...change(ext) } };
};

export const withCombatantExt = (
  state: EncounterState,
  id: CombatantId,
  change: (c: UesrpgCombatantExt) => Partial<UesrpgCombatantExt>,
): EncounterState =>
  withExt(state, (ext) => {
    const current = ext.combatants[id] ?? NO_COMBATANT_EXT;
    return { combatants: { ...ext.combatants, [id]: { ...current, ...change(current) } } };
  });

/**
 * [UES-14] [UES-18] The AP pool the rules see. Pools are set at combat start and refilled by the
 * phase hooks; a newcomer that joined since has no pool yet and counts as full ("joins with full AP").
 */
export const apPool = (c: Combatant): ApPool => c.resources[AP_RESOURCE] ?? fullPool(maxAp(c.stats));

/** The combatant as the pure action rules (actions.ts, extended.ts) take it. */
export const rulesView = (state: EncounterState, c: Combatant): UesrpgCombatantState => ({
  ap: apPool(c),
  ...combatantExt(state, c.id),
});
