import { rngFromSeed } from './dice/rng.js';
import type { EncounterEvent } from './events.js';
import type { SystemId } from './model.js';
import { getSystem } from './systems/registry.js';

export interface CreateEncounterParams {
  readonly id: string;
  readonly name: string;
  readonly system: SystemId;
  readonly options?: Readonly<Record<string, unknown>>;
  /** 32 hex characters chosen by the server with a cryptographic generator. */
  readonly seed: string;
  /** sha256(seed) as hex, computed by the server and published at once. */
  readonly seedCommitment: string;
}

/**
 * The first event of every encounter. Throws for an unimplemented system or a malformed seed:
 * the server checks IMPLEMENTED_SYSTEMS and makes the seed, so either is a bug, not a rule violation.
 */
export function createEncounter(params: CreateEncounterParams): Extract<EncounterEvent, { type: 'encounter-created' }> {
  const system = getSystem(params.system);
  if (!system) throw new Error(`The system '${params.system}' is not implemented.`);
  rngFromSeed(params.seed);
  return {
    type: 'encounter-created',
    id: params.id,
    name: params.name,
    system: params.system,
    options: { ...system.defaultOptions, ...params.options },
    seed: params.seed,
    seedCommitment: params.seedCommitment,
  };
}
