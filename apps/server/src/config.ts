import { z } from 'zod';
import type { RateLimit } from './http/rate-limiter.js';
import { DEFAULT_WEB_DIST } from './paths.js';

const DEFAULT_PORT = 3000;
const DEFAULT_HOST = '0.0.0.0';
const DEFAULT_DATA_DIR = './data';
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** Prefix of every Redis key and channel the nodes share; one Redis can then serve several clusters (or test runs). */
const DEFAULT_REDIS_KEY_PREFIX = 'roundkeeper';
/** JOIN_RATE_LIMIT_PER_MINUTE counts join attempts per IP over this window. */
const JOIN_RATE_WINDOW_MS = 60_000;

/** Which database the server talks to: PostgreSQL when DATABASE_URL is set, else PGlite in a folder. */
export type DatabaseConfig =
  | { readonly driver: 'postgres'; readonly url: string }
  /** `dataDir: null` keeps the database in memory (tests). */
  | { readonly driver: 'pglite'; readonly dataDir: string | null };

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
  /** Absent: a single node, no Redis. */
  readonly cluster?: ClusterConfig;
  /** Where phones reach the server from outside (PUBLIC_URL, behind a proxy): the join link and QR code use it. */
  readonly publicUrl?: string;
  /** Join attempts per IP; the join routes' default when absent (tests lower or raise it). */
  readonly joinRateLimit?: RateLimit;
}

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
  REDIS_KEY_PREFIX: optional(z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1-64 of [A-Za-z0-9_.:-]')),
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
      : { driver: 'pglite', dataDir: e.DATA_DIR ?? DEFAULT_DATA_DIR },
    webDist: e.WEB_DIST ?? DEFAULT_WEB_DIST,
    logLevel: e.LOG_LEVEL ?? 'info',
    // Unset: the join routes' DEFAULT_JOIN_RATE_LIMIT (the same 30 a minute).
    // Without the trailing slash: the pages append /play and /overlay.
    ...(e.PUBLIC_URL ? { publicUrl: e.PUBLIC_URL.replace(/\/+$/, '') } : {}),
    ...(e.JOIN_RATE_LIMIT_PER_MINUTE !== undefined ? { joinRateLimit: { max: e.JOIN_RATE_LIMIT_PER_MINUTE, windowMs: JOIN_RATE_WINDOW_MS } } : {}),
    ...(e.REDIS_URL ? { cluster: { redisUrl: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX ?? DEFAULT_REDIS_KEY_PREFIX } } : {}),
  };
}
