import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { errorBodySchema, httpStatusOf, PROTOCOL_VERSION, type ErrorCode } from '@roundkeeper/protocol';

/** One documented route: the zod schemas it parses and answers with are the single source of its OpenAPI entry. */
export interface RouteDoc {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify syntax: /api/encounters/:encounterId */
  readonly url: string;
  readonly summary: string;
  /** The route wants `Authorization: Bearer <gmToken>`. */
  readonly gmAuth?: boolean;
  readonly params?: z.ZodObject;
  /** Query string parameters; required where the schema says so. */
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  readonly success: { readonly status: number; readonly description: string; readonly schema?: z.ZodType };
  /** The refusals this route may answer with; each becomes its HTTP status with an ErrorBody. */
  readonly errors: readonly ErrorCode[];
  /** Overrides the app's body limit (imports are larger than messages). */
  readonly bodyLimit?: number;
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema =>
  // `unrepresentable: 'any'`: refinements and transforms document as their base type instead of failing.
  z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;

/** OpenAPI parameters from an object schema: path parameters are always required, query ones where the schema says. */
function parametersOf(schema: z.ZodObject | undefined, place: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: place,
    required: place === 'path' || required.has(name),
    schema: property,
  }));
}

/** Collects route docs and the routes actually registered, and renders the OpenAPI 3.1 document. */
export class ApiDocs {
  private readonly docs: RouteDoc[] = [];
  /** Every route Fastify registered, "METHOD url": the test checks each /api one is documented. */
  readonly registered: string[] = [];

  add(doc: RouteDoc): void {
    this.docs.push(doc);
  }

  document(): JsonSchema {
    const paths: Record<string, Record<string, JsonSchema>> = {};
    for (const doc of this.docs) {
      const path = doc.url.replace(/:(\w+)/g, '{$1}');
      const responses: Record<string, JsonSchema> = {
        [doc.success.status]: {
          description: doc.success.description,
          ...(doc.success.schema && { content: { 'application/json': { schema: toSchema(doc.success.schema, 'output') } } }),
        },
      };
      for (const code of doc.errors) {
        const status = String(httpStatusOf(code));
        const existing = responses[status];
        const codes = existing ? `${String(existing.description)}, ${code}` : `Refused: ${code}`;
        responses[status] = { description: codes, content: { 'application/json': { schema: toSchema(errorBodySchema, 'output') } } };
      }
      (paths[path] ??= {})[doc.method.toLowerCase()] = {
        summary: doc.summary,
        ...(doc.gmAuth && { security: [{ gmToken: [] }] }),
        parameters: [...parametersOf(doc.params, 'path'), ...parametersOf(doc.query, 'query')],
        ...(doc.body && { requestBody: { required: true, content: { 'application/json': { schema: toSchema(doc.body, 'input') } } } }),
        responses,
      };
    }
    return {
      openapi: '3.1.0',
      info: {
        title: 'Roundkeeper',
        version: String(PROTOCOL_VERSION),
        description: 'HTTP part of the Roundkeeper protocol. Realtime play is over Socket.IO: see docs/protocol.md.',
      },
      components: { securitySchemes: { gmToken: { type: 'http', scheme: 'bearer', description: 'The GM token of the encounter.' } } },
      paths,
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    apiDocs: ApiDocs;
  }
}

/** Decorates `apiDocs`, records every route as it is registered, and serves the document. */
export const apiDocsPlugin = fp(
  async (app: FastifyInstance) => {
    const docs = new ApiDocs();
    app.decorate('apiDocs', docs);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) docs.registered.push(`${method} ${route.url}`);
    });
    documentedRoute(
      app,
      {
        method: 'GET',
        url: '/api/openapi.json',
        summary: 'This document: every HTTP route, generated from the protocol schemas.',
        success: { status: 200, description: 'An OpenAPI 3.1 document.' },
        errors: [],
      },
      async () => docs.document(),
    );
  },
  { name: 'api-docs' },
);

/** Registers a route and its OpenAPI entry together, so no route can go undocumented. */
export function documentedRoute(app: FastifyInstance, doc: RouteDoc, handler: Handler): void {
  app.apiDocs.add(doc);
  app.route({
    method: doc.method satisfies HTTPMethods,
    url: doc.url,
    ...(doc.bodyLimit !== undefined && { bodyLimit: doc.bodyLimit }),
    handler,
  });
}
