// [UES-22] – [UES-29] Pure validators for declaring an action: what it costs, when it may be taken,
// and the combatant's uesrpg state afterwards. Effects of actions are the table's business.
import { spendAp } from './ap.js';
import type { ActionContext, ActionDeclaration, Checked, ThreatId, UesrpgCombatantState } from './types.js';
import { uesViolation } from './violations.js';

/** Other characters may react to `opens` before the active character declares again (UES-29). */
export interface ActionOutcome {
  readonly combatant: UesrpgCombatantState;
  readonly spent: number;
  readonly opens: ThreatId | null;
}

const refuse = (code: Parameters<typeof uesViolation>[0], message?: string): Checked<never> => ({
  ok: false,
  violation: uesViolation(code, message),
});

/** [UES-22] [UES-28] Free actions cost 0; every other action at least 1 AP. */
function checkCost(action: ActionDeclaration): Checked<number> {
  if (!Number.isInteger(action.cost)) return refuse('invalid-action', 'An action costs a whole number of AP.');
  if (action.kind === 'free') {
    return action.cost === 0 ? { ok: true, value: 0 } : refuse('invalid-action', 'A free action costs no AP.');
  }
  return action.cost >= 1 ? { ok: true, value: action.cost } : refuse('invalid-action', 'Every non-free action costs at least 1 AP.');
}

/** [UES-25] [UES-26] Off its own turn, or answering a named threat, a secondary action is a reaction. */
export const takenAsReaction = (action: ActionDeclaration, ctx: ActionContext): boolean =>
  action.kind === 'reaction' || (action.kind === 'secondary' && (!ctx.ownTurn || action.threatId !== undefined));

/** [UES-26] One attempt per threat or event; any number per round while AP remain. */
function react(c: UesrpgCombatantState, action: ActionDeclaration, cost: number): Checked<ActionOutcome> {
  const threat = action.threatId;
  if (threat === undefined) return refuse('invalid-action', 'A reaction must name the threat or event it answers.');
  if (c.reactedTo.includes(threat)) return refuse('already-reacted');
  const paid = spendAp(c.ap, cost);
  if (!paid.ok) return paid;
  return { ok: true, value: { combatant: { ...c, ap: paid.value, reactedTo: [...c.reactedTo, threat] }, spent: cost, opens: null } };
}

/**
 * [UES-23] [UES-24] [UES-25] An action on the combatant's own turn. A primary action costing more
 * than the AP left becomes an extended action: all AP left are paid now, the rest on later turns.
 */
function actOnTurn(c: UesrpgCombatantState, action: ActionDeclaration, cost: number, ctx: ActionContext): Checked<ActionOutcome> {
  if (!ctx.ownTurn) return refuse('not-your-turn', 'Primary actions can only be taken on your own turn.');
  if (ctx.openActionId !== null) return refuse('action-unresolved');
  if (c.extended) return refuse('extended-in-progress');
  if (action.kind === 'primary' && cost > c.ap.current && c.ap.current > 0) {
    const paid = c.ap.current;
    const extended = { id: action.id, label: action.label, cost, paid };
    return { ok: true, value: { combatant: { ...c, ap: { ...c.ap, current: 0 }, extended }, spent: paid, opens: null } };
  }
  const paid = spendAp(c.ap, cost);
  if (!paid.ok) return paid;
  return { ok: true, value: { combatant: { ...c, ap: paid.value }, spent: cost, opens: action.id } };
}

/** [UES-27] Special actions need nothing more: they follow the rules of their base kind. */
export function checkAction(c: UesrpgCombatantState, action: ActionDeclaration, ctx: ActionContext): Checked<ActionOutcome> {
  const cost = checkCost(action);
  if (!cost.ok) return cost;
  const reaction = takenAsReaction(action, ctx);
  // [UES-3] Surprised: reactions only (free actions included in "only"), until the first turn has passed.
  if (c.surprised && !reaction) return refuse('surprised');
  switch (action.kind) {
    case 'free':
      return { ok: true, value: { combatant: c, spent: 0, opens: null } };
    case 'reaction':
      return react(c, action, cost.value);
    case 'secondary':
      return reaction ? react(c, action, cost.value) : actOnTurn(c, action, cost.value, ctx);
    case 'primary':
      return actOnTurn(c, action, cost.value, ctx);
    default: {
      const _exhaustive: never = action.kind;
      return _exhaustive;
    }
  }
}

/** [UES-29] The declared action and the reactions to it are resolved: the actor may declare again. */
export function resolveAction(openActionId: ThreatId | null, actionId: ThreatId): Checked<null> {
  if (openActionId !== actionId) return refuse('invalid-command', 'That action is not the one waiting for reactions.');
  return { ok: true, value: null };
}
