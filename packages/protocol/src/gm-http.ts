import { z } from 'zod';
import { text } from './text.js';
import { idSchema } from './id.js';
import { SYSTEM_IDS } from '@roundkeeper/rules/catalogue';
import { PHASES } from '@roundkeeper/rules/core';
import { MAX_LISTED_ENCOUNTERS, MAX_TOKEN_LENGTH } from './limits.js';

// HTTP bodies of the GM's routes. GMs have no accounts: a route about one encounter is authorised by
// that encounter's GM token in `Authorization: Bearer <gmToken>`; listing takes the tokens the console holds.

/** Path parameters of every /api/encounters/:encounterId/… route. */
export const encounterParamsSchema = z.strictObject({ encounterId: idSchema });

export const seatParamsSchema = z.strictObject({
  encounterId: idSchema,
  seatId: idSchema,
});

export const seatRequestParamsSchema = z.strictObject({
  encounterId: idSchema,
  combatantId: idSchema,
});

export const listEncountersRequestSchema = z.strictObject({
  gmTokens: z.array(text().min(1).max(MAX_TOKEN_LENGTH)).max(MAX_LISTED_ENCOUNTERS),
});
export type ListEncountersRequest = z.infer<typeof listEncountersRequestSchema>;

export const encounterSummarySchema = z.object({
  encounterId: text(),
  name: text(),
  system: z.enum(SYSTEM_IDS),
  createdAt: text().meta({ description: 'ISO 8601' }),
  phase: z.enum(PHASES),
  round: z.number().int(),
  version: z.number().int(),
  joinCode: text(),
  joinLocked: z.boolean(),
  seats: z.number().int(),
});
export type EncounterSummary = z.infer<typeof encounterSummarySchema>;

/** Only encounters whose GM token was sent are listed; unknown tokens are left out silently. */
export const listEncountersResponseSchema = z.object({ encounters: z.array(encounterSummarySchema) });
export type ListEncountersResponse = z.infer<typeof listEncountersResponseSchema>;

export const joinLockRequestSchema = z.strictObject({ locked: z.boolean() });
export type JoinLockRequest = z.infer<typeof joinLockRequestSchema>;

/** Answer of the join-lock and join-code routes: how players join now. */
export const joinSettingsResponseSchema = z.object({ joinCode: text(), joinLocked: z.boolean() });
export type JoinSettingsResponse = z.infer<typeof joinSettingsResponseSchema>;

export const seatSummarySchema = z.object({
  seatId: text(),
  combatantIds: z.array(text()),
  createdAt: text().meta({ description: 'ISO 8601' }),
});
export type SeatSummary = z.infer<typeof seatSummarySchema>;

export const listSeatsResponseSchema = z.object({ seats: z.array(seatSummarySchema) });
export type ListSeatsResponse = z.infer<typeof listSeatsResponseSchema>;

/**
 * Answer of the spectator-token route: the overlay's new secret. Like at creation it is shown once (the
 * server keeps only its hash), so a console on another laptop can make a working overlay link.
 */
export const spectatorTokenResponseSchema = z.object({ spectatorToken: text() });
export type SpectatorTokenResponse = z.infer<typeof spectatorTokenResponseSchema>;

/**
 * Where phones can reach this server, for the join panel's text and QR code: the configured public URL
 * (PUBLIC_URL, a deployment behind a proxy), and the origins of the server's own network interfaces
 * (a laptop on a LAN), with the port the console used. Empty `lanOrigins` when the server listens only on
 * loopback (HOST=127.0.0.1) or the machine has no network address. With the join code and lock, so a console
 * opened on another laptop through the GM link can show them too.
 */
export const joinAddressesResponseSchema = joinSettingsResponseSchema.extend({
  publicUrl: text().nullable(),
  lanOrigins: z.array(text()),
});
export type JoinAddressesResponse = z.infer<typeof joinAddressesResponseSchema>;
