/**
 * Opens the service's database: embedded PGlite persisted in `<dataDir>/pglite` by default, or a PostgreSQL server
 * when a `postgres://` URL is given (optionally inside one named schema, which the tests use for isolation). Both run
 * the same migrations and the same Drizzle queries.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import { is, sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, PgliteSession } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { assertWritable, preparePrivateDir, tightenTree } from '@/server/shared/private-dir';
import { sqlMigrations } from '@/server/shared/sql-migrations';
import { haltable, type PgliteHalt } from './pglite-halt';
import { claimPgliteDir } from './pglite-owner';
import { keepTimesAsText } from './pglite-parsers';
import { keepStatisticsFresh } from './pglite-statistics';
import { prepareRepeatedStatements } from './postgres-prepared';
import { countWrites, type WriteEpoch } from './write-epoch';
import { serverFile } from '@/server/shared/server-files';

/* eslint-disable @typescript-eslint/no-explicit-any -- the two drivers' result kinds differ; callers use rows() */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */
/** Anything queries run on: the database itself or an open transaction. */
export type Executor = Db | Tx;

export interface Store {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Runs `work` in one transaction; it commits before the promise resolves (so a 200 sent after it is durable).
   * Inside, use only `tx` — with PGlite a second top-level transaction or a query on `db` waits for this one.
   * Nest with `tx.transaction(...)` (a savepoint).
   */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** Present when this process sees every write (PGlite): what in-process caches check their entries against. */
  writes?: WriteEpoch;
  /** Connections of the pool (PostgreSQL): open, idle, and queries waiting for one. PGlite has one connection. */
  connections(): { total: number; idle?: number; waiting?: number };
}

export interface StoreOptions {
  /** Data directory for PGlite (`<dataDir>/pglite`). */
  dataDir: string;
  /** `postgres://…`: use that server instead of PGlite. */
  databaseUrl?: string;
  /** PostgreSQL schema to create and use (default `public`); lets many tests share one server. */
  schema?: string;
  /** Where a dropped idle PostgreSQL connection is reported; the pool opens a new one for the next query. */
  onConnectionError?: (message: string) => void;
  /**
   * PGlite: resolves when background database work (keeping the planner's statistics) may take the thread that
   * answers requests; the service waits for a pause in its requests.
   */
  giveWay?: () => Promise<void>;
}

const migrations = sqlMigrations({
  dir: serverFile(import.meta.url, './migrations', 'files/service-migrations'),
  ledger: 'schema_migrations',
});
/** The service's migration files (`migrations/NNNN_*.sql`), in order. */
export const listMigrations = migrations.list;
/** Applies the migrations not applied yet; on PostgreSQL one instance at a time per schema. */
export function runMigrations(store: Store): Promise<string[]> {
  return migrations.run(store.db, store.kind === 'postgres' ? sql`current_schema()` : undefined);
}

let migrationNames: Promise<string[]> | undefined;

/**
 * Readiness of the store: the database answers and every migration file is in its ledger (a newer instance may have
 * been deployed against an older schema). Rejects with what is wrong.
 */
export async function checkStoreReady(store: Store): Promise<void> {
  migrationNames ??= migrations.list().then((list) => list.map((m) => m.name));
  const applied = new Set(
    (await rows<{ name: string }>(store.db, sql`SELECT name FROM schema_migrations`)).map((r) => r.name),
  );
  const missing = (await migrationNames).filter((name) => !applied.has(name));
  if (missing.length) throw new Error(`migrations not applied: ${missing.join(', ')}`);
}

export async function openStore(options: StoreOptions): Promise<Store> {
  // The data dir holds credentials.json with either database, and PGlite's files with the embedded one.
  await preparePrivateDir(options.dataDir, 'data dir');
  const store = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.schema, options.onConnectionError)
    : await openPglite(options.dataDir, options.giveWay);
  try {
    await runMigrations(store);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

async function openPglite(dataDir: string, giveWay?: () => Promise<void>): Promise<Store> {
  const dir = path.join(dataDir, 'pglite');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await assertWritable(dir, 'database dir');
  // Lost lock: another process may be writing the files now, so this one must not write a page more.
  const guard: { halt?: PgliteHalt } = {};
  const owner = await claimPgliteDir(dir, { onLost: (error) => guard.halt?.halt(error) });
  // relaxedDurability false (the default): every query's writes reach the file system before it resolves.
  const client = new PGlite(dir, { relaxedDurability: false });
  guard.halt = haltable(client);
  try {
    await client.waitReady;
  } catch (error) {
    await owner.release();
    // PGlite says only "failed to initialize properly": name the directory it could not open.
    throw new Error(`the database in ${dir} could not be opened: ${(error as Error).message}`, { cause: error });
  }
  // PGlite writes its initial files 0666 whatever the umask: only this user may read or rewrite database pages.
  try {
    tightenTree(dir);
  } catch (error) {
    await client.close();
    await owner.release();
    throw error;
  }
  keepTimesAsText(client);
  const writes = countWrites(client);
  const db = drizzlePglite(client) as unknown as Db;
  const statistics = keepStatisticsFresh(client, { giveWay });
  return {
    kind: 'pglite',
    db,
    writes,
    transaction: (work) => db.transaction(work as (tx: unknown) => Promise<never>) as never,
    connections: () => ({ total: 1 }),
    close: async () => {
      await statistics.stop();
      await client.close();
      await owner.release();
    },
  };
}

async function openPostgres(
  databaseUrl: string,
  schema = 'public',
  onConnectionError: (message: string) => void = () => undefined,
): Promise<Store> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`schema must be a plain lowercase identifier, got ${schema}`);
  if (schema !== 'public') {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      await admin.end();
    }
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, options: `-c search_path="${schema}"`, max: 10 });
  pool.on('connect', prepareRepeatedStatements);
  // A server restart or a network cut drops idle connections: without a listener the pool's 'error' would end the
  // process. Queries fail until the server is back (readiness says so), then the pool connects again.
  pool.on('error', (error) => onConnectionError(error.message));
  const db = drizzlePg(pool) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    transaction: (work) => db.transaction(work as (tx: unknown) => Promise<never>) as never,
    connections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** Rows of a raw SQL query on either driver. */
export async function rows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The PGlite connection or open transaction under `executor` (undefined on PostgreSQL), for the one thing Drizzle
 * cannot say: PGlite's `/dev/blob` device, which moves megabytes in and out without its JavaScript wire protocol.
 */
export function pgliteOf(executor: Executor): PGlite | PgliteTransaction | undefined {
  const { session } = executor as unknown as { session: unknown };
  return is(session, PgliteSession) ? (session as unknown as { client: PGlite | PgliteTransaction }).client : undefined;
}

/** Drops a test schema created with `schema:` (PostgreSQL only). */
export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema) || schema === 'public') throw new Error(`refusing to drop schema ${schema}`);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await admin.end();
  }
}

export { sql };

/** A unique index refused the write (SQLSTATE 23505), from PGlite or node-postgres, wrapped by Drizzle or not. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    current && depth < 4;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
