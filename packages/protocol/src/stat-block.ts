import { z } from 'zod';
import { ABILITY_KEYS, type StatBlock } from '@roundkeeper/rules/core';

export type { StatBlock, StatBlockEntry } from '@roundkeeper/rules/core';
import { MAX_STAT_BLOCK_BYTES } from './limits.js';
import { text } from './text.js';

/** A stat block's one-line fields ("30 ft., fly 60 ft.") and an entry's name. */
export const MAX_STAT_LINE_LENGTH = 300;
/** One trait's or action's text (a lich's Spellcasting runs to about 1,500 characters). */
export const MAX_STAT_ENTRY_TEXT_LENGTH = 4_000;
/** Entries in one list of a stat block (traits, actions…). */
export const MAX_STAT_ENTRIES = 40;
/** Highest armour class taken (the largest in print is 25). */
export const MAX_ARMOR_CLASS = 99;

const line = text().max(MAX_STAT_LINE_LENGTH);
const entries = z
  .array(z.strictObject({ name: line, text: text().max(MAX_STAT_ENTRY_TEXT_LENGTH) }))
  .max(MAX_STAT_ENTRIES);

/** What a creature file said beyond the rules' numbers; shown to the GM only (see the rules' StatBlock). */
export const statBlockSchema = z.strictObject({
  ac: z.number().int().min(0).max(MAX_ARMOR_CLASS).optional(),
  acNote: line.optional(),
  hpFormula: line.optional(),
  initiativeAdvantage: z.boolean().optional(),
  kind: line.optional(),
  speed: line.optional(),
  abilities: z.partialRecord(z.enum(ABILITY_KEYS), z.number().int().min(0).max(99)).optional(),
  saves: line.optional(),
  skills: line.optional(),
  senses: line.optional(),
  languages: line.optional(),
  cr: line.optional(),
  traits: entries.optional(),
  actions: entries.optional(),
  bonusActions: entries.optional(),
  reactions: entries.optional(),
  legendaryActionCount: z.number().int().min(0).max(10).optional(),
  legendaryActions: entries.optional(),
  lairActions: entries.optional(),
  source: line.optional(),
})
  // Whole, it must leave an add-combatant room within a socket message (MAX_MESSAGE_BYTES).
  .refine((block) => statBlockBytes(block) <= MAX_STAT_BLOCK_BYTES, {
    message: `A stat block may take at most ${MAX_STAT_BLOCK_BYTES / 1024} KiB.`,
  }) satisfies z.ZodType<StatBlock>;

/** The stat block's size as sent (JSON, UTF-8). */
export const statBlockBytes = (block: StatBlock): number => utf8Length(JSON.stringify(block));

/** UTF-8 bytes of a string (the protocol runs where TextEncoder may not be typed). */
function utf8Length(s: string): number {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const unit = s.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    // A surrogate pair is one 4-byte character; an unpaired one is refused by text() anyway.
    else if (unit >= 0xd800 && unit < 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
