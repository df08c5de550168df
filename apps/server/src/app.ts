import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { MAX_MESSAGE_BYTES, type ErrorBody } from '@roundkeeper/protocol';
import type { AppConfig, TrustProxy } from './config.js';
import { apiDocsPlugin } from './http/api-docs.js';
import { creatureFileRoutes } from './http/creature-file-routes.js';
import { encounterRoutes } from './http/encounter-routes.js';
import { errorHandler } from './http/error-handler.js';
import { gmAuth } from './http/gm-auth.js';
import { healthRoutes } from './http/health-routes.js';
import { gmRoutes } from './http/gm-routes.js';
import { joinRoutes } from './http/join-routes.js';
import { requestForLog } from './http/log-redaction.js';
import { jsonBody } from './http/json-body.js';
import { logRoutes } from './http/log-routes.js';
import { routeSchemas } from './http/route-schema.js';
import { addSecurityHeaders, securityHeaders } from './http/security-headers.js';
import { staticWeb } from './http/static-web.js';
import { carryOverRoutes } from './http/carry-over-routes.js';
import { libraryPlugin } from './library/library-plugin.js';
import { libraryRoutes } from './http/library-routes.js';
import { srdRoutes } from './srd/srd-routes.js';
import type { Database } from './db/client.js';
import { databasePlugin } from './plugins/database.js';
import { encountersPlugin } from './plugins/encounters.js';
import { lifecyclePlugin } from './plugins/lifecycle.js';
import { metricsPlugin } from './plugins/metrics.js';
import { rateLimitsPlugin } from './plugins/rate-limits.js';
import { realtimePlugin } from './plugins/realtime.js';
import { storePlugin } from './plugins/store.js';
import { socketGateway } from './realtime/socket-gateway.js';
import { socketSeatOffers } from './realtime/seat-offers.js';

/** HTTP bodies are as small as socket messages: names and codes, never uploads. */
const MAX_HTTP_BODY_BYTES = MAX_MESSAGE_BYTES;
/**
 * How long one plugin may take to start (Fastify's default is 10 s). The database plugin opens PGlite
 * (its WebAssembly Postgres compiled, a new data folder initialised, migrations applied) and took longer
 * than 10 s on a busy 2-core machine; a GM's first start must not fail for that.
 */
const PLUGIN_TIMEOUT_MS = 60_000;

const HTTP_BAD_REQUEST = 400;

function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  addSecurityHeaders(request, reply);
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A part of the URL is too long.' : error.code === 'FST_ERR_BAD_URL' ? 'The URL is malformed.' : 'The request is malformed.';
  void reply.status(HTTP_BAD_REQUEST).send({ code: 'bad-request', message } satisfies ErrorBody);
}

/** A hop count becomes what Fastify does with a number (its types only name the function form). */
function fastifyTrustProxy(trust: TrustProxy): string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : [...trust];
}

/**
 * Composes the server in layer order: storage, the realtime transport, the rooms (handed the
 * transport's broadcaster when made), metrics, the socket handlers, the HTTP routes, the web pages.
 */
export async function buildApp(config: AppConfig, database?: Promise<Database>): Promise<FastifyInstance> {
  const app = Fastify({
    // Requests are logged without the values of token-like query parameters (log-redaction.ts).
    logger: { level: config.logLevel, serializers: { req: requestForLog }, ...(config.logStream ? { stream: config.logStream } : {}) },
    bodyLimit: MAX_HTTP_BODY_BYTES,
    pluginTimeout: PLUGIN_TIMEOUT_MS,
    // A URL that does not decode, a path param over Fastify's length limit (100): the router's own
    // errors, answered in the { code, message } contract like every other refusal.
    frameworkErrors: answerFrameworkError,
    // Behind the load balancer: request.ip is the player's address from X-Forwarded-For (TRUST_PROXY).
    ...(config.trustProxy !== undefined ? { trustProxy: fastifyTrustProxy(config.trustProxy) } : {}),
  });

  await app.register(lifecyclePlugin);
  await app.register(databasePlugin, database ? { opened: database } : { database: config.database });
  await app.register(storePlugin);
  await app.register(libraryPlugin);
  await app.register(realtimePlugin, { cluster: config.cluster, heartbeat: config.heartbeat });
  await app.register(encountersPlugin);
  await app.register(metricsPlugin);
  await app.register(socketGateway);
  await app.register(errorHandler);
  await app.register(jsonBody);
  // Before every route: the headers go on pages, API answers and refusals alike.
  await app.register(securityHeaders);
  // Before the routes: their schemas, GM token and documentation are all read as each is registered.
  await app.register(routeSchemas);
  await app.register(rateLimitsPlugin, { cluster: config.cluster });
  await app.register(gmAuth);
  await app.register(apiDocsPlugin);
  await app.register(healthRoutes);
  await app.register(encounterRoutes, { rateLimit: config.encounterRateLimit });
  await app.register(gmRoutes, { listen: { host: config.host, port: config.port }, publicUrl: config.publicUrl });
  await app.register(logRoutes);
  await app.register(joinRoutes, { rateLimit: config.joinRateLimit });
  await app.register(libraryRoutes, { notifier: socketSeatOffers(app.realtime.io), rateLimit: config.encounterRateLimit });
  await app.register(carryOverRoutes);
  await app.register(srdRoutes);
  await app.register(creatureFileRoutes, { rateLimit: config.creatureFileRateLimit });
  await app.register(staticWeb, { webDist: config.webDist });

  return app;
}
