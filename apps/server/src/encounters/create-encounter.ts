import type { CreateEncounterRequest, CreateEncounterResponse } from '@roundkeeper/protocol';
import { createEncounter } from '@roundkeeper/rules';
import { newId, newJoinCode, newSeed, newToken, sha256Hex } from '../auth/secrets.js';
import type { EventStore } from '../store/event-store.js';

/** 31^6 ≈ 887 million codes: a collision is rare, several in a row means something else is wrong. */
const MAX_JOIN_CODE_ATTEMPTS = 5;

/** Creates an encounter with fresh secrets. Tokens are returned once and stored only as hashes. */
export async function createEncounterWithSecrets(store: EventStore, request: CreateEncounterRequest): Promise<CreateEncounterResponse> {
  const encounterId = newId();
  const gmToken = newToken();
  const spectatorToken = newToken();
  const { seed, seedCommitment } = newSeed();
  const created = createEncounter({ id: encounterId, name: request.name, system: request.system, seed, seedCommitment });
  for (let attempt = 0; attempt < MAX_JOIN_CODE_ATTEMPTS; attempt++) {
    const joinCode = newJoinCode();
    const record = {
      id: encounterId,
      name: request.name,
      system: request.system,
      gmTokenHash: sha256Hex(gmToken),
      spectatorTokenHash: sha256Hex(spectatorToken),
      joinCode,
    };
    if (await store.createEncounter(record, created)) return { encounterId, gmToken, joinCode, spectatorToken };
  }
  throw new Error(`no free join code after ${MAX_JOIN_CODE_ATTEMPTS} attempts`);
}
