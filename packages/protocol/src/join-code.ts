// Join codes as people type and read them. Imports nothing, so the phone page can use it without the
// zod schemas of the protocol's index (exported as `@roundkeeper/protocol/join-code`).

export const JOIN_CODE_LENGTH = 6;
/** Join codes avoid look-alike characters (0/O, 1/I/L) so they can be read aloud and typed on a phone. */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Codes as people type them: lower case, spaces and a dash in the middle ("abc-234") are the same code. */
export const normalizeJoinCode = (typed: string): string => typed.replace(/[\s\-\u2010-\u2015]/g, '').toUpperCase();

/** Why a typed code cannot be a join code, in a sentence for a person; null when it may be one. */
export function joinCodeProblem(typed: string): string | null {
  const code = normalizeJoinCode(typed);
  if (code.length === 0) return 'Type the code your GM shows: six letters and digits, like ABC-234.';
  const strange = [...new Set([...code].filter((ch) => !JOIN_CODE_ALPHABET.includes(ch)))];
  if (strange.length > 0) {
    const lookAlike = strange.some((ch) => '01IOL'.includes(ch));
    return `A join code has no ${strange.map((ch) => `"${ch}"`).join(' or ')}${lookAlike ? ' (codes avoid 0, O, 1, I and L, which look alike)' : ''}: check it with your GM.`;
  }
  if (code.length !== JOIN_CODE_LENGTH) {
    return `A join code has ${JOIN_CODE_LENGTH} letters and digits; that one has ${code.length}.`;
  }
  return null;
}

/** The code as the GM shows it, with a dash in the middle: ABC-234. */
export const displayJoinCode = (code: string): string =>
  code.length === JOIN_CODE_LENGTH ? `${code.slice(0, JOIN_CODE_LENGTH / 2)}-${code.slice(JOIN_CODE_LENGTH / 2)}` : code;
