import { z } from 'zod';
import { text } from './text.js';
import { idSchema } from './id.js';
import { SYSTEM_IDS } from '@roundkeeper/rules/catalogue';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, normalizeJoinCode } from './join-code.js';
import { MAX_NAME_LENGTH } from './limits.js';

// HTTP request and response bodies for creating and joining. Each server route declares these as its
// schema: they validate its requests, serialise its answers and build its OpenAPI document (GET /api/openapi.json).

export const errorBodySchema = z.object({ code: text(), message: text() }).meta({ id: 'ErrorBody' });

/**
 * The body of a POST that takes nothing (make a library, replace a join code or the spectator token):
 * none at all, or `{}`; any field is refused like an unknown field anywhere else.
 */
export const emptyBodySchema = z.strictObject({}).nullish();

export const createEncounterRequestSchema = z.strictObject({
  name: text().trim().min(1).max(MAX_NAME_LENGTH),
  system: z.enum(SYSTEM_IDS),
});
export type CreateEncounterRequest = z.infer<typeof createEncounterRequestSchema>;

export const createEncounterResponseSchema = z.object({
  encounterId: text(),
  /** Secret: whoever has it runs the encounter. Shown once; the GM console keeps it. */
  gmToken: text().meta({ description: 'Secret; shown once. Whoever holds it runs the encounter.' }),
  joinCode: text(),
  /** Read-only token for the spectator view and the stream overlay. */
  spectatorToken: text().meta({ description: 'Read-only token for the spectator view and the overlay.' }),
});
export type CreateEncounterResponse = z.infer<typeof createEncounterResponseSchema>;

export const joinCodeSchema = z
  .string()
  .max(JOIN_CODE_LENGTH * 3)
  // As people type them: "abc-234" and "ABC 234" are ABC234.
  .overwrite(normalizeJoinCode)
  .length(JOIN_CODE_LENGTH)
  .refine((c) => [...c].every((ch) => JOIN_CODE_ALPHABET.includes(ch)), { message: 'not a join code' });

export const lookupJoinRequestSchema = z.strictObject({ joinCode: joinCodeSchema });

export const seatOptionSchema = z.object({ combatantId: text(), name: text(), taken: z.boolean() });
export type SeatOption = z.infer<typeof seatOptionSchema>;

export const lookupJoinResponseSchema = z.object({
  encounterId: text(),
  name: text(),
  system: text(),
  /** True when the GM has closed joining: seats are listed but cannot be taken. */
  joinLocked: z.boolean().optional(),
  /** The PCs the GM created that a player can sit at. */
  seats: z.array(seatOptionSchema),
});
export type LookupJoinResponse = z.infer<typeof lookupJoinResponseSchema>;

export const takeSeatRequestSchema = z.strictObject({
  joinCode: joinCodeSchema,
  combatantId: idSchema,
});
export type TakeSeatRequest = z.infer<typeof takeSeatRequestSchema>;

export const takeSeatResponseSchema = z.object({
  encounterId: text(),
  /** Secret bound to the seat: survives reloads and moves to another phone. */
  seatToken: text(),
  combatantIds: z.array(text()),
});
export type TakeSeatResponse = z.infer<typeof takeSeatResponseSchema>;

/**
 * A player whose character is taken (they changed phones) asks the GM to free it. No seat, no token:
 * the join code is what they have. The GM console hears it in its presence event.
 */
export const seatRequestSchema = z.strictObject({
  joinCode: joinCodeSchema,
  combatantId: idSchema,
});
export type SeatRequest = z.infer<typeof seatRequestSchema>;
