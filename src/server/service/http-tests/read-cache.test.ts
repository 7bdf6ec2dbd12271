/**
 * The read cache (plugins/read-cache.ts) over real HTTP: a repeated GET is answered from memory on PGlite, and no
 * write, revocation, role change or tenant boundary is ever answered around. On PostgreSQL the cache is off and the
 * same rules hold.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp, type ServiceApp } from '../app';
import { loadServiceConfig } from '../config';
import { apiClient, type ApiClient } from '../testing/http';
import { requestToken } from '../testing/start-test-service';
import { createTenantOrganization } from '../testing/tenant';

const onPglite = !process.env.DPS_DATABASE_URL;
let service: ServiceApp;
let dataDir: string;
let admin: ApiClient;
let authUrl: string;
let baseUrl: string;
/** GETs that reached their route handler (a cached answer does not). */
const handled: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'dps-read-cache-'));
  // PGlite only: on PostgreSQL the other tests cover the same rules without a cache.
  service = await createServiceApp(
    loadServiceConfig({ DPS_DATA_DIR: dataDir, DPS_SERVICE_PORT: '0', DPS_DEMO: '0', DPS_SERVICE_LOG: '0' }),
  );
  service.fastify.addHook('preHandler', async (request) => {
    if (request.method === 'GET') handled.push(request.url);
  });
  const urls = await service.start();
  ({ authUrl, baseUrl } = urls);
  const credentials = JSON.parse(await readFile(path.join(dataDir, 'credentials.json'), 'utf8'));
  admin = apiClient(baseUrl, await requestToken(authUrl, credentials.clientId, credentials.clientSecret));
});
afterAll(async () => {
  await service?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const handlerCalls = (url: string) => handled.filter((u) => u.endsWith(url)).length;

describe.runIf(onPglite)('read cache (PGlite)', () => {
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

  it('a write made outside HTTP (straight to storage) is seen on the next GET', async () => {
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
