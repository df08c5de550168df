// An Improved Initiative StatBlock (common/StatBlock.ts of that project: Name, Source, Type, HP and AC
// as { Value, Notes }, Speed, Abilities, InitiativeModifier, InitiativeAdvantage or
// InitiativeSpecialRoll, Saves and Skills as { Name, Modifier }, Senses, Languages, Challenge, and
// Traits, Actions, Reactions and LegendaryActions as { Name, Content, Usage }) as our stat block.
// Its damage and condition lists have no place in ours and are not read.
import type { StatBlock, StatBlockEntry } from '@roundkeeper/rules/core';

type Raw = Readonly<Record<string, unknown>>;
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(str).filter((s) => s !== '') : []);
const ABILITIES = [
  ['Str', 'str'],
  ['Dex', 'dex'],
  ['Con', 'con'],
  ['Int', 'int'],
  ['Wis', 'wis'],
  ['Cha', 'cha'],
] as const;

/** "(2d6)" and "(leather armor, shield)": Improved Initiative keeps the book's parentheses. */
const unwrap = (notes: string): string => notes.replace(/^\((.*)\)$/s, '$1').trim();

function modifiers(v: unknown): string | undefined {
  if (!Array.isArray(v)) return undefined;
  const parts = v
    .filter(isRecord)
    .filter((m) => str(m.Name) !== '' && typeof m.Modifier === 'number')
    .map((m) => `${str(m.Name)} ${(m.Modifier as number) >= 0 ? '+' : ''}${String(m.Modifier)}`);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

function entries(v: unknown): StatBlockEntry[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isRecord).map((e) => ({ name: [str(e.Name), str(e.Usage) ? `(${str(e.Usage)})` : ''].filter((p) => p !== '').join(' '), text: str(e.Content) }));
}

export function improvedInitiativeStatBlock(s: Raw): StatBlock {
  const block: Mutable<StatBlock> = {};
  if (isRecord(s.AC) && typeof s.AC.Value === 'number') block.ac = s.AC.Value;
  const acNote = isRecord(s.AC) ? unwrap(str(s.AC.Notes)) : '';
  if (acNote) block.acNote = acNote;
  const hpFormula = isRecord(s.HP) ? unwrap(str(s.HP.Notes)) : '';
  if (/^\d+d\d+/.test(hpFormula)) block.hpFormula = hpFormula;
  if (s.InitiativeAdvantage === true || s.InitiativeSpecialRoll === 'advantage') block.initiativeAdvantage = true;
  if (str(s.Type)) block.kind = str(s.Type);
  const speed = strings(s.Speed).join(', ');
  if (speed) block.speed = speed;
  if (isRecord(s.Abilities)) {
    const abilities: Partial<Record<(typeof ABILITIES)[number][1], number>> = {};
    for (const [theirs, ours] of ABILITIES) if (typeof s.Abilities[theirs] === 'number') abilities[ours] = s.Abilities[theirs];
    if (Object.keys(abilities).length > 0) block.abilities = abilities;
  }
  const saves = modifiers(s.Saves);
  if (saves) block.saves = saves;
  const skills = modifiers(s.Skills);
  if (skills) block.skills = skills;
  const senses = strings(s.Senses).join(', ');
  if (senses) block.senses = senses;
  const languages = strings(s.Languages).join(', ');
  if (languages) block.languages = languages;
  if (str(s.Challenge)) block.cr = str(s.Challenge);
  const lists = { traits: entries(s.Traits), actions: entries(s.Actions), reactions: entries(s.Reactions), legendaryActions: entries(s.LegendaryActions) };
  for (const [key, list] of Object.entries(lists) as [keyof typeof lists, StatBlockEntry[]][]) if (list.length > 0) block[key] = list;
  // Improved Initiative does not count legendary actions; the SRD's legendary creatures have 3.
  if (lists.legendaryActions.length > 0) block.legendaryActionCount = SRD_LEGENDARY_ACTIONS;
  if (str(s.Source)) block.source = str(s.Source);
  return block;
}

const SRD_LEGENDARY_ACTIONS = 3;
