import { describe, expect, it } from 'vitest';
import { checkAction } from './actions.js';
import { initialCombatantState, onRoundEnd, onRoundStart, onTurnEnd, onTurnStart } from './phases.js';

describe('uesrpg phase hooks', () => {
  it('[UES-18] combat (and a newcomer) starts with full AP at its maximum', () => {
    expect(initialCombatantState({}, false)).toEqual({ ap: { current: 3, max: 3 }, surprised: false, reactedTo: [], extended: null });
    expect(initialCombatantState({ maxAp: 2 }, true).ap).toEqual({ current: 2, max: 2 });
  });

  it('[UES-3] surprise lasts until the end of the first turn, then actions are allowed', () => {
    const primary = { id: 'a1', kind: 'primary', cost: 1, label: 'Strike' } as const;
    let c = initialCombatantState({}, true);
    c = onTurnStart(onRoundStart(c, 'roundStart', 1), 'roundStart', 1);
    expect(checkAction(c, primary, { ownTurn: true, openActionId: null })).toMatchObject({ ok: false, violation: { code: 'surprised' } });
    c = onTurnEnd(c);
    expect(c.surprised).toBe(false);
    c = onTurnStart(onRoundStart(onRoundEnd(c), 'roundStart', 2), 'roundStart', 2);
    expect(checkAction(c, primary, { ownTurn: true, openActionId: null }).ok).toBe(true);
  });

  it('[UES-20] [UES-26] the round ends whatever AP remain; the threats reacted to are forgotten', () => {
    const c = { ...initialCombatantState({}, false), ap: { current: 2, max: 3 }, reactedTo: ['t1', 't2'] };
    expect(onRoundEnd(c)).toEqual({ ...c, reactedTo: [] });
    const next = onRoundStart(onRoundEnd(c), 'roundStart', 2);
    expect(checkAction(next, { id: 'r', kind: 'reaction', cost: 1, label: 'Block', threatId: 't1' }, { ownTurn: false, openActionId: null }).ok).toBe(true);
  });

  it('[UES-16] [UES-17] both refresh modes across two rounds, through the hooks', () => {
    const reaction = (threatId: string) => ({ id: threatId, kind: 'reaction', cost: 2, label: 'Block', threatId }) as const;
    const trace = (mode: 'roundStart' | 'turnStart') => {
      const seen: number[] = [];
      let c = initialCombatantState({}, false);
      for (const round of [1, 2]) {
        c = onRoundStart(c, mode, round);
        const r = checkAction(c, reaction(`t${round}`), { ownTurn: false, openActionId: null });
        if (r.ok) c = r.value.combatant;
        seen.push(c.ap.current);
        c = onTurnStart(c, mode, round);
        seen.push(c.ap.current);
        c = onRoundEnd(onTurnEnd(c));
      }
      return seen;
    };
    // roundStart: 3 → react (1) → turn keeps 1; round 2 refills to 3 → react (1) → turn keeps 1.
    expect(trace('roundStart')).toEqual([1, 1, 1, 1]);
    // turnStart: round 1 like roundStart; round 2 starts with 1 left (reaction refused), refilled at the turn.
    expect(trace('turnStart')).toEqual([1, 1, 1, 3]);
  });
});
