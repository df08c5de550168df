// [UES-1] [UES-2] [UES-7] Surprise is the GM's call, made first (Step 1): initiative waits for it.
// A surprised character rolls nothing and uses its rating, so surprise cannot change once its
// unit's initiative is in.
import { UESRPG_COMMAND_PHASES } from './phases.js';
import type { Actor } from '../../core/commands.js';
import { accept, listNames, refuse, requirePhase } from '../../core/decide/context.js';
import type { CombatantId, EncounterState } from '../../core/model.js';
import type { Decision } from '../../core/system.js';
import { findCombatant, findGroup, type UnitInfo } from '../../core/units.js';
import { combatantExt } from './ext-state.js';
import { uesrpgExt } from './state.js';
import { unitSurprised } from './initiative.js';

/** [UES-2] The unit uses its rating without a roll (every member still standing is surprised). */
export const isUnitSurprised = (state: EncounterState, unit: UnitInfo): boolean =>
  unitSurprised(unit.members, (id) => combatantExt(state, id).surprised);

/** Whether the unit a combatant rolls with has its initiative already. */
function unitRolled(state: EncounterState, id: CombatantId): boolean {
  const c = findCombatant(state, id);
  if (!c) return false;
  return c.groupId === null ? c.initiative !== null : (findGroup(state, c.groupId)?.initiative ?? null) !== null;
}

export function setSurprise(state: EncounterState, actor: Actor, surprised: readonly CombatantId[]): Decision {
  if (actor.role !== 'gm') return refuse('gm-only', 'Only the GM decides who is surprised.');
  const wrong = requirePhase(state, UESRPG_COMMAND_PHASES['uesrpg-set-surprise'], 'change who is surprised');
  if (wrong) return wrong;
  if (new Set(surprised).size !== surprised.length) return refuse('invalid-command', 'Name each surprised combatant once.');
  if (surprised.some((id) => !findCombatant(state, id))) {
    return refuse('unknown-combatant', 'There is no such combatant in this encounter.');
  }
  const changed = state.combatants.filter((c) => combatantExt(state, c.id).surprised !== surprised.includes(c.id));
  const rolled = changed.filter((c) => unitRolled(state, c.id)).map((c) => c.name);
  if (rolled.length > 0) {
    return refuse(
      'already-rolled',
      `${listNames(rolled)} already ${rolled.length === 1 ? 'has' : 'have'} initiative: undo that roll to change their surprise.`,
    );
  }
  // Roster order, so the same choice always gives the same event.
  const list = state.combatants.filter((c) => surprised.includes(c.id)).map((c) => c.id);
  return accept([{ type: 'uesrpg-surprise-set', surprised: list }]);
}

/** [UES-1] Rolls and the start of combat wait until the GM has said who is surprised. */
export function awaitingSurprise(state: EncounterState, doing: string): Decision | undefined {
  if (state.phase !== 'initiative' || uesrpgExt(state).surpriseDecided) return undefined;
  return refuse('surprise-undecided', `The GM must first decide who is surprised (possibly nobody) before you can ${doing}.`);
}
