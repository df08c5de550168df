// Where a file is wrong and why. A file that is not what its format says (not JSON, no monster list, a
// CSV header that names no creature) is refused whole, naming the line (CSV) or the field path (JSON,
// `monster[3].hp.average`). One entry the rules cannot take is left out and listed with its reason;
// the rest are read (an import takes what it can).
import type { Creature, FileEncounter, FileNote } from '@roundkeeper/protocol';

export interface ImportProblem {
  /** The file, when several were read. */
  readonly file?: string;
  /** 1-based line of the file (CSV, and JSON that does not parse). */
  readonly line?: number;
  /** A JSON field path, or a CSV column. */
  readonly field?: string;
  readonly message: string;
}

export interface ImportReading {
  readonly creatures: readonly Creature[];
  readonly skipped: readonly FileNote[];
  readonly notices: readonly FileNote[];
  readonly encounters: readonly FileEncounter[];
}

export type ImportResult = ({ readonly ok: true } & ImportReading) | { readonly ok: false; readonly problem: ImportProblem };

/** A place in a file, as a problem names it. */
export type Location = Omit<ImportProblem, 'message' | 'file'>;

export const refused = (at: Location, message: string): ImportResult => ({ ok: false, problem: { ...at, message } });

/** A thrown problem ends a reader (or one entry of it) early; the caller turns it into a refusal or a left-out entry. */
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

/** What a reading says beside its creatures: the entries left out and those taken with a default. */
export class ImportLog {
  readonly skipped: FileNote[] = [];
  readonly notices: FileNote[] = [];
  /** The file being read, named in every note when several are read. */
  file: string | undefined;
  /** The line of the entry being read, where a file's entries are lines (a Foundry compendium). */
  line: number | undefined;

  private note(at: Location, message: string): FileNote {
    return {
      ...(this.file !== undefined ? { file: this.file } : {}),
      ...((at.line ?? this.line) !== undefined ? { line: at.line ?? this.line } : {}),
      ...(at.field !== undefined ? { field: at.field } : {}),
      message,
    };
  }

  skip(at: Location, message: string): void {
    this.skipped.push(this.note(at, message));
  }

  notice(at: Location, message: string): void {
    this.notices.push(this.note(at, message));
  }

  /**
   * `read()` for one entry, or undefined with the entry listed as left out: a problem of one entry
   * never refuses the file. `name` says which entry ("Goblin", "line 4").
   */
  entry<T>(name: string | undefined, read: () => T): T | undefined {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ImportRefusal)) throw error;
      const { line, field, message } = error.problem;
      this.skip({ ...(line !== undefined ? { line } : {}), ...(field !== undefined ? { field } : {}) }, name ? `${name}: ${message}` : message);
      return undefined;
    }
  }
}
