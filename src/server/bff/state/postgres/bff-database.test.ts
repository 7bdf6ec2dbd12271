/**
 * The BFF's database under the shared migrator (PostgreSQL only: runs when DPS_DATABASE_URL names a server). A schema
 * migrated by the BFF's own migrator before (same ledger, `schema_migrations`) opens as it is, and BFF instances
 * starting at once on a new schema migrate it once.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dropBffSchema, openBffDatabase, type BffDatabase } from './bff-database';
import { PgOperatorAccounts } from './pg-operator-accounts';

const databaseUrl = process.env.DPS_DATABASE_URL;
const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const schemas: string[] = [];
const opened: BffDatabase[] = [];

afterAll(async () => {
  for (const database of opened) await database.close();
  for (const schema of schemas) await dropBffSchema(databaseUrl!, schema);
});

function newSchema(): string {
  const schema = `bff_t_${randomBytes(6).toString('hex')}`;
  schemas.push(schema);
  return schema;
}

async function ledger(schema: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `SELECT name FROM "${schema}".schema_migrations ORDER BY name`,
    );
    return rows.map((row) => row.name);
  } finally {
    await client.end();
  }
}

describe.skipIf(!databaseUrl)('the BFF database', () => {
  const files = readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith('.sql'))
    .sort();

  it('opens a schema the previous migrator made, with its rows, applying nothing again', async () => {
    const schema = newSchema();
    // What the BFF's own migrator did: the schema, its ledger, each file in a transaction with its ledger row.
    const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path="${schema}"` });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA "${schema}"`);
      await client.query(
        'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_time timestamptz NOT NULL DEFAULT now())',
      );
      for (const name of files) {
        await client.query('BEGIN');
        await client.query(readFileSync(path.join(MIGRATIONS, name), 'utf8'));
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
        await client.query('COMMIT');
      }
      await client.query(
        `INSERT INTO operators (id, name, role, password_hash, created_time, updated_time)
         VALUES ('a1', 'ned', 'admin', 'scrypt$x', now(), now())`,
      );
    } finally {
      await client.end();
    }
    const database = await openBffDatabase(databaseUrl!, schema);
    opened.push(database);
    expect((await new PgOperatorAccounts(database).list()).map((a) => [a.id, a.name, a.role])).toEqual([
      ['a1', 'ned', 'admin'],
    ]);
    expect(await ledger(schema)).toEqual(files);
  });

  it('is migrated once when several instances open a new schema at once', async () => {
    const schema = newSchema();
    const databases = await Promise.all([1, 2, 3].map(() => openBffDatabase(databaseUrl!, schema)));
    opened.push(...databases);
    expect(await ledger(schema)).toEqual(files);
    await new PgOperatorAccounts(databases[0]).add('ola', 'viewer', 'correct-horse-battery');
    expect((await new PgOperatorAccounts(databases[2]).list()).map((a) => a.name)).toEqual(['ola']);
  });
});
