// Schemas of dc20's own commands (packages/rules/src/systems/dc20/commands.ts), joined into
// `commandSchema` by ../commands.ts. One `z.strictObject` per command, its `type` a literal.
import { z } from 'zod';
import { idSchema as id } from '../id.js';
import { MAX_GROUP_SIZE } from '../limits.js';

/** ADV n / DisADV n beyond this is a typo (the rules' MAX_ADV_STACK). */
export const MAX_DC20_ADV = 10;
/** The largest custom Encounter DC (the rules' MAX_CUSTOM_DC). */
export const MAX_DC20_DC = 99;
/** Levels of the Encounter DC table. */
export const DC20_MAX_LEVEL = 20;
/** Enemy teams the GM may form (the rules' MAX_ENEMY_TEAMS). */
export const MAX_DC20_ENEMY_TEAMS = 8;
/** Legendary AP and how many at a time (the rules' MAX_LAP and MAX_LAP_PER_TURN). */
export const MAX_DC20_LAP = 10;
export const MAX_DC20_LAP_PER_TURN = 4;
/** One d20 per ADV or DisADV, plus one. */
const MAX_DC20_DICE = MAX_DC20_ADV + 1;
const D20 = 20;
const D6 = 6;

const ids = z.array(id).max(MAX_GROUP_SIZE);
const stack = z.number().int().min(0).max(MAX_DC20_ADV);
const enemyTeam = z
  .templateLiteral(['enemy-', z.number().int()])
  .refine((t) => {
    const n = Number(t.slice('enemy-'.length));
    return n >= 1 && n <= MAX_DC20_ENEMY_TEAMS;
  }, `enemy-1 to enemy-${MAX_DC20_ENEMY_TEAMS}`);
const team = z.union([z.literal('pc'), z.literal('npc'), enemyTeam]);

const encounterDc = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('table'),
    level: z.number().int().min(1).max(DC20_MAX_LEVEL),
    difficulty: z.enum(['easy', 'normal', 'hard']),
  }),
  z.strictObject({ kind: z.literal('custom'), dc: z.number().int().min(1).max(MAX_DC20_DC) }),
]);

const delayTarget = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('pc-turn'), slotId: id }),
  z.strictObject({ kind: z.literal('after-enemy'), enemyId: id }),
]);

export const dc20CommandSchemas = [
  z.strictObject({ type: z.literal('dc20-set-encounter-dc'), dc: encounterDc }),
  z.strictObject({ type: z.literal('dc20-set-team'), combatantId: id, team }),
  z.strictObject({ type: z.literal('dc20-roll-initiative'), combatantId: id, adv: stack.optional(), disadv: stack.optional() }),
  z.strictObject({
    type: z.literal('dc20-enter-initiative'),
    combatantId: id,
    faces: z.array(z.number().int().min(1).max(D20)).min(1).max(MAX_DC20_DICE),
    adv: stack.optional(),
    disadv: stack.optional(),
  }),
  z.strictObject({ type: z.literal('dc20-order-enemy-teams'), order: z.array(enemyTeam).min(1).max(MAX_DC20_ENEMY_TEAMS) }),
  z.strictObject({ type: z.literal('dc20-fate-check') }),
  z.strictObject({ type: z.literal('dc20-set-surprised'), combatantIds: ids.min(1), surprised: z.boolean() }),
  z.strictObject({ type: z.literal('dc20-pass-turn'), combatantIds: ids.min(1) }),
  z.strictObject({ type: z.literal('dc20-close-claims') }),
  z.strictObject({ type: z.literal('dc20-resolve-claim'), combatantIds: ids.min(1) }),
  z.strictObject({ type: z.literal('dc20-assign'), slotId: id, combatantIds: ids }),
  z.strictObject({ type: z.literal('dc20-merge-enemy-turns'), team: enemyTeam }),
  z.strictObject({ type: z.literal('dc20-keep-enemy-turns') }),
  z.strictObject({ type: z.literal('dc20-delay'), combatantId: id, to: delayTarget }),
  z.strictObject({
    type: z.literal('dc20-set-lap'),
    combatantId: id,
    max: z.number().int().min(0).max(MAX_DC20_LAP),
    perTurn: z.number().int().min(1).max(MAX_DC20_LAP_PER_TURN),
  }),
  z.strictObject({ type: z.literal('dc20-spend-lap'), combatantId: id, amount: z.number().int().min(1).max(MAX_DC20_LAP) }),
  z.strictObject({ type: z.literal('dc20-pass-lap'), combatantId: id }),
  z.strictObject({ type: z.literal('dc20-use-inspiration'), combatantId: id, face: z.number().int().min(1).max(D6).optional() }),
  z.strictObject({
    type: z.literal('dc20-use-benefit'),
    combatantId: id,
    kind: z.enum(['first-round-adv', 'first-attack-against-has-adv']),
  }),
] as const;
