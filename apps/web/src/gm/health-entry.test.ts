import { describe, expect, it } from 'vitest';
import { entryCommand, healthEntryOpen, parseHealthEntry } from './health-entry.js';

const HP = { kind: 'hit-points', temp: true } as const;
const PLAIN = { kind: 'hit-points', temp: false } as const;
const WOUNDS = { kind: 'wounds', strain: true } as const;

const entry = (text: string, form: Parameters<typeof parseHealthEntry>[1] = HP, has = true) => {
  const parsed = parseHealthEntry(text, form, has);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.entry;
};

describe('quick health entry', () => {
  it('[ENG-26] -7 damages, +5 heals, -7! is a critical hit, each target once in one command', () => {
    expect(entryCommand(entry('-7'), ['a', 'b'])).toEqual({
      type: 'apply-damage',
      targets: [
        { combatantId: 'a', amount: 7 },
        { combatantId: 'b', amount: 7 },
      ],
    });
    expect(entryCommand(entry(' + 5 '), ['a'])).toEqual({ type: 'apply-healing', targets: [{ combatantId: 'a', amount: 5 }] });
    expect(entryCommand(entry('-7!'), ['a'])).toEqual({ type: 'apply-damage', targets: [{ combatantId: 'a', amount: 7, critical: true }] });
  });

  it('[ENG-27] =30 sets the maximum, a bare number too before there is one, t8 temporary hit points', () => {
    expect(entryCommand(entry('=30'), ['a'])).toEqual({ type: 'set-max-health', combatantIds: ['a'], max: 30 });
    expect(entryCommand(entry('30', HP, false), ['a'])).toEqual({ type: 'set-max-health', combatantIds: ['a'], max: 30 });
    expect(entryCommand(entry('t8'), ['a'])).toEqual({ type: 'set-temp-health', targets: [{ combatantId: 'a', amount: 8 }] });
    expect(parseHealthEntry('30', HP, true).ok).toBe(false);
    expect(parseHealthEntry('-3', HP, false)).toEqual({ ok: false, error: 'Give a maximum first: =30.' });
  });

  it('[ENG-25] strain only where the system counts it, temp only where it has them', () => {
    expect(entryCommand(entry('s-3', WOUNDS), ['a'])).toEqual({ type: 'apply-damage', targets: [{ combatantId: 'a', amount: 3 }], track: 'strain' });
    expect(entryCommand(entry('s=12', WOUNDS), ['a'])).toEqual({ type: 'set-max-health', combatantIds: ['a'], max: 12, track: 'strain' });
    expect(entryCommand(entry('-4', WOUNDS), ['a'])).toEqual({ type: 'apply-damage', targets: [{ combatantId: 'a', amount: 4 }] });
    expect(parseHealthEntry('s-3', HP, true).ok).toBe(false);
    expect(parseHealthEntry('t5', PLAIN, true).ok).toBe(false);
    expect(parseHealthEntry('t5', WOUNDS, true).ok).toBe(false);
  });

  it('refuses what it cannot read, in a sentence', () => {
    for (const text of ['', 'abc', '-0', '+7!', '-99999', '=0']) expect(parseHealthEntry(text, HP, true).ok, text).toBe(false);
  });
});

describe('[GEN-31] when the console offers health entry', () => {
  it('until the encounter ends, and after it only where the system heals then (Genesys)', () => {
    expect(healthEntryOpen({ phase: 'active', system: 'dnd5e' })).toBe(true);
    expect(healthEntryOpen({ phase: 'setup', system: 'dnd5e' })).toBe(true);
    expect(healthEntryOpen({ phase: 'ended', system: 'dnd5e' })).toBe(false);
    expect(healthEntryOpen({ phase: 'ended', system: 'genesys' })).toBe(true);
  });
});
