// [UES-24] Extended actions: an action needing more AP than the character has continues on later
// turns, paying what it can each turn, and takes effect when fully paid. Progress lives in
// `UesrpgCombatantState.extended`; it survives round ends and AP refreshes.
import type { ActionContext, Checked, ThreatId, UesrpgCombatantState } from './types.js';
import { uesViolation } from './violations.js';

export interface ExtendedProgress {
  readonly combatant: UesrpgCombatantState;
  readonly spent: number;
  /** Fully paid: the action takes effect now, and others may react to it (UES-29). */
  readonly completed: boolean;
  readonly opens: ThreatId | null;
}

export const remainingCost = (c: UesrpgCombatantState): number => (c.extended ? c.extended.cost - c.extended.paid : 0);

/** Pays what the AP left allow, on the combatant's own turn. */
export function continueExtended(c: UesrpgCombatantState, ctx: ActionContext): Checked<ExtendedProgress> {
  const action = c.extended;
  if (!action) return { ok: false, violation: uesViolation('no-extended-action') };
  if (!ctx.ownTurn) return { ok: false, violation: uesViolation('not-your-turn', 'An extended action continues on your own turn.') };
  if (ctx.openActionId !== null) return { ok: false, violation: uesViolation('action-unresolved') };
  if (c.ap.current === 0) return { ok: false, violation: uesViolation('insufficient-resource', 'No AP left to continue this turn.') };
  const spent = Math.min(remainingCost(c), c.ap.current);
  const paid = action.paid + spent;
  const completed = paid === action.cost;
  return {
    ok: true,
    value: {
      combatant: { ...c, ap: { ...c.ap, current: c.ap.current - spent }, extended: completed ? null : { ...action, paid } },
      spent,
      completed,
      opens: completed ? action.id : null,
    },
  };
}

/** Gives up the extended action; the AP already paid are gone. */
export function abandonExtended(c: UesrpgCombatantState): Checked<UesrpgCombatantState> {
  if (!c.extended) return { ok: false, violation: uesViolation('no-extended-action') };
  return { ok: true, value: { ...c, extended: null } };
}
