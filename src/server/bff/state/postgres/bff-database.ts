/**
 * The BFF's PostgreSQL database (DPS_BFF_DATABASE_URL): a pool whose connections work in the BFF's own schema
 * (`dps_bff`), queried through Drizzle (`bff-schema.ts`), migrated at open by the shared migrator: the plain SQL files
 * in `migrations/`, recorded in the schema's `schema_migrations`.
 */
import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { sqlMigrations } from '@/server/shared/sql-migrations';
import { serverFile } from '@/server/shared/server-files';

export const DEFAULT_BFF_SCHEMA = 'dps_bff';
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

const migrations = sqlMigrations({
  dir: serverFile(import.meta.url, './migrations', 'files/bff-migrations'),
  ledger: 'schema_migrations',
});

type BffDb = NodePgDatabase<Record<string, never>>;

export interface BffDatabase {
  db: BffDb;
  /** Resolves when the server answers a query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export async function openBffDatabase(
  url: string,
  schema = DEFAULT_BFF_SCHEMA,
  onIdleError: (error: Error) => void = () => undefined,
): Promise<BffDatabase> {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`schema must be a plain lowercase identifier, got ${schema}`);
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path="${schema}"`, max: 10 });
  // An idle connection the server drops must not take the BFF down with an unhandled 'error' event: it is reported,
  // and the pool opens a new connection for the next query.
  pool.on('error', onIdleError);
  const db = drizzle(pool);
  try {
    // Several BFF instances may start at once: the same lock as the migrations (and as the BFF's migrator before the
    // shared one), so one creates the schema while the others wait.
    const lock = `dps-bff-migrations:${schema}`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${lock}))`);
      await tx.execute(sql.raw(`CREATE SCHEMA IF NOT EXISTS "${schema}"`));
    });
    await migrations.run(db, lock);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db,
    ping: async () => {
      await db.execute(sql`SELECT 1`);
    },
    close: () => pool.end(),
  };
}

/** Drops a schema a test created (never the default one). */
export async function dropBffSchema(url: string, schema: string): Promise<void> {
  if (!SCHEMA_NAME.test(schema) || schema === DEFAULT_BFF_SCHEMA || schema === 'public') {
    throw new Error(`refusing to drop schema ${schema}`);
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}
