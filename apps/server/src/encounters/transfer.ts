import {
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  type CreateEncounterResponse,
  type EncounterExport,
  type ExportedEvent,
} from '@roundkeeper/protocol';
import { getSystem, IMPLEMENTED_SYSTEMS, parseEncounterOptions, project, replay, rngFromSeed, type EncounterEvent } from '@roundkeeper/rules';
import { checkImportedLog } from './import-check.js';
import { newId } from '../auth/secrets.js';
import type { EncounterLog } from '../store/encounter-log.js';
import { createEncounterWithSecrets, newCreationEvent } from './create-encounter.js';
import { replaceFields, withoutDiceSecrets } from './dice-secrets.js';

/** The generator state recorded after each roll, replaced on import. */
const RNG_FIELD: ReadonlySet<string> = new Set(['rng']);

/**
 * The encounter as a file: its whole log and the GM's view of its final state. Before the end it holds
 * neither the seed nor the generator state, so even the GM cannot foresee a roll from it.
 */
export async function exportEncounter(store: EncounterLog, encounterId: string): Promise<EncounterExport | undefined> {
  const loaded = await store.load(encounterId);
  if (!loaded) return undefined;
  const state = replay(loaded.events.map((e) => e.event));
  const ended = state.phase === 'ended';
  const events: ExportedEvent[] = loaded.events.map((e) => ({
    seq: e.seq,
    commandId: e.commandId,
    event: (ended ? e.event : withoutDiceSecrets(e.event)) as ExportedEvent['event'],
  }));
  return {
    format: EXPORT_FORMAT,
    formatVersion: EXPORT_FORMAT_VERSION,
    encounter: {
      id: loaded.record.id,
      name: loaded.record.name,
      system: state.system,
      createdAt: loaded.record.createdAt.toISOString(),
    },
    version: loaded.events.at(-1)?.seq ?? 0,
    ended,
    events,
    // The GM projection never holds the seed before the end (project() guarantees it).
    view: { ...project(state, { role: 'gm' }) },
  };
}

export type ImportResult = { readonly ok: true; readonly created: CreateEncounterResponse } | { readonly ok: false; readonly message: string };

/**
 * Imports an exported log as a new encounter: new id, tokens, join code and seed. The rolls in the log
 * keep their faces; the generator state after each is replaced by the new seed's, so every roll made
 * after the import comes from (and can be checked against) the new encounter's own seed. Every event is
 * checked as strictly as a live command's (import-check.ts), or nothing is written.
 */
export async function importEncounter(store: EncounterLog, file: EncounterExport): Promise<ImportResult> {
  const [first, ...rest] = file.events;
  if (!first || first.event.type !== 'encounter-created') return { ok: false, message: 'Event 1 cannot be imported: a log starts with the encounter\'s creation (encounter-created).' };
  const gap = file.events.findIndex((e, i) => e.seq !== i + 1);
  if (gap >= 0) return { ok: false, message: `Event ${gap + 1} cannot be imported: it is numbered ${file.events[gap]?.seq}, and the events must be numbered 1, 2, 3… without gaps.` };
  const again = rest.findIndex((e) => e.event.type === 'encounter-created');
  if (again >= 0) return { ok: false, message: `Event ${again + 2} (encounter-created) cannot be imported: an encounter is created once, by its first event.` };
  if (!IMPLEMENTED_SYSTEMS.includes(file.encounter.system)) {
    return { ok: false, message: `The ${file.encounter.system} rules are not available on this server.` };
  }
  const options = first.event.options;
  const params: { name: string; system: typeof file.encounter.system; options: Record<string, unknown> | undefined; rest: EncounterEvent[] } = {
    name: file.encounter.name,
    system: file.encounter.system,
    options: options !== null && typeof options === 'object' && !Array.isArray(options) ? (options as Record<string, unknown>) : undefined,
    // The envelope was checked by the route's schema; the events are checked one by one below (import-check.ts).
    rest: rest.map((e) => e.event as unknown as EncounterEvent),
  };
  const system = getSystem(params.system);
  const parsedOptions = system && parseEncounterOptions(system, params.options ?? {});
  if (parsedOptions && !parsedOptions.ok) {
    return { ok: false, message: `Event 1 (encounter-created) cannot be imported: its options are not ones the ${params.system} rules allow (${parsedOptions.violation.message}).` };
  }
  const encounterId = newId();
  const created = newCreationEvent(encounterId, params);
  const generator = rngFromSeed(created.seed);
  params.rest = params.rest.map((e) => replaceFields(e, RNG_FIELD, generator) as EncounterEvent);
  const checked = checkImportedLog(params.system, file.events, [created, ...params.rest]);
  if (!checked.ok) return checked;
  try {
    for (const role of ['gm', 'spectator'] as const) project(checked.state, { role });
  } catch {
    // The checks above pass only what the rules could make; a projection that still fails is named, not stored.
    return { ok: false, message: `The log does not replay under the ${params.system} rules: its final state cannot be shown.` };
  }
  return { ok: true, created: await createEncounterWithSecrets(store, params, encounterId, created) };
}
