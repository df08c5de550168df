import { z } from 'zod';
import { creatureSchema } from './creature.js';
import { statBlockSchema } from './stat-block.js';
import { text } from './text.js';

export { SRD_ATTRIBUTION } from './srd-attribution.js';

const slug = text().regex(/^[a-z0-9-]{1,80}$/);

/** One built-in monster of the SRD 5.1 (D&D 5e): a creature ready to add, its stat block, its type, CR and XP. */
export const srdMonsterSchema = z.strictObject({
  id: slug,
  /** The creature type, lower case ("humanoid", "dragon"). */
  type: text().max(40),
  /** Challenge rating as written ("1/4", "17"). */
  cr: text().max(5),
  /** Experience points, from the SRD 5.1's "Experience Points by Challenge Rating". */
  xp: z.number().int().min(0),
  creature: creatureSchema,
  statBlock: statBlockSchema,
});
export type SrdMonster = z.infer<typeof srdMonsterSchema>;

/** What the monster search needs of each monster: the whole list is small enough to filter as one types. */
export const srdMonsterSummarySchema = z.strictObject({
  id: slug,
  name: text().max(80),
  type: text().max(40),
  cr: text().max(5),
  xp: z.number().int().min(0),
  hp: z.number().int().min(1),
  ac: z.number().int().min(0).optional(),
  legendary: z.boolean(),
});
export type SrdMonsterSummary = z.infer<typeof srdMonsterSummarySchema>;

export const srdMonsterListSchema = z.strictObject({
  attribution: text(),
  monsters: z.array(srdMonsterSummarySchema),
});
export type SrdMonsterList = z.infer<typeof srdMonsterListSchema>;

export const srdMonsterParamsSchema = z.strictObject({ monsterId: slug });
