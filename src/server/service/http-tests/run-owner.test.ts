/**
 * `GET /runs/{runId}/owner` (extension, docs/run-owner.md): a bare run id → its agent, hook or action in one request;
 * 200 with `owner: null` when nothing in the caller's organization (or among the run kinds it may read) has it; 400
 * on an incomplete id; 403 without `agents.runs` read; listed in the OpenAPI document with its scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOwnerSchema, type PermissionInput } from '@/contract';
import { apiClient, hex32, type ApiClient } from '@/server/service/testing/http';
import { requestToken, startTestService, type TestService } from '@/server/service/testing/start-test-service';

let svc: TestService;
let admin: ApiClient;
const ids = { agent: '', agentRun: '', hook: '', hookRun: '', action: '', actionRun: '' };

beforeAll(async () => {
  svc = await startTestService();
  admin = apiClient(svc.baseUrl, await svc.getToken());
  ids.action = (await admin.post('/actions', { name: 'notify', config: {} })).body.actionId;
  ids.hook = (await admin.post('/hooks', { name: 'every step', trigger: '*', actionId: ids.action })).body.hookId;
  const agent = await admin.post('/agents', { name: 'owner lookups', resourceIds: [ids.hook, ids.action] });
  expect(agent.status, JSON.stringify(agent.body)).toBe(200);
  ids.agent = agent.body.agentId;
  const run = await admin.post(`/agents/${ids.agent}/runs`, {});
  expect(run.status, JSON.stringify(run.body)).toBe(200);
  ids.agentRun = run.body.runId;
  ids.hookRun = (await admin.get(`/hooks/${ids.hook}/runs`)).body.runs[0].runId;
  ids.actionRun = (await admin.get(`/actions/${ids.action}/runs`)).body.runs[0].runId;
  for (const [name, id] of Object.entries(ids)) expect(id, name).toBeTruthy();
});
afterAll(() => svc?.close());

async function ownerOf(api: ApiClient, runId: string) {
  const result = await api.get(`/runs/${runId}/owner`);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return runOwnerSchema.parse(result.body).owner;
}

/** An app client of the admin's organization holding one role with these permissions. */
async function clientWith(name: string, permissions: PermissionInput[]): Promise<ApiClient> {
  const role = await admin.post('/roles', { name, permissions });
  expect(role.status, JSON.stringify(role.body)).toBe(200);
  const client = await admin.post('/appClients', { name, roleIds: [role.body.roleId] });
  expect(client.status, JSON.stringify(client.body)).toBe(200);
  return apiClient(svc.baseUrl, await requestToken(svc.authUrl, client.body.clientId, client.body.clientSecret));
}

const allowRead = (resourceId: string): PermissionInput => ({ resourceId, effect: 'allow', action: 'read' });

describe('GET /runs/{runId}/owner', () => {
  it('names the agent, hook or action that owns a run', async () => {
    expect(await ownerOf(admin, ids.agentRun)).toEqual({ kind: 'agent', ownerId: ids.agent });
    expect(await ownerOf(admin, ids.hookRun)).toEqual({ kind: 'hook', ownerId: ids.hook });
    expect(await ownerOf(admin, ids.actionRun)).toEqual({ kind: 'action', ownerId: ids.action });
  });

  it('answers owner null, not an error, for a run id nothing has', async () => {
    const unknown = `svc:run:${hex32('a')}`;
    expect((await admin.get(`/runs/${unknown}/owner`)).body).toEqual({ runId: unknown, owner: null });
  });

  it('refuses an incomplete or malformed run id with 400 naming the rule', async () => {
    for (const id of ['svc:run:0123', `legacy:run:${hex32()}`, `svc:agent:${hex32()}`]) {
      const result = await admin.get(`/runs/${id}/owner`);
      expect(result.status, id).toBe(400);
      expect(result.body.message).toMatch(/svc:run:<32 lowercase hex>/);
    }
  });

  it("does not reveal another organization's runs", async () => {
    const tenant = await svc.createTenant();
    const other = apiClient(svc.baseUrl, await tenant.getToken());
    for (const runId of [ids.agentRun, ids.hookRun, ids.actionRun]) expect(await ownerOf(other, runId)).toBeNull();
    // …and the other organization's own runs are found by it, not by us.
    const agent = await other.post('/agents', { name: 'theirs', resourceIds: [] });
    const theirRun = (await other.post(`/agents/${agent.body.agentId}/runs`, {})).body.runId as string;
    expect(await ownerOf(other, theirRun)).toEqual({ kind: 'agent', ownerId: agent.body.agentId });
    expect(await ownerOf(admin, theirRun)).toBeNull();
  });

  it('needs agents.runs read, and searches hook and action runs only for callers that may read them', async () => {
    const agentsOnly = await clientWith('agents, not their runs', [allowRead('agents'), allowRead('hooks.runs')]);
    const refused = await agentsOnly.get(`/runs/${ids.agentRun}/owner`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Forbidden' });

    const agentRunsOnly = await clientWith('agent runs only', [allowRead('agents.runs')]);
    expect(await ownerOf(agentRunsOnly, ids.agentRun)).toEqual({ kind: 'agent', ownerId: ids.agent });
    expect(await ownerOf(agentRunsOnly, ids.hookRun)).toBeNull();
    expect(await ownerOf(agentRunsOnly, ids.actionRun)).toBeNull();

    const withHookRuns = await clientWith('agent and hook runs', [allowRead('agents.runs'), allowRead('hooks.runs')]);
    expect(await ownerOf(withHookRuns, ids.hookRun)).toEqual({ kind: 'hook', ownerId: ids.hook });
    expect(await ownerOf(withHookRuns, ids.actionRun)).toBeNull();
  });

  it('is in the OpenAPI document with its scope', async () => {
    const document = (await apiClient(svc.baseUrl, null).get('/openapi.json')).body;
    const operation = document.paths['/runs/{runId}/owner']?.get;
    expect(operation?.security).toEqual([{ oauth2: ['agents.runs:read'] }]);
    expect(operation?.responses?.['200']).toBeDefined();
  });
});
