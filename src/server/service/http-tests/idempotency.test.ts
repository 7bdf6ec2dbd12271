/**
 * `Idempotency-Key` on POST (docs/idempotency.md): one key, one create — the same key and body replay the first
 * answer; another body is refused; keys are per organization and app client; a refused create does not hold its key;
 * requests without the header behave as before; the record survives a restart on the same data dir (or schema).
 * With DPS_DATABASE_URL the same runs against PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp, type ServiceApp } from '@/server/service/app';
import type { CredentialsFile as Credentials } from '@/contract/credentials-file';
import { loadServiceConfig } from '@/server/service/config';
import { requestHash } from '@/server/service/plugins/idempotency';
import { dropSchema, rows } from '@/server/service/storage';
import { createTenantOrganization } from '@/server/service/testing/tenant';
import { apiClient, type ApiClient } from '@/server/service/testing/http';
import { requestToken } from '@/server/service/testing/start-test-service';

const databaseUrl = process.env.DPS_DATABASE_URL;
const databaseSchema = databaseUrl ? `i_${randomBytes(6).toString('hex')}` : undefined;
let dataDir: string;
let service: ServiceApp;
let credentials: Credentials;
let api: ApiClient;

/** The service in-process on a free port over `dataDir` (and the test's PostgreSQL schema). */
async function startService(): Promise<ServiceApp> {
  const config = loadServiceConfig({
    DPS_DATABASE_URL: databaseUrl,
    DPS_SERVICE_HOST: '127.0.0.1',
    DPS_SERVICE_PORT: '0',
    DPS_DATA_DIR: dataDir,
    DPS_DEMO: '0',
    DPS_SERVICE_LOG: '0',
  });
  const app = await createServiceApp({ ...config, databaseSchema });
  await app.start();
  return app;
}

async function connect(app: ServiceApp): Promise<ApiClient> {
  const token = await requestToken(app.context.urls.authUrl, credentials.clientId, credentials.clientSecret);
  return apiClient(app.context.urls.baseUrl, token);
}

function keyed(client: ApiClient, path: string, body: unknown, key: string) {
  return client.call('POST', path, body, { headers: { 'idempotency-key': key } });
}

const newKey = () => `key-${randomBytes(8).toString('hex')}`;
const pdf = (text: string) => ({
  content: Buffer.from(`%PDF-1.4 ${text}`).toString('base64'),
  contentType: 'application/pdf',
  name: text,
});

async function documentCount(client: ApiClient): Promise<number> {
  const listed = await client.get('/documents?maxResults=100');
  expect(listed.status).toBe(200);
  return listed.body.documents.length;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'dps-idempotency-'));
  service = await startService();
  credentials = JSON.parse(await readFile(path.join(dataDir, 'credentials.json'), 'utf8')) as Credentials;
  api = await connect(service);
});

afterAll(async () => {
  await service?.close();
  if (databaseUrl && databaseSchema) await dropSchema(databaseUrl, databaseSchema);
  await rm(dataDir, { recursive: true, force: true });
});

describe('Idempotency-Key', () => {
  it('creates once for one key and body, and replays the first answer', async () => {
    const before = await documentCount(api);
    const key = newKey();
    const first = await keyed(api, '/documents', pdf('once'), key);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const second = await keyed(api, '/documents', pdf('once'), key);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    expect(second.body).toEqual(first.body);
    expect(await documentCount(api)).toBe(before + 1);
  });

  it('treats the same JSON with its keys in another order as the same body', async () => {
    const key = newKey();
    const first = await keyed(api, '/models', { name: 'ordered', description: 'a' }, key);
    expect(first.status).toBe(200);
    const again = await api.call('POST', '/models', undefined, {
      headers: { 'idempotency-key': key, 'content-type': 'application/json' },
      raw: '{ "description": "a",\n  "name": "ordered" }',
    });
    expect(again.status).toBe(200);
    expect(again.body.modelId).toBe(first.body.modelId);
  });

  it('refuses the same key with another body, path or method, naming the header', async () => {
    const key = newKey();
    expect((await keyed(api, '/documents', pdf('first body'), key)).status).toBe(200);
    const before = await documentCount(api);
    const other = await keyed(api, '/documents', pdf('second body'), key);
    expect(other.status).toBe(409);
    expect(other.body.message).toMatch(/Idempotency-Key/);
    expect(other.body.message).toMatch(/different request/);
    expect(other.headers.get('access-control-allow-origin')).toBe('*');
    const otherPath = await keyed(api, '/models', { name: 'elsewhere' }, key);
    expect(otherPath.status).toBe(409);
    expect(await documentCount(api)).toBe(before);
  });

  it('keeps keys apart per organization and per app client', async () => {
    const key = newKey();
    const mine = await keyed(api, '/models', { name: 'shared key' }, key);
    expect(mine.status).toBe(200);

    const tenant = await createTenantOrganization(service.context);
    const tenantApi = apiClient(
      service.context.urls.baseUrl,
      await requestToken(service.context.urls.authUrl, tenant.clientId, tenant.clientSecret),
    );
    const theirs = await keyed(tenantApi, '/models', { name: 'shared key' }, key);
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.modelId).not.toBe(mine.body.modelId);

    // A second app client of the same organization.
    const client = await api.post('/appClients', {
      name: 'second client',
      roleIds: ['svc:role:admin'],
      generateSecret: true,
    });
    expect(client.status).toBe(200);
    const secondApi = apiClient(
      service.context.urls.baseUrl,
      await requestToken(service.context.urls.authUrl, client.body.clientId, client.body.clientSecret),
    );
    const second = await keyed(secondApi, '/models', { name: 'shared key' }, key);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(second.body.modelId).not.toBe(mine.body.modelId);
  });

  it('does not keep a one-time secret: a resend of a create that showed one is told what was created', async () => {
    const key = newKey();
    const body = { name: 'secret once', generateSecret: true };
    const first = await keyed(api, '/appClients', body, key);
    expect(first.status).toBe(200);
    expect(first.body.clientSecret).toEqual(expect.any(String));
    const again = await keyed(api, '/appClients', body, key);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(first.body.appClientId);
    expect(JSON.stringify(again.body)).not.toContain(first.body.clientSecret);
    const stored = await rows(
      service.context.store.db,
      sql`SELECT * FROM idempotency_keys WHERE idempotency_key = ${key}`,
    );
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(first.body.clientSecret);
  });

  it('changes nothing without the header', async () => {
    const before = await documentCount(api);
    const a = await api.post('/documents', pdf('no key'));
    const b = await api.post('/documents', pdf('no key'));
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.headers.get('idempotent-replayed')).toBeNull();
    expect(a.body.documentId).not.toBe(b.body.documentId);
    expect(await documentCount(api)).toBe(before + 2);
  });

  it('refuses a key that is empty, too long or not visible ASCII, naming the header and the rule', async () => {
    for (const key of ['x'.repeat(256), 'has space', 'tab\there']) {
      const refused = await keyed(api, '/models', { name: 'bad key' }, key);
      expect(refused.status, key).toBe(400);
      expect(refused.body.message).toBe(
        'Idempotency-Key must be 1 to 255 visible ASCII characters (! to ~, no spaces)',
      );
    }
    expect((await keyed(api, '/models', { name: 'long key' }, 'k'.repeat(255))).status).toBe(200);
  });

  it('does not hold the key of a refused create: the corrected request may use it', async () => {
    const key = newKey();
    const refused = await keyed(api, '/models', { name: 'x', status: 'not a field' }, key);
    expect(refused.status).toBe(400);
    const retried = await keyed(api, '/models', { name: 'x', status: 'not a field' }, key);
    expect(retried.status).toBe(400);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    const corrected = await keyed(api, '/models', { name: 'x' }, key);
    expect(corrected.status).toBe(200);
  });

  it('answers 409 while the first request with the key is still in progress', async () => {
    const key = newKey();
    const body = { name: 'in flight' };
    const [caller] = await rows<{ organization_id: string; id: string }>(
      service.context.store.db,
      sql`SELECT organization_id, id FROM app_clients WHERE client_id = ${credentials.clientId}`,
    );
    // What a request being handled by this or another instance has written before its create.
    await service.context.store.db
      .execute(sql`INSERT INTO idempotency_keys (organization_id, app_client_id, idempotency_key, request_hash, claim_token)
      VALUES (${caller.organization_id}, ${caller.id}, ${key}, ${requestHash('POST', '/v1/models', body)}, 'another-request')`);
    const busy = await keyed(api, '/models', body, key);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toMatch(/Idempotency-Key.*still being processed/);
  });

  it('after a request that never answered (its instance stopped), says so instead of creating again', async () => {
    const [caller] = await rows<{ organization_id: string; id: string }>(
      service.context.store.db,
      sql`SELECT organization_id, id FROM app_clients WHERE client_id = ${credentials.clientId}`,
    );
    const body = { name: 'never answered' };
    const hash = requestHash('POST', '/v1/models', body);
    const [applied, unknown] = [newKey(), newKey()];
    await service.context.store.db
      .execute(sql`INSERT INTO idempotency_keys (organization_id, app_client_id, idempotency_key, request_hash, claim_token, applied, created_time)
      VALUES (${caller.organization_id}, ${caller.id}, ${applied}, ${hash}, 'stopped-1', true, now() - interval '10 minutes'),
             (${caller.organization_id}, ${caller.id}, ${unknown}, ${hash}, 'stopped-2', false, now() - interval '10 minutes')`);
    const before = (await api.get('/models?maxResults=100')).body.models.length;
    const wasApplied = await keyed(api, '/models', body, applied);
    expect(wasApplied.status).toBe(409);
    expect(wasApplied.body.message).toMatch(/Idempotency-Key names a request that was applied/);
    const outcomeUnknown = await keyed(api, '/models', body, unknown);
    expect(outcomeUnknown.status).toBe(409);
    expect(outcomeUnknown.body.message).toMatch(
      /Idempotency-Key names a request that did not finish .* outcome is unknown/,
    );
    expect((await api.get('/models?maxResults=100')).body.models.length).toBe(before);
  });

  // The claim is marked inside the create's transaction: a request whose claim was taken from it (the row expired and
  // was claimed again) must roll its create back. Needs two connections (a lock holds the request inside its
  // transaction), which PGlite does not have: this one runs in the PostgreSQL pass of the suite.
  it.runIf(databaseUrl)('rolls back a create whose claim is no longer its own', async () => {
    const [caller] = await rows<{ organization_id: string }>(
      service.context.store.db,
      sql`SELECT organization_id FROM app_clients WHERE client_id = ${credentials.clientId}`,
    );
    const before = (await api.get('/models?maxResults=100')).body.models.length;
    const lock = new pg.Client({ connectionString: databaseUrl, options: `-c search_path="${databaseSchema}"` });
    await lock.connect();
    try {
      await lock.query('BEGIN');
      await lock.query('SELECT 1 FROM organizations WHERE id = $1 FOR UPDATE', [caller.organization_id]);
      const key = newKey();
      const pending = keyed(api, '/models', { name: 'fenced' }, key);
      // The claim commits on its own; the create then waits for the organization's counters row.
      while (
        (await rows(service.context.store.db, sql`SELECT 1 FROM idempotency_keys WHERE idempotency_key = ${key}`))
          .length === 0
      ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await lock.query(`UPDATE idempotency_keys SET claim_token = 'a-later-request' WHERE idempotency_key = $1`, [key]);
      await lock.query('COMMIT');
      const answer = await pending;
      expect(answer.status).toBe(409);
      expect(answer.body.message).toMatch(/Idempotency-Key/);
    } finally {
      await lock.end();
    }
    expect((await api.get('/models?maxResults=100')).body.models.length).toBe(before);
  });

  it('is documented in the OpenAPI document on POST operations', async () => {
    const document = (await api.get('/openapi.json')).body;
    const create = document.paths['/documents'].post;
    expect(create.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    );
    expect(create.responses['409'].description).toMatch(/Idempotency-Key/);
    expect(create.responses['200'].headers['Idempotent-Replayed']).toBeDefined();
    expect(document.paths['/documents'].get.parameters.map((p: { name: string }) => p.name)).not.toContain(
      'Idempotency-Key',
    );
  });

  it('forgets a key after 24 hours', async () => {
    const key = newKey();
    const first = await keyed(api, '/models', { name: 'old key' }, key);
    expect(first.status).toBe(200);
    await service.context.store.db.execute(
      sql`UPDATE idempotency_keys SET created_time = now() - interval '25 hours' WHERE idempotency_key = ${key}`,
    );
    const later = await keyed(api, '/models', { name: 'old key' }, key);
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.modelId).not.toBe(first.body.modelId);
  });

  it('replays after a restart on the same data', async () => {
    const key = newKey();
    const first = await keyed(api, '/documents', pdf('before restart'), key);
    expect(first.status).toBe(200);
    const before = await documentCount(api);
    await service.close();
    service = await startService();
    api = await connect(service);
    const replayed = await keyed(api, '/documents', pdf('before restart'), key);
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(first.body);
    expect(await documentCount(api)).toBe(before);
  });
});
