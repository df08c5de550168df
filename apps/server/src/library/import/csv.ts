// A spreadsheet saved as CSV: a header row, then one creature a row. Columns (any order, any case, by
// the names of csv-columns.ts): name (required), side (pc, enemy or npc; empty is enemy), hp (the hit
// point maximum or wound threshold), strain (systems with strain), note, the target system's stats by
// key or label ("dex" or "Dexterity"; "init" for D&D 5e's initiative bonus), and stat block columns
// (ac, cr, size, type, alignment, speed…). An empty cell leaves the default. A column we do not read is
// ignored and named in a notice; a row the rules cannot take is left out with its line and reason.
// Commas, semicolons (spreadsheets in many European locales) or tabs, as the header row uses.
import { parse, CsvError, type Info } from 'csv-parse/sync';
import { isWellFormedText, MAX_CREATURE_FILE_ENTRIES, TEXT_PROBLEM, type Creature, type CreatureFile } from '@roundkeeper/protocol';
import { SIDES, type AbilityKey, type Side, type StatBlock } from '@roundkeeper/rules/core';
import { columnId, columnOf, type BlockField, type Column } from './csv-columns.js';
import { ImportRefusal, type ImportLog, type ImportReading, type Location } from './problem.js';
import { toCreature, type CreatureDraft, type ImportTarget, type Sourced } from './target.js';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const DELIMITERS = [',', ';', '\t'] as const;
const WHOLE = /^[+-]?\d+$/;

/** The delimiter the header row uses most. */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  const counts = DELIMITERS.map((d) => header.split(d).length);
  return DELIMITERS[counts.indexOf(Math.max(...counts))] ?? ',';
}

/** The header's columns; those ignored (unknown, or a second of one meaning) are said once. */
function columnsOf(titles: readonly string[], line: number, target: ImportTarget, log: ImportLog): Column[] {
  const seen = new Set<string>();
  const ignored: string[] = [];
  const twice: string[] = [];
  const columns = titles.map((title): Column => {
    const column = columnOf(title, target);
    if (column.kind === 'ignored') {
      if (title.trim() !== '') ignored.push(`"${title.trim()}"`);
      return column;
    }
    const id = columnId(column);
    if (seen.has(id)) {
      twice.push(`"${title.trim()}"`);
      return { kind: 'ignored' };
    }
    seen.add(id);
    return column;
  });
  if (ignored.length > 0) log.notice({ line }, `Roundkeeper does not read the column${ignored.length > 1 ? 's' : ''} ${ignored.join(', ')} for ${target.shortLabel}; ignored.`);
  if (twice.length > 0) log.notice({ line }, `The column${twice.length > 1 ? 's' : ''} ${twice.join(', ')} repeat${twice.length > 1 ? '' : 's'} an earlier one; ignored.`);
  return columns;
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

/** What a row says for the stat block ("Medium humanoid (goblinoid), neutral evil" from size, type, tags, alignment). */
function statBlockOf(block: Partial<Record<BlockField, string>>, abilities: Partial<Record<AbilityKey, number>>): StatBlock {
  const out: Mutable<StatBlock> = {};
  const ac = block.ac?.match(/^\d+/)?.[0];
  if (ac) out.ac = Number(ac);
  const acNote = block.ac?.replace(/^\d+\s*/, '').replace(/^\((.*)\)$/, '$1');
  if (acNote) out.acNote = acNote;
  const kind = [[block.size, block.type?.toLowerCase(), block.tags ? `(${block.tags})` : undefined].filter(Boolean).join(' '), block.alignment?.toLowerCase()].filter(Boolean).join(', ');
  if (kind) out.kind = kind.charAt(0).toUpperCase() + kind.slice(1);
  for (const field of ['cr', 'hpFormula', 'speed', 'senses', 'languages', 'source', 'saves', 'skills'] as const) if (block[field]) out[field] = block[field];
  if (Object.keys(abilities).length > 0) out.abilities = abilities;
  return out;
}

function rowDraft(cells: readonly string[], columns: readonly Column[], titles: readonly string[], line: number, target: ImportTarget, log: ImportLog): CreatureDraft {
  let name: Sourced<string> = { value: '', at: { line, field: 'name' } };
  let side: Side = 'enemy';
  let hp: Sourced<number> | undefined;
  let strain: Sourced<number> | undefined;
  let note: Sourced<string> | undefined;
  const stats: (Sourced<number> & { key: string })[] = [];
  const block: Partial<Record<BlockField, string>> = {};
  const abilities: Partial<Record<AbilityKey, number>> = {};
  columns.forEach((column, i) => {
    const cell = cells[i] ?? '';
    const at: Location = { line, field: titles[i] ?? '' };
    if (column.kind === 'name') name = { value: cell, at };
    else if (cell === '' || column.kind === 'ignored') return;
    else if (column.kind === 'side') {
      const given = cell.toLowerCase();
      if (!(SIDES as readonly string[]).includes(given)) throw new ImportRefusal({ ...at, message: `the side is pc, enemy or npc, not "${cell}".` });
      side = given as Side;
    } else if (column.kind === 'note') note = { value: cell, at };
    else if (column.kind === 'hp') hp = { value: wholeNumber(cell, at), at };
    else if (column.kind === 'strain') strain = { value: wholeNumber(cell, at), at };
    else if (column.kind === 'block') block[column.field] = cell;
    else if (column.kind === 'ability') abilities[column.key] = wholeNumber(cell, at);
    else if (column.kind === 'stat') {
      stats.push({ key: column.key, value: wholeNumber(cell, at), at });
      if (column.key === 'dex') abilities.dex = Number(cell);
    }
  });
  // Hit points of 0 are none to track: the GM gives a maximum in the roster.
  if (hp?.value === 0) {
    log.notice(hp.at, `${name.value.trim() || `Line ${line}`} has 0 hit points: imported without a maximum; give it one in the roster.`);
    hp = undefined;
  }
  const statBlock = statBlockOf(block, abilities);
  return {
    name,
    side,
    stats,
    ...(hp ? { hp } : {}),
    ...(strain ? { strain } : {}),
    ...(note ? { note } : {}),
    ...(Object.keys(statBlock).length > 0 ? { statBlock: { value: statBlock, at: { line } } } : {}),
  };
}

function readOne(text: string, target: ImportTarget, log: ImportLog): Creature[] {
  const [header, ...rows] = recordsOf(text);
  if (!header) throw new ImportRefusal({ line: 1, message: 'The file is empty: it needs a header row (name, side, hp, …) and a row per creature.' });
  const titles = header.cells;
  const columns = columnsOf(titles, header.line, target, log);
  if (!columns.some((c) => c.kind === 'name')) throw new ImportRefusal({ line: header.line, message: 'The header row has no "name" column.' });
  if (rows.length === 0) throw new ImportRefusal({ line: header.line, message: 'There is a header row but no creature under it.' });
  const over = rows[MAX_CREATURE_FILE_ENTRIES];
  if (over) throw new ImportRefusal({ line: over.line, message: `At most ${MAX_CREATURE_FILE_ENTRIES} creatures can be imported at once.` });
  const creatures: Creature[] = [];
  for (const { cells, line } of rows) {
    const creature = log.entry(`Line ${line}`, () => toCreature(target, rowDraft(cells, columns, titles, line, target, log), log));
    if (creature) creatures.push(creature);
  }
  return creatures;
}

export function readCsv(files: readonly CreatureFile[], target: ImportTarget, log: ImportLog): ImportReading {
  const creatures: Creature[] = [];
  const named = files.length > 1;
  for (const file of files) {
    log.file = named ? file.name : undefined;
    try {
      creatures.push(...readOne(file.text, target, log));
    } catch (error) {
      if (error instanceof ImportRefusal && named) throw new ImportRefusal({ ...error.problem, file: file.name });
      throw error;
    }
    if (creatures.length > MAX_CREATURE_FILE_ENTRIES) throw new ImportRefusal({ message: `The files hold more than ${MAX_CREATURE_FILE_ENTRIES} creatures; at most ${MAX_CREATURE_FILE_ENTRIES} can be read at once.` });
  }
  log.file = undefined;
  return { creatures, skipped: log.skipped, notices: log.notices, encounters: [] };
}
