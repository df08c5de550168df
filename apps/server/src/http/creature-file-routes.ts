import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  creatureFileErrorSchema,
  httpStatusOf,
  MAX_CREATURE_FILE_LENGTH,
  parseCreatureFileRequestSchema,
  parseCreatureFileResponseSchema,
  type CreatureFileError,
} from '@roundkeeper/protocol';
import { parseCreatureFile } from '../library/import/index.js';
import { clientLimit, waitPhrase, type RateLimit } from './client-limits.js';

/**
 * Files read per IP: a GM trying a few files, fixing one and trying again stays far below it, while
 * nobody can keep the server parsing megabytes of JSON in a loop.
 */
export const DEFAULT_CREATURE_FILE_RATE_LIMIT: RateLimit = { max: 30, windowMs: 60_000 };

/** The file travels as a JSON string: escaping (quotes, newlines) can make the body up to about twice its length. */
const BODY_LIMIT = 2 * MAX_CREATURE_FILE_LENGTH + 1024;

const BAD_REQUEST = httpStatusOf('bad-request');

/** Reading a GM's creature file (another tool's export, a spreadsheet) into creatures; nothing is stored. */
export async function creatureFileRoutes(app: FastifyInstance, options: { rateLimit?: RateLimit }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Counted before the body (up to twice a 4 MB file) is read: a refused caller costs no parsing.
  const fileLimit = clientLimit(app, {
    group: 'creature-file',
    limit: options.rateLimit ?? DEFAULT_CREATURE_FILE_RATE_LIMIT,
    refusal: (seconds) => `Too many files read from your network; try again in ${waitPhrase(seconds)}.`,
  });

  api.route({
    method: 'POST',
    url: '/api/creature-files/parse',
    onRequest: fileLimit,
    bodyLimit: BODY_LIMIT,
    schema: {
      summary:
        'Read an Improved Initiative export, a 5e.tools bestiary, a Foundry dnd5e actor or a CSV file into creatures of one system. A bad file is refused whole, naming the line or field.',
      body: parseCreatureFileRequestSchema,
      response: { 200: parseCreatureFileResponseSchema, [BAD_REQUEST]: creatureFileErrorSchema },
      descriptions: {
        200: 'The creatures, in the file’s order, and any entries left out with why.',
        [BAD_REQUEST]: 'The request or the file is wrong: `line` (1-based) or `field` (a JSON path such as monster[3].hp.average, or a CSV column) says where.',
      },
      refusals: ['rate-limited'],
    },
    handler: async (request, reply) => {
      const { format, system, text } = request.body;
      const result = parseCreatureFile(format, text, system);
      if (result.ok) return { creatures: [...result.creatures], skipped: [...result.skipped] };
      const body: CreatureFileError = { code: 'bad-request', ...result.problem };
      return reply.status(BAD_REQUEST).send(body);
    },
  });
}
