/**
 * The BFF's PostgreSQL database (DPS_BFF_DATABASE_URL): a pool whose connections work in the BFF's own schema
 * (`dps_bff`), migrated at open. Migrations are the plain SQL files in `migrations/`, applied in name order, each in
 * a transaction with its row in `schema_migrations`; applied files are never edited (add a new one instead).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const DEFAULT_BFF_SCHEMA = 'dps_bff';
const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export interface BffDatabase {
  pool: pg.Pool;
  /** Runs `work` in one transaction on one connection; commits before resolving, rolls back when it throws. */
  transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
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
  const database: BffDatabase = {
    pool,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
  try {
    await migrate(pool, schema);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return database;
}

/**
 * Applies the migrations not applied yet. Several BFF instances may start at once: a session-level advisory lock on
 * the schema's name lets one migrate while the others wait, then find nothing left to do.
 */
async function migrate(pool: pg.Pool, schema: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`dps-bff-migrations:${schema}`]);
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY,
        applied_time timestamptz NOT NULL DEFAULT now()
      )`);
      const applied = new Set(
        (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
      );
      const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(f)).sort();
      for (const name of files.filter((f) => !applied.has(f))) {
        const text = await readFile(path.join(MIGRATIONS_DIR, name), 'utf8');
        await client.query('BEGIN');
        try {
          await client.query(text);
          await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw new Error(`BFF database migration ${name} failed: ${(error as Error).message}`, { cause: error });
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`dps-bff-migrations:${schema}`]);
    }
  } finally {
    client.release();
  }
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
