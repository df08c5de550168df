// Schemas of lfg's own commands (packages/rules/src/systems/lfg/commands.ts), joined into
// `commandSchema` by ../commands.ts. One `z.strictObject` per command, its `type` a literal.
import { z } from 'zod';
import { text } from '../text.js';
import { idSchema as id } from '../id.js';
import { MAX_GROUP_SIZE, MAX_TIE_UNITS } from '../limits.js';

const ids = z.array(id).min(1).max(MAX_GROUP_SIZE);
const unitRef = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('combatant'), id }),
  z.strictObject({ kind: z.literal('group'), id }),
]);
/** The GM's modifier to a check's score (the rules refuse beyond ±20 with a sentence). */
const MAX_LFG_MODIFIER = 20;
/** A readied action's trigger, as the player describes it. */
const MAX_TRIGGER_LENGTH = 200;
/** Faces entered for one lfg check command: a d20 per roller (a party, a kind of monster) or two per check with a mode. */
const MAX_LFG_FACES = MAX_GROUP_SIZE;
/** A contest may be rolled against a score up to this. */
const MAX_OPPOSED_SCORE = 30;

const modifier = z.number().int().min(-MAX_LFG_MODIFIER).max(MAX_LFG_MODIFIER);
const faces = z.array(z.number().int().min(1).max(20)).min(1).max(MAX_LFG_FACES);
const rollMode = z.enum(['normal', 'advantage', 'disadvantage']);

export const lfgCommandSchemas = [
  z.strictObject({ type: z.literal('lfg-spend'), combatantId: id, spend: z.enum(['action', 'move', 'charge']) }),
  z.strictObject({ type: z.literal('lfg-set-seating'), order: ids }),
  z.strictObject({ type: z.literal('lfg-set-roller'), combatantId: id }),
  z.strictObject({ type: z.literal('lfg-declare-surprise'), side: z.enum(['party', 'enemies']).nullable() }),
  z.strictObject({ type: z.literal('lfg-order-monsters'), order: z.array(unitRef).max(MAX_TIE_UNITS) }),
  z.strictObject({ type: z.literal('lfg-resume-turn'), combatantId: id }),
  z.strictObject({ type: z.literal('lfg-ready-action'), trigger: text().trim().min(1).max(MAX_TRIGGER_LENGTH) }),
  z.strictObject({
    type: z.literal('lfg-trigger-ready'),
    combatantId: id,
    simultaneous: z.boolean(),
    opposedScore: z.number().int().min(0).max(MAX_OPPOSED_SCORE).optional(),
    mode: rollMode.optional(),
    faces: faces.optional(),
  }),
  z.strictObject({
    type: z.literal('lfg-call-morale'),
    combatantIds: ids,
    scope: z.enum(['kind', 'group', 'individual']).optional(),
    timing: z.enum(['end-of-round', 'immediate']).optional(),
    trigger: z.enum(['leader-down', 'half-down', 'sorcery', 'gm']).optional(),
    modifier: modifier.optional(),
    suggestionId: id.optional(),
    faces: faces.optional(),
  }),
  z.strictObject({ type: z.literal('lfg-dismiss-morale'), suggestionId: id }),
  z.strictObject({ type: z.literal('lfg-break-morale'), combatantIds: ids, suggestionId: id.optional() }),
  z.strictObject({
    type: z.literal('lfg-rally'),
    rallierId: id,
    combatantIds: ids,
    modifier: modifier.optional(),
    faces: faces.optional(),
  }),
  z.strictObject({ type: z.literal('lfg-intercept'), combatantId: id, faces: faces.optional() }),
  z.strictObject({ type: z.literal('lfg-finish-them'), modifier: modifier.optional(), faces: faces.optional() }),
  z.strictObject({ type: z.literal('lfg-propose-retreat') }),
  z.strictObject({
    type: z.literal('lfg-answer-retreat'),
    allow: z.boolean(),
    modifier: modifier.optional(),
    faces: faces.optional(),
  }),
  z.strictObject({ type: z.literal('lfg-permit-flight'), allow: z.boolean() }),
] as const;
