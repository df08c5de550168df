import { describe, expect, it } from 'vitest';
import { checkAction } from './actions.js';
import { abandonExtended, continueExtended, remainingCost } from './extended.js';
import { apAtRoundStart, apAtTurnStart } from './ap.js';
import type { ActionContext, ApRefresh, UesrpgCombatantState } from './types.js';

// What the phase hooks (hooks.ts) do to one combatant: a new round empties the reaction log and
// refills per the mode; a turn start refills in the turn-based variant.
const newRound = (c: UesrpgCombatantState, mode: ApRefresh, round: number): UesrpgCombatantState => ({
  ...c,
  reactedTo: [],
  ap: apAtRoundStart(c.ap, mode, round),
});
const onTurnStart = (c: UesrpgCombatantState, mode: ApRefresh, round: number): UesrpgCombatantState => ({
  ...c,
  ap: apAtTurnStart(c.ap, mode, round),
});

const ON_TURN: ActionContext = { ownTurn: true, openActionId: null };
const ritual = { id: 'ritual', kind: 'primary', cost: 5, label: 'Summon Atronach' } as const;

function unwrap<T>(r: { ok: true; value: T } | { ok: false; violation: { message: string } }): T {
  if (!r.ok) throw new Error(r.violation.message);
  return r.value;
}

describe('uesrpg extended actions', () => {
  it('[UES-24] an action costing more AP than left starts extended, pays what it can and opens nothing yet', () => {
    const c: UesrpgCombatantState = { ap: { current: 2, max: 3 }, surprised: false, reactedTo: [], extended: null };
    const started = unwrap(checkAction(c, ritual, ON_TURN));
    expect(started).toEqual({
      combatant: { ...c, ap: { current: 0, max: 3 }, extended: { id: 'ritual', label: 'Summon Atronach', cost: 5, paid: 2 } },
      spent: 2,
      opens: null,
    });
    expect(remainingCost(started.combatant)).toBe(3);
  });

  it('[UES-24] it continues across turns and rounds (roundStart AP) until paid, then takes effect', () => {
    let c: UesrpgCombatantState = { ap: { current: 2, max: 3 }, surprised: false, reactedTo: [], extended: null };
    c = unwrap(checkAction(c, ritual, ON_TURN)).combatant; // round 1: pays 2 of 5
    expect(continueExtended(c, ON_TURN)).toMatchObject({ ok: false, violation: { code: 'insufficient-resource' } });
    c = newRound(c, 'roundStart', 2);
    // Round 2: a reaction to an arrow first, then the turn: pays 2 more, 1 still missing.
    c = unwrap(checkAction(c, { id: 'dodge', kind: 'reaction', cost: 1, label: 'Dodge', threatId: 'arrow' }, { ownTurn: false, openActionId: null })).combatant;
    c = onTurnStart(c, 'roundStart', 2);
    expect(continueExtended(c, { ownTurn: false, openActionId: null })).toMatchObject({ ok: false, violation: { code: 'not-your-turn' } });
    const second = unwrap(continueExtended(c, ON_TURN));
    expect(second).toMatchObject({ spent: 2, completed: false, opens: null });
    c = second.combatant;
    expect(c.extended?.paid).toBe(4);
    // A new primary action must wait while the extended one is in progress.
    c = newRound(c, 'roundStart', 3);
    expect(checkAction(c, { id: 'slash', kind: 'primary', cost: 1, label: 'Slash' }, ON_TURN)).toMatchObject({
      ok: false,
      violation: { code: 'extended-in-progress' },
    });
    const third = unwrap(continueExtended(c, ON_TURN));
    expect(third).toMatchObject({ spent: 1, completed: true, opens: 'ritual' });
    expect(third.combatant).toEqual({ ap: { current: 2, max: 3 }, surprised: false, reactedTo: [], extended: null });
  });

  it('[UES-24] [UES-17] with turn-based AP the refill at the own turn pays the next part', () => {
    let c: UesrpgCombatantState = { ap: { current: 3, max: 3 }, surprised: false, reactedTo: [], extended: null };
    c = unwrap(checkAction(c, ritual, ON_TURN)).combatant; // round 1: 3 of 5
    c = newRound(c, 'turnStart', 2);
    expect(c.ap.current).toBe(0);
    c = onTurnStart(c, 'turnStart', 2);
    expect(unwrap(continueExtended(c, ON_TURN))).toMatchObject({ spent: 2, completed: true, opens: 'ritual' });
  });

  it('[UES-24] [UES-29] an extended action may be abandoned (AP paid are lost); continuing waits for open reactions', () => {
    let c: UesrpgCombatantState = { ap: { current: 1, max: 3 }, surprised: false, reactedTo: [], extended: null };
    c = unwrap(checkAction(c, ritual, ON_TURN)).combatant;
    expect(continueExtended({ ...c, ap: { current: 3, max: 3 } }, { ownTurn: true, openActionId: 'x' })).toMatchObject({
      ok: false,
      violation: { code: 'action-unresolved' },
    });
    const dropped = unwrap(abandonExtended(c));
    expect(dropped).toEqual({ ...c, extended: null });
    expect(abandonExtended(dropped)).toMatchObject({ ok: false, violation: { code: 'no-extended-action' } });
    expect(continueExtended(dropped, ON_TURN)).toMatchObject({ ok: false, violation: { code: 'no-extended-action' } });
  });
});
