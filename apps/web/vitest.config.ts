import { defineConfig } from 'vitest/config';

// Unit tests of the web app's plain TypeScript (parsers, helpers); the pages are covered by e2e/.
export default defineConfig({
  test: { name: 'web', root: import.meta.dirname, include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'] },
});
