/**
 * A store of one test file's own: PGlite in a fresh temporary data dir, or — with DPS_DATABASE_URL, as CI runs the
 * service suite — a schema of its own on that PostgreSQL server. `close` drops what it made.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dropSchema, openStore, type Store } from '@/server/service/storage';

export async function openTestStore(name: string): Promise<{ store: Store; close: () => Promise<void> }> {
  const databaseUrl = process.env.DPS_DATABASE_URL;
  const pgSchema = `t_${name.replace(/\W/g, '_')}_${process.pid}_${Date.now()}`;
  const dataDir = await mkdtemp(path.join(tmpdir(), `dps-${name}-`));
  const store = await openStore({ dataDir, databaseUrl, schema: databaseUrl ? pgSchema : undefined });
  return {
    store,
    close: async () => {
      await store.close();
      if (databaseUrl) await dropSchema(databaseUrl, pgSchema);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
