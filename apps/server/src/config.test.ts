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
    });
    expect(DEFAULT_WEB_DIST.replaceAll('\\', '/')).toMatch(/apps\/web\/dist$/);
  });

  it('uses PostgreSQL when DATABASE_URL is set, and treats empty variables as unset', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/rk', PORT: '8080', LOG_LEVEL: 'warn', DATA_DIR: '' });
    expect(config).toMatchObject({ port: 8080, logLevel: 'warn', database: { driver: 'postgres', url: 'postgres://u@db:5432/rk' } });
    expect(loadConfig({ DATABASE_URL: '' }).database.driver).toBe('pglite');
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
