// The core's events as a file may hold them (an imported encounter's log): every field bounded as the
// commands that make them are, so an edited export cannot carry what no live command could. The rules
// then replay each event with their own checks (health arithmetic, stats of the system); a system's
// own events are checked there only (by its evolve and the state that follows).
import { z } from 'zod';
import {
  CONDITION_ENDS,
  HEALTH_TRACKS,
  MAX_CONDITION_ROUNDS,
  MAX_HEALTH,
  MAX_RESOURCE,
  RESOURCE_REFRESHES,
  SIDES,
} from '@roundkeeper/rules/core';
import { text } from './text.js';
import { statBlockSchema } from './stat-block.js';
import { MAX_GROUP_SIZE, MAX_ID_LENGTH, MAX_NAME_LENGTH, MAX_NOTE_LENGTH, MAX_STAT_ABS, MAX_STATS, STAT_KEY_PATTERN } from './limits.js';
import { MAX_DIE_SIDES } from './commands.js';

const id = text().min(1).max(MAX_ID_LENGTH);
/** A group's members are named "Goblin 1" … "Goblin 50": the name given plus a space and a number. */
const memberName = text().trim().min(1).max(MAX_NAME_LENGTH + ` ${MAX_GROUP_SIZE}`.length);
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** A moment in the server's milliseconds since 1970. */
const at = count;
const side = z.enum(SIDES);
const unitRef = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('combatant'), id }),
  z.strictObject({ kind: z.literal('group'), id }),
]);
const rng = z.tuple([count, count, count, count]).nullable();
/** A total or modifier of a roll: whole numbers far beyond any game's, but not beyond reason. */
const rollNumber = z.number().int().min(-MAX_HEALTH).max(MAX_HEALTH);

const health = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('hit-points'),
    current: z.number().int().min(-MAX_HEALTH).max(MAX_HEALTH),
    max: z.number().int().min(1).max(MAX_HEALTH),
    temp: z.number().int().min(0).max(MAX_HEALTH),
  }),
  z.strictObject({
    kind: z.literal('wounds'),
    wounds: z.number().int().min(0).max(MAX_HEALTH),
    threshold: z.number().int().min(1).max(MAX_HEALTH),
    strain: z.number().int().min(0).max(MAX_HEALTH),
    strainThreshold: z.number().int().min(1).max(MAX_HEALTH).nullable(),
  }),
]);

const initiativeRoll = z.strictObject({
  dice: z.array(z.strictObject({ sides: z.number().int().min(1).max(MAX_DIE_SIDES), face: z.number().int().min(0).max(MAX_DIE_SIDES), kind: id.optional() })).max(MAX_STATS * 4),
  kept: rollNumber,
  modifier: rollNumber,
  total: rollNumber,
  mode: z.enum(['normal', 'advantage', 'disadvantage']),
  source: z.enum(['server', 'physical']),
  outcome: z.enum(['critical-success', 'success', 'failure', 'critical-failure']).optional(),
  detail: z.record(id, rollNumber).optional(),
});

const condition = z.strictObject({
  id,
  name: memberName,
  expiry: z
    .strictObject({ at: z.enum(CONDITION_ENDS), round: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), anchor: z.array(id).max(MAX_GROUP_SIZE) })
    .nullable(),
});

const resource = z.strictObject({
  current: z.number().int().min(0).max(MAX_RESOURCE),
  max: z.number().int().min(0).max(MAX_RESOURCE),
  refresh: z.enum(RESOURCE_REFRESHES).optional(),
});

const stats = z
  .record(text().regex(STAT_KEY_PATTERN), z.number().int().min(-MAX_STAT_ABS).max(MAX_STAT_ABS))
  .refine((s) => Object.keys(s).length <= MAX_STATS, { message: `at most ${MAX_STATS} stats` });

const combatant = z.strictObject({
  id,
  name: memberName,
  side,
  groupId: id.nullable(),
  hidden: z.boolean(),
  defeated: z.boolean(),
  stats,
  note: text().max(MAX_NOTE_LENGTH),
  initiative: initiativeRoll.nullable(),
  tieBreak: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
  resources: z.record(text().regex(STAT_KEY_PATTERN), resource).refine((r) => Object.keys(r).length <= MAX_STATS, { message: `at most ${MAX_STATS} resources` }),
  conditions: z.array(condition).max(MAX_CONDITION_ROUNDS),
  health: health.nullable(),
  /** [ENG-45] What a creature file said beyond the rules' numbers, as add-combatant takes it. */
  statBlock: statBlockSchema.optional(),
});

const group = z.strictObject({
  id,
  name: text().trim().min(1).max(MAX_NAME_LENGTH),
  side,
  initiative: initiativeRoll.nullable(),
  tieBreak: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
  health: health.nullable(),
});

const slot = z.strictObject({
  id,
  side,
  filler: z.discriminatedUnion('kind', [z.strictObject({ kind: z.literal('unit'), unit: unitRef }), z.strictObject({ kind: z.literal('open'), side })]),
});

const pending = z.discriminatedUnion('kind', [
  z.strictObject({ id, kind: z.literal('fill-slot'), blocking: z.literal(true), slotId: id, side }),
  z.strictObject({ id, kind: z.literal('newcomer-tie'), blocking: z.literal(false), slotId: id, unit: unitRef, tiedWith: z.array(unitRef).max(MAX_GROUP_SIZE * 2) }),
]);

const healthChange = z.strictObject({
  target: unitRef,
  combatantId: id,
  amount: z.number().int().min(0).max(MAX_HEALTH),
  critical: z.literal(true).optional(),
  before: health.nullable(),
  after: health,
});
const healthTargets = z.array(healthChange).min(1).max(MAX_GROUP_SIZE * 2);
const track = z.enum(HEALTH_TRACKS);
const options = z.record(text().regex(STAT_KEY_PATTERN), z.union([text().max(MAX_NAME_LENGTH), z.number(), z.boolean()]));
const actorIds = z.array(id).max(MAX_GROUP_SIZE * 2);
const round = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Every core event, strict: a field no live command writes is refused too. */
const coreEventSchemas = [
  z.strictObject({
    type: z.literal('encounter-created'),
    id,
    name: text().trim().min(1).max(MAX_NAME_LENGTH),
    system: id,
    options,
    seed: text().max(MAX_ID_LENGTH).nullable(),
    seedCommitment: text().max(MAX_ID_LENGTH * 2),
    idSecret: text().max(MAX_ID_LENGTH * 2).nullable().optional(),
  }),
  z.strictObject({ type: z.literal('command-applied'), command: id, by: z.enum(['gm', 'player', 'timer']), player: actorIds.optional() }),
  z.strictObject({ type: z.literal('undone'), at: at.optional() }),
  z.strictObject({ type: z.literal('redone'), at: at.optional() }),
  z.strictObject({ type: z.literal('options-set'), options }),
  z.strictObject({ type: z.literal('group-added'), group }),
  z.strictObject({ type: z.literal('combatant-added'), combatant }),
  z.strictObject({ type: z.literal('combatant-removed'), combatantId: id }),
  z.strictObject({ type: z.literal('hidden-set'), combatantId: id, hidden: z.boolean() }),
  z.strictObject({ type: z.literal('note-set'), combatantId: id, note: text().max(MAX_NOTE_LENGTH) }),
  z.strictObject({ type: z.literal('defeated-set'), combatantId: id, defeated: z.boolean() }),
  z.strictObject({ type: z.literal('initiative-begun') }),
  z.strictObject({ type: z.literal('initiative-rolled'), unit: unitRef, roll: initiativeRoll, rng }),
  z.strictObject({ type: z.literal('tie-resolved'), order: z.array(unitRef).max(MAX_GROUP_SIZE * 2) }),
  z.strictObject({ type: z.literal('combat-started'), slots: z.array(slot).max(MAX_GROUP_SIZE * 4) }),
  z.strictObject({ type: z.literal('slot-inserted'), slot, index: round }),
  z.strictObject({ type: z.literal('slot-moved'), slotId: id, index: round }),
  z.strictObject({ type: z.literal('round-started'), round }),
  z.strictObject({ type: z.literal('turn-started'), slotId: id, actorIds, at: at.optional() }),
  z.strictObject({ type: z.literal('turn-claimed'), slotId: id, actorIds, at: at.optional() }),
  z.strictObject({ type: z.literal('turn-ended'), slotId: id, timedOut: z.literal(true).optional(), actorIds: actorIds.optional() }),
  z.strictObject({ type: z.literal('round-ended'), round }),
  z.strictObject({ type: z.literal('decision-opened'), decision: pending }),
  z.strictObject({ type: z.literal('decision-closed'), decisionId: id }),
  z.strictObject({ type: z.literal('condition-added'), combatantId: id, condition }),
  z.strictObject({ type: z.literal('condition-removed'), combatantId: id, conditionId: id }),
  z.strictObject({ type: z.literal('condition-expired'), combatantId: id, conditionId: id }),
  z.strictObject({
    type: z.literal('resource-changed'),
    combatantId: id,
    resource: text().regex(STAT_KEY_PATTERN),
    current: resource.shape.current,
    max: resource.shape.max,
    refresh: resource.shape.refresh,
  }),
  z.strictObject({ type: z.literal('damage-applied'), track, targets: healthTargets }),
  z.strictObject({ type: z.literal('healing-applied'), track, targets: healthTargets }),
  z.strictObject({ type: z.literal('max-health-set'), track, targets: healthTargets }),
  z.strictObject({ type: z.literal('temp-health-set'), targets: healthTargets }),
  z.strictObject({ type: z.literal('encounter-ended'), seed: text().max(MAX_ID_LENGTH).nullable() }),
] as const;

const CORE_TYPES: ReadonlySet<string> = new Set(coreEventSchemas.map((s) => s.shape.type.value));

/** The schema of one core event; a system's own events pass by shape here and are checked by the rules. */
export const coreEventSchema = z.discriminatedUnion('type', coreEventSchemas);

/** Whether the protocol has a strict schema for this event type (the core's events). */
export const isCoreEventType = (type: string): boolean => CORE_TYPES.has(type);

/**
 * What every value in a system's own event is bounded by until each system's events have schemas of
 * their own: whole numbers no larger than JavaScript counts exactly, text no longer than a note.
 * Returns the path of the first value outside them, and what is wrong with it.
 */
export function systemEventValueProblem(event: unknown): { readonly path: (string | number)[]; readonly problem: string } | undefined {
  const stack: { readonly value: unknown; readonly path: (string | number)[] }[] = [{ value: event, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as (typeof stack)[number];
    if (typeof value === 'number' && !Number.isSafeInteger(value)) return { path, problem: 'must be a whole number of a sensible size' };
    if (typeof value === 'string' && value.length > MAX_NOTE_LENGTH) return { path, problem: `must be at most ${MAX_NOTE_LENGTH} characters long` };
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of Array.isArray(value) ? value.entries() : Object.entries(value)) stack.push({ value: v, path: [...path, k] });
    }
  }
  return undefined;
}
