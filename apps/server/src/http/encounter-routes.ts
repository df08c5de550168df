import type { FastifyInstance } from 'fastify';
import {
  createEncounterRequestSchema,
  createEncounterResponseSchema,
  encounterExportSchema,
  encounterParamsSchema,
  listEncountersRequestSchema,
  listEncountersResponseSchema,
  MAX_IMPORT_BYTES,
  type CreateEncounterResponse,
  type EncounterExport,
  type EncounterSummary,
  type ListEncountersResponse,
} from '@roundkeeper/protocol';
import { IMPLEMENTED_SYSTEMS } from '@roundkeeper/rules';
import { sha256Hex } from '../auth/secrets.js';
import { createEncounterWithSecrets } from '../encounters/create-encounter.js';
import { exportEncounter, importEncounter } from '../encounters/transfer.js';
import { documentedRoute } from './api-docs.js';
import { requireGm } from './gm-auth.js';
import { HttpError } from './http-error.js';
import { parseBody } from './parse-body.js';

const HTTP_CREATED = 201;

/** Creating, listing, exporting and importing encounters. */
export async function encounterRoutes(app: FastifyInstance): Promise<void> {
  documentedRoute(
    app,
    {
      method: 'POST',
      url: '/api/encounters',
      summary: 'Create an encounter. Returns its GM token, spectator token and join code, once.',
      body: createEncounterRequestSchema,
      success: { status: HTTP_CREATED, description: 'Created.', schema: createEncounterResponseSchema },
      errors: ['bad-request'],
    },
    async (request, reply) => {
      const body = parseBody(createEncounterRequestSchema, request.body);
      // The protocol knows every system id; only some have their rules implemented so far.
      if (!IMPLEMENTED_SYSTEMS.includes(body.system)) {
        throw new HttpError(
          'bad-request',
          `The ${body.system} rules are not available yet; choose one of: ${IMPLEMENTED_SYSTEMS.join(', ')}.`,
        );
      }
      const created: CreateEncounterResponse = await createEncounterWithSecrets(app.store, body);
      return reply.status(HTTP_CREATED).send(created);
    },
  );

  documentedRoute(
    app,
    {
      method: 'POST',
      url: '/api/gm/encounters',
      summary: 'List the encounters whose GM tokens the console holds (GMs have no accounts). Unknown tokens are skipped.',
      body: listEncountersRequestSchema,
      success: { status: 200, description: 'Summaries, newest first.', schema: listEncountersResponseSchema },
      errors: ['bad-request'],
    },
    async (request): Promise<ListEncountersResponse> => {
      const { gmTokens } = parseBody(listEncountersRequestSchema, request.body);
      const records = await app.store.findEncountersByGmTokenHashes([...new Set(gmTokens.map(sha256Hex))]);
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
  );

  documentedRoute(
    app,
    {
      method: 'GET',
      url: '/api/encounters/:encounterId/export',
      summary: 'Export the encounter: its whole event log and final GM view. Seeds are null until the encounter has ended.',
      gmAuth: true,
      params: encounterParamsSchema,
      success: { status: 200, description: 'The encounter as a file.', schema: encounterExportSchema },
      errors: ['bad-request', 'unauthorized', 'forbidden', 'not-found'],
    },
    async (request, reply): Promise<EncounterExport> => {
      const { encounterId } = parseBody(encounterParamsSchema, request.params);
      await requireGm(app, request, encounterId);
      const file = await exportEncounter(app.store, encounterId);
      if (!file) throw new HttpError('not-found', 'There is no such encounter.');
      reply.header('content-disposition', `attachment; filename="roundkeeper-${encounterId}.json"`);
      return file;
    },
  );

  documentedRoute(
    app,
    {
      method: 'POST',
      url: '/api/encounters/import',
      summary: 'Import an exported encounter as a new one, with new tokens, join code and seed. Seats are not carried over.',
      body: encounterExportSchema,
      bodyLimit: MAX_IMPORT_BYTES,
      success: { status: HTTP_CREATED, description: 'Created.', schema: createEncounterResponseSchema },
      errors: ['bad-request'],
    },
    async (request, reply) => {
      const file = parseBody(encounterExportSchema, request.body);
      const result = await importEncounter(app.store, file);
      if (!result.ok) throw new HttpError('bad-request', result.message);
      return reply.status(HTTP_CREATED).send(result.created);
    },
  );
}
