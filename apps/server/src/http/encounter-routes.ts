import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createEncounterRequestSchema,
  createEncounterResponseSchema,
  encounterExportSchema,
  encounterParamsSchema,
  listEncountersRequestSchema,
  listEncountersResponseSchema,
  MAX_IMPORT_BYTES,
  type EncounterSummary,
} from '@roundkeeper/protocol';
import { IMPLEMENTED_SYSTEMS } from '@roundkeeper/rules';
import { sha256Hex } from '../auth/secrets.js';
import { createEncounterWithSecrets } from '../encounters/create-encounter.js';
import { exportEncounter, importEncounter } from '../encounters/transfer.js';
import { GM_ROUTES } from './gm-auth.js';
import { clientLimit, waitPhrase, type RateLimit } from './client-limits.js';
import { HttpError } from './http-error.js';
import { routeGroup } from './route-group.js';

const HTTP_CREATED = 201;

/**
 * New encounters (created or imported) per client IP: a GM preparing a whole campaign in an evening
 * makes a few dozen, while a script creating hundreds a second (819 in 3 s were seen) is stopped at 60.
 */
export const DEFAULT_ENCOUNTER_RATE_LIMIT: RateLimit = { max: 60, windowMs: 60 * 60_000 };

/**
 * The budget every way of making an encounter shares (create, import, start from a party): a client's
 * new encounters per hour, counted before the body is read.
 */
export const newEncounterClientLimit = (app: FastifyInstance, limit: RateLimit = DEFAULT_ENCOUNTER_RATE_LIMIT) =>
  clientLimit(app, {
    group: 'new-encounter',
    limit,
    refusal: (seconds) => `Too many new encounters from your network; try again in ${waitPhrase(seconds)}.`,
  });

/** Creating, listing, exporting and importing encounters. */
export async function encounterRoutes(app: FastifyInstance, options: { rateLimit?: RateLimit }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // One budget for both ways of making an encounter; counted before the body (up to 4 MiB for an import) is read.
  const newEncounterLimit = newEncounterClientLimit(app, options.rateLimit);

  api.route({
    method: 'POST',
    url: '/api/encounters',
    onRequest: newEncounterLimit,
    schema: {
      summary: 'Create an encounter. Returns its GM token, spectator token and join code, once.',
      body: createEncounterRequestSchema,
      response: { [HTTP_CREATED]: createEncounterResponseSchema },
      descriptions: { [HTTP_CREATED]: 'Created.' },
      refusals: ['bad-request', 'rate-limited'],
    },
    handler: async (request, reply) => {
      const { body } = request;
      // The protocol knows every system id; only some have their rules implemented so far.
      if (!IMPLEMENTED_SYSTEMS.includes(body.system)) {
        throw new HttpError(
          'bad-request',
          `The ${body.system} rules are not available yet; choose one of: ${IMPLEMENTED_SYSTEMS.join(', ')}.`,
        );
      }
      return reply.status(HTTP_CREATED).send(await createEncounterWithSecrets(app.store, body));
    },
  });

  api.route({
    method: 'POST',
    url: '/api/gm/encounters',
    schema: {
      summary: 'List the encounters whose GM tokens the console holds (GMs have no accounts). Unknown tokens are skipped.',
      body: listEncountersRequestSchema,
      response: { 200: listEncountersResponseSchema },
      descriptions: { 200: 'Summaries, newest first.' },
      refusals: ['bad-request'],
    },
    handler: async (request) => {
      const records = await app.store.findEncountersByGmTokenHashes([...new Set(request.body.gmTokens.map(sha256Hex))]);
      const encounters: EncounterSummary[] = [];
      for (const record of records) {
        const room = await app.encounters.open(record.id);
        if (!room) continue;
        const { version, view } = await room.view({ role: 'gm' });
        const seats = (await app.access.listSeats(record.id)).length;
        encounters.push({
          encounterId: record.id,
          name: record.name,
          system: view.system,
          createdAt: record.createdAt.toISOString(),
          phase: view.phase,
          round: view.round,
          version,
          joinCode: record.joinCode,
          joinLocked: record.joinLocked,
          seats,
        });
      }
      return { encounters };
    },
  });

  routeGroup(app, GM_ROUTES)({
    method: 'GET',
    url: '/api/encounters/:encounterId/export',
    schema: {
      summary: 'Export the encounter: its whole event log and final GM view. Seeds are null until the encounter has ended.',
      params: encounterParamsSchema,
      response: { 200: encounterExportSchema },
      descriptions: { 200: 'The encounter as a file.' },
    },
    handler: async (request, reply) => {
      const { encounterId } = request.params;
      const file = await exportEncounter(app.store, encounterId);
      if (!file) throw new HttpError('not-found', 'There is no such encounter.');
      reply.header('content-disposition', `attachment; filename="roundkeeper-${encounterId}.json"`);
      return file;
    },
  });

  api.route({
    method: 'POST',
    url: '/api/encounters/import',
    // Files are larger than the app's messages.
    bodyLimit: MAX_IMPORT_BYTES,
    onRequest: newEncounterLimit,
    schema: {
      summary: 'Import an exported encounter as a new one, with new tokens, join code and seed. Seats are not carried over.',
      body: encounterExportSchema,
      response: { [HTTP_CREATED]: createEncounterResponseSchema },
      descriptions: { [HTTP_CREATED]: 'Created.' },
      refusals: ['bad-request', 'rate-limited'],
    },
    handler: async (request, reply) => {
      const result = await importEncounter(app.store, request.body);
      if (!result.ok) throw new HttpError('bad-request', result.message);
      return reply.status(HTTP_CREATED).send(result.created);
    },
  });
}
