/**
 * Delegation (DESIGN §4, docs/authorization.md): a caller grants only what it holds. Narrow app clients, made by the
 * admin, try every escalation path (roleIds of app clients and users, permissions of new and existing roles) and get
 * 403 naming what they lack; nothing is stored; the same requests from the admin, or within the caller's reach, pass.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionInput } from '@/contract';
import { apiClient, type ApiClient, type HttpResult } from '@/server/service/testing/http';
import { requestToken, startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { expectError } from '@/server/service/testing/expect-error';

let svc: TestService;
let admin: ApiClient;

beforeAll(async () => {
  svc = await startTestService();
  admin = apiClient(svc.baseUrl, await svc.getToken());
});
afterAll(() => svc?.close());

async function makeRole(name: string, permissions: PermissionInput[]): Promise<string> {
  const created = await admin.post('/roles', { name, permissions });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.roleId as string;
}

/** An app client made by the admin with these roles, and an API client holding its token. */
async function makeClient(name: string, roleIds: string[]): Promise<{ appClientId: string; api: ApiClient }> {
  const created = await admin.post('/appClients', { name, roleIds });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const token = await requestToken(svc.authUrl, created.body.clientId, created.body.clientSecret);
  return { appClientId: created.body.appClientId, api: apiClient(svc.baseUrl, token) };
}

const expect403 = (result: HttpResult, message: RegExp) => expectError(result, 403, message);

const allow = (resourceId: string, action: PermissionInput['action']): PermissionInput => ({
  resourceId,
  effect: 'allow',
  action,
});
const deny = (resourceId: string, action: PermissionInput['action']): PermissionInput => ({
  resourceId,
  effect: 'deny',
  action,
});

describe('an app client that may only manage app clients', () => {
  let clientsOnly: string;
  let self: { appClientId: string; api: ApiClient };

  beforeAll(async () => {
    clientsOnly = await makeRole('app clients only', [allow('appclients', '*')]);
    self = await makeClient('clients-only client', [clientsOnly]);
  });

  it('cannot create an app client with the admin role', async () => {
    expect403(
      await self.api.post('/appClients', { name: 'escalated', roleIds: ['svc:role:admin'] }),
      /^roleIds\[0\] role svc:role:admin grants .*, which the caller does not hold$/,
    );
    const names = (await admin.get('/appClients?maxResults=100')).body.appClients.map((c: { name: string }) => c.name);
    expect(names).not.toContain('escalated');
  });

  it('names the role and what it lacks for a narrow role too', async () => {
    const docsWriter = await makeRole('documents writer', [allow('documents', 'write')]);
    expect403(
      await self.api.post('/appClients', { name: 'writer', roleIds: [clientsOnly, docsWriter] }),
      new RegExp(`^roleIds\\[1\\] role ${docsWriter} grants documents:write, which the caller does not hold$`),
    );
  });

  it('cannot widen its own roleIds', async () => {
    expect403(
      await self.api.patch(`/appClients/${self.appClientId}`, { roleIds: [clientsOnly, 'svc:role:admin'] }),
      /^roleIds\[1\] role svc:role:admin grants .*which the caller does not hold$/,
    );
    expect((await admin.get(`/appClients/${self.appClientId}`)).body.roleIds).toEqual([clientsOnly]);
    expect((await self.api.get('/users')).status).toBe(403);
  });

  it('cannot give the admin role to another client', async () => {
    const other = await self.api.post('/appClients', { name: 'plain', roleIds: [] });
    expect(other.status).toBe(200);
    expect403(
      await self.api.patch(`/appClients/${other.body.appClientId}`, { roleIds: ['svc:role:viewer'] }),
      /^roleIds\[0\] role svc:role:viewer grants \S+:read/,
    );
    expect((await admin.get(`/appClients/${other.body.appClientId}`)).body.roleIds).toEqual([]);
  });

  it('may give the roles it holds, and clients with no roles', async () => {
    const created = await self.api.post('/appClients', { name: 'same reach', roleIds: [clientsOnly] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect((await self.api.patch(`/appClients/${created.body.appClientId}`, { roleIds: [] })).status).toBe(200);
    expect(
      (await self.api.patch(`/appClients/${self.appClientId}`, { roleIds: [clientsOnly], name: 'renamed' })).status,
    ).toBe(200);
  });
});

describe('an app client that may manage users and roles but only read documents', () => {
  let usersWriter: string;
  let docsReader: string;
  let denyDocsWrite: string;
  let self: { appClientId: string; api: ApiClient };

  beforeAll(async () => {
    usersWriter = await makeRole('users writer', [allow('users', 'read'), allow('users', 'write')]);
    docsReader = await makeRole('documents all but write', [allow('documents', '*')]);
    denyDocsWrite = await makeRole('no document writes', [deny('documents', 'write')]);
    self = await makeClient('users client', [usersWriter, docsReader, denyDocsWrite]);
    expect((await self.api.post('/documents', { name: 'x' })).status).toBe(403);
  });

  it('cannot create a role with *:*', async () => {
    expect403(
      await self.api.post('/roles', { name: 'everything', permissions: [allow('*', '*')] }),
      /^permissions grants .*, which the caller does not hold$/,
    );
    expect(
      ((await admin.get('/roles?maxResults=100')).body.roles as { name: string }[]).map((r) => r.name),
    ).not.toContain('everything');
  });

  it('cannot create a role wider than itself, and the message names the permission', async () => {
    expect403(
      await self.api.post('/roles', { permissions: [allow('documents', 'write')] }),
      /^permissions grants documents:write, which the caller does not hold$/,
    );
    expect403(
      await self.api.post('/roles', { permissions: [{ resourceId: 'models' }] }),
      /^permissions grants models:read, which the caller does not hold$/,
    );
  });

  it('action * includes delegate: holding users read and write is not enough to grant users:*', async () => {
    expect403(
      await self.api.post('/roles', { permissions: [allow('users', '*')] }),
      /^permissions grants users:delegate, which the caller does not hold$/,
    );
  });

  it('may create roles within its reach, and roles that only deny', async () => {
    for (const permissions of [
      [allow('users', 'write'), allow('documents', 'read'), allow('documents', 'delegate')],
      [allow('*', '*'), deny('*', '*')],
      [deny('*', '*')],
      [allow('documents', '*'), deny('documents', 'write')],
    ]) {
      const created = await self.api.post('/roles', { permissions });
      expect(created.status, JSON.stringify({ permissions, body: created.body })).toBe(200);
    }
  });

  it('cannot widen a role it holds, even with what it holds through another role', async () => {
    expect403(
      await self.api.patch(`/roles/${usersWriter}`, {
        permissions: [allow('users', 'read'), allow('users', 'write'), allow('documents', 'write')],
      }),
      new RegExp(
        `^permissions would widen role ${usersWriter}, which the caller holds: it would allow documents:write$`,
      ),
    );
    expect403(
      await self.api.patch(`/roles/${usersWriter}`, {
        permissions: [allow('users', 'read'), allow('users', 'write'), allow('documents', 'read')],
      }),
      /which the caller holds: it would allow documents:read$/,
    );
    expect((await admin.get(`/roles/${usersWriter}`)).body.permissions).toEqual([
      allow('users', 'read'),
      allow('users', 'write'),
    ]);
  });

  it('cannot lift a deny in a role it holds', async () => {
    expect403(
      await self.api.patch(`/roles/${denyDocsWrite}`, { permissions: [] }),
      /^permissions would widen role \S+, which the caller holds: it would no longer deny documents:write$/,
    );
    expect((await self.api.post('/documents', { name: 'x' })).status).toBe(403);
  });

  it('cannot lift a deny on what it does not hold in a role it does not hold', async () => {
    const elsewhere = await makeRole('elsewhere', [allow('documents', '*'), deny('documents', 'write')]);
    expect403(
      await self.api.patch(`/roles/${elsewhere}`, { permissions: [allow('documents', '*')] }),
      /^permissions grants documents:write, which the caller does not hold$/,
    );
    const denyOnly = await makeRole('deny only', [deny('documents', 'write')]);
    expect403(
      await self.api.patch(`/roles/${denyOnly}`, { permissions: [] }),
      /^permissions lifts the deny on documents:write, which the caller does not hold$/,
    );
    expect((await admin.get(`/roles/${denyOnly}`)).body.permissions).toEqual([deny('documents', 'write')]);
  });

  it('cannot widen a built-in role beyond itself', async () => {
    expect403(
      await self.api.patch('/roles/svc:role:viewer', { permissions: [allow('*', '*')] }),
      /^permissions grants .*, which the caller does not hold$/,
    );
  });

  it('may change a role it does not hold within its reach, and narrow one it holds', async () => {
    const other = await makeRole('other', [deny('users', 'write')]);
    const lifted = await self.api.patch(`/roles/${other}`, {
      permissions: [allow('users', 'write'), allow('documents', 'read')],
    });
    expect(lifted.status, JSON.stringify(lifted.body)).toBe(200);
    const narrowed = await self.api.patch(`/roles/${docsReader}`, {
      permissions: [allow('documents', 'read'), allow('documents', 'delegate')],
    });
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    expect((await self.api.patch(`/roles/${usersWriter}`, { name: 'renamed, same permissions' })).status).toBe(200);
  });

  it('cannot give users roles beyond its reach, on create or on PATCH', async () => {
    expect403(
      await self.api.post('/users', { email: 'escalate@example.com', roleIds: ['svc:role:admin'] }),
      /^roleIds\[0\] role svc:role:admin grants .*which the caller does not hold$/,
    );
    const user = await self.api.post('/users', { email: 'reach@example.com', roleIds: [usersWriter] });
    expect(user.status, JSON.stringify(user.body)).toBe(200);
    expect403(
      await self.api.patch(`/users/${user.body.userId}`, { roleIds: [usersWriter, 'svc:role:member'] }),
      /^roleIds\[1\] role svc:role:member grants /,
    );
    expect((await admin.get(`/users/${user.body.userId}`)).body.roleIds).toEqual([usersWriter]);
    expect((await self.api.patch(`/users/${user.body.userId}`, { roleIds: null })).status).toBe(200);
  });
});

describe('the admin', () => {
  it('grants anything: admin role to clients and users, *:* roles, widening built-in and custom roles', async () => {
    const results: HttpResult[] = [];
    results.push(await admin.post('/appClients', { name: 'second admin', roleIds: ['svc:role:admin'] }));
    results.push(
      await admin.post('/users', { email: 'admin2@example.com', roleIds: ['svc:role:admin', 'svc:role:member'] }),
    );
    const role = await admin.post('/roles', {
      name: 'all',
      permissions: [allow('*', '*'), deny('documents', 'write')],
    });
    results.push(role);
    results.push(await admin.patch(`/roles/${role.body.roleId}`, { permissions: [allow('*', '*')] }));
    results.push(
      await admin.patch('/roles/svc:role:viewer', { permissions: [allow('*', 'read'), allow('documents', 'write')] }),
    );
    for (const result of results) expect(result.status, JSON.stringify(result.body)).toBe(200);
  });
});
