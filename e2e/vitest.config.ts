import { defineConfig } from 'vitest/config';

// Drives the built pages in a real Chromium against the real server. Run `pnpm build` first.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    // One file at a time: each drives a server and several Chromium pages, and two at once on a
    // 2-core machine turn timing margins into flakes.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
