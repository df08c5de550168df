import { describe, expect, it } from 'vitest';
import { RememberedAnswers } from './remembered-answers.js';

describe('the answers a room remembers', () => {
  it('gives back the first answer of an id, acceptances as their version', () => {
    const answers = new RememberedAnswers();
    const refusal = { ok: false, code: 'not-your-turn', message: 'Not your turn.' } as const;
    answers.refused('a', refusal);
    expect(answers.accepted('b', { ok: true, version: 7 })).toEqual({ ok: true, version: 7 });
    expect(answers.get('a')).toBe(refusal);
    expect(answers.get('b')).toEqual({ ok: true, version: 7 });
    expect(answers.get('c')).toBeUndefined();
  });

  it('forgets the oldest acceptance past 64 and the oldest refusal past 256', () => {
    const answers = new RememberedAnswers();
    for (let i = 0; i < 65; i++) answers.accepted(`a${i}`, { ok: true, version: i });
    expect(answers.get('a0')).toBeUndefined();
    expect(answers.get('a1')).toEqual({ ok: true, version: 1 });
    for (let i = 0; i < 257; i++) answers.refused(`r${i}`, { ok: false, code: 'invalid-command', message: String(i) });
    expect(answers.get('r0')).toBeUndefined();
    expect(answers.get('r256')).toMatchObject({ message: '256' });
    expect(answers.get('a64')).toEqual({ ok: true, version: 64 });
  });
});
