import { defineConfig } from 'vitest/config';

// Drives the built pages in a real Chromium against the real server. Run `pnpm build` first.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
