// The text rules for what is answered: every string made well-formed, nothing else changed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { illFormedTextPath, isWellFormedText, REPLACEMENT_CHARACTER, toWellFormedText, wellFormedJson, withWellFormedText } from './text.js';

const anyString = fc.string({ unit: 'binary' });

describe('well-formed text in answers', () => {
  it('replaces each NUL and unpaired surrogate by U+FFFD, and keeps well-formed text as it is', () => {
    fc.assert(
      fc.property(anyString, (s) => {
        const made = toWellFormedText(s);
        expect(isWellFormedText(made)).toBe(true);
        expect(made.length).toBe(s.length);
        if (isWellFormedText(s)) expect(made).toBe(s);
      }),
    );
    expect(toWellFormedText('Kobold\u0000 \uD800 \uDC00 😀')).toBe(`Kobold${REPLACEMENT_CHARACTER} ${REPLACEMENT_CHARACTER} ${REPLACEMENT_CHARACTER} 😀`);
  });

  it('repairs every string of a value, keys included, and returns the value itself when nothing needs it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(withWellFormedText(value)).toBe(value);
      }),
      { numRuns: 50 },
    );
    const answer = { skipped: [{ field: 'monster[2]._copy', message: 'K\uD83D copies K\u0000' }], ['bad\uDC00key']: 1 };
    const made = withWellFormedText(answer);
    expect(illFormedTextPath(made)).toBeUndefined();
    expect(made).toEqual({ skipped: [{ field: 'monster[2]._copy', message: 'K\uFFFD copies K\uFFFD' }], 'bad\uFFFDkey': 1 });
  });

  it('encodes JSON whose text is well-formed, and as JSON.stringify does otherwise', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(wellFormedJson(value)).toBe(JSON.stringify(value));
      }),
      { numRuns: 50 },
    );
    fc.assert(
      fc.property(anyString, (s) => {
        const json = wellFormedJson({ s }) ?? '';
        expect(isWellFormedText((JSON.parse(json) as { s: string }).s)).toBe(true);
      }),
    );
    // A string that says "\u0000" in six characters is text: it stays.
    expect(wellFormedJson({ s: '\\u0000' })).toBe(JSON.stringify({ s: '\\u0000' }));
  });
});
