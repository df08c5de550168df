import { z } from 'zod';
import type { RateLimit } from './http/rate-limiter.js';
import { DEFAULT_WEB_DIST } from './paths.js';

const DEFAULT_PORT = 3000;
const DEFAULT_HOST = '0.0.0.0';
const DEFAULT_DATA_DIR = './data';
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Which database the server talks to: PostgreSQL when DATABASE_URL is set, else PGlite in a folder. */
export type DatabaseConfig =
  | { readonly driver: 'postgres'; readonly url: string }
  /** `dataDir: null` keeps the database in memory (tests). */
  | { readonly driver: 'pglite'; readonly dataDir: string | null };

export interface AppConfig {
  readonly port: number;
  readonly host: string;
  readonly database: DatabaseConfig;
  readonly webDist: string;
  readonly logLevel: (typeof LOG_LEVELS)[number];
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
});

/** Reads the environment once, at start. Throws a readable error naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${issues}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT ?? DEFAULT_PORT,
    host: e.HOST ?? DEFAULT_HOST,
    database: e.DATABASE_URL
      ? { driver: 'postgres', url: e.DATABASE_URL }
      : { driver: 'pglite', dataDir: e.DATA_DIR ?? DEFAULT_DATA_DIR },
    webDist: e.WEB_DIST ?? DEFAULT_WEB_DIST,
    logLevel: e.LOG_LEVEL ?? 'info',
  };
}
