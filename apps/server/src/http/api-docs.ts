import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asyncApiDocument, errorBodySchema, httpStatusOf, PROTOCOL_VERSION, SchemaComponents, type JsonSchema } from '@roundkeeper/protocol';
import { LIBRARY_TOKEN_SCHEME } from './library-auth.js';
import { GM_TOKEN_SCHEME } from './gm-auth.js';

/** A route as Fastify registered it: its schema (see route-schema.ts) is the single source of its entry. */
interface DocumentedRoute {
  readonly method: string;
  /** Fastify syntax: /api/encounters/:encounterId */
  readonly url: string;
  readonly schema: FastifySchema;
}

const jsonContent = (components: SchemaComponents, schema: z.ZodType, io: 'input' | 'output'): JsonSchema => ({
  content: { 'application/json': { schema: components.of(schema, io) } },
});

/** OpenAPI parameters from an object schema: path parameters are always required, query ones where the schema says. */
function parametersOf(components: SchemaComponents, schema: unknown, place: 'path' | 'query'): JsonSchema[] {
  if (!(schema instanceof z.ZodObject)) return [];
  const json = components.of(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: place,
    required: place === 'path' || required.has(name),
    schema: property,
  }));
}

/** The zod schema a route answers `status` with, if it declared one. */
function responseSchemaOf(schema: FastifySchema, status: string): z.ZodType | undefined {
  if (typeof schema.response !== 'object' || schema.response === null) return undefined;
  const response: unknown = Reflect.get(schema.response, status);
  return response instanceof z.ZodType ? response : undefined;
}

/** Entries of one route's responses: its successes as described, then its refusals grouped by status. */
function responsesOf(components: SchemaComponents, schema: FastifySchema): Record<string, JsonSchema> {
  const responses: Record<string, JsonSchema> = {};
  for (const [status, description] of Object.entries(schema.descriptions ?? {})) {
    const body = responseSchemaOf(schema, status);
    responses[status] = { description, ...(body && jsonContent(components, body, 'output')) };
  }
  for (const code of schema.refusals ?? []) {
    const status = String(httpStatusOf(code));
    const existing = responses[status];
    const codes = existing ? `${String(existing.description)}, ${code}` : `Refused: ${code}`;
    responses[status] = { description: codes, ...jsonContent(components, errorBodySchema, 'output') };
  }
  return responses;
}

/** Collects the documented routes and the routes actually registered, and renders the OpenAPI 3.1 document. */
export class ApiDocs {
  private readonly routes: DocumentedRoute[] = [];
  /** Every route Fastify registered, "METHOD url": the test checks each /api one is documented. */
  readonly registered: string[] = [];

  add(route: DocumentedRoute): void {
    this.routes.push(route);
  }

  document(): JsonSchema {
    // Named schemas (ErrorBody, …) are written once, under components, and referenced from each route.
    const components = new SchemaComponents();
    const paths: Record<string, Record<string, JsonSchema>> = {};
    for (const { method, url, schema } of this.routes) {
      const path = url.replace(/:(\w+)/g, '{$1}');
      (paths[path] ??= {})[method.toLowerCase()] = {
        summary: schema.summary,
        ...(schema.security && { security: schema.security }),
        parameters: [...parametersOf(components, schema.params, 'path'), ...parametersOf(components, schema.querystring, 'query')],
        ...(schema.body instanceof z.ZodType && { requestBody: { required: true, ...jsonContent(components, schema.body, 'input') } }),
        responses: responsesOf(components, schema),
      };
    }
    return {
      openapi: '3.1.0',
      info: {
        title: 'Roundkeeper',
        version: String(PROTOCOL_VERSION),
        description: 'HTTP part of the Roundkeeper protocol. Realtime play is over Socket.IO: see /api/asyncapi.json and docs/protocol.md.',
      },
      components: {
        schemas: components.schemas,
        securitySchemes: {
          [GM_TOKEN_SCHEME]: { type: 'http', scheme: 'bearer', description: 'The GM token of the encounter.' },
          [LIBRARY_TOKEN_SCHEME]: { type: 'http', scheme: 'bearer', description: "The token of the GM's library (parties and bestiary)." },
        },
      },
      paths,
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    apiDocs: ApiDocs;
  }
}

/**
 * Decorates `apiDocs`, records every route as it is registered and documents those with a summary (every
 * /api route has one: route-schemas refuses to start otherwise), and serves the document, with the AsyncAPI
 * document of the socket events beside it.
 */
export const apiDocsPlugin = fp(
  async (app: FastifyInstance) => {
    const docs = new ApiDocs();
    app.decorate('apiDocs', docs);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        docs.registered.push(`${method} ${route.url}`);
        // Fastify adds a HEAD route to every GET; the GET documents both.
        if (route.schema?.summary && method !== 'HEAD') docs.add({ method, url: route.url, schema: route.schema });
      }
    });
    app.withTypeProvider<ZodTypeProvider>().route({
      method: 'GET',
      url: '/api/openapi.json',
      schema: {
        summary: 'This document: every HTTP route, generated from the protocol schemas.',
        // No response schema: the document is plain JSON built above, checked by its own tests.
        descriptions: { 200: 'An OpenAPI 3.1 document.' },
      },
      handler: async () => docs.document(),
    });
    // The Socket.IO half of the protocol; it depends on no route, so it is made once.
    const asyncApi = asyncApiDocument();
    app.withTypeProvider<ZodTypeProvider>().route({
      method: 'GET',
      url: '/api/asyncapi.json',
      schema: {
        summary: 'The AsyncAPI 3.1 document of the Socket.IO events, generated from the protocol schemas.',
        descriptions: { 200: 'An AsyncAPI 3.1 document.' },
      },
      handler: async () => asyncApi,
    });
  },
  { name: 'api-docs' },
);
