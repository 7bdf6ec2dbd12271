/**
 * Migration 0011 on a database that already holds files (one bytea per document before it): every file comes out of
 * the new layout byte for byte, with its MD5, through the file store's own reader. On PGlite, and on PostgreSQL in a
 * fresh schema when DPS_DATABASE_URL is set.
 */
import { PGlite } from '@electric-sql/pglite';
import { createHash, randomBytes } from 'node:crypto';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { dropSchema, listMigrations, type Db, type Store } from '..';
import { writeWithBlob } from '@/server/service/storage/pglite-blobs';
import { CHUNK_SIZE } from './database-chunks';
import { FileStore } from './file-store';

const FILES = [
  { documentId: 'doc-big', bytes: randomBytes(2 * CHUNK_SIZE + 12_345) },
  { documentId: 'doc-exact', bytes: randomBytes(CHUNK_SIZE) },
  { documentId: 'doc-small', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') },
];

interface Engine {
  exec(statement: string): Promise<void>;
  insertFile(documentId: string, bytes: Buffer): Promise<void>;
  db: Db;
  close(): Promise<void>;
}

async function pgliteEngine(): Promise<Engine> {
  const client = new PGlite();
  return {
    exec: async (statement) => void (await client.exec(statement)),
    insertFile: (documentId, bytes) =>
      writeWithBlob(
        client,
        `INSERT INTO document_files (organization_id, document_id, content_type, size, bytes)
         VALUES ('org-a', $1, 'application/pdf', $2, pg_read_binary_file('/dev/blob'))`,
        [documentId, bytes.length],
        bytes,
      ),
    db: drizzlePglite(client) as unknown as Db,
    close: () => client.close(),
  };
}

async function postgresEngine(url: string): Promise<Engine> {
  const schema = `t_${randomBytes(8).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path="${schema}"`, max: 2 });
  return {
    exec: async (statement) => void (await pool.query(statement)),
    insertFile: async (documentId, bytes) =>
      void (await pool.query(
        `INSERT INTO document_files (organization_id, document_id, content_type, size, bytes)
         VALUES ('org-a', $1, 'application/pdf', $2, $3)`,
        [documentId, bytes.length, bytes],
      )),
    db: drizzlePg(pool) as unknown as Db,
    close: async () => {
      await pool.end();
      await dropSchema(url, schema);
    },
  };
}

const engines = [{ name: 'PGlite', open: pgliteEngine }];
if (process.env.DPS_DATABASE_URL) {
  const url = process.env.DPS_DATABASE_URL;
  engines.push({ name: 'PostgreSQL', open: () => postgresEngine(url) });
}

describe.each(engines)('migration 0011 on $name', ({ open }) => {
  it('moves every existing file into chunks, byte for byte, with its MD5', async () => {
    const engine = await open();
    try {
      const migrations = await listMigrations();
      const upgrade = migrations.find((m) => m.name.startsWith('0011_'))!;
      for (const migration of migrations.filter((m) => m.name < upgrade.name)) {
        for (const statement of migration.statements) await engine.exec(statement);
      }
      for (const file of FILES) await engine.insertFile(file.documentId, file.bytes);

      for (const statement of upgrade.statements) await engine.exec(statement);

      const files = new FileStore({ db: engine.db } as Store);
      for (const file of FILES) {
        const head = await files.head(engine.db, 'org-a', file.documentId);
        expect(head).toMatchObject({
          contentType: 'application/pdf',
          size: file.bytes.length,
          md5: createHash('md5').update(file.bytes).digest('base64'),
          location: 'database',
          chunkSize: CHUNK_SIZE,
        });
        expect(head!.fileId).toMatch(/^[0-9a-f]{32}$/);
        const read = await files.readAll('org-a', file.documentId);
        expect(Buffer.from(read!.bytes).equals(file.bytes), file.documentId).toBe(true);
      }
    } finally {
      await engine.close();
    }
  });
});
