import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, httpStatusOf, type ErrorBody } from '@roundkeeper/protocol';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable.js';
import { describeSchemaIssue } from '../validation.js';
import { HttpError } from './http-error.js';

const HTTP_BAD_REQUEST = 400;
const HTTP_PAYLOAD_TOO_LARGE = 413;
const HTTP_INTERNAL = 500;

/** Retry-After on a `busy` answer while the database is away: a restart takes seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 2;

const INTERNAL: ErrorBody = { code: 'internal', message: ERROR_MESSAGES.internal };

/** Every API error leaves as { code, message }; statuses come from the protocol's one mapping. */
export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (error instanceof HttpError) {
        const body: ErrorBody = { code: error.code, message: error.message };
        return reply.status(httpStatusOf(error.code)).send(body);
      }
      // Params, query or body failed the route's schema: name the field, as the socket does.
      if (hasZodFastifySchemaValidationErrors(error)) {
        const body: ErrorBody = { code: 'bad-request', message: describeSchemaIssue(error.validation[0]) };
        return reply.status(httpStatusOf(body.code)).send(body);
      }
      // An answer that fails its own schema is the server's bug, never the caller's: logged with the
      // issues, and the caller gets no part of it.
      if (error instanceof ResponseSerializationError) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
        return reply.status(HTTP_INTERNAL).send(INTERNAL);
      }
      // Fastify's own client errors: unparsable JSON, wrong content type, body over the limit.
      const status = error.statusCode ?? HTTP_INTERNAL;
      if (status >= HTTP_BAD_REQUEST && status < HTTP_INTERNAL) {
        const message = status === HTTP_PAYLOAD_TOO_LARGE ? 'The request body is too large.' : error.message;
        return reply.status(status).send({ code: 'bad-request', message } satisfies ErrorBody);
      }
      // The database away (restarting, unreachable): 503 busy, try again; not the server's bug.
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'request not done: database unavailable');
        reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
        return reply.status(httpStatusOf('busy')).send({ code: 'busy', message: DATABASE_UNAVAILABLE_MESSAGE } satisfies ErrorBody);
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(HTTP_INTERNAL).send(INTERNAL);
    });
    app.setNotFoundHandler((request, reply) => {
      const body: ErrorBody = { code: 'not-found', message: `No route for ${request.method} ${request.url.split('?')[0]}.` };
      return reply.status(httpStatusOf('not-found')).send(body);
    });
  },
  { name: 'error-handler' },
);
