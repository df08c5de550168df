import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { DEFAULT_WEB_DIST } from './paths.js';

describe('loadConfig', () => {
  it('defaults to PGlite in ./data on 0.0.0.0:3000, serving apps/web/dist', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      database: { driver: 'pglite', dataDir: './data' },
      webDist: DEFAULT_WEB_DIST,
      logLevel: 'info',
      heartbeat: { intervalMs: 5_000, timeoutMs: 4_000 },
    });
    expect(DEFAULT_WEB_DIST.replaceAll('\\', '/')).toMatch(/apps\/web\/dist$/);
  });

  it('runs PGlite in a worker thread unless PGLITE_THREAD=main asks for the server\'s own thread', () => {
    expect(loadConfig({}).database).toEqual({ driver: 'pglite', dataDir: './data' });
    expect(loadConfig({ PGLITE_THREAD: 'main' }).database).toEqual({ driver: 'pglite', dataDir: './data', thread: 'main' });
    expect(loadConfig({ PGLITE_THREAD: 'worker' }).database).toEqual({ driver: 'pglite', dataDir: './data', thread: 'worker' });
    expect(() => loadConfig({ PGLITE_THREAD: 'both' })).toThrow(/PGLITE_THREAD/);
  });

  it('uses PostgreSQL when DATABASE_URL is set, and treats empty variables as unset', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/rk', PORT: '8080', LOG_LEVEL: 'warn', DATA_DIR: '' });
    expect(config).toMatchObject({ port: 8080, logLevel: 'warn', database: { driver: 'postgres', url: 'postgres://u@db:5432/rk' } });
    expect(loadConfig({ DATABASE_URL: '' }).database.driver).toBe('pglite');
  });

  it('shares broadcasts through Redis only when REDIS_URL is set, under a prefix that defaults to roundkeeper', () => {
    const db = { DATABASE_URL: 'postgres://u@db:5432/rk' };
    expect(loadConfig({ ...db, REDIS_URL: '' }).cluster).toBeUndefined();
    expect(loadConfig({ ...db, REDIS_URL: 'redis://cache:6379' }).cluster).toEqual({ redisUrl: 'redis://cache:6379', keyPrefix: 'roundkeeper' });
    expect(loadConfig({ ...db, REDIS_URL: 'rediss://cache:6380', REDIS_KEY_PREFIX: 'rk-prod' }).cluster?.keyPrefix).toBe('rk-prod');
    // Several nodes share one PostgreSQL; a PGlite folder belongs to one process.
    expect(() => loadConfig({ REDIS_URL: 'redis://cache:6379' })).toThrow(/REDIS_URL.*DATABASE_URL/);
  });

  it('reads ENCOUNTER_RATE_LIMIT_PER_HOUR into the new-encounter rate limit; unset keeps the routes\' default', () => {
    expect(loadConfig({ ENCOUNTER_RATE_LIMIT_PER_HOUR: '500' }).encounterRateLimit).toEqual({ max: 500, windowMs: 3_600_000 });
    expect(loadConfig({}).encounterRateLimit).toBeUndefined();
    expect(() => loadConfig({ ENCOUNTER_RATE_LIMIT_PER_HOUR: '0' })).toThrow(/ENCOUNTER_RATE_LIMIT_PER_HOUR/);
  });

  it('reads JOIN_RATE_LIMIT_PER_MINUTE into the join rate limit; unset keeps the routes\' default of 30', () => {
    expect(loadConfig({ JOIN_RATE_LIMIT_PER_MINUTE: '1000' }).joinRateLimit).toEqual({ max: 1000, windowMs: 60_000 });
    expect(loadConfig({ JOIN_RATE_LIMIT_PER_MINUTE: '' }).joinRateLimit).toBeUndefined();
    expect(() => loadConfig({ JOIN_RATE_LIMIT_PER_MINUTE: 'many' })).toThrow(/JOIN_RATE_LIMIT_PER_MINUTE/);
    expect(() => loadConfig({ JOIN_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/JOIN_RATE_LIMIT_PER_MINUTE/);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses and ranges; never "trust everyone"', () => {
    expect(loadConfig({}).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 172.16.0.0/12,::1,loopback' }).trustProxy).toEqual(['10.0.0.5', '172.16.0.0/12', '::1', 'loopback']);
    // A /0 range trusts every address (and used to pass here, then crash the start with a TypeError).
    for (const bad of ['true', '0', 'nginx', '10.0.0.0/33', '10.0.0.1/8/1', ',', '0.0.0.0/0', '::/0', '10.0.0.1/0']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('reads PUBLIC_URL without its trailing slash; only an http(s) origin', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://rk.example.org/' }).publicUrl).toBe('https://rk.example.org');
    expect(loadConfig({ PUBLIC_URL: 'http://rk.example.org:8080' }).publicUrl).toBe('http://rk.example.org:8080');
    expect(() => loadConfig({ PUBLIC_URL: 'https://example.org/rk' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://example.org' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://example.org/?a=1' })).toThrow(/PUBLIC_URL/);
  });

  it('reads the heartbeat from HEARTBEAT_INTERVAL_MS and HEARTBEAT_TIMEOUT_MS, each defaulting alone, within 1-60 s', () => {
    expect(loadConfig({ HEARTBEAT_INTERVAL_MS: '25000', HEARTBEAT_TIMEOUT_MS: '20000' }).heartbeat).toEqual({ intervalMs: 25_000, timeoutMs: 20_000 });
    expect(loadConfig({ HEARTBEAT_INTERVAL_MS: '10000' }).heartbeat).toEqual({ intervalMs: 10_000, timeoutMs: 4_000 });
    expect(() => loadConfig({ HEARTBEAT_INTERVAL_MS: '500' })).toThrow(/HEARTBEAT_INTERVAL_MS/);
    expect(() => loadConfig({ HEARTBEAT_TIMEOUT_MS: '90000' })).toThrow(/HEARTBEAT_TIMEOUT_MS/);
    expect(() => loadConfig({ HEARTBEAT_TIMEOUT_MS: 'soon' })).toThrow(/HEARTBEAT_TIMEOUT_MS/);
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/rk', REDIS_URL: 'http://cache' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/rk', REDIS_URL: 'redis://cache', REDIS_KEY_PREFIX: 'a b' })).toThrow(/REDIS_KEY_PREFIX/);
  });
});
