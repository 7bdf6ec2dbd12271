/**
 * Versioned migrations: `migrations/NNNN_name.sql`, applied in file-name order, each in its own transaction together
 * with its row in `schema_migrations`, so a crash leaves either the whole migration or none of it. Statements in a
 * file are separated by `--> statement-breakpoint` (drizzle-kit's marker). Applied files must never be edited: add
 * a new file instead.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Store } from './database';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const BREAKPOINT = '--> statement-breakpoint';

export async function listMigrations(): Promise<{ name: string; statements: string[] }[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (name) => {
      const text = await readFile(path.join(MIGRATIONS_DIR, name), 'utf8');
      const statements = text
        .split(BREAKPOINT)
        .map((s) => s.trim())
        .filter(Boolean);
      return { name, statements };
    }),
  );
}

export async function runMigrations(store: Store): Promise<string[]> {
  await store.db.execute(sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_time timestamp with time zone NOT NULL DEFAULT now()
  )`);
  const applied: string[] = [];
  for (const migration of await listMigrations()) {
    const done = await store.transaction(async (tx) => {
      // Several service instances on one PostgreSQL server: only one applies a given migration.
      if (store.kind === 'postgres') await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(current_schema()))`);
      const existing = (await tx.execute(
        sql`SELECT 1 FROM schema_migrations WHERE name = ${migration.name}`,
      )) as unknown as {
        rows: unknown[];
      };
      if (existing.rows.length > 0) return false;
      for (const statement of migration.statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO schema_migrations (name) VALUES (${migration.name})`);
      return true;
    });
    if (done) applied.push(migration.name);
  }
  return applied;
}
