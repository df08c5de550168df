import type { FastifyInstance } from 'fastify';
import { DEFAULT_LOG_PAGE, encounterParamsSchema, logPageSchema, logQuerySchema, type LogEntry, type LogEvent } from '@roundkeeper/protocol';
import type { CommandAppliedBy, EncounterEvent } from '@roundkeeper/rules';
import type { EncounterLog, LoggedEvent, LogRange } from '../store/encounter-log.js';
import { withoutDiceSecrets } from '../encounters/dice-secrets.js';
import { GM_ROUTES } from './gm-auth.js';
import { HttpError } from './http-error.js';
import { routeGroup } from './route-group.js';

/** Who issued a command, from its 'command-applied' marker: the GM, or a player and their seat's combatants. */
interface Author {
  readonly by: CommandAppliedBy;
  readonly player: readonly string[] | null;
}

const authorOf = (event: EncounterEvent): Author | undefined =>
  event.type === 'command-applied' ? { by: event.by, player: event.player ?? null } : undefined;

/**
 * Who issued each command of `rows`: its 'command-applied' marker says (undo, redo and imported events
 * have none). A command's events are contiguous and start with its marker, so only the command the page
 * begins inside of may have its marker before the page; that one is looked up backwards from `first`.
 */
async function authorsOf(
  store: EncounterLog,
  encounterId: string,
  rows: readonly LoggedEvent[],
  first: LoggedEvent | undefined,
): Promise<Map<string, Author>> {
  const authors = new Map<string, Author>();
  for (const row of rows) {
    const by = authorOf(row.event);
    if (row.commandId !== null && by) authors.set(row.commandId, by);
  }
  const commandId = first?.commandId;
  if (!first || !commandId || authors.has(commandId)) return authors;
  // The row just before the page, when it was read (paging backwards): if it belongs to another
  // command, this one starts on the page without a marker.
  const previous = rows.find((r) => r.seq === first.seq - 1);
  if (previous && previous.commandId !== commandId) return authors;
  let cursor = first.seq;
  for (;;) {
    const earlier = await store.readLog(encounterId, { direction: 'before', seq: cursor, limit: DEFAULT_LOG_PAGE });
    for (const row of earlier.toReversed()) {
      // Another command just before it: this one has no marker (an undo or a redo).
      if (row.commandId !== commandId) return authors;
      const by = authorOf(row.event);
      if (by) return authors.set(commandId, by);
    }
    const oldest = earlier[0];
    if (!oldest || earlier.length < DEFAULT_LOG_PAGE) return authors;
    cursor = oldest.seq;
  }
}

/** GET /api/encounters/:encounterId/log: the GM pages through every stored event. */
export async function logRoutes(app: FastifyInstance): Promise<void> {
  // The token first (gm-auth, before validation): a caller without it learns nothing, not even that
  // their query was malformed.
  routeGroup(app, GM_ROUTES)({
    method: 'GET',
    url: '/api/encounters/:encounterId/log',
    schema: {
      summary:
        'Page through the encounter log: every stored event with its command, who issued it and when, dice faces included. ' +
        'Seeds and generator states are null until the encounter has ended.',
      params: encounterParamsSchema,
      querystring: logQuerySchema,
      response: { 200: logPageSchema },
      descriptions: { 200: 'One page of the log, oldest first.' },
    },
    handler: async (request) => {
      const { query } = request;
      const { encounterId } = request.params;
      const room = await app.encounters.open(encounterId);
      if (!room) throw new HttpError('not-found', 'There is no such encounter.');
      // Read before the events: if the encounter ends in between, this page still hides the seed, which
      // is the safe way round (an ended encounter never starts again, so "ended" cannot be stale).
      const ended = await room.read((snapshot) => snapshot.state.phase === 'ended');

      const limit = query.limit ?? DEFAULT_LOG_PAGE;
      // One row beyond the page says whether there is more.
      const range: LogRange =
        query.before !== undefined
          ? { direction: 'before', seq: query.before, limit: limit + 1 }
          : { direction: 'after', seq: query.after ?? 0, limit: limit + 1 };
      const rows = await app.store.readLog(encounterId, range);
      const more = rows.length > limit;
      const page = more ? (range.direction === 'before' ? rows.slice(1) : rows.slice(0, limit)) : rows;
      const authors = await authorsOf(app.store, encounterId, rows, page[0]);

      const entries: LogEntry[] = page.map((row) => {
        const author = row.commandId === null ? undefined : authors.get(row.commandId);
        return {
          seq: row.seq,
          commandId: row.commandId,
          by: author?.by ?? null,
          player: author?.player ? [...author.player] : null,
          at: row.createdAt.toISOString(),
          event: (ended ? row.event : withoutDiceSecrets(row.event)) as LogEvent,
        };
      });
      return { ended, entries, more };
    },
  });
}
