// The one string schema of the protocol: every string a client sends (names, notes, conditions,
// resource names, ids, tokens, ids in URLs and handshakes) is text, and text holds no NUL character and
// no unpaired UTF-16 surrogate. Both would pass JavaScript but fail in the database (PostgreSQL refuses
// \u0000 and invalid UTF-8 in text and jsonb): refused here as 'bad-request' naming the field.
import { z } from 'zod';

const NUL = '\u0000';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TEXT_PROBLEM = 'must not contain a NUL character or an unpaired surrogate';

/** Whether `s` can be stored and sent as it is: no NUL, every surrogate paired. */
export const isWellFormedText = (s: string): boolean => !s.includes(NUL) && !LONE_SURROGATE.test(s);

/** A string schema that refuses NUL and lone surrogates; chain `.trim()`, `.min()`, `.max()` as usual. */
export const text = (): z.ZodString => z.string().refine(isWellFormedText, { message: TEXT_PROBLEM, abort: true }) as unknown as z.ZodString;

/** The path of the first string inside `value` that is not well-formed text (keys included), or undefined. */
export function illFormedTextPath(value: unknown, path: readonly (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return isWellFormedText(value) ? undefined : [...path];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = illFormedTextPath(value[i], [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [k, v] of Object.entries(value)) {
    if (!isWellFormedText(k)) return [...path, k];
    const found = illFormedTextPath(v, [...path, k]);
    if (found) return found;
  }
  return undefined;
}
