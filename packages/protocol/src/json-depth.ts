// How deep a JSON text nests, found by one pass over its characters (no parse, no recursion): what the
// server checks before it parses or walks anything a client sends (MAX_JSON_DEPTH).

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * The offset of the first bracket that opens level `max + 1` in `json`, or undefined when it never
 * nests that deep. Brackets inside strings do not count; the text need not be valid JSON.
 */
export function depthExceededAt(json: string, max: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const ch = json.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i++;
      else if (ch === QUOTE) inString = false;
    } else if (ch === QUOTE) inString = true;
    else if (ch === OPEN_ARRAY || ch === OPEN_OBJECT) {
      depth++;
      if (depth > max) return i;
    } else if ((ch === CLOSE_ARRAY || ch === CLOSE_OBJECT) && depth > 0) depth--;
  }
  return undefined;
}

/** The sentence for input that nests too deep. */
export const tooDeepMessage = (max: number): string => `Lists and objects may nest at most ${max} levels deep.`;
