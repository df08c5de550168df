import { describe, expect, it } from 'vitest';
import { checkAction, resolveAction, takenAsReaction } from './actions.js';
import type { ActionContext, ActionDeclaration, UesrpgCombatantState } from './types.js';

const ready: UesrpgCombatantState = { ap: { current: 3, max: 3 }, surprised: false, reactedTo: [], extended: null };
const ON_TURN: ActionContext = { ownTurn: true, openActionId: null };
const OFF_TURN: ActionContext = { ownTurn: false, openActionId: null };

const act = (kind: ActionDeclaration['kind'], cost: number, more: Partial<ActionDeclaration> = {}): ActionDeclaration => ({
  id: `a-${kind}`,
  kind,
  cost,
  label: kind,
  ...more,
});

const code = (r: ReturnType<typeof checkAction>) => (r.ok ? null : r.violation.code);

describe('uesrpg actions', () => {
  it('[UES-23] a primary action is taken on the own turn only, and opens it to reactions', () => {
    expect(checkAction(ready, act('primary', 1), ON_TURN)).toEqual({
      ok: true,
      value: { combatant: { ...ready, ap: { current: 2, max: 3 } }, spent: 1, opens: 'a-primary' },
    });
    expect(code(checkAction(ready, act('primary', 1), OFF_TURN))).toBe('not-your-turn');
  });

  it('[UES-22] [UES-28] free actions cost nothing; every other action at least 1 AP', () => {
    expect(checkAction(ready, act('free', 0), OFF_TURN)).toEqual({ ok: true, value: { combatant: ready, spent: 0, opens: null } });
    expect(code(checkAction(ready, act('free', 1), ON_TURN))).toBe('invalid-action');
    expect(code(checkAction(ready, act('primary', 0), ON_TURN))).toBe('invalid-action');
    expect(code(checkAction(ready, act('reaction', 0, { threatId: 't1' }), OFF_TURN))).toBe('invalid-action');
  });

  it('[UES-25] a secondary action on the own turn spends AP; off the turn it is a reaction to a threat', () => {
    expect(takenAsReaction(act('secondary', 1), ON_TURN)).toBe(false);
    expect(takenAsReaction(act('secondary', 1), OFF_TURN)).toBe(true);
    expect(takenAsReaction(act('secondary', 1, { threatId: 't1' }), ON_TURN)).toBe(true);
    expect(code(checkAction(ready, act('secondary', 1), OFF_TURN))).toBe('invalid-action');
    const r = checkAction(ready, act('secondary', 1, { threatId: 't1' }), OFF_TURN);
    expect(r.ok && r.value.combatant.reactedTo).toEqual(['t1']);
  });

  it('[UES-26] one reaction attempt per threat, any number of threats while AP remain', () => {
    const first = checkAction(ready, act('reaction', 1, { threatId: 'arrow-1' }), OFF_TURN);
    if (!first.ok) throw new Error(first.violation.message);
    expect(first.value.combatant).toEqual({ ...ready, ap: { current: 2, max: 3 }, reactedTo: ['arrow-1'] });
    const c = first.value.combatant;
    expect(code(checkAction(c, act('reaction', 1, { threatId: 'arrow-1' }), OFF_TURN))).toBe('already-reacted');
    expect(code(checkAction(c, act('secondary', 1, { threatId: 'arrow-1' }), OFF_TURN))).toBe('already-reacted');
    const second = checkAction(c, act('reaction', 2, { threatId: 'arrow-2' }), OFF_TURN);
    expect(second.ok && second.value.combatant.ap.current).toBe(0);
    const spent = second.ok ? second.value.combatant : c;
    expect(code(checkAction(spent, act('reaction', 1, { threatId: 'arrow-3' }), OFF_TURN))).toBe('insufficient-resource');
    expect(code(checkAction(ready, act('reaction', 1), OFF_TURN))).toBe('invalid-action');
  });

  it('[UES-3] a surprised character may only react (free actions included) until its first turn has passed', () => {
    const surprised = { ...ready, surprised: true };
    expect(code(checkAction(surprised, act('primary', 1), ON_TURN))).toBe('surprised');
    expect(code(checkAction(surprised, act('secondary', 1), ON_TURN))).toBe('surprised');
    expect(code(checkAction(surprised, act('free', 0), ON_TURN))).toBe('surprised');
    expect(checkAction(surprised, act('reaction', 1, { threatId: 't1' }), OFF_TURN).ok).toBe(true);
    expect(checkAction(surprised, act('secondary', 1, { threatId: 't1' }), OFF_TURN).ok).toBe(true);
  });

  it('[UES-27] a special action follows the rules of its base kind', () => {
    expect(code(checkAction(ready, act('primary', 1, { special: true }), OFF_TURN))).toBe('not-your-turn');
    expect(checkAction(ready, act('reaction', 1, { special: true, threatId: 't1' }), OFF_TURN).ok).toBe(true);
  });

  it('[UES-29] multiple actions: declared one at a time, each resolved (with its reactions) before the next', () => {
    const open: ActionContext = { ownTurn: true, openActionId: 'a-primary' };
    expect(code(checkAction(ready, act('primary', 1), open))).toBe('action-unresolved');
    expect(code(checkAction(ready, act('secondary', 1), open))).toBe('action-unresolved');
    expect(checkAction(ready, act('free', 0), open).ok).toBe(true);
    expect(checkAction(ready, act('reaction', 1, { threatId: 'parry-1' }), open).ok).toBe(true);
    expect(resolveAction('a-primary', 'a-primary')).toEqual({ ok: true, value: null });
    expect(resolveAction(null, 'a-primary')).toMatchObject({ ok: false, violation: { code: 'invalid-command' } });
  });

  it('[UES-22] [UES-24] only a primary action may cost more than the AP left; others are refused', () => {
    const low = { ...ready, ap: { current: 1, max: 3 } };
    expect(code(checkAction(low, act('secondary', 2), ON_TURN))).toBe('insufficient-resource');
    expect(code(checkAction({ ...ready, ap: { current: 0, max: 3 } }, act('primary', 2), ON_TURN))).toBe('insufficient-resource');
  });
});
