/**
 * The service's probes (issue 28 item 2): `/healthz` answers while the process runs; `/readyz` says whether the
 * database answers and is migrated and the recognition process can run, with no authentication and nothing beyond
 * the name of each check. With PostgreSQL (DPS_DATABASE_URL) the database goes away and comes back through a TCP
 * pass-through; with PGlite a database that stopped (its data dir taken over) is not ready.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServiceApp, type ServiceApp } from '@/server/service/app';
import { loadServiceConfig } from '@/server/service/config';
import { sql } from 'drizzle-orm';
import { dropSchema, listMigrations, rows } from '@/server/service/storage';
import { testServiceEnv } from '@/server/service/testing/start-test-service';
import { startTcpForwarder, type TcpForwarder } from '@/server/shared/testing/tcp-forwarder';

const databaseUrl = process.env.DPS_DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startService(database?: string): Promise<{ service: ServiceApp; origin: string; dataDir: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dps-health-test-'));
  const config = loadServiceConfig(testServiceEnv(dataDir, database ? { DPS_DATABASE_URL: database } : {}));
  const schema = config.databaseUrl ? `t_${randomBytes(8).toString('hex')}` : undefined;
  const service = await createServiceApp({ ...config, databaseSchema: schema });
  cleanups.push(async () => {
    await service.close();
    if (schema && config.databaseUrl) await dropSchema(config.databaseUrl, schema);
    await rm(dataDir, { recursive: true, force: true });
  });
  await service.start();
  return { service, origin: service.context.urls.authUrl, dataDir };
}

async function probe(origin: string, path: '/healthz' | '/readyz') {
  const response = await fetch(`${origin}${path}`);
  return { status: response.status, cacheControl: response.headers.get('cache-control'), body: await response.json() };
}

describe('service probes', () => {
  it('answers healthz and readyz without a token, with up/down per check and nothing more', async () => {
    const { origin } = await startService(databaseUrl);
    expect(await probe(origin, '/healthz')).toEqual({ status: 200, cacheControl: 'no-store', body: { status: 'ok' } });
    expect(await probe(origin, '/readyz')).toEqual({
      status: 200,
      cacheControl: 'no-store',
      body: { status: 'ok', checks: { database: 'ok', recognition: 'ok' } },
    });
  });

  it('is not ready when a migration is missing from the database', async () => {
    const { service, origin } = await startService(databaseUrl);
    const last = (await listMigrations()).at(-1)!.name;
    await rows(service.context.store.db, sql`DELETE FROM schema_migrations WHERE name = ${last}`);
    expect(await probe(origin, '/readyz')).toMatchObject({
      status: 503,
      body: { status: 'fail', checks: { database: 'fail', recognition: 'ok' } },
    });
  });

  it.runIf(databaseUrl)(
    'goes unready when PostgreSQL goes away and ready again when it returns',
    async () => {
      const server = new URL(databaseUrl!);
      const forwarder: TcpForwarder = await startTcpForwarder({
        host: server.hostname,
        port: Number(server.port || 5432),
      });
      cleanups.push(() => forwarder.stop());
      const through = new URL(databaseUrl!);
      through.hostname = '127.0.0.1';
      through.port = String(forwarder.port);
      const { origin } = await startService(through.href);
      expect((await probe(origin, '/readyz')).status).toBe(200);

      await forwarder.stop();
      await expect
        .poll(async () => (await probe(origin, '/readyz')).body, { timeout: 10_000 })
        .toEqual({ status: 'fail', checks: { database: 'fail', recognition: 'ok' } });
      expect((await probe(origin, '/healthz')).status).toBe(200);

      await forwarder.start();
      await expect.poll(async () => (await probe(origin, '/readyz')).status, { timeout: 10_000 }).toBe(200);
    },
    30_000,
  );

  it.runIf(!databaseUrl)(
    'goes unready when PGlite stops because another process took its data dir',
    async () => {
      const { origin, dataDir } = await startService();
      expect((await probe(origin, '/readyz')).status).toBe(200);
      // Another process's lock in place of ours: this one must not touch the database again (pglite-owner.ts).
      const lock = path.join(dataDir, 'pglite', 'owner.lock');
      await rm(lock);
      await writeFile(lock, JSON.stringify({ pid: 1 }));
      await expect
        .poll(async () => (await probe(origin, '/readyz')).body, { timeout: 15_000 })
        .toEqual({ status: 'fail', checks: { database: 'fail', recognition: 'ok' } });
      expect((await probe(origin, '/healthz')).status).toBe(200);
    },
    30_000,
  );
});
