/**
 * drizzle-kit is used only to draft SQL from `schema.ts` (`npx drizzle-kit generate`); the service applies the
 * reviewed files in `src/server/service/storage/migrations/` with its own migrator (migrate.ts), in order, each in a
 * transaction, recorded in `schema_migrations`.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/service/storage/schema.ts',
  out: './.drizzle-draft',
});
