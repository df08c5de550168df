import type { CreateEncounterRequest, CreateEncounterResponse } from '@roundkeeper/protocol';
import { createEncounter, type EncounterEvent } from '@roundkeeper/rules';
import { newId, newIdSecret, newJoinCode, newSeed, newToken, sha256Hex } from '../auth/secrets.js';
import type { AccessStore } from '../store/access-store.js';
import type { EncounterLog } from '../store/encounter-log.js';

/** 31^6 ≈ 887 million codes: a collision is rare, several in a row means something else is wrong. */
export const MAX_JOIN_CODE_ATTEMPTS = 5;

export interface NewEncounterParams extends CreateEncounterRequest {
  /** System options for the creation event (an import keeps the exported ones). */
  readonly options?: Readonly<Record<string, unknown>>;
  /** Events after the creation event: an imported log, already replayed once by the caller. */
  readonly rest?: readonly EncounterEvent[];
}

/** The creation event of a new encounter with a fresh seed; throws for an unimplemented system. */
export function newCreationEvent(encounterId: string, params: NewEncounterParams): ReturnType<typeof createEncounter> {
  const { seed, seedCommitment } = newSeed();
  return createEncounter({ id: encounterId, name: params.name, system: params.system, options: params.options, seed, seedCommitment, idSecret: newIdSecret() });
}

/** Creates an encounter with fresh secrets. Tokens are returned once and stored only as hashes. */
export async function createEncounterWithSecrets(
  store: EncounterLog,
  params: NewEncounterParams,
  encounterId: string = newId(),
  created: EncounterEvent = newCreationEvent(encounterId, params),
): Promise<CreateEncounterResponse> {
  const gmToken = newToken();
  const spectatorToken = newToken();
  for (let attempt = 0; attempt < MAX_JOIN_CODE_ATTEMPTS; attempt++) {
    const joinCode = newJoinCode();
    const record = {
      id: encounterId,
      name: params.name,
      system: params.system,
      gmTokenHash: sha256Hex(gmToken),
      spectatorTokenHash: sha256Hex(spectatorToken),
      joinCode,
    };
    if (await store.createEncounter(record, created, params.rest)) return { encounterId, gmToken, joinCode, spectatorToken };
  }
  throw new Error(`no free join code after ${MAX_JOIN_CODE_ATTEMPTS} attempts`);
}

/** Gives the encounter a new join code; the old one stops working at once. */
/**
 * Gives the encounter a new spectator token (the overlay link) and returns it; the old one stops
 * opening anything at once, as every handshake reads the stored hash.
 */
export async function rotateSpectatorToken(store: AccessStore, encounterId: string): Promise<string> {
  const spectatorToken = newToken();
  await store.setSpectatorTokenHash(encounterId, sha256Hex(spectatorToken));
  return spectatorToken;
}

export async function rotateJoinCode(store: AccessStore, encounterId: string): Promise<string> {
  for (let attempt = 0; attempt < MAX_JOIN_CODE_ATTEMPTS; attempt++) {
    const joinCode = newJoinCode();
    if (await store.setJoinCode(encounterId, joinCode)) return joinCode;
  }
  throw new Error(`no free join code after ${MAX_JOIN_CODE_ATTEMPTS} attempts`);
}
