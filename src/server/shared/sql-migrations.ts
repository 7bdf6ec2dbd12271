/**
 * Versioned SQL migrations, for the service's database and the BFF's: `NNNN_name.sql` files in one folder, applied in
 * file-name order, each in its own transaction together with its row in a ledger table (`name`, `applied_time`), so
 * a crash leaves either the whole migration or none of it. Statements in a file may be separated by
 * `--> statement-breakpoint` (drizzle-kit's marker); a file without one is sent as one multi-statement query.
 * Applied files must never be edited: add a new file instead.
 *
 * Several processes may start on one PostgreSQL server at once: with a `lock`, each transaction first takes the
 * transaction-level advisory lock `hashtext(lock)`, so exactly one applies a given migration and the others find it
 * in the ledger.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';

const BREAKPOINT = '--> statement-breakpoint';
const MIGRATION_FILE = /^\d{4}_[a-z0-9_-]+\.sql$/;

interface Migration {
  name: string;
  statements: string[];
}

/** What the migrator needs of a Drizzle database (PGlite or node-postgres). */
interface MigrationTx {
  execute(query: SQL): PromiseLike<unknown>;
}
interface MigrationDb {
  transaction<T>(work: (tx: MigrationTx) => Promise<T>): Promise<T>;
}

interface MigrationSet {
  /** Every migration file of the folder, in order. */
  list(): Promise<Migration[]>;
  /**
   * Applies those not in the ledger yet; resolves with their names. `lock` (PostgreSQL only) is the advisory lock's
   * key: a text, or an SQL expression such as `current_schema()`.
   */
  run(db: MigrationDb, lock?: string | SQL): Promise<string[]>;
}

export function sqlMigrations({ dir, ledger }: { dir: string; ledger: string }): MigrationSet {
  const table = sql.identifier(ledger);

  async function list(): Promise<Migration[]> {
    const files = (await readdir(dir)).filter((f) => MIGRATION_FILE.test(f)).sort();
    return Promise.all(
      files.map(async (name) => {
        const text = await readFile(path.join(dir, name), 'utf8');
        const statements = text
          .split(BREAKPOINT)
          .map((s) => s.trim())
          .filter(Boolean);
        return { name, statements };
      }),
    );
  }

  async function run(db: MigrationDb, lock?: string | SQL): Promise<string[]> {
    const locked = async <T>(work: (tx: MigrationTx) => Promise<T>) =>
      db.transaction(async (tx) => {
        if (lock !== undefined) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${lock}))`);
        return work(tx);
      });
    await locked(async (tx) => {
      await tx.execute(sql`CREATE TABLE IF NOT EXISTS ${table} (
        name text PRIMARY KEY,
        applied_time timestamp with time zone NOT NULL DEFAULT now()
      )`);
    });
    const applied: string[] = [];
    for (const migration of await list()) {
      const done = await locked(async (tx) => {
        const existing = (await tx.execute(sql`SELECT 1 FROM ${table} WHERE name = ${migration.name}`)) as {
          rows: unknown[];
        };
        if (existing.rows.length > 0) return false;
        try {
          for (const statement of migration.statements) await tx.execute(sql.raw(statement));
        } catch (error) {
          throw new Error(`database migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
        }
        await tx.execute(sql`INSERT INTO ${table} (name) VALUES (${migration.name})`);
        return true;
      });
      if (done) applied.push(migration.name);
    }
    return applied;
  }

  return { list, run };
}
