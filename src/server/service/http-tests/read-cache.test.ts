/**
 * The read cache (plugins/read-cache.ts) over real HTTP: a repeated GET is answered from memory, and no write,
 * revocation, role change or tenant boundary is ever answered around — on PGlite, and on PostgreSQL also when the
 * write goes through another service instance on the same database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp, type ServiceApp } from '@/server/service/app';
import { loadServiceConfig } from '@/server/service/config';
import { dropSchema } from '@/server/service/storage';
import { apiClient, type ApiClient } from '@/server/service/testing/http';
import { requestToken } from '@/server/service/testing/start-test-service';
import { createTenantOrganization } from '@/server/service/testing/tenant';

const databaseUrl = process.env.DPS_DATABASE_URL;
const schema = databaseUrl ? `rc_${randomBytes(6).toString('hex')}` : undefined;
const dataDirs: string[] = [];
let service: ServiceApp;
let admin: ApiClient;
let authUrl: string;
let baseUrl: string;
let credentials: { clientId: string; clientSecret: string };
/** GETs that reached a route handler of `service` (a cached answer does not). */
const handled: string[] = [];

/** A service instance; on PostgreSQL every instance of this file shares one schema. */
async function startInstance(): Promise<{ app: ServiceApp; dataDir: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dps-read-cache-'));
  dataDirs.push(dataDir);
  const env = { DPS_DATA_DIR: dataDir, DPS_SERVICE_PORT: '0', DPS_DEMO: '0', DPS_SERVICE_LOG: '0' };
  const app = await createServiceApp({
    ...loadServiceConfig(databaseUrl ? { ...env, DPS_DATABASE_URL: databaseUrl } : env),
    databaseSchema: schema,
  });
  return { app, dataDir };
}

beforeAll(async () => {
  const started = await startInstance();
  service = started.app;
  service.fastify.addHook('preHandler', async (request) => {
    if (request.method === 'GET') handled.push(request.url);
  });
  ({ authUrl, baseUrl } = await service.start());
  credentials = JSON.parse(await readFile(path.join(started.dataDir, 'credentials.json'), 'utf8'));
  admin = apiClient(baseUrl, await requestToken(authUrl, credentials.clientId, credentials.clientSecret));
});
afterAll(async () => {
  await service?.close();
  if (schema && databaseUrl) await dropSchema(databaseUrl, schema);
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

const handlerCalls = (url: string) => handled.filter((u) => u.endsWith(url)).length;

describe('read cache', () => {
  it('answers a repeated GET from memory with the same bytes, and reads again after any write', async () => {
    const doc = await admin.post('/documents', { name: 'cached' });
    const url = `/documents/${doc.body.documentId}`;
    const first = await admin.get(url);
    const second = await admin.get(url);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'));
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
    expect(handlerCalls(url)).toBe(1);

    expect((await admin.patch(url, { name: 'renamed' })).status).toBe(200);
    expect((await admin.get(url)).body.name).toBe('renamed');
    expect(handlerCalls(url)).toBe(2);
  });

  it('a list reflects a create on the very next request', async () => {
    const before = await admin.get('/documents?maxResults=100');
    await admin.post('/documents', { name: 'new one' });
    const after = await admin.get('/documents?maxResults=100');
    expect(after.body.documents.length).toBe(before.body.documents.length + 1);
  });

  it('a deleted app client is refused on its next request, though its GET was cached', async () => {
    const created = await admin.post('/appClients', { name: 'soon gone', roleIds: ['svc:role:admin'] });
    const client = apiClient(baseUrl, await requestToken(authUrl, created.body.clientId, created.body.clientSecret));
    expect((await client.get('/models')).status).toBe(200);
    expect((await client.get('/models')).status).toBe(200);
    expect((await admin.delete(`/appClients/${created.body.appClientId}`)).status).toBe(200);
    expect((await client.get('/models')).status).toBe(401);
  });

  it("a role's changed permissions apply on the next request", async () => {
    const role = await admin.post('/roles', {
      name: 'reader',
      permissions: [{ resourceId: '*', effect: 'allow', action: '*' }],
    });
    const created = await admin.post('/appClients', { name: 'reader client', roleIds: [role.body.roleId] });
    const client = apiClient(baseUrl, await requestToken(authUrl, created.body.clientId, created.body.clientSecret));
    expect((await client.get('/documents')).status).toBe(200);
    expect((await client.get('/documents')).status).toBe(200);
    const patched = await admin.patch(`/roles/${role.body.roleId}`, {
      permissions: [
        { resourceId: '*', effect: 'allow', action: '*' },
        { resourceId: 'documents', effect: 'deny', action: '*' },
      ],
    });
    expect(patched.status).toBe(200);
    expect((await client.get('/documents')).status).toBe(403);
  });

  it("another organization's token never gets this organization's cached answer", async () => {
    const mine = await admin.get('/organizations/me');
    await admin.get('/organizations/me');
    const tenant = await createTenantOrganization(service.context);
    const other = apiClient(baseUrl, await requestToken(authUrl, tenant.clientId, tenant.clientSecret));
    const theirs = await other.get('/organizations/me');
    expect(theirs.body.organizationId).toBe(tenant.organizationId);
    expect(theirs.body.organizationId).not.toBe(mine.body.organizationId);
    expect((await other.get('/documents?maxResults=100')).body.documents).toEqual([]);
  });

  it('a write made outside HTTP (straight to storage, no service code) is seen on the next GET', async () => {
    const doc = await admin.post('/documents', { name: 'before' });
    const url = `/documents/${doc.body.documentId}`;
    await admin.get(url);
    await service.context.store.db.execute(
      sql`UPDATE documents SET data = jsonb_set(data::jsonb, '{name}', '"after"')::json
        WHERE id = ${doc.body.documentId}`,
    );
    expect((await admin.get(url)).body.name).toBe('after');
  });

  it('a bad token is 401 however often its URL was answered for a good one', async () => {
    await admin.get('/models');
    const stranger = apiClient(baseUrl, 'not-a-token');
    expect((await stranger.get('/models')).status).toBe(401);
  });
});

describe.runIf(databaseUrl)('read cache with two instances on one PostgreSQL database', () => {
  let other: ServiceApp;
  let otherAdmin: ApiClient;

  beforeAll(async () => {
    other = (await startInstance()).app;
    const urls = await other.start();
    otherAdmin = apiClient(
      urls.baseUrl,
      await requestToken(urls.authUrl, credentials.clientId, credentials.clientSecret),
    );
  });
  afterAll(async () => {
    await other?.close();
  });

  it('a write through the other instance is seen on the very next GET of a cached answer', async () => {
    const doc = await admin.post('/documents', { name: 'first' });
    const url = `/documents/${doc.body.documentId}`;
    const calls = handlerCalls(url);
    await admin.get(url);
    expect((await admin.get(url)).body.name).toBe('first');
    expect(handlerCalls(url)).toBe(calls + 1); // the second was cached

    expect((await otherAdmin.patch(url, { name: 'second' })).status).toBe(200);
    expect((await admin.get(url)).body.name).toBe('second');
    const listed = await admin.get('/documents?maxResults=100');
    await admin.get('/documents?maxResults=100');
    expect((await otherAdmin.delete(url)).status).toBe(200);
    const after = await admin.get('/documents?maxResults=100');
    expect(after.body.documents.length).toBe(listed.body.documents.length - 1);
  });

  it('never answers with data older than a write the other instance acknowledged, while reads keep refilling it', async () => {
    const doc = await admin.post('/documents', { name: 'raced', metadata: { i: 0 } });
    const url = `/documents/${doc.body.documentId}`;
    // The newest document first, under 20 URLs: most reads miss and refill, so some are in flight as each write lands.
    const newest = (n: number) => `/documents?order=descending&maxResults=${1 + (n % 20)}`;
    let writing = true;
    const readers = Array.from({ length: 6 }, async (_, r) => {
      for (let n = r; writing; n += 7) expect((await admin.get(newest(n))).status).toBe(200);
    });
    try {
      for (let i = 1; i <= 60; i++) {
        expect((await otherAdmin.patch(url, { metadata: { i } })).status).toBe(200);
        const [first] = (await admin.get(newest(i))).body.documents;
        expect(first.metadata, `read after write ${i}`).toEqual({ i });
      }
    } finally {
      writing = false;
      await Promise.all(readers);
    }
  });

  it('an app client deleted through the other instance is refused on its next request, though its GET was cached', async () => {
    const created = await admin.post('/appClients', { name: 'gone elsewhere', roleIds: ['svc:role:admin'] });
    const client = apiClient(baseUrl, await requestToken(authUrl, created.body.clientId, created.body.clientSecret));
    expect((await client.get('/organizations/me')).status).toBe(200);
    expect((await client.get('/organizations/me')).status).toBe(200);
    expect((await otherAdmin.delete(`/appClients/${created.body.appClientId}`)).status).toBe(200);
    expect((await client.get('/organizations/me')).status).toBe(401);
  });

  it("a child organization's change through the other instance is seen in its parent's cached answer", async () => {
    const child = await admin.post('/organizations', { name: 'child' });
    expect(child.status).toBe(200);
    const url = `/organizations/${child.body.organizationId}`;
    await admin.get(url);
    expect((await admin.get(url)).body.name).toBe('child');
    expect((await otherAdmin.patch(url, { name: 'renamed child' })).status).toBe(200);
    expect((await admin.get(url)).body.name).toBe('renamed child');
  });
});
