// 5e.tools text as plain words: its tags (`{@atk mw}`, `{@hit 4}`, `{@damage 1d6 + 2}`, `{@spell fire
// bolt|phb}`…) written out as the book prints them, and its entries (strings, lists, named items,
// spellcasting blocks) as one text. Written from the format's documentation and how its pages show
// each tag; a tag we do not know shows its display text, never the braces.

const ABILITY_NAMES: Readonly<Record<string, string>> = {
  str: 'Strength',
  dex: 'Dexterity',
  con: 'Constitution',
  int: 'Intelligence',
  wis: 'Wisdom',
  cha: 'Charisma',
};

const ORDINALS = ['', 'First', 'Second', 'Third', 'Fourth', 'Fifth'];

/** `mw` → "Melee Weapon", `mw,rw` → "Melee or Ranged Weapon", `m` (2024 `@atkr`) → "Melee". */
function attackWords(code: string, roll: boolean): string {
  const groups = code.toLowerCase().split(',').map((g) => g.trim()).filter((g) => g !== '');
  const kind = (g: string) => (g.includes('m') ? 'Melee' : g.includes('r') ? 'Ranged' : g.includes('g') ? 'Magical' : g.includes('a') ? 'Area' : '');
  const method = (g: string) => (g.includes('w') ? ' Weapon' : g.includes('s') ? ' Spell' : g.includes('p') ? ' Power' : '');
  // "mw,rw" reads "Melee or Ranged Weapon Attack": the method once, after the last kind.
  const methods = new Set(groups.map(method));
  const words = methods.size === 1 ? `${groups.map(kind).filter((k) => k !== '').join(' or ')}${[...methods][0] ?? ''}` : groups.map((g) => `${kind(g)}${method(g)}`).join(' or ');
  return `${words.trim()} Attack${roll ? ' Roll' : ''}:`;
}

/** One tag's words: `tag` without its `@`, `body` the text after the tag name. */
function tagWords(tag: string, body: string): string {
  const parts = body.split('|');
  const first = parts[0]?.trim() ?? '';
  switch (tag) {
    case 'atk':
      return attackWords(first, false);
    case 'atkr':
      return attackWords(first, true);
    case 'h':
      return 'Hit: ';
    case 'm':
      return 'Miss: ';
    case 'hom':
      return 'Hit or Miss: ';
    case 'hit':
      return /^[+-]/.test(first) ? first : `+${first}`;
    case 'dc':
      return `DC ${parts[1]?.trim() || first}`;
    case 'recharge':
      return first === '' ? '(Recharge 6)' : `(Recharge ${first}${first === '6' ? '' : '–6'})`;
    case 'chance':
      return parts[1]?.trim() || `${first} percent`;
    case 'actSave':
      return `${ABILITY_NAMES[first.toLowerCase()] ?? first} Saving Throw:`;
    case 'actSaveFail':
      return first && ORDINALS[Number(first)] ? `${ORDINALS[Number(first)]} Failure:` : 'Failure:';
    case 'actSaveFailBy':
      return `Failure by ${first} or More:`;
    case 'actSaveSuccess':
      return 'Success:';
    case 'actSaveSuccessOrFail':
      return 'Failure or Success:';
    case 'actTrigger':
      return 'Trigger:';
    case 'actResponse':
      return 'Response:';
    case 'hitYourSpellAttack':
      return parts[0]?.trim() || 'your spell attack modifier';
    case 'dcYourSpellSave':
      return parts[0]?.trim() || 'your spell save DC';
    // Dice, links to spells, items, conditions, rules: the display text when given, else the name.
    default:
      return (parts.length > 2 && parts[2]?.trim()) || first;
  }
}

const INNERMOST_TAG = /\{@(\w+)(?: ([^{}]*))?\}/g;

/** A string with every tag written out (innermost first: tags nest). */
export function plainText(text: string): string {
  let out = text;
  for (let guard = 0; guard < MAX_TAG_DEPTH && out.includes('{@'); guard++) {
    out = out.replace(INNERMOST_TAG, (_, tag: string, body: string | undefined) => tagWords(tag, body ?? ''));
  }
  return out.replace(/ {2,}/g, ' ').replace(/ +([.,;:])/g, '$1');
}

/** Tags inside tags inside tags: real files go two deep. */
const MAX_TAG_DEPTH = 8;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An entry (a string, a list, a named item, a table) as text; paragraphs on their own lines. */
export function entryText(entry: unknown): string {
  if (typeof entry === 'string') return plainText(entry);
  if (typeof entry === 'number') return String(entry);
  if (Array.isArray(entry)) return entry.map(entryText).filter((t) => t !== '').join('\n');
  if (!isRecord(entry)) return '';
  if (entry.type === 'table' && Array.isArray(entry.rows)) {
    const rows = entry.rows.map((row) => (Array.isArray(row) ? row.map(entryText).join(' | ') : entryText(row)));
    return [Array.isArray(entry.colLabels) ? entry.colLabels.map(entryText).join(' | ') : '', ...rows].filter((r) => r !== '').join('\n');
  }
  const body = entryText(entry.items ?? entry.entries ?? entry.entry ?? '');
  const name = typeof entry.name === 'string' ? plainText(entry.name) : '';
  if (!name) return body;
  return body === '' ? name : `${name}${/[.!?:]$/.test(name) ? '' : '.'} ${body}`;
}

/** A named trait or action: `{ name, entries }`. */
export function namedEntry(entry: unknown): { name: string; text: string } | undefined {
  if (typeof entry === 'string') return { name: '', text: plainText(entry) };
  if (!isRecord(entry)) return undefined;
  const name = typeof entry.name === 'string' ? plainText(entry.name) : '';
  const text = entryText(entry.entries ?? entry.entry ?? entry.items ?? '');
  return name === '' && text === '' ? undefined : { name, text };
}

const LEVEL_WORDS = ['Cantrips (at will)', '1st level', '2nd level', '3rd level', '4th level', '5th level', '6th level', '7th level', '8th level', '9th level'];

const spellList = (spells: unknown): string => (Array.isArray(spells) ? spells.map(entryText).join(', ') : '');

/** "1e" → "1/day each", "2" → "2/day" (5e.tools' keys for daily, rest and the like). */
const perWord = (key: string, per: string): string => `${key.replace(/e$/, '')}/${per}${key.endsWith('e') ? ' each' : ''}`;

/** A 5e.tools spellcasting block (`{ name, headerEntries, will, daily, spells, footerEntries }`) as one entry. */
export function spellcastingEntry(block: Record<string, unknown>): { name: string; text: string } {
  const hidden = new Set(Array.isArray(block.hidden) ? block.hidden.filter((h): h is string => typeof h === 'string') : []);
  const lines: string[] = [];
  const header = entryText(block.headerEntries ?? '');
  if (header) lines.push(header);
  if (!hidden.has('constant') && Array.isArray(block.constant)) lines.push(`Constant: ${spellList(block.constant)}`);
  if (!hidden.has('will') && Array.isArray(block.will)) lines.push(`At will: ${spellList(block.will)}`);
  for (const [per, word] of [['daily', 'day'], ['rest', 'rest'], ['restLong', 'long rest'], ['weekly', 'week'], ['monthly', 'month'], ['yearly', 'year'], ['recharge', 'recharge'], ['charges', 'charge']] as const) {
    const lists = block[per];
    if (hidden.has(per) || !isRecord(lists)) continue;
    for (const key of Object.keys(lists).sort().reverse()) lines.push(`${perWord(key, word)}: ${spellList(lists[key])}`);
  }
  if (!hidden.has('spells') && isRecord(block.spells)) {
    for (const [level, value] of Object.entries(block.spells)) {
      if (!isRecord(value)) continue;
      const label = LEVEL_WORDS[Number(level)] ?? `Level ${level}`;
      const slots = typeof value.slots === 'number' ? ` (${value.slots} slot${value.slots === 1 ? '' : 's'})` : '';
      lines.push(`${label}${slots}: ${spellList(value.spells)}`);
    }
  }
  const footer = entryText(block.footerEntries ?? '');
  if (footer) lines.push(footer);
  return { name: typeof block.name === 'string' ? plainText(block.name) : 'Spellcasting', text: lines.join('\n') };
}
