// Where a file is wrong and why. Every reader refuses a bad file whole, naming the line (CSV) or the
// field path (JSON, `monster[3].hp.average`), so the GM can find it in their editor.
import type { Creature, SkippedEntry } from '@roundkeeper/protocol';

export interface ImportProblem {
  /** 1-based line of the file (CSV, and JSON that does not parse). */
  readonly line?: number;
  /** A JSON field path, or a CSV column. */
  readonly field?: string;
  readonly message: string;
}

export type ImportResult =
  | { readonly ok: true; readonly creatures: readonly Creature[]; readonly skipped: readonly SkippedEntry[] }
  | { readonly ok: false; readonly problem: ImportProblem };

/** A place in a file, as a problem names it. */
export type Location = Omit<ImportProblem, 'message'>;

export const refused = (at: Location, message: string): ImportResult => ({ ok: false, problem: { ...at, message } });

/** A thrown problem ends a reader early; `parseCreatureFile` turns it back into a refusal. */
export class ImportRefusal extends Error {
  constructor(readonly problem: ImportProblem) {
    super(problem.message);
    this.name = 'ImportRefusal';
  }
}

export type PathPart = string | number;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** `['monster', 3, 'hp', 'average']` → `monster[3].hp.average`; keys that are not identifiers in brackets. */
export function formatPath(path: readonly PathPart[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (IDENTIFIER.test(part)) out += out === '' ? part : `.${part}`;
    else out += `[${JSON.stringify(part)}]`;
  }
  return out;
}

export const atPath = (path: readonly PathPart[]): Location => ({ field: formatPath(path) });
