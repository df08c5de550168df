// A stat block as a file gave it, made to fit the protocol's bounds (statBlockSchema): lines and texts
// shortened, lists cut, numbers out of range dropped, characters the database refuses replaced. A
// stat block is the GM's reference, never a rule's input: shortening it is better than leaving the
// creature out, and the reading says so.
import {
  isWellFormedText,
  MAX_ARMOR_CLASS,
  MAX_STAT_BLOCK_BYTES,
  MAX_STAT_ENTRIES,
  MAX_STAT_ENTRY_TEXT_LENGTH,
  MAX_STAT_LINE_LENGTH,
  statBlockBytes,
} from '@roundkeeper/protocol';
import { ABILITY_KEYS, type AbilityKey, type StatBlock, type StatBlockEntry } from '@roundkeeper/rules/core';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const LIST_KEYS = ['traits', 'actions', 'bonusActions', 'reactions', 'legendaryActions', 'lairActions'] as const;
const LINE_KEYS = ['acNote', 'hpFormula', 'kind', 'speed', 'saves', 'skills', 'senses', 'languages', 'cr', 'source'] as const;
const ELLIPSIS = '…';
const NUL = String.fromCharCode(0);
/** Highest legendary action count taken (statBlockSchema). */
const MAX_LEGENDARY_COUNT = 10;
const MAX_ABILITY = 99;

/** NUL and unpaired surrogates (which PostgreSQL refuses) become U+FFFD; whitespace runs become one space. */
function clean(text: string): string {
  const fixed = isWellFormedText(text) ? text : text.replaceAll(NUL, '\uFFFD').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  return fixed.replace(/[ \t]+/g, ' ').trim();
}

function cut(text: string, max: number): string {
  const cleaned = clean(text);
  return cleaned.length <= max ? cleaned : `${cleaned.slice(0, max - 1).trimEnd()}${ELLIPSIS}`;
}

const wholeIn = (n: number | undefined, min: number, max: number): number | undefined =>
  n !== undefined && Number.isInteger(n) && n >= min && n <= max ? n : undefined;

function fitEntries(entries: readonly StatBlockEntry[], textMax: number): StatBlockEntry[] {
  return entries
    .filter((e) => e.name.trim() !== '' || e.text.trim() !== '')
    .slice(0, MAX_STAT_ENTRIES)
    .map((e) => ({ name: cut(e.name, MAX_STAT_LINE_LENGTH), text: cut(e.text, textMax) }));
}

function fitWith(block: StatBlock, textMax: number): StatBlock {
  const out: Mutable<StatBlock> = {};
  const ac = wholeIn(block.ac, 0, MAX_ARMOR_CLASS);
  if (ac !== undefined) out.ac = ac;
  for (const key of LINE_KEYS) {
    const value = block[key];
    if (value !== undefined && clean(value) !== '') out[key] = cut(value, MAX_STAT_LINE_LENGTH);
  }
  if (block.initiativeAdvantage) out.initiativeAdvantage = true;
  const abilities: Partial<Record<AbilityKey, number>> = {};
  for (const key of ABILITY_KEYS) {
    const score = wholeIn(block.abilities?.[key], 0, MAX_ABILITY);
    if (score !== undefined) abilities[key] = score;
  }
  if (Object.keys(abilities).length > 0) out.abilities = abilities;
  for (const key of LIST_KEYS) {
    const entries = block[key];
    if (entries && entries.length > 0) out[key] = fitEntries(entries, textMax);
  }
  const count = wholeIn(block.legendaryActionCount, 0, MAX_LEGENDARY_COUNT);
  if (count !== undefined) out.legendaryActionCount = count;
  return out;
}

/** The stat block within bounds, and whether anything had to be shortened or cut to get there. */
export function fitStatBlock(block: StatBlock): { readonly block: StatBlock; readonly shortened: boolean } {
  let textMax = MAX_STAT_ENTRY_TEXT_LENGTH;
  let fitted = fitWith(block, textMax);
  // Over the whole-block bound: shorten every long text alike until it fits (a spellcaster's lists go first).
  while (statBlockBytes(fitted) > MAX_STAT_BLOCK_BYTES && textMax > MIN_TEXT) {
    textMax = Math.floor(textMax / 2);
    fitted = fitWith(block, textMax);
  }
  // Still over (hundreds of entries): the longest list loses its last entries.
  while (statBlockBytes(fitted) > MAX_STAT_BLOCK_BYTES) {
    const longest = LIST_KEYS.reduce((a, b) => ((fitted[b]?.length ?? 0) > (fitted[a]?.length ?? 0) ? b : a));
    fitted = { ...fitted, [longest]: fitted[longest]?.slice(0, -1) };
  }
  return { block: fitted, shortened: textMax < MAX_STAT_ENTRY_TEXT_LENGTH || shortenedAnything(block, fitted) };
}

/** Below this an entry's text says too little; a block still too large then loses its last entries. */
const MIN_TEXT = 200;

function shortenedAnything(given: StatBlock, fitted: StatBlock): boolean {
  for (const key of LIST_KEYS) {
    const a = given[key] ?? [];
    const b = fitted[key] ?? [];
    if (b.length < a.filter((e) => e.name.trim() !== '' || e.text.trim() !== '').length) return true;
    if (b.some((e, i) => e.text.endsWith(ELLIPSIS) && !(a[i]?.text.trim().endsWith(ELLIPSIS) ?? false))) return true;
  }
  return LINE_KEYS.some((key) => fitted[key]?.endsWith(ELLIPSIS) && !given[key]?.trim().endsWith(ELLIPSIS));
}

/** Whether the block says anything at all. */
export const isEmptyStatBlock = (block: StatBlock): boolean => Object.keys(block).length === 0;
