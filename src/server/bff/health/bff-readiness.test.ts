/**
 * The BFF's probes (issue 28 item 2): `/healthz` and `/readyz` need no session, no X-CSRF and no allowed Host name
 * (a balancer probes by address); readyz fails when the service's token endpoint goes away or the state store does,
 * and recovers when they come back; probes do not cost a token request each.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bffDir } from '@/server/bff/foundation/data-files';
import { dropBffSchema } from '@/server/bff/state/postgres/bff-database';
import { startEchoUpstream, type EchoUpstream } from '@/server/bff/testing/echo-upstream';
import { rawRequest, startBff, type RunningBff } from '@/server/bff/testing/bff-harness';
import { startTcpForwarder, type TcpForwarder } from '@/server/shared/testing/tcp-forwarder';

const databaseUrl = process.env.DPS_DATABASE_URL;
const CHECK_MS = 300;

let echo: EchoUpstream;
let forwarder: TcpForwarder;
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  echo = await startEchoUpstream();
  forwarder = await startTcpForwarder({ host: '127.0.0.1', port: Number(new URL(echo.origin).port) });
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await forwarder.stop();
  await echo.close();
});

/** A BFF whose upstream is reached through the forwarder. */
async function startProbedBff(database?: { url: string; schema: string }): Promise<RunningBff> {
  const through = `http://127.0.0.1:${forwarder.port}`;
  const bff = await startBff(
    { ...echo, authUrl: through, baseUrl: `${through}/v1` },
    { config: { readyTokenCheckMs: CHECK_MS, tokenTimeoutMs: 1_000, ...(database ? { database } : {}) } },
  );
  cleanups.push(async () => {
    await bff.close();
    bff.cleanup();
  });
  return bff;
}

/** A probe as a balancer sends it: by address, no cookie, no X-CSRF. */
async function probe(bff: RunningBff, path: '/healthz' | '/readyz') {
  const { port } = new URL(bff.origin);
  const reply = await rawRequest('127.0.0.1', Number(port), 'GET', path, { host: `10.1.2.3:${port}` });
  return { status: reply.status, cacheControl: reply.headers['cache-control'], body: reply.json() };
}

describe('BFF probes', () => {
  it('answer without a session, X-CSRF or an allowed Host, with up/down per check and nothing more', async () => {
    const bff = await startProbedBff();
    expect(await probe(bff, '/healthz')).toEqual({ status: 200, cacheControl: 'no-store', body: { status: 'ok' } });
    expect(await probe(bff, '/readyz')).toEqual({
      status: 200,
      cacheControl: 'no-store',
      body: { status: 'ok', checks: { store: 'ok', upstream: 'ok' } },
    });
  });

  it('ask the token endpoint at most once per check interval, however often they are probed', async () => {
    const bff = await startProbedBff();
    const before = echo.tokenRequests;
    const started = Date.now();
    let probes = 0;
    while (Date.now() - started < 3 * CHECK_MS) {
      expect((await probe(bff, '/readyz')).status).toBe(200);
      probes++;
    }
    expect(probes).toBeGreaterThan(10);
    expect(echo.tokenRequests - before).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / CHECK_MS) + 1);
  });

  it('go unready when the service goes away and ready again when it returns', async () => {
    const bff = await startProbedBff();
    expect((await probe(bff, '/readyz')).status).toBe(200);
    await forwarder.stop();
    try {
      await expect
        .poll(async () => (await probe(bff, '/readyz')).body, { timeout: 10_000 })
        .toEqual({ status: 'fail', checks: { store: 'ok', upstream: 'fail' } });
      expect((await probe(bff, '/healthz')).status).toBe(200);
    } finally {
      await forwarder.start();
    }
    await expect.poll(async () => (await probe(bff, '/readyz')).status, { timeout: 10_000 }).toBe(200);
  }, 30_000);

  it('go unready when the data dir of the file store goes away and ready again when it is back', async () => {
    const bff = await startProbedBff();
    const dir = bffDir(bff.dataDir);
    await rm(dir, { recursive: true, force: true });
    await expect
      .poll(async () => (await probe(bff, '/readyz')).body, { timeout: 10_000 })
      .toEqual({ status: 'fail', checks: { store: 'fail', upstream: 'ok' } });
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await expect.poll(async () => (await probe(bff, '/readyz')).status, { timeout: 10_000 }).toBe(200);
  }, 30_000);

  it.runIf(databaseUrl)(
    'go unready when PostgreSQL goes away and ready again when it returns',
    async () => {
      const server = new URL(databaseUrl!);
      const database = await startTcpForwarder({ host: server.hostname, port: Number(server.port || 5432) });
      const schema = `bff_t_${randomBytes(6).toString('hex')}`;
      cleanups.push(async () => {
        await database.start().catch(() => undefined);
        await dropBffSchema(databaseUrl!, schema);
        await database.stop();
      });
      const through = new URL(databaseUrl!);
      through.hostname = '127.0.0.1';
      through.port = String(database.port);
      const bff = await startProbedBff({ url: through.href, schema });
      expect((await probe(bff, '/readyz')).status).toBe(200);
      await database.stop();
      await expect
        .poll(async () => (await probe(bff, '/readyz')).body, { timeout: 10_000 })
        .toEqual({ status: 'fail', checks: { store: 'fail', upstream: 'ok' } });
      await database.start();
      await expect.poll(async () => (await probe(bff, '/readyz')).status, { timeout: 10_000 }).toBe(200);
    },
    30_000,
  );
});
