import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import type { EncounterRegistry } from '../encounters/registry.js';
import type { AudienceTable } from './audience-table.js';
import type { EncounterAdvanced, GatewayServer } from './socket-server.js';

const encounterAdvancedSchema = z.object({ encounterId: z.string().min(1), version: z.number().int().positive() });
const encountersAdvancedSchema = z.array(encounterAdvancedSchema);

/**
 * Hears other nodes' "I committed encounter E up to version V" (SocketBroadcaster.announce sends
 * ours): the room here goes stale, and when this node has clients of E they are brought up to date.
 */
export function listenToClusterNotices(
  io: GatewayServer,
  table: AudienceTable,
  encounters: EncounterRegistry,
  log: FastifyBaseLogger,
  onLinkRestored: (listener: () => void) => void,
): void {
  // Notices sent while Redis was away are lost: once it is back, every encounter with clients here reads
  // what it missed from the log and tells them, rather than wait for the next commit somewhere.
  onLinkRestored(() => {
    const encounterIds = table.encounterIds();
    log.info({ encounters: encounterIds.length }, 'link to the other nodes restored; catching up');
    for (const encounterId of encounterIds) {
      encounters
        .open(encounterId)
        .then((room) => room?.view({ role: 'gm' }))
        .catch((error: unknown) => log.warn({ err: error, encounterId }, 'catching up after the link came back failed'));
    }
  });
  const advanced = ({ encounterId, version }: EncounterAdvanced): void => {
    encounters.advanced(encounterId, version, table.has(encounterId)).catch((error: unknown) => {
      // The database away is expected in a restart (the next notice or a client's sync catches up); anything else is not.
      if (isDatabaseUnavailable(error)) log.warn({ err: error, encounterId }, 'catching up with another node failed: database unavailable');
      else log.error({ err: error, encounterId }, 'catching up with another node failed');
    });
  };
  // Batched, as this version sends them (SocketBroadcaster.announce).
  io.on('encounters-advanced', (notices: unknown) => {
    const parsed = encountersAdvancedSchema.safeParse(notices);
    if (!parsed.success) return log.warn({ notices }, 'malformed encounters-advanced notices');
    parsed.data.forEach(advanced);
  });
  // One at a time, as a node of the previous version sends them during a rolling upgrade.
  io.on('encounter-advanced', (notice: unknown) => {
    const parsed = encounterAdvancedSchema.safeParse(notice);
    if (!parsed.success) return log.warn({ notice }, 'malformed encounter-advanced notice');
    advanced(parsed.data);
  });
}
