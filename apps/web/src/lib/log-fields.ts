// Reading a stored event's fields loosely, for the log's sentences: the rules' event types stay with
// the rules (a log may come from a newer or older server), and a missing field reads as "someone",
// never as a crash. Each system's own sentences (systems/<id>/log-words.ts) are built from these.
import type { UnitRef } from '@roundkeeper/rules';
import type { LogNames } from './log-names.js';

export type Fields = Readonly<Record<string, unknown>>;
/** One event in a sentence for the GM's log, or null for bookkeeping that says nothing. */
export type SystemSentence = (event: Fields, names: LogNames) => string | null;

export const fields = (value: unknown): Fields => (typeof value === 'object' && value !== null ? (value as Fields) : {});
export const list = (value: unknown): Fields[] => (Array.isArray(value) ? value.map(fields) : []);
export const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** "Vela & Rook" from one id or a list of them; "nobody" for none. */
export const who = (names: LogNames, value: unknown): string => {
  const named = typeof value === 'string' ? [value] : ids(value);
  return named.length > 0 ? named.map(names.combatant).join(' & ') : 'nobody';
};

export const isUnit = (value: unknown): value is UnitRef => typeof value === 'object' && value !== null && 'kind' in value && 'id' in value;
export const unitName = (n: LogNames, value: unknown): string => (isUnit(value) ? n.unit(value) : 'someone');
export const firstFace = (value: unknown): string => String(list(value)[0]?.face ?? '?');
