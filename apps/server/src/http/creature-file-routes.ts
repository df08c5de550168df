import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  creatureFileErrorSchema,
  httpStatusOf,
  MAX_CREATURE_FILES_LENGTH,
  parseCreatureFileRequestSchema,
  parseCreatureFileResponseSchema,
  type CreatureFileError,
} from '@roundkeeper/protocol';
import { parseCreatureFiles } from '../library/import/index.js';
import { clientLimit, waitPhrase, type RateLimit } from './client-limits.js';

/**
 * Files read per IP: a GM trying a few files, fixing one and trying again stays far below it, while
 * nobody can keep the server parsing megabytes of JSON in a loop.
 */
export const DEFAULT_CREATURE_FILE_RATE_LIMIT: RateLimit = { max: 30, windowMs: 60_000 };

/** The files travel as JSON strings: escaping (quotes, newlines) can make the body up to about twice their length. */
const BODY_LIMIT = 2 * MAX_CREATURE_FILES_LENGTH + 64 * 1024;

const BAD_REQUEST = httpStatusOf('bad-request');

/** Reading a GM's creature file (another tool's export, a spreadsheet) into creatures; nothing is stored. */
export async function creatureFileRoutes(app: FastifyInstance, options: { rateLimit?: RateLimit }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
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
      const result = parseCreatureFiles(format, files, system);
      if (result.ok) return { creatures: [...result.creatures], skipped: [...result.skipped], notices: [...result.notices], encounters: [...result.encounters] };
      const body: CreatureFileError = { code: 'bad-request', ...result.problem };
      return reply.status(BAD_REQUEST).send(body);
    },
  });
}
