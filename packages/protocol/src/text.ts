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

/**
 * The path of the first string inside `value` that is not well-formed text (keys included), or
 * undefined. Walked with a stack of its own, depth first in order, so no nesting can exhaust the call stack.
 */
export function illFormedTextPath(value: unknown): (string | number)[] | undefined {
  const stack: { readonly value: unknown; readonly path: readonly (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop() as (typeof stack)[number];
    if (typeof v === 'string') {
      if (!isWellFormedText(v)) return [...path];
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const entries: [string | number, unknown][] = Array.isArray(v) ? v.map((item, i) => [i, item]) : Object.entries(v);
    for (const [k] of entries) if (typeof k === 'string' && !isWellFormedText(k)) return [...path, k];
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, item] = entries[i] as [string | number, unknown];
      stack.push({ value: item, path: [...path, k] });
    }
  }
  return undefined;
}

const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
/** What stands in an answer for a character that is not text: U+FFFD, as a decoder shows bytes it cannot read. */
export const REPLACEMENT_CHARACTER = '\uFFFD';

/** `s` with each NUL and unpaired surrogate replaced by U+FFFD: text that passes `text()`. */
export const toWellFormedText = (s: string): string =>
  isWellFormedText(s) ? s : s.replaceAll(NUL, REPLACEMENT_CHARACTER).replace(LONE_SURROGATES, REPLACEMENT_CHARACTER);

const isPlainObject = (value: object): boolean => {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * `value` with every string in it (object keys too) made well-formed text, for what the server answers:
 * text read from a file (a name in a skipped entry) or echoed from a refused request (a key in a
 * refusal's sentence) holds what the input rules refuse, and an answer must pass them as input does.
 * Returns `value` itself when nothing needs it; otherwise a copy of the arrays and plain objects on the
 * way (other objects, e.g. an already encoded view, are left as they are).
 */
export function withWellFormedText<T>(value: T): T {
  if (illFormedTextPath(value) === undefined) return value;
  return repaired(value) as T;
}

function repaired(value: unknown): unknown {
  if (typeof value === 'string') return toWellFormedText(value);
  if (Array.isArray(value)) return value.map(repaired);
  if (value === null || typeof value !== 'object' || !isPlainObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [toWellFormedText(k), repaired(v)]));
}

/** JSON text that may hold a NUL or a lone surrogate (JSON.stringify escapes both: `\u0000`, `\ud800`). */
const MAYBE_ILL_FORMED_JSON = /\\u(?:0000|d[89a-f])/i;

/** JSON.stringify of `value` with its strings made well-formed text; the plain encoding when none needed it. */
export function wellFormedJson(value: unknown): string | undefined {
  const json = JSON.stringify(value);
  // Pairs are written as characters, so an escape here is a NUL, a lone surrogate or a string that says
  // "\u0000" in so many characters: only then is the value walked (and re-encoded if it needs it).
  return json !== undefined && MAYBE_ILL_FORMED_JSON.test(json) ? JSON.stringify(withWellFormedText(value)) : json;
}
