// A spreadsheet saved as CSV: a header row, then one creature a row. Columns (any order, any case):
// name (required), side (pc, enemy or npc; empty is enemy), hp (also "max" or "wounds": the hit point
// maximum or wound threshold), strain (systems with strain), note, and the target system's stats by key
// or label ("dex" or "Dexterity"); an empty cell leaves the system's default. A column the system does
// not know is refused rather than ignored, so a typo ("dexx") never silently becomes a default.
// Commas, semicolons (spreadsheets in many European locales) or tabs, as the header row uses.
import { parse, CsvError, type Info } from 'csv-parse/sync';
import { isWellFormedText, MAX_CREATURE_FILE_ENTRIES, TEXT_PROBLEM, type Creature } from '@roundkeeper/protocol';
import { SIDES, type Side } from '@roundkeeper/rules/core';
import { ImportRefusal, type Location } from './problem.js';
import { toCreature, type CreatureDraft, type ImportTarget, type Sourced } from './target.js';

type FixedKind = 'name' | 'side' | 'hp' | 'strain' | 'note';
type Column = { readonly [K in FixedKind]: { readonly kind: K } }[FixedKind] | { readonly kind: 'stat'; readonly key: string };

const FIXED: Readonly<Record<string, Column>> = {
  name: { kind: 'name' },
  side: { kind: 'side' },
  hp: { kind: 'hp' },
  max: { kind: 'hp' },
  wounds: { kind: 'hp' },
  strain: { kind: 'strain' },
  note: { kind: 'note' },
  notes: { kind: 'note' },
};

const DELIMITERS = [',', ';', '\t'] as const;
const WHOLE = /^[+-]?\d+$/;

/** The delimiter the header row uses most. */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  const counts = DELIMITERS.map((d) => header.split(d).length);
  return DELIMITERS[counts.indexOf(Math.max(...counts))] ?? ',';
}

function columnsOf(header: readonly string[], line: number, target: ImportTarget): Column[] {
  const seen = new Set<string>();
  return header.map((title) => {
    const word = title.trim().toLowerCase();
    const strain = target.health.form.kind === 'wounds' && target.health.form.strain;
    const fixed = FIXED[word];
    const column = fixed?.kind === 'strain' && !strain ? undefined : (fixed ?? statColumn(word, target));
    const at: Location = { line, field: title };
    if (!column) {
      const known = ['name', 'side', 'hp', ...(strain ? ['strain'] : []), 'note', ...target.statDefs.map((d) => d.key)];
      throw new ImportRefusal({ ...at, message: `There is no column "${title}" for ${target.shortLabel}; the columns are: ${known.join(', ')}.` });
    }
    const id = column.kind === 'stat' ? `stat:${column.key}` : column.kind;
    if (seen.has(id)) throw new ImportRefusal({ ...at, message: `The column "${title}" appears twice.` });
    seen.add(id);
    return column;
  });
}

function statColumn(word: string, target: ImportTarget): Column | undefined {
  const def = target.statDefs.find((d) => d.key.toLowerCase() === word || d.label.toLowerCase() === word);
  return def && { kind: 'stat', key: def.key };
}

/** The file's records with the line each starts on (a quoted cell may span lines). */
function recordsOf(text: string): { readonly cells: string[]; readonly line: number }[] {
  // csv-parse reads through UTF-8, which would turn an unpaired surrogate into U+FFFD unnoticed.
  const badLine = text.split('\n').findIndex((line) => !isWellFormedText(line));
  if (badLine !== -1) throw new ImportRefusal({ line: badLine + 1, message: `This line ${TEXT_PROBLEM}.` });
  try {
    // With `info` and `raw`, each record comes wrapped with them; the library's types do not say so.
    const records = parse(text, { bom: true, delimiter: delimiterOf(text), info: true, raw: true, skip_empty_lines: true, trim: true }) as unknown as {
      readonly record: string[];
      readonly info: Info;
      readonly raw: string;
    }[];
    return records.map(({ record, info, raw }) => ({ cells: record, line: info.lines - (raw.trim().match(/\n/g)?.length ?? 0) }));
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error.lines === 'number' ? error.lines : undefined;
    throw new ImportRefusal({ ...(line ? { line } : {}), message: `The file is not valid CSV: ${error.message}.` });
  }
}

function wholeNumber(cell: string, at: Location): number {
  if (!WHOLE.test(cell)) throw new ImportRefusal({ ...at, message: `"${cell}" is not a whole number.` });
  return Number(cell);
}

function rowDraft(cells: readonly string[], columns: readonly Column[], titles: readonly string[], line: number): CreatureDraft {
  let name: Sourced<string> = { value: '', at: { line, field: 'name' } };
  let side: Side = 'enemy';
  let hp: Sourced<number> | undefined;
  let strain: Sourced<number> | undefined;
  let note: Sourced<string> | undefined;
  const stats: (Sourced<number> & { key: string })[] = [];
  columns.forEach((column, i) => {
    const cell = cells[i] ?? '';
    const at: Location = { line, field: titles[i] ?? '' };
    if (column.kind === 'name') name = { value: cell, at };
    else if (cell === '') return;
    else if (column.kind === 'side') {
      const given = cell.toLowerCase();
      if (!(SIDES as readonly string[]).includes(given)) throw new ImportRefusal({ ...at, message: `The side is pc, enemy or npc, not "${cell}".` });
      side = given as Side;
    } else if (column.kind === 'note') note = { value: cell, at };
    else if (column.kind === 'hp') hp = { value: wholeNumber(cell, at), at };
    else if (column.kind === 'strain') strain = { value: wholeNumber(cell, at), at };
    else stats.push({ key: column.key, value: wholeNumber(cell, at), at });
  });
  return { name, side, stats, ...(hp ? { hp } : {}), ...(strain ? { strain } : {}), ...(note ? { note } : {}) };
}

export function readCsv(text: string, target: ImportTarget): Creature[] {
  const [header, ...rows] = recordsOf(text);
  if (!header) throw new ImportRefusal({ line: 1, message: 'The file is empty: it needs a header row (name, side, hp, …) and a row per creature.' });
  const titles = header.cells;
  const columns = columnsOf(titles, header.line, target);
  if (!columns.some((c) => c.kind === 'name')) throw new ImportRefusal({ line: header.line, message: 'The header row has no "name" column.' });
  if (rows.length === 0) throw new ImportRefusal({ line: header.line, message: 'There is a header row but no creature under it.' });
  const over = rows[MAX_CREATURE_FILE_ENTRIES];
  if (over) throw new ImportRefusal({ line: over.line, message: `At most ${MAX_CREATURE_FILE_ENTRIES} creatures can be imported at once.` });
  return rows.map(({ cells, line }) => toCreature(target, rowDraft(cells, columns, titles, line)));
}
