/**
 * A store whose data dir lock was taken from under it stops using the database: another process may be writing
 * the files. (The stop after a WAL write failed is tested on a full tmpfs in http-tests/storage-faults.test.ts.)
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openStore, rows, sql } from './database';

it('rejects every query once its data dir lock is taken over, and closes', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dps-halt-'));
  try {
    const store = await openStore({ dataDir });
    expect(await rows(store.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    const lock = path.join(dataDir, 'pglite', 'owner.lock');
    await rm(lock);
    await writeFile(lock, JSON.stringify({ pid: 1, host: 'elsewhere' }));
    await expect
      .poll(() => rows(store.db, sql`select 1 as one`).catch((error: Error) => error.cause ?? error), {
        timeout: 10_000,
      })
      .toMatchObject({ message: expect.stringContaining('was removed or taken over') });
    await store.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}, 120_000);
