/**
 * What a creature file said about a creature beyond what the rules use: its armour class, how its hit
 * points are rolled, its speed, abilities and the text of its traits and actions. The rules never read
 * it (no rule of ../rules depends on AC or an action's text); the GM's console shows it on a
 * combatant's detail, and it is the GM's alone (a player's or spectator's view never carries it).
 * Every field is optional: a file gives what it has.
 */
export interface StatBlockEntry {
  readonly name: string;
  readonly text: string;
}

export const ABILITY_KEYS = ['str', 'dex', 'con', 'int', 'wis', 'cha'] as const;
export type AbilityKey = (typeof ABILITY_KEYS)[number];

export interface StatBlock {
  /** Armour class, and what it comes from ("natural armor", "chain mail, shield"). */
  readonly ac?: number;
  readonly acNote?: string;
  /** Dice that roll the hit point maximum ("7d8+14"); the GM may roll it per monster. */
  readonly hpFormula?: string;
  /** Advantage on initiative checks (5e: a feature, the Alert feat of 2024, an item). */
  readonly initiativeAdvantage?: boolean;
  /** One line each, as the book writes them: "Medium humanoid (goblinoid), neutral evil", "30 ft., climb 30 ft.". */
  readonly kind?: string;
  readonly speed?: string;
  /** Ability scores (not modifiers). */
  readonly abilities?: Readonly<Partial<Record<AbilityKey, number>>>;
  readonly saves?: string;
  readonly skills?: string;
  readonly senses?: string;
  readonly languages?: string;
  /** Challenge rating as written ("1/4", "17"). */
  readonly cr?: string;
  readonly traits?: readonly StatBlockEntry[];
  readonly actions?: readonly StatBlockEntry[];
  readonly bonusActions?: readonly StatBlockEntry[];
  readonly reactions?: readonly StatBlockEntry[];
  /** Legendary actions a round (5e; usually 3), and the actions themselves. */
  readonly legendaryActionCount?: number;
  readonly legendaryActions?: readonly StatBlockEntry[];
  readonly lairActions?: readonly StatBlockEntry[];
  /** Where it came from ("Monster Manual 2024, p. 44", "SRD 5.1"). */
  readonly source?: string;
}
