import type { FastifyInstance } from 'fastify';
import {
  addBestiaryEntriesRequestSchema,
  bestiaryEntryParamsSchema,
  bestiaryEntrySchema,
  bestiaryQuerySchema,
  listBestiaryResponseSchema,
  MAX_BESTIARY_ENTRIES,
  MAX_CREATURE_ADD_BYTES,
  updateBestiaryEntryRequestSchema,
} from '@roundkeeper/protocol';
import { withoutDuplicates } from '../library/creature-key.js';
import { newId } from '../auth/secrets.js';
import type { BestiaryRecord } from '../library/library-store.js';
import { HttpError } from './http-error.js';
import { checkCreatures, entryOf, HTTP_CREATED, HTTP_NO_CONTENT, LIBRARY_ROUTES, NAMED_REFUSALS, orNotFound } from './library-answers.js';
import { routeGroup } from './route-group.js';

const NO_ENTRY = 'There is no such bestiary entry.';

/** The bestiary: monsters per system, each checked by its system's rules as it is kept. */
export async function bestiaryRoutes(app: FastifyInstance): Promise<void> {
  const route = routeGroup(app, LIBRARY_ROUTES);
  const { library } = app;
  const entryIn = (libraryId: string, entryId: string): Promise<BestiaryRecord> =>
    orNotFound(library.findBestiaryEntries(libraryId, [entryId]).then(([entry]) => entry), NO_ENTRY);

  route({
    method: 'GET',
    url: '/api/library/bestiary',
    schema: {
      summary: "List the bestiary in the order entries were added: one system's (`?system=`) or all.",
      querystring: bestiaryQuerySchema,
      response: { 200: listBestiaryResponseSchema },
      descriptions: { 200: 'The entries.' },
      refusals: ['bad-request'],
    },
    handler: async (request) => ({ entries: (await library.listBestiary(request.libraryId, request.query.system)).map(entryOf) }),
  });

  route({
    method: 'POST',
    url: '/api/library/bestiary',
    // The import dialog sends a whole parsed file at once.
    // The import dialog sends a whole parsed book at once, stat blocks and all.
    bodyLimit: MAX_CREATURE_ADD_BYTES,
    schema: {
      summary: `Add monsters of one system to the bestiary, all or none (what the import dialog calls); an exact duplicate of a kept entry, or of one earlier in the request, is left out. At most ${MAX_BESTIARY_ENTRIES} entries per library.`,
      body: addBestiaryEntriesRequestSchema,
      response: { [HTTP_CREATED]: listBestiaryResponseSchema },
      descriptions: { [HTTP_CREATED]: 'The entries added, in the order sent (exact duplicates left out).' },
      refusals: ['bad-request'],
    },
    handler: async (request, reply) => {
      const { system, creatures } = request.body;
      checkCreatures(system, creatures);
      // An exact duplicate of an entry of this system (or of one earlier in the request) is left out.
      const fresh = withoutDuplicates(creatures, (await library.listBestiary(request.libraryId, system)).map((e) => e.creature));
      const kept = await library.countBestiary(request.libraryId);
      if (kept + fresh.length > MAX_BESTIARY_ENTRIES) {
        const room = MAX_BESTIARY_ENTRIES - kept;
        throw new HttpError(
          'bad-request',
          `A bestiary keeps at most ${MAX_BESTIARY_ENTRIES} monsters; this one has ${kept}, so ${room === 0 ? 'none' : `only ${room}`} of these ${fresh.length} would fit. Remove some first.`,
        );
      }
      const added = fresh.map((creature) => ({ id: newId(), creature }));
      await library.addBestiaryEntries(request.libraryId, system, added);
      const entries = await library.findBestiaryEntries(request.libraryId, added.map((a) => a.id));
      return reply.status(HTTP_CREATED).send({ entries: entries.map(entryOf) });
    },
  });

  route({
    method: 'PUT',
    url: '/api/library/bestiary/:entryId',
    schema: {
      summary: "Replace a bestiary entry's name, side, stats, health or note (its system stays).",
      params: bestiaryEntryParamsSchema,
      body: updateBestiaryEntryRequestSchema,
      response: { 200: bestiaryEntrySchema },
      descriptions: { 200: 'The entry.' },
      refusals: NAMED_REFUSALS,
    },
    handler: async ({ libraryId, params: { entryId }, body: { creature } }) => {
      const entry = await entryIn(libraryId, entryId);
      checkCreatures(entry.system, [creature], 'creature');
      await orNotFound(library.updateBestiaryEntry(libraryId, entryId, creature), NO_ENTRY);
      return entryOf({ ...entry, creature });
    },
  });

  route({
    method: 'DELETE',
    url: '/api/library/bestiary/:entryId',
    schema: {
      summary: 'Remove a bestiary entry.',
      params: bestiaryEntryParamsSchema,
      descriptions: { [HTTP_NO_CONTENT]: 'Removed.' },
      refusals: NAMED_REFUSALS,
    },
    handler: async ({ libraryId, params }, reply) => {
      await orNotFound(library.removeBestiaryEntry(libraryId, params.entryId), NO_ENTRY);
      return reply.status(HTTP_NO_CONTENT).send();
    },
  });
}
