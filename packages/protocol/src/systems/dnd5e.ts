// Schemas of dnd5e's own commands (packages/rules/src/systems/dnd5e/commands.ts), joined into
// `commandSchema` by ../commands.ts. One `z.strictObject` per command, its `type` a literal.
import { z } from 'zod';
import { idSchema as id } from '../id.js';
import { MAX_TIE_UNITS } from '../limits.js';

// Not imported from ../commands.ts, which imports this file: its schemas would not exist yet here.
const unitRef = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('combatant'), id }),
  z.strictObject({ kind: z.literal('group'), id }),
]);

/** A death save's bonus or penalty (the rules' MAX_DEATH_SAVE_MODIFIER). */
export const MAX_DND5E_DEATH_SAVE_MODIFIER = 10;
const D20 = 20;

/** [DND-23] Named sources of advantage or disadvantage (the rules' MAX_SOURCES, MAX_SOURCE_LENGTH). */
const sources = z.array(z.string().trim().min(1).max(60)).max(10);

export const dnd5eCommandSchemas = [
  z.strictObject({
    type: z.literal('dnd5e-roll-initiative'),
    unit: unitRef,
    advantage: sources.optional(),
    disadvantage: sources.optional(),
    faces: z.array(z.number().int().min(1).max(D20)).min(1).max(2).optional(),
  }),
  z.strictObject({ type: z.literal('dnd5e-set-surprised'), combatantId: id, surprised: z.boolean() }),
  // [DND-24] The rules' MAX_STEALTH_TOTAL, MAX_STEALTH_MODIFIER, MIN/MAX_PASSIVE, MAX_SURPRISE_ENTRIES.
  z.strictObject({
    type: z.literal('dnd5e-resolve-surprise'),
    stealth: z
      .array(
        z.strictObject({
          combatantId: id,
          total: z.number().int().min(-60).max(60).optional(),
          modifier: z.number().int().min(-30).max(30).optional(),
        }),
      )
      .max(100),
    perception: z.array(z.strictObject({ combatantId: id, passive: z.number().int().min(1).max(40) })).max(100).optional(),
  }),
  z.strictObject({ type: z.literal('dnd5e-roll-off'), units: z.array(unitRef).min(2).max(MAX_TIE_UNITS) }),
  z.strictObject({
    type: z.literal('dnd5e-death-save'),
    combatantId: id,
    face: z.number().int().min(1).max(D20).optional(),
    modifier: z.number().int().min(-MAX_DND5E_DEATH_SAVE_MODIFIER).max(MAX_DND5E_DEATH_SAVE_MODIFIER).optional(),
  }),
  // [DND-25] The rules check the counts (0–2 successes, 0–3 failures) with a sentence.
  z.strictObject({
    type: z.literal('dnd5e-set-death-saves'),
    combatantId: id,
    successes: z.number().int().min(0).max(3),
    failures: z.number().int().min(0).max(3),
    stable: z.boolean(),
  }),
  // [DND-27] An option's cost: the SRD's options cost 1, 2 ("Costs 2 Actions") or 3; the rules check what is left.
  z.strictObject({ type: z.literal('dnd5e-legendary-action'), combatantId: id, cost: z.number().int().min(1).max(3).optional() }),
  z.strictObject({ type: z.literal('dnd5e-lair-action'), combatantId: id }),
] as const;
