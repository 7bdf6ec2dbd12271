/**
 * The file store's own guard, on the configured database (PGlite in a temp dir, or DPS_DATABASE_URL in a fresh
 * schema): an upload whose chunks went missing before its commit (an orphan sweep that took a very slow upload for a
 * dead one) is refused, and the document keeps the file it had.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dropSchema, openStore, type Store } from '..';
import { CHUNK_SIZE } from './database-chunks';
import { FileStore } from './file-store';

const databaseUrl = process.env.DPS_DATABASE_URL;
const schema = `t_${randomBytes(8).toString('hex')}`;
let dataDir: string;
let store: Store;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'dps-file-store-'));
  store = await openStore({ dataDir, databaseUrl, schema: databaseUrl ? schema : undefined });
});
afterAll(async () => {
  await store?.close();
  if (databaseUrl) await dropSchema(databaseUrl, schema);
  await rm(dataDir, { recursive: true, force: true });
});

it('refuses to commit an upload whose chunks are gone, keeping the previous file', async () => {
  const files = new FileStore(store);
  const first = randomBytes(CHUNK_SIZE + 10);
  const kept = await files.upload('org-a', 'doc-1', [first], 10 * CHUNK_SIZE);
  await store.transaction((tx) => files.commit(tx, kept, 'application/pdf'));

  const holed = await files.upload('org-a', 'doc-1', [randomBytes(2 * CHUNK_SIZE + 1)], 10 * CHUNK_SIZE);
  await store.db.execute(sql`DELETE FROM document_file_chunks WHERE file_id = ${holed.fileId} AND seq = 1`);
  await expect(store.transaction((tx) => files.commit(tx, holed, 'application/pdf'))).rejects.toThrow(
    /were removed before it was committed/,
  );

  const read = await files.readAll('org-a', 'doc-1');
  expect(Buffer.from(read!.bytes).equals(first)).toBe(true);
});
