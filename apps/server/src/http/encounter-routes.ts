import type { FastifyInstance } from 'fastify';
import { createEncounterRequestSchema, type CreateEncounterResponse } from '@roundkeeper/protocol';
import { IMPLEMENTED_SYSTEMS } from '@roundkeeper/rules';
import { createEncounterWithSecrets } from '../encounters/create-encounter.js';
import { HttpError } from './http-error.js';
import { parseBody } from './parse-body.js';

const HTTP_CREATED = 201;

export async function encounterRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/encounters', async (request, reply) => {
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
  });
}
