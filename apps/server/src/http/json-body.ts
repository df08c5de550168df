import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { depthExceededAt, MAX_JSON_DEPTH, tooDeepMessage } from '@roundkeeper/protocol';
import { HttpError } from './http-error.js';

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), after one pass that bounds their
 * nesting (MAX_JSON_DEPTH): every walk over a body after that (route schemas, the text check over an
 * imported log) stays far from the end of the stack, and 8,000 nested arrays are a 400, not a 500.
 */
export const jsonBody = fp(
  async (app: FastifyInstance) => {
    const parse = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (depthExceededAt(text, MAX_JSON_DEPTH) !== undefined) {
        done(new HttpError('bad-request', tooDeepMessage(MAX_JSON_DEPTH)), undefined);
        return;
      }
      parse(request, text, done);
    });
  },
  { name: 'json-body' },
);
