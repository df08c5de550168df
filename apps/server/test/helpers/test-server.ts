import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { ClusterConfig, DatabaseConfig, HeartbeatConfig, TrustProxy } from '../../src/config.js';
import type { RateLimit } from '../../src/http/client-limits.js';

export interface TestServer {
  readonly app: FastifyInstance;
  /** http://127.0.0.1:<port> */
  readonly url: string;
  close(): Promise<void>;
}

/** A real server on an ephemeral port. WEB_DIST points nowhere: API tests never need the web build. */
export interface TestServerOptions {
  readonly joinRateLimit?: RateLimit;
  readonly encounterRateLimit?: RateLimit;
  readonly creatureFileRateLimit?: RateLimit;
  /** Link to other nodes through Redis (needs a PostgreSQL they share). */
  readonly cluster?: ClusterConfig;
  readonly trustProxy?: TrustProxy;
  /** Socket.IO's ping interval and pong timeout; absent: the protocol's 5 s and 4 s. */
  readonly heartbeat?: HeartbeatConfig;
  /** Collects the server's warnings and errors (JSON lines) here; without it the server says nothing. */
  readonly logLines?: string[];
  /** The level logLines collect from (default: warn). */
  readonly logLevel?: 'info' | 'warn';
}

export async function startServer(database: DatabaseConfig, options: TestServerOptions = {}): Promise<TestServer> {
  const { logLines, logLevel = 'warn', ...rest } = options;
  const app = await buildApp({
    port: 0,
    host: '127.0.0.1',
    database,
    webDist: '/nonexistent/roundkeeper-web-dist',
    logLevel: logLines ? logLevel : 'silent',
    ...(logLines ? { logStream: { write: (line: string) => void logLines.push(line.trimEnd()) } } : {}),
    ...rest,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('server has no TCP address');
  return { app, url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

/** POSTs JSON and returns the status with the parsed body. */
export async function postJson(url: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}
