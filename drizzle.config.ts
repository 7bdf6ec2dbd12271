/**
 * drizzle-kit is used only to draft SQL from a Drizzle schema (`npx drizzle-kit generate`); the reviewed files are
 * applied by the shared migrator (`src/server/shared/sql-migrations.ts`), in order, each in a transaction, recorded in
 * `schema_migrations`. This config drafts the service's (`src/server/service/storage/migrations/`); for the BFF's
 * tables in their own database (`src/server/bff/state/postgres/migrations/`):
 * `npx drizzle-kit generate --dialect postgresql --schema src/server/bff/state/postgres/bff-schema.ts --out .drizzle-draft-bff`.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/service/storage/schema.ts',
  out: './.drizzle-draft',
});
