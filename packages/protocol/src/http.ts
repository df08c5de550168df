import { z } from 'zod';
import { SYSTEM_IDS } from '@roundkeeper/rules';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, MAX_ID_LENGTH, MAX_NAME_LENGTH } from './limits.js';

// HTTP request and response bodies. The server registers these as route schemas.

export const createEncounterRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(MAX_NAME_LENGTH),
  system: z.enum(SYSTEM_IDS),
});
export type CreateEncounterRequest = z.infer<typeof createEncounterRequestSchema>;

export interface CreateEncounterResponse {
  readonly encounterId: string;
  /** Secret: whoever has it runs the encounter. Shown once; the GM console keeps it. */
  readonly gmToken: string;
  readonly joinCode: string;
  /** Read-only token for the spectator view and the stream overlay. */
  readonly spectatorToken: string;
}

export const joinCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .length(JOIN_CODE_LENGTH)
  .refine((c) => [...c].every((ch) => JOIN_CODE_ALPHABET.includes(ch)), { message: 'not a join code' });

export const lookupJoinRequestSchema = z.strictObject({ joinCode: joinCodeSchema });

export interface SeatOption {
  readonly combatantId: string;
  readonly name: string;
  readonly taken: boolean;
}

export interface LookupJoinResponse {
  readonly encounterId: string;
  readonly name: string;
  readonly system: string;
  /** The PCs the GM created that a player can sit at. */
  readonly seats: readonly SeatOption[];
}

export const takeSeatRequestSchema = z.strictObject({
  joinCode: joinCodeSchema,
  combatantId: z.string().min(1).max(MAX_ID_LENGTH),
});
export type TakeSeatRequest = z.infer<typeof takeSeatRequestSchema>;

export interface TakeSeatResponse {
  readonly encounterId: string;
  /** Secret bound to the seat: survives reloads and moves to another phone. */
  readonly seatToken: string;
  readonly combatantIds: readonly string[];
}
