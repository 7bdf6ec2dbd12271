/**
 * Token endpoint, bearer authentication, scopes, tenancy and the generic HTTP rules (415, 413, 404, CORS headers on
 * errors, OpenAPI) over real HTTP against a fresh embedded service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenResponseSchema, userSchema } from '@/contract';
import { requestToken, startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { apiClient, hex32, type ApiClient } from '@/server/service/testing/http';
import { expectError } from '@/server/service/testing/expect-error';

let svc: TestService;
let admin: ApiClient;

beforeAll(async () => {
  svc = await startTestService();
  admin = apiClient(svc.baseUrl, await svc.getToken());
});
afterAll(() => svc?.close());

describe('token endpoint', () => {
  const tokenUrl = () => `${svc.authUrl}/oauth2/token?grant_type=client_credentials`;
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

  it('issues a Bearer token for 3600 s with Basic credentials', async () => {
    const response = await fetch(tokenUrl(), {
      method: 'POST',
      headers: {
        authorization: basic(svc.credentials.clientId, svc.credentials.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expect(response.status).toBe(200);
    const body = tokenResponseSchema.parse(await response.json());
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('accepts client_id and client_secret in a form body', async () => {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: svc.credentials.clientId,
      client_secret: svc.credentials.clientSecret,
    });
    const response = await fetch(`${svc.authUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    expect(response.status).toBe(200);
  });

  it('refuses a wrong secret, an unknown client and missing credentials with 401, without echoing them', async () => {
    for (const authorization of [
      basic(svc.credentials.clientId, 'wrong-secret'),
      basic('unknown-client', 'x'),
      undefined,
    ]) {
      const response = await fetch(tokenUrl(), { method: 'POST', headers: authorization ? { authorization } : {} });
      expect(response.status).toBe(401);
      const text = await response.text();
      expect(text).not.toContain('wrong-secret');
      expect(text).not.toContain(svc.credentials.clientSecret);
    }
  });

  it('refuses another grant type with 400', async () => {
    const response = await fetch(`${svc.authUrl}/oauth2/token?grant_type=password`, {
      method: 'POST',
      headers: { authorization: basic(svc.credentials.clientId, svc.credentials.clientSecret) },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/grant_type/);
  });
});

describe('bearer authentication', () => {
  it('401 without a token, with a malformed header and with an unknown token', async () => {
    expectError(await apiClient(svc.baseUrl, null).get('/users'), 401);
    expectError(await apiClient(svc.baseUrl, 'not-a-real-token').get('/users'), 401);
    expectError(await admin.call('GET', '/users', undefined, { headers: { authorization: 'Basic abc' } }), 401);
  });

  it('401 once the token has expired, on the service clock (not a moment before)', async () => {
    let now = Date.now();
    const clocked = await startTestService({ config: { now: () => now } });
    try {
      const client = apiClient(clocked.baseUrl, await clocked.getToken());
      expect((await client.get('/users')).status).toBe(200);
      now += 3600_000 - 1; // expires_in is 3600 s
      expect((await client.get('/users')).status).toBe(200);
      now += 1;
      expectError(await client.get('/users'), 401, 'access token has expired');
    } finally {
      await clocked.close();
    }
  });

  it('401 after the app client that owns the token is deleted', async () => {
    const created = await admin.post('/appClients', { name: 'short-lived client', roleIds: ['svc:role:admin'] });
    expect(created.status).toBe(200);
    const token = await requestToken(svc.authUrl, created.body.clientId, created.body.clientSecret);
    const client = apiClient(svc.baseUrl, token);
    expect((await client.get('/users')).status).toBe(200);
    expect((await admin.delete(`/appClients/${created.body.appClientId}`)).status).toBe(200);
    expectError(await client.get('/users'), 401);
  });
});

describe('scopes from the app client roles', () => {
  let viewer: ApiClient;
  let validator: ApiClient;
  beforeAll(async () => {
    const make = async (roleId: string) => {
      const created = await admin.post('/appClients', { name: `${roleId} client`, roleIds: [roleId] });
      expect(created.status).toBe(200);
      return apiClient(svc.baseUrl, await requestToken(svc.authUrl, created.body.clientId, created.body.clientSecret));
    };
    viewer = await make('svc:role:viewer');
    validator = await make('svc:role:validator');
  });

  it('a viewer reads but every write is 403 Forbidden', async () => {
    expect((await viewer.get('/users')).status).toBe(200);
    expect((await viewer.get('/organizations/me')).status).toBe(200);
    expectError(await viewer.post('/users', { email: 'someone@example.com' }), 403, 'Forbidden');
    expectError(await viewer.post('/models', { name: 'm' }), 403, 'Forbidden');
    expectError(await viewer.patch(`/roles/svc:role:viewer`, { name: 'x' }), 403, 'Forbidden');
    expectError(await viewer.delete(`/documents/svc:document:${hex32()}`), 403, 'Forbidden');
  });

  it('scope is checked before the body: a viewer gets 403, not 400, for an invalid body', async () => {
    expectError(await viewer.post('/users', { nonsense: true }), 403, 'Forbidden');
  });

  it('a validator writes documents but not users', async () => {
    expectError(await validator.post('/users', { email: 'someone@example.com' }), 403, 'Forbidden');
    expect((await validator.post('/documents', { name: 'from validator' })).status).toBe(200);
  });

  it('a role that denies wins over one that allows', async () => {
    const role = await admin.post('/roles', {
      name: 'no documents',
      permissions: [
        { resourceId: '*', effect: 'allow', action: '*' },
        { resourceId: 'documents', effect: 'deny', action: '*' },
      ],
    });
    expect(role.status).toBe(200);
    const created = await admin.post('/appClients', { name: 'deny client', roleIds: [role.body.roleId] });
    const client = apiClient(
      svc.baseUrl,
      await requestToken(svc.authUrl, created.body.clientId, created.body.clientSecret),
    );
    expectError(await client.get('/documents'), 403, 'Forbidden');
    expect((await client.get('/models')).status).toBe(200);
  });
});

describe('tenancy', () => {
  it("another organization's resources are 404, and its lists never show them", async () => {
    const tenant = await svc.createTenant();
    const other = apiClient(svc.baseUrl, await tenant.getToken());
    const user = await admin.post('/users', { email: `tenant-check@example.com` });
    expect(user.status).toBe(200);
    const doc = await admin.post('/documents', { name: 'mine' });
    const model = await admin.post('/models', { name: 'mine' });

    expectError(await other.get(`/users/${user.body.userId}`), 404);
    expectError(await other.patch(`/users/${user.body.userId}`, { name: 'stolen' }), 404);
    expectError(await other.delete(`/users/${user.body.userId}`), 404);
    expectError(await other.get(`/documents/${doc.body.documentId}`), 404);
    expectError(await other.get(`/documents/${doc.body.documentId}/file`), 404);
    expectError(await other.patch(`/models/${model.body.modelId}`, { name: 'stolen' }), 404);
    expectError(await other.get(`/organizations/${(await admin.get('/organizations/me')).body.organizationId}`), 404);

    const users = await other.get('/users?maxResults=1000');
    expect(users.body.users.map((u: { userId: string }) => u.userId)).not.toContain(user.body.userId);
    const docs = await other.get('/documents?maxResults=1000');
    expect(docs.body.documents).toEqual([]);
    expect((await other.get('/organizations/me')).body.organizationId).toBe(tenant.organizationId);
    // The owner still sees everything unchanged.
    expect((await admin.get(`/users/${user.body.userId}`)).body.name).toBeNull();
  });
});

describe('HTTP rules', () => {
  it('415 for a JSON body sent with another content type, naming it', async () => {
    const result = await admin.call('POST', '/users', undefined, {
      headers: { 'content-type': 'text/plain' },
      raw: '{"email":"a@b.co"}',
    });
    expectError(result, 415, /text\/plain/);
  });

  it('400 for a body that is not JSON', async () => {
    expectError(
      await admin.call('POST', '/users', undefined, {
        headers: { 'content-type': 'application/json' },
        raw: '{"email":',
      }),
      400,
      /JSON/,
    );
  });

  it('413 for a body over the limit', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(9 * 1024 * 1024) });
    expectError(
      await admin.call('POST', '/documents', undefined, { headers: { 'content-type': 'application/json' }, raw: huge }),
      413,
    );
  });

  it('404 with a message for an unknown route and a well-formed unknown id', async () => {
    expectError(await admin.get('/nothing-here'), 404);
    expectError(await admin.get(`/users/svc:user:${hex32('a')}`), 404, /svc:user:a{32}/);
  });

  it('400 naming the path parameter for a malformed id', async () => {
    expectError(await admin.get('/users/not-an-id'), 400, /userId/);
    expectError(await admin.get(`/documents/svc:document:${'A'.repeat(32)}`), 400, /documentId/);
    // Longer than any router limit: still the schema's 400 with {message} and the CORS headers.
    expectError(await admin.get(`/models/svc:model:${'A'.repeat(5000)}`), 400, /modelId/);
    expectError(await admin.get(`/models/svc:model:${'a'.repeat(5000)}`), 404);
  });

  it('a hook id of the seed form svc:hook:[a-z0-9-_]+ is looked up (404), not refused as malformed', async () => {
    expectError(await admin.get(`/hooks/svc:hook:abc-1_x/runs/svc:run:${hex32('b')}`), 404);
    expectError(await admin.get('/hooks/svc:hook:abc-1_x'), 404);
    expectError(await admin.get('/hooks/svc:hook:ABC'), 400, /hookId/);
  });

  it('Create User success carries the CORS headers', async () => {
    const result = await admin.post('/users', { email: 'cors@example.com' });
    expect(result.status).toBe(200);
    userSchema.parse(result.body);
    expect(result.headers.get('access-control-allow-origin')).toBeTruthy();
    expect(result.headers.get('access-control-allow-headers')).toBeTruthy();
  });

  it('500 never leaks internals (a client secret never appears in any error)', async () => {
    const result = await admin.post('/users', { email: 'x@example.com', roleIds: 'not-an-array' });
    expect(result.status).toBe(400);
    expect(JSON.stringify(result.body)).not.toContain(svc.credentials.clientSecret);
  });
});

describe('OpenAPI', () => {
  it('is served at {base_url}/openapi.json with an ISO 8601 timestamp version and every seed path', async () => {
    const result = await apiClient(svc.baseUrl, null).get('/openapi.json');
    expect(result.status).toBe(200);
    expect(result.body.info.version).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    const paths = Object.keys(result.body.paths);
    for (const path of [
      '/users',
      '/users/{userId}',
      '/documents/{documentId}',
      '/models',
      '/models/{modelId}',
      '/organizations',
      '/organizations/{organizationId}',
      '/appClients/{appClientId}',
      '/roles',
      '/roles/{roleId}',
      '/validations',
      '/agents/{agentId}/runs/{runId}',
      '/hooks/{hookId}/runs/{runId}',
      '/actions/{actionId}/runs/{runId}',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
