import { defineConfig } from 'vitest/config';

// One run for the whole monorepo; each package or app declares its own project.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'e2e*/vitest.config.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
