import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/db/schema (`pnpm db:generate`), committed, and applied at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
