import { defineConfig } from 'drizzle-kit';

// drizzle-kit is used to generate migrations only (`npm run db:generate -w apps/api`); the app applies them
// itself at start (drizzle-kit cannot load extensions on PGlite).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
