import { describe, expect, it } from 'vitest';
import { flagDefaults, parseFlags, type FlagDef } from '../flags.js';
import { act, fighting, HEALTH_DEFAULTS, TIMER_DEFAULTS, newEncounter, party, player, refusal } from '../../../test/harness.js';

describe('set-options', () => {
  it('[ENG-20] merges over the current options and validates the result', () => {
    const { state, events } = act(newEncounter(), { type: 'set-options', options: { physicalDice: 'gm' } });
    expect(events).toEqual([{ type: 'options-set', options: { surpriseMode: 'srd51', physicalDice: 'gm', ...HEALTH_DEFAULTS, ...TIMER_DEFAULTS } }]);
    expect(act(state, { type: 'set-options', options: { surpriseMode: 'srd52' } }).state.options).toEqual({
      surpriseMode: 'srd52',
      physicalDice: 'gm',
      ...HEALTH_DEFAULTS, ...TIMER_DEFAULTS,
    });
  });

  it('[ENG-20] refuses bad options, players, and changes once combat has started', () => {
    expect(refusal(newEncounter(), { type: 'set-options', options: { surprise: true } })).toEqual({
      code: 'invalid-options',
      message: 'This game has no option called "surprise" (it has: surpriseMode).',
    });
    expect(refusal(party(), { type: 'set-options', options: {} }, player('c1')).code).toBe('gm-only');
    expect(refusal(fighting(), { type: 'set-options', options: {} }).code).toBe('wrong-phase');
  });
});

describe('parseFlags', () => {
  const defs: Readonly<Record<string, FlagDef>> = {
    mode: { kind: 'choice', values: ['a', 'b'], default: 'a' },
    strict: { kind: 'boolean', default: true },
    dc: { kind: 'integer', min: 5, max: 30, default: 13 },
  };

  it('[ENG-20] fills defaults and keeps given values', () => {
    expect(flagDefaults(defs)).toEqual({ mode: 'a', strict: true, dc: 13 });
    expect(parseFlags(defs, { dc: 15, strict: false })).toEqual({ ok: true, options: { mode: 'a', strict: false, dc: 15 } });
  });

  it('[ENG-20] refuses unknown keys and values of the wrong kind with a sentence', () => {
    const problem = (raw: Record<string, unknown>) => {
      const r = parseFlags(defs, raw);
      return r.ok ? '' : r.violation.message;
    };
    expect(problem({ mode: 'c' })).toBe('The option mode must be one of: a, b.');
    expect(problem({ strict: 'yes' })).toBe('The option strict must be true or false.');
    expect(problem({ dc: 4.5 })).toBe('The option dc must be a whole number from 5 to 30.');
    expect(problem({ colour: 1 })).toBe('This game has no option called "colour" (it has: mode, strict, dc).');
  });
});
