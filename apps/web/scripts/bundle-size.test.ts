import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GZIP_BUDGET_BYTES, measurePage, PAGES } from './bundle-size.js';

// Reads the built pages (`pnpm test` builds first); each page stays within its gzip budget and carries
// no zod (its `new Function` probe is refused by the pages' CSP, and the phone and overlay must stay light).
const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

describe('bundle budgets', () => {
  it.each(PAGES)('/%s loads no more than its budget (gzip) and no zod', (page) => {
    expect(existsSync(`${DIST}${page}.html`), `no build in ${DIST}: run pnpm build first`).toBe(true);
    const size = measurePage(page);
    expect(size.files).toBeGreaterThan(0);
    expect(size.gzipBytes, `/${page} is ${(size.gzipBytes / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(GZIP_BUDGET_BYTES[page]);
    expect(size.hasZod).toBe(false);
  });
});
