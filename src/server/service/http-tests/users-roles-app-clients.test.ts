/**
 * Users, roles and app clients, field by field as the seed gives them: success shapes parsed by the contract, every
 * constraint refused with 400 naming the field, unknown fields refused, lists paged with nextToken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appClientSchema, roleListSchema, roleSchema, userListSchema, userSchema } from '@/contract';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { apiClient, hex32, type ApiClient } from '@/server/service/testing/http';
import { expect400 } from '@/server/service/testing/expect-error';

let svc: TestService;
let api: ApiClient;

beforeAll(async () => {
  svc = await startTestService();
  api = apiClient(svc.baseUrl, await svc.getToken());
});
afterAll(() => svc?.close());

describe('Create User', () => {
  it('creates an invited user with the seed fields only', async () => {
    const result = await api.post('/users', {
      email: 'ada.lovelace+ops@example.co.uk',
      name: 'Ada',
      description: 'first',
      metadata: { team: 'ops' },
      roleIds: ['svc:role:viewer'],
    });
    expect(result.status).toBe(200);
    const user = userSchema.parse(result.body);
    expect(user).toMatchObject({
      name: 'Ada',
      description: 'first',
      metadata: { team: 'ops' },
      roleIds: ['svc:role:viewer'],
      status: 'invite_pending',
    });
    expect(user.userId).toMatch(/^svc:user:[0-9a-f]{32}$/);
    expect(Object.keys(result.body)).not.toContain('email');
  });

  it.each([
    ['missing', {}],
    ['no @', { email: 'plainaddress' }],
    ['local part not starting alphanumeric', { email: '.dot@example.com' }],
    ['forbidden character in local part', { email: 'a!b@example.com' }],
    ['undotted domain', { email: 'a@localhost' }],
    ['one-letter final label', { email: 'a@example.c' }],
    ['digits in final label', { email: 'a@example.c0m' }],
    ['not a string', { email: 42 }],
  ])('refuses an email that is %s', async (_case, body) => {
    await expect400(api.post('/users', body), 'email');
  });

  it('accepts the email edge cases the rule allows', async () => {
    for (const email of ['a@b.co', '9-x+y_z.w@sub.example.museum']) {
      expect((await api.post('/users', { email })).status).toBe(200);
    }
  });

  it('checks appClientId: its pattern and that it exists', async () => {
    await expect400(api.post('/users', { email: 'ac1@example.com', appClientId: 'svc:appclient:x' }), 'appClientId');
    const unknown = await api.post('/users', { email: 'ac2@example.com', appClientId: 'svc:app-client:nothing' });
    expect([400, 404]).toContain(unknown.status);
    const { body: client } = await api.post('/appClients', { name: 'for users' });
    expect((await api.post('/users', { email: 'ac3@example.com', appClientId: client.appClientId })).status).toBe(200);
  });

  it('refuses an email another user of the organization has, whatever its case', async () => {
    expect((await api.post('/users', { email: 'Taken.Once@example.com' })).status).toBe(200);
    await expect400(
      api.post('/users', { email: 'taken.once@EXAMPLE.com' }),
      /email taken\.once@EXAMPLE\.com already belongs/,
    );
  });

  it('lets exactly one of several concurrent creates with the same email through', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => api.post('/users', { email: 'race@example.com' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    for (const refused of results.filter((r) => r.status === 400))
      expect(refused.body.message).toMatch(/^email race@example\.com already belongs/);
  });

  it('refuses unknown fields, naming them', async () => {
    await expect400(api.post('/users', { email: 'u1@example.com', status: 'active' }), 'status');
    await expect400(api.post('/users', { email: 'u2@example.com', userId: `svc:user:${hex32()}` }), 'userId');
  });

  it('enforces 4096 on name and description, and null is allowed', async () => {
    expect(
      (await api.post('/users', { email: 'n1@example.com', name: 'x'.repeat(4096), description: null })).status,
    ).toBe(200);
    await expect400(api.post('/users', { email: 'n2@example.com', name: 'x'.repeat(4097) }), 'name');
    await expect400(api.post('/users', { email: 'n3@example.com', description: 'x'.repeat(4097) }), 'description');
  });

  it('checks roleIds: pattern with 1..32 id characters, both namespaces, and that the role exists', async () => {
    await expect400(
      api.post('/users', { email: 'r1@example.com', roleIds: [`svc:role:${'a'.repeat(33)}`] }),
      'roleIds',
    );
    await expect400(api.post('/users', { email: 'r2@example.com', roleIds: ['svc:role:'] }), 'roleIds');
    await expect400(api.post('/users', { email: 'r3@example.com', roleIds: ['other:role:admin'] }), 'roleIds');
    // Well-formed (legacy namespace, 32 characters) but unknown: still refused, naming it.
    const unknown = `legacy:role:${'b'.repeat(32)}`;
    const result = await api.post('/users', { email: 'r4@example.com', roleIds: [unknown] });
    expect([400, 404]).toContain(result.status);
    expect(result.body.message).toContain(unknown);
  });

  it('metadata must be an object', async () => {
    await expect400(api.post('/users', { email: 'm1@example.com', metadata: [1, 2] }), 'metadata');
    await expect400(api.post('/users', { email: 'm2@example.com', metadata: 'text' }), 'metadata');
  });

  it('metadata and roleIds may be null, as the user resource allows, on create and on PATCH', async () => {
    const created = await api.post('/users', { email: 'nulls@example.com', metadata: null, roleIds: null });
    expect(created.status).toBe(200);
    expect(userSchema.parse(created.body)).toMatchObject({ metadata: null, roleIds: null });
    const withRoles = await api.patch(`/users/${created.body.userId}`, {
      metadata: { a: 1 },
      roleIds: ['svc:role:member'],
    });
    expect(withRoles.body).toMatchObject({ metadata: { a: 1 }, roleIds: ['svc:role:member'] });
    const cleared = await api.patch(`/users/${created.body.userId}`, { metadata: null, roleIds: null });
    expect(cleared.status).toBe(200);
    expect(userSchema.parse(cleared.body)).toMatchObject({ metadata: null, roleIds: null });
    expect((await api.get(`/users/${created.body.userId}`)).body).toMatchObject({ metadata: null, roleIds: null });
  });

  it('the same email twice is refused', async () => {
    expect((await api.post('/users', { email: 'twice@example.com' })).status).toBe(200);
    await expect400(api.post('/users', { email: 'Twice@Example.com' }), 'email');
  });
});

describe('PATCH and DELETE /users/{userId}', () => {
  it('PATCH changes only what it names; DELETE returns the user and it is gone', async () => {
    const { body: created } = await api.post('/users', {
      email: 'patch-me@example.com',
      name: 'Before',
      description: 'keep',
    });
    const patched = await api.patch(`/users/${created.userId}`, {
      name: 'After',
      metadata: { a: 1 },
      roleIds: ['svc:role:member'],
    });
    expect(patched.status).toBe(200);
    expect(userSchema.parse(patched.body)).toMatchObject({
      name: 'After',
      description: 'keep',
      metadata: { a: 1 },
      roleIds: ['svc:role:member'],
    });
    expect(patched.body.updatedTime).not.toBeNull();
    expect((await api.get(`/users/${created.userId}`)).body.name).toBe('After');

    await expect400(api.patch(`/users/${created.userId}`, {}), /empty|at least one/i);
    await expect400(api.patch(`/users/${created.userId}`, { email: 'x@example.com' }), 'email');
    await expect400(api.patch(`/users/${created.userId}`, { name: 'x'.repeat(4097) }), 'name');

    const deleted = await api.delete(`/users/${created.userId}`);
    expect(deleted.status).toBe(200);
    expect(userSchema.parse(deleted.body).userId).toBe(created.userId);
    expect((await api.get(`/users/${created.userId}`)).status).toBe(404);
    expect((await api.delete(`/users/${created.userId}`)).status).toBe(404);
  });

  it('the legacy namespace is accepted in the path', async () => {
    expect((await api.get(`/users/legacy:user:Abc-_123`)).status).toBe(404);
  });
});

describe('lists page with maxResults and nextToken', () => {
  it('walks every user exactly once', async () => {
    for (let i = 0; i < 7; i++) expect((await api.post('/users', { email: `page${i}@example.com` })).status).toBe(200);
    const all = (await api.get('/users?maxResults=1000')).body.users.map((u: { userId: string }) => u.userId);
    const seen: string[] = [];
    let token: string | null = null;
    do {
      const result: { status: number; body: unknown } = await api.get(
        `/users?maxResults=3${token ? `&nextToken=${encodeURIComponent(token)}` : ''}`,
      );
      expect(result.status).toBe(200);
      const page = userListSchema.parse(result.body);
      expect(page.users.length).toBeLessThanOrEqual(3);
      seen.push(...page.users.map((u) => u.userId));
      token = page.nextToken;
    } while (token);
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('refuses maxResults out of range and a forged nextToken', async () => {
    await expect400(api.get('/users?maxResults=0'), 'maxResults');
    await expect400(api.get('/users?maxResults=1001'), 'maxResults');
    await expect400(api.get('/users?maxResults=abc'), 'maxResults');
    await expect400(api.get('/users?nextToken=forged'), 'nextToken');
  });
});

describe('roles', () => {
  it('lists the built-in roles with nextToken, gets one, patches name, description, metadata and permissions', async () => {
    const list = roleListSchema.parse((await api.get('/roles')).body);
    expect(list.roles.map((r) => r.roleId)).toEqual(
      expect.arrayContaining(['svc:role:admin', 'svc:role:member', 'svc:role:validator', 'svc:role:viewer']),
    );
    expect(list).toHaveProperty('nextToken');

    const created = await api.post('/roles', {
      name: 'Auditors',
      permissions: [{ resourceId: 'documents', effect: 'allow', action: 'read' }],
    });
    expect(created.status).toBe(200);
    const role = roleSchema.parse(created.body);
    const patched = await api.patch(`/roles/${role.roleId}`, {
      name: 'Auditors 2',
      description: 'reads',
      metadata: { k: 'v' },
      permissions: [{ resourceId: 'users' }, { resourceId: 'models', effect: 'deny', action: 'write' }],
    });
    expect(patched.status).toBe(200);
    expect(roleSchema.parse(patched.body).permissions).toEqual([
      { resourceId: 'users', effect: 'allow', action: 'read' },
      { resourceId: 'models', effect: 'deny', action: 'write' },
    ]);
    expect((await api.get(`/roles/${role.roleId}`)).body.name).toBe('Auditors 2');
  });

  it('DELETE removes a custom role; a role still given to an app client or a built-in role is refused', async () => {
    const { body: role } = await api.post('/roles', { name: 'temporary' });
    const { body: client } = await api.post('/appClients', { name: 'holder', roleIds: [role.roleId] });
    const held = await api.delete(`/roles/${role.roleId}`);
    expect(held.status).toBe(400);
    expect(held.body.message).toContain(client.appClientId);
    expect((await api.patch(`/appClients/${client.appClientId}`, { roleIds: [] })).status).toBe(200);
    const deleted = await api.delete(`/roles/${role.roleId}`);
    expect(deleted.status).toBe(200);
    expect(roleSchema.parse(deleted.body).roleId).toBe(role.roleId);
    expect((await api.get(`/roles/${role.roleId}`)).status).toBe(404);
    expect((await api.delete('/roles/svc:role:admin')).status).toBe(400);
  });

  it('refuses bad permissions, unknown fields and a role id over 32 characters', async () => {
    const { body: role } = await api.post('/roles', { name: 'r' });
    await expect400(api.patch(`/roles/${role.roleId}`, { permissions: [{}] }), 'resourceId');
    await expect400(
      api.patch(`/roles/${role.roleId}`, { permissions: [{ resourceId: 'users', effect: 'maybe' }] }),
      'effect',
    );
    await expect400(
      api.patch(`/roles/${role.roleId}`, { permissions: [{ resourceId: 'users', action: 'fly' }] }),
      'action',
    );
    await expect400(api.patch(`/roles/${role.roleId}`, { roleId: 'svc:role:x' }), 'roleId');
    await expect400(api.get(`/roles/svc:role:${'a'.repeat(33)}`), 'roleId');
  });
});

describe('app clients', () => {
  it('returns the secret once on create, never on GET or list, and the secret works', async () => {
    const created = await api.post('/appClients', {
      name: 'CI',
      description: 'pipeline',
      roleIds: ['svc:role:member'],
      loginUrls: ['https://app.example.com/login', 'http://localhost:3000/in'],
      defaultLoginUrl: 'https://app.example.com/login',
      metadata: { owner: 'ops' },
    });
    expect(created.status).toBe(200);
    const client = appClientSchema.parse(created.body);
    expect(client.clientSecret).toEqual(expect.any(String));
    expect(client.hasSecret).toBe(true);
    const got = await api.get(`/appClients/${client.appClientId}`);
    expect(JSON.stringify(got.body)).not.toContain(client.clientSecret!);
    const list = await api.get('/appClients?maxResults=1000');
    expect(JSON.stringify(list.body)).not.toContain(client.clientSecret!);
    expect(list.body.appClients.map((c: { appClientId: string }) => c.appClientId)).toContain(client.appClientId);
  });

  it('enforces the URL rule on loginUrls and defaultLoginUrl', async () => {
    const { body: client } = await api.post('/appClients', { name: 'urls' });
    for (const url of ['http://example.com', 'ftp://x', 'localhost:3000', 'https:/x']) {
      await expect400(api.patch(`/appClients/${client.appClientId}`, { loginUrls: [url] }), 'loginUrls');
      await expect400(api.patch(`/appClients/${client.appClientId}`, { defaultLoginUrl: url }), 'defaultLoginUrl');
    }
    const ok = await api.patch(`/appClients/${client.appClientId}`, {
      loginUrls: ['http://localhost'],
      defaultLoginUrl: 'https://x.example',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ loginUrls: ['http://localhost'], defaultLoginUrl: 'https://x.example' });
  });

  it('PATCH refuses fields the seed does not list (clientSecret, clientId)', async () => {
    const { body: client } = await api.post('/appClients', { name: 'fields' });
    await expect400(api.patch(`/appClients/${client.appClientId}`, { clientSecret: 'mine' }), 'clientSecret');
    await expect400(api.patch(`/appClients/${client.appClientId}`, { clientId: 'mine' }), 'clientId');
  });

  it('DELETE returns the client; the bootstrap client cannot be changed or deleted', async () => {
    const { body: client } = await api.post('/appClients', { name: 'gone' });
    const deleted = await api.delete(`/appClients/${client.appClientId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.appClientId).toBe(client.appClientId);
    expect(deleted.body.clientSecret ?? null).toBeNull();
    expect((await api.get(`/appClients/${client.appClientId}`)).status).toBe(404);

    const list = await api.get('/appClients?maxResults=1000');
    const bootstrap = list.body.appClients.find((c: { mutable: boolean }) => c.mutable === false);
    expect(bootstrap).toBeTruthy();
    expect((await api.delete(`/appClients/${bootstrap.appClientId}`)).status).toBe(400);
    // Its name and description may change; its roles may be restated but not changed.
    const renamed = await api.patch(`/appClients/${bootstrap.appClientId}`, {
      name: 'Console (renamed)',
      description: 'd',
      roleIds: bootstrap.roleIds,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Console (renamed)',
      description: 'd',
      roleIds: bootstrap.roleIds,
      mutable: false,
    });
    await expect400(api.patch(`/appClients/${bootstrap.appClientId}`, { roleIds: [] }), 'roleIds');
    expect((await api.get(`/appClients/${bootstrap.appClientId}`)).body.roleIds).toEqual(bootstrap.roleIds);
  });
});
