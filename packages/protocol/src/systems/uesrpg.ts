// Schemas of uesrpg's own commands (packages/rules/src/systems/uesrpg/commands.ts), joined into
// `commandSchema` by ../commands.ts. One `z.strictObject` per command, its `type` a literal.
import { z } from 'zod';
import { text } from '../text.js';
import { idSchema as id } from '../id.js';
import { MAX_GROUP_SIZE, MAX_NAME_LENGTH, MAX_TIE_UNITS } from '../limits.js';

/** The dearest action (an extended action may cost more than a round's AP); the rules check the same bound. */
export const MAX_UESRPG_ACTION_COST = 30;
/** Who may be surprised at once: a few groups' worth of combatants. */
export const MAX_UESRPG_SURPRISED = 4 * MAX_GROUP_SIZE;

const unitRef = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('combatant'), id }),
  z.strictObject({ kind: z.literal('group'), id }),
]);

export const uesrpgCommandSchemas = [
  z.strictObject({ type: z.literal('uesrpg-order-members'), groupId: id, order: z.array(id).min(1).max(MAX_GROUP_SIZE) }),
  z.strictObject({ type: z.literal('uesrpg-set-surprise'), surprised: z.array(id).max(MAX_UESRPG_SURPRISED) }),
  z.strictObject({
    type: z.literal('uesrpg-declare-action'),
    combatantId: id,
    kind: z.enum(['primary', 'secondary', 'reaction', 'free']),
    cost: z.number().int().min(0).max(MAX_UESRPG_ACTION_COST),
    label: text().trim().min(1).max(MAX_NAME_LENGTH),
    special: z.boolean().optional(),
    threatId: id.optional(),
  }),
  z.strictObject({ type: z.literal('uesrpg-resolve-action'), actionId: id }),
  z.strictObject({ type: z.literal('uesrpg-continue-extended'), combatantId: id }),
  z.strictObject({ type: z.literal('uesrpg-abandon-extended'), combatantId: id }),
  z.strictObject({ type: z.literal('uesrpg-roll-off-luck'), units: z.array(unitRef).min(2).max(MAX_TIE_UNITS) }),
] as const;
