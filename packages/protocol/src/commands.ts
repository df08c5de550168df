import { z } from 'zod';
import { statBlockSchema } from './stat-block.js';
import { text } from './text.js';
import { idSchema as id } from './id.js';
import { CONDITION_ENDS, HEALTH_TRACKS, MAX_CONDITION_ROUNDS, MAX_HEALTH, MAX_RESOURCE, SIDES, TIME_UNITS } from '@roundkeeper/rules/core';
import type { Command } from '@roundkeeper/rules';
import { dc20CommandSchemas } from './systems/dc20.js';
import { dnd5eCommandSchemas } from './systems/dnd5e.js';
import { genesysCommandSchemas } from './systems/genesys.js';
import { lfgCommandSchemas } from './systems/lfg.js';
import { uesrpgCommandSchemas } from './systems/uesrpg.js';
import {
  MAX_COMMAND_ID_LENGTH,
  MAX_GROUP_SIZE,
  MAX_HEALTH_TARGETS,
  MAX_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_STAT_ABS,
  MAX_STATS,
  MAX_TIE_UNITS,
  STAT_KEY_PATTERN,
} from './limits.js';

const name = text().trim().min(1).max(MAX_NAME_LENGTH);

export const unitRefSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('combatant'), id }),
  z.strictObject({ kind: z.literal('group'), id }),
]);

const stats = z
  .record(text().regex(STAT_KEY_PATTERN), z.number().int().min(-MAX_STAT_ABS).max(MAX_STAT_ABS))
  .refine((s) => Object.keys(s).length <= MAX_STATS, { message: `at most ${MAX_STATS} stats` });

/** A maximum, threshold or amount of health (the rules' MAX_HEALTH). */
const healthAmount = z.number().int().min(1).max(MAX_HEALTH);

export const newCombatantSchema = z.strictObject({
  name,
  side: z.enum(SIDES),
  stats,
  hidden: z.boolean().optional(),
  note: text().max(MAX_NOTE_LENGTH).optional(),
  count: z.number().int().min(1).max(MAX_GROUP_SIZE).optional(),
  /** Hit point maximum or wound threshold, and strain threshold (systems with strain). */
  health: z
    .strictObject({
      max: healthAmount,
      strain: healthAmount.optional(),
      /** [ENG-47] Where it stands, carried from its last fight; the rules check it against the system's form and floor. */
      now: z
        .strictObject({
          hp: z.number().int().min(-MAX_HEALTH).max(MAX_HEALTH).optional(),
          temp: z.number().int().min(0).max(MAX_HEALTH).optional(),
          wounds: z.number().int().min(0).max(MAX_HEALTH).optional(),
          strain: z.number().int().min(0).max(MAX_HEALTH).optional(),
        })
        .optional(),
    })
    .optional(),
  /** AC, actions and the rest of its creature file: carried with it, seen by the GM alone. */
  statBlock: statBlockSchema.optional(),
});

/** A maximum a creature kept in the library starts with (full health: what it carries in is a fight's, not the library's). */
export const newHealthSchema = z.strictObject({ max: healthAmount, strain: healthAmount.optional() });

const track = z.enum(HEALTH_TRACKS);
/** Each combatant once is the rules' to check (with a sentence); the schema bounds the list. */
const healthTargets = <T extends z.ZodType>(target: T) => z.array(target).min(1).max(MAX_HEALTH_TARGETS);

const rollMode = z.enum(['normal', 'advantage', 'disadvantage']);

/** A condition's duration in seconds or minutes: up to a day; the rules turn it into rounds (ENG-35). */
export const MAX_DURATION_AMOUNT = 86_400;

/** At most this many dice in one entered roll (a big genesys pool is about a dozen). */
export const MAX_ENTERED_DICE = 32;
/** The generator's largest die; the rules check each face against its own die. */
export const MAX_DIE_SIDES = 65_536;

const options = z
  .record(text().regex(STAT_KEY_PATTERN), z.union([text().max(MAX_NAME_LENGTH), z.number(), z.boolean()]))
  .refine((o) => Object.keys(o).length <= MAX_STATS, { message: `at most ${MAX_STATS} options` });
const resource = text().regex(STAT_KEY_PATTERN);
const amount = z.number().int().min(0).max(MAX_RESOURCE);

/** Every command a client may send. `satisfies` keeps it in step with the rules' `Command` type. */
export const commandSchema = z.discriminatedUnion('type', [
  ...dnd5eCommandSchemas,
  ...dc20CommandSchemas,
  ...genesysCommandSchemas,
  ...lfgCommandSchemas,
  ...uesrpgCommandSchemas,
  z.strictObject({ type: z.literal('add-combatant'), combatant: newCombatantSchema }),
  z.strictObject({ type: z.literal('remove-combatant'), combatantId: id }),
  z.strictObject({ type: z.literal('set-hidden'), combatantId: id, hidden: z.boolean() }),
  z.strictObject({ type: z.literal('set-note'), combatantId: id, note: text().max(MAX_NOTE_LENGTH) }),
  z.strictObject({ type: z.literal('set-defeated'), combatantId: id, defeated: z.boolean() }),
  z.strictObject({ type: z.literal('set-options'), options }),
  z.strictObject({ type: z.literal('begin-initiative') }),
  z.strictObject({ type: z.literal('roll-initiative'), unit: unitRefSchema, mode: rollMode.optional() }),
  z.strictObject({
    type: z.literal('enter-initiative'),
    unit: unitRefSchema,
    faces: z.array(z.number().int().min(1).max(MAX_DIE_SIDES)).min(1).max(MAX_ENTERED_DICE),
    mode: rollMode.optional(),
  }),
  z.strictObject({ type: z.literal('roll-npc-initiative') }),
  z.strictObject({ type: z.literal('resolve-tie'), order: z.array(unitRefSchema).min(2).max(MAX_TIE_UNITS) }),
  z.strictObject({ type: z.literal('start-combat') }),
  z.strictObject({ type: z.literal('claim-turn'), combatantIds: z.array(id).min(1).max(MAX_GROUP_SIZE) }),
  z.strictObject({
    type: z.literal('end-turn'),
    /** Ends only this turn (its view's slotId, round and turn.startedAt): a repeat once it is over changes nothing. */
    turn: z.strictObject({ slotId: id, round: z.number().int().min(1), startedAt: z.number().int().min(0) }).optional(),
  }),
  z.strictObject({ type: z.literal('delay-turn'), targetSlotId: id.optional() }),
  z.strictObject({
    type: z.literal('add-condition'),
    combatantId: id,
    /** The same condition on these too (ENG-16), as many targets in all as a health command takes. */
    alsoOn: z.array(id).min(1).max(MAX_HEALTH_TARGETS - 1).optional(),
    name,
    rounds: z.number().int().min(1).max(MAX_CONDITION_ROUNDS).optional(),
    duration: z
      .strictObject({ amount: z.number().int().min(1).max(MAX_DURATION_AMOUNT), unit: z.enum(TIME_UNITS) })
      .optional(),
    endsAt: z.enum(CONDITION_ENDS).optional(),
  }),
  z.strictObject({ type: z.literal('remove-condition'), combatantId: id, conditionId: id }),
  z.strictObject({ type: z.literal('spend-resource'), combatantId: id, resource, amount: amount.min(1) }),
  z.strictObject({
    type: z.literal('set-resource'),
    combatantId: id,
    resource,
    current: amount,
    max: amount,
    refresh: z.enum(['round', 'turn', 'encounter', 'never']).optional(),
  }),
  z.strictObject({
    type: z.literal('apply-damage'),
    targets: healthTargets(z.strictObject({ combatantId: id, amount: healthAmount, critical: z.boolean().optional() })),
    track: track.optional(),
  }),
  z.strictObject({
    type: z.literal('apply-healing'),
    targets: healthTargets(z.strictObject({ combatantId: id, amount: healthAmount })),
    track: track.optional(),
  }),
  z.strictObject({
    type: z.literal('set-max-health'),
    combatantIds: z.array(id).min(1).max(MAX_HEALTH_TARGETS),
    max: healthAmount,
    track: track.optional(),
  }),
  z.strictObject({
    type: z.literal('set-temp-health'),
    targets: healthTargets(z.strictObject({ combatantId: id, amount: z.number().int().min(0).max(MAX_HEALTH) })),
  }),
  z.strictObject({ type: z.literal('undo') }),
  z.strictObject({ type: z.literal('redo') }),
  z.strictObject({ type: z.literal('end-encounter') }),
]) satisfies z.ZodType<Command>;

/** A command as sent: with the id the client chose (retries reuse it) and, optionally, the version it was made against. */
export const commandEnvelopeSchema = z.strictObject({
  commandId: text().min(8).max(MAX_COMMAND_ID_LENGTH).regex(/^[A-Za-z0-9_-]+$/),
  expectedVersion: z.number().int().min(0).optional(),
  command: commandSchema,
});
export type CommandEnvelope = z.infer<typeof commandEnvelopeSchema>;
