import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { errorBodySchema, httpStatusOf, withWellFormedText, type ErrorCode } from '@roundkeeper/protocol';

// One schema per route. Each /api route declares its zod schemas (from @roundkeeper/protocol) in Fastify's
// `schema`; fastify-type-provider-zod validates params, query and body with them before the handler runs
// (which receives them typed and parsed), and serialises every answer through the schema of its status,
// so an answer that does not match is refused as the server's bug. api-docs documents the route from
// the same schema. Before that, every string of an answer is made well-formed text (protocol text.ts):
// text read from a file or echoed from a refused request may hold a NUL or a lone surrogate, which the
// answer's schema refuses as input's does; it is answered as U+FFFD, not as the server's bug.

declare module 'fastify' {
  interface FastifySchema {
    /** One line in the OpenAPI entry (the field @fastify/swagger reads too). Every /api route has one. */
    summary?: string;
    /**
     * OpenAPI security requirements, in @fastify/swagger's shape. `gmToken` is also enforced: see gm-auth.
     */
    security?: ReadonlyArray<{ [securityLabel: string]: readonly string[] }>;
    /** What each success status means, for the OpenAPI entry (a 204 has a description and no schema). */
    descriptions?: Readonly<Record<number, string>>;
    /**
     * The refusals the route may answer with. Each leaves through the error handler as an ErrorBody
     * with its status, which gets errorBodySchema as its response schema: checked and documented alike.
     */
    refusals?: readonly ErrorCode[];
  }
}

const API_PREFIX = '/api/';

/** Sets the zod compilers, requires a summary of every /api route, and gives refusals their response schema. */
export const routeSchemas = fp(
  async (app: FastifyInstance) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.addHook('preSerialization', async (_request, _reply, payload: unknown) => withWellFormedText(payload));
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(API_PREFIX)) return;
      const schema = route.schema;
      // Fails at startup, so no route can go undocumented.
      if (!schema?.summary) throw new Error(`${String(route.method)} ${route.url} has no schema summary; every /api route is documented.`);
      const refusals = Object.fromEntries((schema.refusals ?? []).map((code) => [httpStatusOf(code), errorBodySchema]));
      const declared = typeof schema.response === 'object' && schema.response !== null ? schema.response : {};
      for (const status of Object.keys(declared)) {
        if (!schema.descriptions?.[Number(status)]) throw new Error(`${String(route.method)} ${route.url}: response ${status} has no description.`);
      }
      route.schema = { ...schema, response: { ...refusals, ...declared } };
    });
  },
  { name: 'route-schemas' },
);
