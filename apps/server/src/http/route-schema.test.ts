import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorHandler } from './error-handler.js';
import { HttpError } from './http-error.js';
import { routeSchemas } from './route-schema.js';

const answerSchema = z.object({ total: z.number().int() });

describe('route schemas', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(errorHandler);
    await app.register(routeSchemas);
    app.withTypeProvider<ZodTypeProvider>().route({
      method: 'POST',
      url: '/api/sum',
      schema: {
        summary: 'Adds numbers.',
        body: z.strictObject({ terms: z.array(z.object({ value: z.number() })).min(1) }),
        response: { 200: answerSchema },
        descriptions: { 200: 'The sum.' },
        refusals: ['bad-request', 'not-found'],
      },
      handler: async (request) => {
        const total = request.body.terms.reduce((sum, term) => sum + term.value, 0);
        if (total === 404) throw new HttpError('not-found', 'Nothing sums to that.');
        // A fraction breaks the response schema: the server's bug, which the serializer must catch.
        return { total };
      },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
  });

  const post = (body: unknown) => app.inject({ method: 'POST', url: '/api/sum', payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

  it('hands the handler the parsed body and serialises the answer through its schema', async () => {
    const response = await post({ terms: [{ value: 2 }, { value: 3 }] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ total: 5 });
  });

  it('answers a body that fails its schema with 400 bad-request naming the field, as describeIssue does', async () => {
    const response = await post({ terms: [{ value: 'two' }] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'bad-request', message: 'terms.0.value: Invalid input: expected number, received string' });
    expect((await post({ terms: [{ value: 1 }], extra: 1 })).json()).toEqual({ code: 'bad-request', message: 'Unrecognized key: "extra"' });
  });

  it('answers refusals as { code, message } with their status', async () => {
    const response = await post({ terms: [{ value: 400 }, { value: 4 }] });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not-found', message: 'Nothing sums to that.' });
  });

  it('answers 500 internal, telling nothing, when the answer does not match its own schema', async () => {
    const response = await post({ terms: [{ value: 0.5 }] });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'internal', message: 'Something went wrong on the server.' });
  });

  it('refuses to start an /api route without a summary, or with an undescribed response', async () => {
    const bare = Fastify({ logger: false });
    await bare.register(routeSchemas);
    expect(() => bare.get('/api/bare', async () => ({}))).toThrow(/summary/);
    expect(() =>
      bare.get('/api/half', { schema: { summary: 'Half documented.', response: { 200: answerSchema } } }, async () => ({ total: 1 })),
    ).toThrow(/200 has no description/);
    await bare.close();
  });
});
