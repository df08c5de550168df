import { rngFromSeed } from './dice/rng.js';
import type { EncounterEvent } from './events.js';
import type { SystemId } from './model.js';
import { parseEncounterOptions } from './options.js';
import type { InitiativeSystem } from './system.js';

export interface CreateEncounterParams {
  readonly id: string;
  readonly name: string;
  readonly system: SystemId;
  /** Validated by the system's `parseOptions` (plus the engine's `physicalDice`), defaults filled in. */
  readonly options?: Readonly<Record<string, unknown>>;
  /** 32 hex characters chosen by the server with a cryptographic generator. */
  readonly seed: string;
  /** sha256(seed) as hex, computed by the server and published at once. */
  readonly seedCommitment: string;
  /** [ENG-37] Key of the encounter's ids, chosen by the server with a cryptographic generator. */
  readonly idSecret?: string;
}

/**
 * The first event of every encounter. Throws for an unimplemented system, a malformed seed or
 * options the system refuses: the server checks IMPLEMENTED_SYSTEMS, makes the seed and checks
 * options from a person with `parseEncounterOptions` first, so any of these here is a bug.
 */
export function createEncounterWith(
  system: InitiativeSystem,
  params: CreateEncounterParams,
): Extract<EncounterEvent, { type: 'encounter-created' }> {
  rngFromSeed(params.seed);
  const options = parseEncounterOptions(system, params.options ?? {});
  if (!options.ok) throw new Error(options.violation.message);
  return {
    type: 'encounter-created',
    id: params.id,
    name: params.name,
    system: params.system,
    options: options.options,
    seed: params.seed,
    seedCommitment: params.seedCommitment,
    ...(params.idSecret ? { idSecret: params.idSecret } : {}),
  };
}
