import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  creatureFileErrorSchema,
  httpStatusOf,
  MAX_CREATURE_FILES_LENGTH,
  parseCreatureFileRequestSchema,
  parseCreatureFileResponseSchema,
  type CreatureFileError,
} from '@roundkeeper/protocol';
import { ImportThread } from '../library/import/import-thread.js';
import { clientLimit, waitPhrase, type RateLimit } from './client-limits.js';

/**
 * Files read per IP: a GM trying a few files, fixing one and trying again stays far below it, while
 * nobody can keep the server parsing megabytes of JSON in a loop.
 */
export const DEFAULT_CREATURE_FILE_RATE_LIMIT: RateLimit = { max: 30, windowMs: 60_000 };

/** The files travel as JSON strings: escaping (quotes, newlines) can make the body up to about twice their length. */
const BODY_LIMIT = 2 * MAX_CREATURE_FILES_LENGTH + 64 * 1024;

const BAD_REQUEST = httpStatusOf('bad-request');

/** JSON already written (and checked against the route's schema): Fastify sends a string as it is. */
const sendJsonText = (reply: FastifyReply, json: string): FastifyReply => reply.type('application/json; charset=utf-8').send(json);

/** Reading a GM's creature file (another tool's export, a spreadsheet) into creatures; nothing is stored. */
export async function creatureFileRoutes(app: FastifyInstance, options: { rateLimit?: RateLimit }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const reader = new ImportThread();
  app.addHook('onClose', () => reader.close());
  // Counted before the body (up to twice 8 MB of files) is read: a refused caller costs no parsing.
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
        'Read Improved Initiative exports, 5e.tools bestiaries (several at once: copies resolved across them), Foundry dnd5e actors or compendium files, or CSV files into creatures of one system, with their stat blocks. A file that is not what its format says is refused, naming the file, line or field; an entry the rules cannot take is left out and listed.',
      body: parseCreatureFileRequestSchema,
      response: { 200: parseCreatureFileResponseSchema, [BAD_REQUEST]: creatureFileErrorSchema },
      descriptions: {
        200: 'The creatures, in the files’ order; the entries left out with why; those taken with a default; the encounters saved in the file.',
        [BAD_REQUEST]: 'The request or the file is wrong: `line` (1-based) or `field` (a JSON path such as monster[3].hp.average, or a CSV column) says where.',
      },
      refusals: ['rate-limited'],
    },
    handler: async (request, reply) => {
      const { format, system, files } = request.body;
      const result = await reader.read(format, files, system);
      // Checked against parseCreatureFileResponseSchema and written in the reading thread: sent as it is.
      if (result.ok) return sendJsonText(reply, result.json);
      const body: CreatureFileError = { code: 'bad-request', ...result.problem };
      return reply.status(BAD_REQUEST).send(body);
    },
  });
}
