import { isIP } from 'node:net';
import { z } from 'zod';
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_TIMEOUT_MS } from '@roundkeeper/protocol';
import type { RateLimit } from './http/client-limits.js';
import { DEFAULT_WEB_DIST } from './paths.js';

const DEFAULT_PORT = 3000;
const DEFAULT_HOST = '0.0.0.0';
const DEFAULT_DATA_DIR = './data';
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** Prefix of every Redis key and channel the nodes share; one Redis can then serve several clusters (or test runs). */
const DEFAULT_REDIS_KEY_PREFIX = 'roundkeeper';
/** JOIN_RATE_LIMIT_PER_MINUTE counts join attempts per IP over this window. */
const JOIN_RATE_WINDOW_MS = 60_000;
/** ENCOUNTER_RATE_LIMIT_PER_HOUR counts new encounters (created or imported) per IP over this window. */
const ENCOUNTER_RATE_WINDOW_MS = 60 * 60_000;

/** Which database the server talks to: PostgreSQL when DATABASE_URL is set, else PGlite in a folder. */
export type DatabaseConfig =
  | { readonly driver: 'postgres'; readonly url: string }
  /**
   * `dataDir: null` keeps the database in memory (tests). `thread`: PGlite runs in a worker thread
   * (the default), or on the server's own thread ('main', PGLITE_THREAD=main: how it ran before, kept
   * to measure the difference and as a fallback).
   */
  | { readonly driver: 'pglite'; readonly dataDir: string | null; readonly thread?: PgliteThread };

/** Where PGlite's WebAssembly Postgres runs (db/client.ts). */
export type PgliteThread = 'worker' | 'main';

/**
 * Socket.IO's heartbeat: the server pings every socket every `intervalMs` and drops one whose pong is
 * `timeoutMs` late; a client that hears no ping for their sum knows it is cut off. Clients learn both
 * from the handshake. The defaults (5 s + 4 s, limits.ts) show a phone "Reconnecting…" within 9 s; a
 * node with many thousands of sockets may trade that for CPU (docs/configuration.md).
 */
export interface HeartbeatConfig {
  readonly intervalMs: number;
  readonly timeoutMs: number;
}

export const DEFAULT_HEARTBEAT: HeartbeatConfig = { intervalMs: HEARTBEAT_INTERVAL_MS, timeoutMs: HEARTBEAT_TIMEOUT_MS };

/** Bounds of both heartbeat settings: under a second is a flood of pings, over a minute a dead link shown as live. */
const MIN_HEARTBEAT_MS = 1_000;
const MAX_HEARTBEAT_MS = 60_000;

/** Several nodes share broadcasts through Redis when REDIS_URL is set; PostgreSQL stays the source of truth. */
export interface ClusterConfig {
  readonly redisUrl: string;
  readonly keyPrefix: string;
}

export interface AppConfig {
  readonly port: number;
  readonly host: string;
  readonly database: DatabaseConfig;
  readonly webDist: string;
  readonly logLevel: (typeof LOG_LEVELS)[number];
  /** Where log lines (JSON, one per line) go: stdout when absent. Tests collect them to show what a server said. */
  readonly logStream?: { write(line: string): void };
  /** Absent: a single node, no Redis. */
  readonly cluster?: ClusterConfig;
  /**
   * Fastify's `trustProxy`: which proxies' X-Forwarded-For to believe, so `request.ip` (the join rate
   * limit's key) is the player's address. Absent: none (the socket's peer is the client).
   */
  readonly trustProxy?: TrustProxy;
  /** Where phones reach the server from outside (PUBLIC_URL, behind a proxy): the join link and QR code use it. */
  readonly publicUrl?: string;
  /** Join attempts per IP; the join routes' default when absent (tests lower or raise it). */
  readonly joinRateLimit?: RateLimit;
  /** Creature files read per IP; the route's default when absent (tests lower it). */
  readonly creatureFileRateLimit?: RateLimit;
  /** New encounters (created or imported) per IP; the encounter routes' default when absent. */
  readonly encounterRateLimit?: RateLimit;
  /** Absent: the protocol's (DEFAULT_HEARTBEAT). */
  readonly heartbeat?: HeartbeatConfig;
}

/** A hop count (how many proxies stand in front), or the proxies' addresses and CIDR ranges. */
export type TrustProxy = number | readonly string[];

/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const TRUST_PROXY_RANGES: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isTrustedProxyEntry(entry: string): boolean {
  if (TRUST_PROXY_RANGES.has(entry)) return true;
  const [address = '', bits, ...extra] = entry.split('/');
  if (extra.length > 0) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const max = family === 4 ? 32 : 128;
  // A /0 range is every address: trusting it is "trust everyone" (and proxy-addr throws a TypeError at start).
  return /^\d{1,3}$/.test(bits) && Number(bits) >= 1 && Number(bits) <= max;
}

/** TRUST_PROXY: `1` (hops) or `10.0.0.5,172.16.0.0/12,loopback`. Never `true`: anyone could then pick their own address. */
const trustProxySchema = z.string().transform((value, ctx): TrustProxy => {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops >= 1 && hops <= 16) return hops;
  }
  const entries = text.split(',').map((e) => e.trim()).filter((e) => e !== '');
  const bad = entries.find((e) => !isTrustedProxyEntry(e));
  if (entries.length === 0 || bad !== undefined) {
    ctx.addIssue({ code: 'custom', message: `must be a hop count (1-16) or a comma list of addresses, CIDR ranges (/1 or narrower), loopback, linklocal or uniquelocal${bad ? ` (not: ${bad})` : ''}` });
    return z.NEVER;
  }
  return entries;
});

// Empty strings count as unset: `DATABASE_URL= pnpm start` should mean "no PostgreSQL".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const envSchema = z.object({
  PORT: optional(z.coerce.number().int().min(0).max(65_535)),
  HOST: optional(z.string().min(1)),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')),
  DATA_DIR: optional(z.string().min(1)),
  WEB_DIST: optional(z.string().min(1)),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)),
  PUBLIC_URL: optional(
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .refine((u) => /^https?:\/\/[^/?#]+\/?$/.test(u), 'must be an origin (scheme, host, port), with no path, query or fragment: the pages are served at the root'),
  ),
  REDIS_URL: optional(z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')),
  JOIN_RATE_LIMIT_PER_MINUTE: optional(z.coerce.number().int().min(1)),
  ENCOUNTER_RATE_LIMIT_PER_HOUR: optional(z.coerce.number().int().min(1)),
  REDIS_KEY_PREFIX: optional(z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1-64 of [A-Za-z0-9_.:-]')),
  TRUST_PROXY: optional(trustProxySchema),
  PGLITE_THREAD: optional(z.enum(['worker', 'main'])),
  HEARTBEAT_INTERVAL_MS: optional(z.coerce.number().int().min(MIN_HEARTBEAT_MS).max(MAX_HEARTBEAT_MS)),
  HEARTBEAT_TIMEOUT_MS: optional(z.coerce.number().int().min(MIN_HEARTBEAT_MS).max(MAX_HEARTBEAT_MS)),
});

/** Reads the environment once, at start. Throws a readable error naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${issues}`);
  }
  const e = parsed.data;
  if (e.REDIS_URL && !e.DATABASE_URL) {
    // Nodes share one PostgreSQL; a PGlite folder belongs to one process, so Redis would link nothing.
    throw new Error('Invalid environment: REDIS_URL: needs DATABASE_URL (the nodes of a cluster share one PostgreSQL)');
  }
  return {
    port: e.PORT ?? DEFAULT_PORT,
    host: e.HOST ?? DEFAULT_HOST,
    database: e.DATABASE_URL
      ? { driver: 'postgres', url: e.DATABASE_URL }
      : { driver: 'pglite', dataDir: e.DATA_DIR ?? DEFAULT_DATA_DIR, ...(e.PGLITE_THREAD ? { thread: e.PGLITE_THREAD } : {}) },
    webDist: e.WEB_DIST ?? DEFAULT_WEB_DIST,
    logLevel: e.LOG_LEVEL ?? 'info',
    heartbeat: { intervalMs: e.HEARTBEAT_INTERVAL_MS ?? DEFAULT_HEARTBEAT.intervalMs, timeoutMs: e.HEARTBEAT_TIMEOUT_MS ?? DEFAULT_HEARTBEAT.timeoutMs },
    // Unset: the join routes' DEFAULT_JOIN_RATE_LIMIT (the same 30 a minute).
    // Without the trailing slash: the pages append /play and /overlay.
    ...(e.PUBLIC_URL ? { publicUrl: e.PUBLIC_URL.replace(/\/+$/, '') } : {}),
    ...(e.JOIN_RATE_LIMIT_PER_MINUTE !== undefined ? { joinRateLimit: { max: e.JOIN_RATE_LIMIT_PER_MINUTE, windowMs: JOIN_RATE_WINDOW_MS } } : {}),
    // Unset: the encounter routes' DEFAULT_ENCOUNTER_RATE_LIMIT (60 an hour).
    ...(e.ENCOUNTER_RATE_LIMIT_PER_HOUR !== undefined ? { encounterRateLimit: { max: e.ENCOUNTER_RATE_LIMIT_PER_HOUR, windowMs: ENCOUNTER_RATE_WINDOW_MS } } : {}),
    ...(e.TRUST_PROXY !== undefined ? { trustProxy: e.TRUST_PROXY } : {}),
    ...(e.REDIS_URL ? { cluster: { redisUrl: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX ?? DEFAULT_REDIS_KEY_PREFIX } } : {}),
  };
}
