// A stat block as the console shows it, in the book's order: the one-line facts (Armor Class 15
// (leather armor), Speed 30 ft.), the six abilities with their modifiers, then each list of entries
// (Traits, Actions… Legendary Actions with how many a round). Only what the file gave is shown.
import { ABILITY_KEYS, type AbilityKey, type StatBlock, type StatBlockEntry } from '@roundkeeper/rules/core';

export interface StatLine {
  readonly label: string;
  readonly value: string;
}
export interface StatAbility {
  readonly key: AbilityKey;
  readonly label: string;
  readonly score: number;
  /** "+2", "−1" (a real minus sign). */
  readonly modifier: string;
}
export interface StatSection {
  readonly title: string;
  /** A line before the entries ("3 a round"). */
  readonly intro?: string;
  readonly entries: readonly StatBlockEntry[];
}

const ABILITY_LABELS: Readonly<Record<AbilityKey, string>> = { str: 'STR', dex: 'DEX', con: 'CON', int: 'INT', wis: 'WIS', cha: 'CHA' };

/** The 5e modifier of an ability score: (score − 10) / 2, rounded down. */
export function abilityModifier(score: number): string {
  const mod = Math.floor((score - 10) / 2);
  return mod < 0 ? `−${-mod}` : `+${mod}`;
}

export function statLines(block: StatBlock): StatLine[] {
  const lines: [string, string | undefined][] = [
    ['Creature', block.kind],
    ['Armor Class', block.ac === undefined ? undefined : block.acNote ? `${block.ac} (${block.acNote})` : String(block.ac)],
    ['Hit Points', block.hpFormula],
    ['Speed', block.speed],
    ['Initiative', block.initiativeAdvantage ? 'with advantage' : undefined],
    ['Saving Throws', block.saves],
    ['Skills', block.skills],
    ['Senses', block.senses],
    ['Languages', block.languages],
    ['Challenge', block.cr],
  ];
  return lines.flatMap(([label, value]) => (value ? [{ label, value }] : []));
}

export const statAbilities = (block: StatBlock): StatAbility[] =>
  ABILITY_KEYS.flatMap((key) => {
    const score = block.abilities?.[key];
    return score === undefined ? [] : [{ key, label: ABILITY_LABELS[key], score, modifier: abilityModifier(score) }];
  });

export function statSections(block: StatBlock): StatSection[] {
  const count = block.legendaryActionCount;
  const sections: StatSection[] = [
    { title: 'Traits', entries: block.traits ?? [] },
    { title: 'Actions', entries: block.actions ?? [] },
    { title: 'Bonus Actions', entries: block.bonusActions ?? [] },
    { title: 'Reactions', entries: block.reactions ?? [] },
    { title: 'Legendary Actions', entries: block.legendaryActions ?? [], ...(count ? { intro: `${count} a round, one at the end of another creature's turn.` } : {}) },
    { title: 'Lair Actions', entries: block.lairActions ?? [] },
  ];
  return sections.filter((s) => s.entries.length > 0);
}

/** Whether the block says anything at all (an empty one shows nothing, not an empty frame). */
export const hasStatBlock = (block: StatBlock | undefined): block is StatBlock =>
  block !== undefined && (statLines(block).length > 0 || statAbilities(block).length > 0 || statSections(block).length > 0 || !!block.source);
