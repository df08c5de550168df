// How deep a JSON text nests, found by one pass over its characters (no parse, no recursion): what the
// server checks before it parses or walks anything a client sends (MAX_JSON_DEPTH).

const OPEN = new Set(['[', '{']);
const CLOSE = new Set([']', '}']);

/**
 * The offset of the first bracket that opens level `max + 1` in `json`, or undefined when it never
 * nests that deep. Brackets inside strings do not count; the text need not be valid JSON.
 */
export function depthExceededAt(json: string, max: number): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const ch = json[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch !== undefined && OPEN.has(ch)) {
      depth++;
      if (depth > max) return i;
    } else if (ch !== undefined && CLOSE.has(ch)) depth = Math.max(0, depth - 1);
  }
  return undefined;
}

/** The sentence for input that nests too deep. */
export const tooDeepMessage = (max: number): string => `Lists and objects may nest at most ${max} levels deep.`;
