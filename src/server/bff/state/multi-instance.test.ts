/**
 * Several instances on one PostgreSQL server (issue 14): two service instances on one schema, and two BFF instances
 * on one BFF schema, BFF A in front of service 1 and BFF B in front of service 2 — as behind a load balancer. Runs
 * only with DPS_DATABASE_URL; each run uses fresh random schemas, dropped at the end.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '@/contract/bff-audit';
import type { CredentialsFile } from '@/contract/credentials-file';
import { createServiceApp, type ServiceApp } from '@/server/service/app';
import { loadServiceConfig } from '@/server/service/config';
import { dropSchema } from '@/server/service/storage';
import { requestToken } from '@/server/service/testing/start-test-service';
import { dropBffSchema } from '@/server/bff/state/postgres/bff-database';
import { startBff, TestBrowser, type RunningBff } from '@/server/bff/testing/bff-harness';

const databaseUrl = process.env.DPS_DATABASE_URL;
const PASSWORD = 'correct-horse-battery';

interface RunningService {
  app: ServiceApp;
  baseUrl: string;
  authUrl: string;
  dataDir: string;
}

describe.skipIf(!databaseUrl)('two services and two BFFs on one PostgreSQL server', () => {
  const serviceSchema = `mi_svc_${randomBytes(6).toString('hex')}`;
  const bffSchema = `mi_bff_${randomBytes(6).toString('hex')}`;
  const services: RunningService[] = [];
  const bffs: RunningBff[] = [];
  let credentials: CredentialsFile;
  let a: RunningBff;
  let b: RunningBff;

  async function startService(): Promise<RunningService> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'dps-multi-service-'));
    const env = {
      DPS_DATABASE_URL: databaseUrl,
      DPS_SERVICE_HOST: '127.0.0.1',
      DPS_SERVICE_PORT: '0',
      DPS_DATA_DIR: dataDir,
      DPS_DEMO: '0',
      DPS_SERVICE_LOG: '0',
    };
    const app = await createServiceApp({ ...loadServiceConfig(env), databaseSchema: serviceSchema });
    const urls = await app.start();
    const running = { app, baseUrl: urls.baseUrl, authUrl: urls.authUrl, dataDir };
    services.push(running);
    return running;
  }

  /** A token of the bootstrap admin client, from the given service instance. */
  const tokenFrom = (service: RunningService) =>
    requestToken(service.authUrl, credentials.clientId, credentials.clientSecret);

  async function call(service: RunningService, token: string, method: string, route: string, body?: unknown) {
    const response = await fetch(`${service.baseUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> };
  }

  beforeAll(async () => {
    // The first start bootstraps the organization and its admin client; the second finds them.
    const first = await startService();
    credentials = JSON.parse(await readFile(path.join(first.dataDir, 'credentials.json'), 'utf8')) as CredentialsFile;
    const second = await startService();
    // Both BFFs at once: the second waits on the migration lock, then finds the schema migrated.
    const config = { database: { url: databaseUrl!, schema: bffSchema } };
    [a, b] = await Promise.all(
      [first, second].map((service) =>
        startBff({ ...credentials, baseUrl: service.baseUrl, authUrl: service.authUrl }, { config }),
      ),
    );
    bffs.push(a, b);
    await a.addOperator('ann', 'admin', PASSWORD);
    await b.addOperator('zed', 'viewer', PASSWORD);
  });

  afterAll(async () => {
    for (const bff of bffs) {
      await bff.close();
      bff.cleanup();
    }
    for (const service of services) {
      await service.app.close();
      await rm(service.dataDir, { recursive: true, force: true });
    }
    await dropBffSchema(databaseUrl!, bffSchema);
    await dropSchema(databaseUrl!, serviceSchema);
  });

  /** A browser on `bff` holding the session cookies of `from`. */
  function sameSessionOn(bff: RunningBff, from: TestBrowser): TestBrowser {
    const browser = new TestBrowser(bff.origin);
    for (const [name, value] of from.cookies) browser.cookies.set(name, value);
    return browser;
  }

  it('a session made on BFF A works on BFF B, and signing out on B ends it on A', async () => {
    const onA = new TestBrowser(a.origin);
    expect((await onA.login('ann', PASSWORD)).status).toBe(200);
    const onB = sameSessionOn(b, onA);
    expect(await onB.signedIn()).toBe(true);
    expect((await onB.request('/api/users')).status).toBe(200);
    expect((await onB.request('/bff/logout', { method: 'POST' })).status).toBe(204);
    expect(await sameSessionOn(a, onA).signedIn()).toBe(false);
    expect((await sameSessionOn(a, onA).request('/api/users')).status).toBe(401);
  });

  it('five wrong passwords spread across A and B lock the name on both', async () => {
    for (let i = 0; i < 5; i++) {
      const reply = await new TestBrowser((i % 2 ? b : a).origin).login('zed', 'not-the-password!');
      expect(reply.status).toBe(401);
    }
    for (const bff of [a, b]) {
      const reply = await new TestBrowser(bff.origin).login('zed', PASSWORD);
      expect(reply.status).toBe(429);
      expect(Number(reply.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
  });

  it('npm run operator works on the shared accounts and sessions', async () => {
    const cli = (args: string[], input = '') =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/server/bff/operator-cli.ts', ...args], {
        env: { ...process.env, DPS_BFF_DATABASE_URL: databaseUrl, DPS_BFF_DATABASE_SCHEMA: bffSchema },
        input,
        encoding: 'utf8',
      });
    expect(cli(['add', 'kim', '--role', 'viewer'], `${PASSWORD}\n`).status).toBe(0);
    expect(cli(['list']).stdout).toMatch(/^kim\tviewer\t/m);
    const kim = new TestBrowser(b.origin);
    expect((await kim.login('kim', PASSWORD)).status).toBe(200);
    const kimOnA = sameSessionOn(a, kim);
    expect(await kimOnA.signedIn()).toBe(true);
    expect(cli(['sessions', 'kim']).stdout).toMatch(/^[0-9a-f]{32}\tcreated /m);
    expect(cli(['remove', 'kim']).stdout).toMatch(/removed operator kim; ended 1 session/);
    expect(await kimOnA.signedIn()).toBe(false);
    expect((await new TestBrowser(a.origin).login('kim', PASSWORD)).status).toBe(401);
  });

  it('writes through both BFFs appear in one time-ordered audit log on each', async () => {
    const onA = new TestBrowser(a.origin);
    await onA.login('ann', PASSWORD);
    const onB = sameSessionOn(b, onA);
    const created = await onA.json('/api/appClients', 'POST', { name: 'audited', generateSecret: false });
    expect(created.status).toBe(200);
    const clientPath = `/api/appClients/${created.json<{ appClientId: string }>().appClientId}`;
    for (let i = 0; i < 6; i++) {
      const reply = await (i % 2 ? onB : onA).json(clientPath, 'PATCH', { description: `edit ${i}` });
      expect(reply.status).toBe(200);
    }
    for (const browser of [onA, onB]) {
      const page = (await browser.request(`/bff/audit?path=${encodeURIComponent(clientPath)}`)).json<AuditPage>();
      expect(page.entries.map((e) => [e.method, e.outcome, e.status])).toEqual(
        Array.from({ length: 6 }, () => ['PATCH', 'answered', 200]),
      );
      const times = page.entries.map((e) => e.time);
      expect(times).toEqual([...times].sort().reverse());
      const all = (await browser.request('/bff/audit?limit=500')).json<AuditPage>().entries;
      expect(all.filter((e) => e.path === '/api/appClients' && e.method === 'POST')).toHaveLength(1);
    }
  });

  it('concurrent writes through both service instances lose no update', async () => {
    const [one, two] = services;
    const [token1, token2] = await Promise.all([tokenFrom(one), tokenFrom(two)]);
    const before = (await call(one, token1, 'GET', '/organizations/me')).body;
    // Counters: ten creates at once, half on each instance.
    const creates = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2
          ? call(two, token2, 'POST', '/appClients', { name: `c${i}`, generateSecret: false })
          : call(one, token1, 'POST', '/appClients', { name: `c${i}`, generateSecret: false }),
      ),
    );
    expect(creates.map((c) => c.status)).toEqual(Array.from({ length: 10 }, () => 200));
    const after = (await call(two, token2, 'GET', '/organizations/me')).body;
    expect(Number(after.numberOfAppClientsCreated)).toBe(Number(before.numberOfAppClientsCreated) + 10);
    // Different fields of one resource patched at once on both instances, in rounds: every last value stays.
    const id = creates[0].body.appClientId as string;
    for (let round = 0; round < 5; round++) {
      const patches = await Promise.all([
        call(one, token1, 'PATCH', `/appClients/${id}`, { name: `name ${round}` }),
        call(two, token2, 'PATCH', `/appClients/${id}`, { description: `description ${round}` }),
        call(one, token1, 'PATCH', `/appClients/${id}`, { metadata: { round: String(round) } }),
        call(two, token2, 'PATCH', `/appClients/${id}`, { loginUrls: [`https://example.com/${round}`] }),
      ]);
      expect(patches.map((p) => p.status)).toEqual([200, 200, 200, 200]);
      const current = (await call(two, token2, 'GET', `/appClients/${id}`)).body;
      expect(current).toMatchObject({
        name: `name ${round}`,
        description: `description ${round}`,
        metadata: { round: String(round) },
        loginUrls: [`https://example.com/${round}`],
      });
    }
  });

  it('a token issued by service 1 works on service 2', async () => {
    const [one, two] = services;
    const token = await tokenFrom(one);
    expect((await call(two, token, 'GET', '/users')).status).toBe(200);
    expect((await call(one, await tokenFrom(two), 'GET', '/users')).status).toBe(200);
  });

  it('an app client deleted on one instance is refused by both at once', async () => {
    const [one, two] = services;
    const admin = await tokenFrom(one);
    const created = await call(one, admin, 'POST', '/appClients', {
      name: 'short-lived',
      roleIds: ['svc:role:viewer'],
    });
    expect(created.status).toBe(200);
    const { appClientId, clientId, clientSecret } = created.body as Record<string, string>;
    const token = await requestToken(two.authUrl, clientId, clientSecret);
    for (const service of [one, two]) expect((await call(service, token, 'GET', '/organizations/me')).status).toBe(200);

    expect((await call(two, await tokenFrom(two), 'DELETE', `/appClients/${appClientId}`)).status).toBe(200);
    for (const service of [one, two]) {
      expect((await call(service, token, 'GET', '/organizations/me')).status).toBe(401);
      await expect(requestToken(service.authUrl, clientId, clientSecret)).rejects.toThrow(/failed with 401/);
    }
  });
});
