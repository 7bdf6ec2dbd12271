/**
 * Agents and the agent run lifecycle of DESIGN §4 over HTTP: a run predicts, waits for review, is taken and
 * completed through its validation task, exported through its actions, and archived (the seed's one client-set
 * status); hooks and actions leave hook runs and action runs; lists filter by status and time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_RUN_STATUSES,
  actionRunListSchema,
  agentRunListSchema,
  agentRunSchema,
  agentSchema,
  hookRunListSchema,
  hookRunSchema,
  validationTaskSchema,
} from '@/contract';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { apiClient, type ApiClient } from '@/server/service/testing/http';

let svc: TestService;
let api: ApiClient;
let token: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  svc = await startTestService();
  token = await svc.getToken();
  api = apiClient(svc.baseUrl, token);
  const model = await api.post('/models', {
    name: 'm',
    fieldConfig: { invoice_number: { type: 'string' }, total: { type: 'amount' } },
  });
  const validation = await api.post('/validations', {
    name: 'v',
    config: { rules: [{ type: 'confidenceThreshold', threshold: 1 }] },
  });
  const action = await api.post('/actions', { name: 'to ERP', config: { destination: 'erp' } });
  const failing = await api.post('/actions', {
    name: 'needs a variable',
    config: { requiredVariables: ['erpAccount'] },
  });
  const hook = await api.post('/hooks', { name: 'on review', trigger: 'ready-for-review' });
  for (const [name, result] of Object.entries({ model, validation, action, failing, hook })) {
    expect(result.status, `${name}: ${JSON.stringify(result.body)}`).toBe(200);
  }
  ids.model = model.body.modelId;
  ids.validation = validation.body.validationId;
  ids.action = action.body.actionId;
  ids.failing = failing.body.actionId;
  ids.hook = hook.body.hookId;
  const document = await api.post('/documents', { name: 'inv.pdf', groundTruth: [{ label: 'total', value: '12.50' }] });
  ids.document = document.body.documentId;
});
afterAll(() => svc?.close());

async function newAgent(resourceIds: string[]) {
  const result = await api.post('/agents', { name: 'Invoices agent', description: 'd', resourceIds });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return agentSchema.parse(result.body);
}

describe('agents', () => {
  it('creates, lists, patches and deletes', async () => {
    const agent = await newAgent([ids.model]);
    expect(agent.agentId).toMatch(/^svc:agent:[0-9a-f]{32}$/);
    expect((await api.get('/agents')).body.agents.map((a: { agentId: string }) => a.agentId)).toContain(agent.agentId);
    const patched = await api.patch(`/agents/${agent.agentId}`, {
      name: 'Renamed',
      resourceIds: [ids.model, ids.validation],
    });
    expect(patched.body).toMatchObject({ name: 'Renamed', resourceIds: [ids.model, ids.validation] });
    expect((await api.patch(`/agents/${agent.agentId}`, { agentId: 'x' })).status).toBe(400);
    expect((await api.delete(`/agents/${agent.agentId}`)).status).toBe(200);
    expect((await api.get(`/agents/${agent.agentId}`)).status).toBe(404);
  });
});

describe('agent run lifecycle', () => {
  it('ready-for-review → review-in-progress → review-completed → exported → completed, with events, hook and action runs', async () => {
    const agent = await newAgent([ids.model, ids.validation, ids.hook, ids.action]);
    const started = await api.post(`/agents/${agent.agentId}/runs`, {
      documentId: ids.document,
      variables: { batch: 7 },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const run = agentRunSchema.parse(started.body);
    expect(run.status).toBe('ready-for-review');
    expect(run.runId).toMatch(/^svc:run:[0-9a-f]{32}$/);
    expect(run.events.map((e) => e.status)).toEqual(
      expect.arrayContaining(['running', 'pending-predictions', 'ready-for-review']),
    );
    expect(run.resourceIds).toEqual(
      expect.arrayContaining([ids.document, ids.model, ids.validation, ids.hook, ids.action]),
    );
    expect(run.variablesFileUrl).toMatch(/^http:\/\/localhost:\d+\/v1\/agents\//);

    const variables = await fetch(run.variablesFileUrl!, { headers: { authorization: `Bearer ${token}` } });
    expect(variables.status).toBe(200);
    expect(await variables.json()).toMatchObject({ batch: 7, documentId: ids.document });

    // The hook fired when the run entered ready-for-review.
    const hookRuns = hookRunListSchema.parse(
      (await api.get(`/hooks/${ids.hook}/runs?agentRunId=${encodeURIComponent(run.id!)}`)).body,
    );
    expect(hookRuns.runs).toHaveLength(1);
    const hookRun = hookRunSchema.parse((await api.get(`/hooks/${ids.hook}/runs/${hookRuns.runs[0].runId}`)).body);
    expect(['succeeded', 'running', 'failed', 'ignored']).toContain(hookRun.status);

    // The task drives review.
    const tasks = (await api.get(`/validations/${ids.validation}/tasks?status=ready`)).body.validationTasks;
    const task = validationTaskSchema.parse(tasks.find((t: { agentRunId: string }) => t.agentRunId === run.id));
    const taskPath = `/validations/${ids.validation}/tasks/${task.taskId}`;
    expect((await api.patch(taskPath, { status: 'in-progress' })).status).toBe(200);
    expect((await api.get(`/agents/${agent.agentId}/runs/${run.runId}`)).body.status).toBe('review-in-progress');
    expect((await api.patch(taskPath, { status: 'in-progress' })).status).toBe(409);
    expect((await api.patch(taskPath, { status: 'succeeded' })).status).toBe(400);
    expect((await api.patch(taskPath, { status: 'succeeded', output: { total: '12.50' } })).status).toBe(200);
    expect((await api.get(`/agents/${agent.agentId}/runs/${run.runId}`)).body.status).toBe('review-completed');

    const exported = await api.post(`/agents/${agent.agentId}/runs/${run.runId}/export`, {});
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    const done = agentRunSchema.parse(exported.body);
    expect(done.status).toBe('completed');
    expect(done.events.map((e) => e.status)).toEqual(
      expect.arrayContaining(['review-in-progress', 'review-completed', 'pending-export', 'exported', 'completed']),
    );
    const actionRuns = actionRunListSchema.parse((await api.get(`/actions/${ids.action}/runs`)).body);
    expect(actionRuns.runs.find((r) => r.agentRunId?.endsWith(run.runId))?.status).toBe('succeeded');

    // Exporting twice is a conflict, not a second export.
    expect((await api.post(`/agents/${agent.agentId}/runs/${run.runId}/export`, {})).status).toBe(409);
  });

  it('takes of one ready task at once: exactly one reviewer gets it, the others 409; given back, it is ready again', async () => {
    const agent = await newAgent([ids.model, ids.validation]);
    const started = await api.post(`/agents/${agent.agentId}/runs`, { documentId: ids.document });
    const run = agentRunSchema.parse(started.body);
    expect(run.status).toBe('ready-for-review');
    const variables = await api.get(`/agents/${agent.agentId}/runs/${run.runId}/variables`);
    expect(variables.body).toMatchObject({
      validationId: ids.validation,
      documentId: ids.document,
      modelId: ids.model,
    });
    const taskPath = `/validations/${ids.validation}/tasks/${variables.body.validationTaskId}`;
    const runStatus = async () => (await api.get(`/agents/${agent.agentId}/runs/${run.runId}`)).body.status;

    // Each take is its own request, so its own transaction: they race for the task's row.
    const takes = await Promise.all(Array.from({ length: 4 }, () => api.patch(taskPath, { status: 'in-progress' })));
    expect(takes.map((take) => take.status).sort()).toEqual([200, 409, 409, 409]);
    expect(takes.find((take) => take.status === 409)!.body.message).toMatch(/already in progress/);
    expect(await runStatus()).toBe('review-in-progress');
    // The run took the one review its task allows: one review-started event, not four.
    const events = (await api.get(`/agents/${agent.agentId}/runs/${run.runId}`)).body.events as { type: string }[];
    expect(events.filter((e) => e.type === 'review-started')).toHaveLength(1);

    const given = await api.patch(taskPath, { status: 'ready' });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body.status).toBe('ready');
    expect(await runStatus()).toBe('ready-for-review');
    expect((await api.patch(taskPath, { status: 'in-progress' })).status).toBe(200);
    expect(await runStatus()).toBe('review-in-progress');
  });

  it('a failing action moves the run to error and its action run carries the errors', async () => {
    const agent = await newAgent([ids.model, ids.failing]);
    const { body: run } = await api.post(`/agents/${agent.agentId}/runs`, { documentId: ids.document });
    expect(run.status).toBe('succeeded-predictions');
    const exported = await api.post(`/agents/${agent.agentId}/runs/${run.runId}/export`, {});
    expect(exported.body.status).toBe('error');
    const runs = actionRunListSchema.parse((await api.get(`/actions/${ids.failing}/runs`)).body).runs;
    const failed = runs.find((r) => r.agentRunId?.endsWith(run.runId));
    expect(failed?.status).toBe('failed');
    expect(failed?.errors?.join(' ')).toMatch(/erpAccount/);
    const one = await api.get(`/actions/${ids.failing}/runs/${failed!.runId}`);
    expect(one.status).toBe(200);
  });

  it('a run without a document or model goes to error, saying why', async () => {
    const agent = await newAgent([]);
    const { body: run } = await api.post(`/agents/${agent.agentId}/runs`, {});
    expect(run.status).toBe('error');
    expect(JSON.stringify(run.events)).toMatch(/document/);
    expect(
      (await api.post(`/agents/${agent.agentId}/runs`, { documentId: `svc:document:${'0'.repeat(32)}` })).status,
    ).toBe(400);
  });

  it('PATCH accepts only status archived, from any state, and returns the run; DELETE removes it', async () => {
    const agent = await newAgent([ids.model]);
    const { body: run } = await api.post(`/agents/${agent.agentId}/runs`, { documentId: ids.document });
    const path = `/agents/${agent.agentId}/runs/${run.runId}`;
    for (const body of [{ status: 'completed' }, { status: 'archived', extra: 1 }, {}, { status: 'ARCHIVED' }]) {
      const refused = await api.patch(path, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const archived = await api.patch(path, { status: 'archived' });
    expect(archived.status).toBe(200);
    expect(agentRunSchema.parse(archived.body).status).toBe('archived');
    expect((await api.patch(path, { status: 'archived' })).body.status).toBe('archived');

    const deleted = await api.delete(path);
    expect(deleted.status).toBe(200);
    expect(deleted.body.runId).toBe(run.runId);
    expect((await api.get(path)).status).toBe(404);
  });

  it('lists filter by repeated status, sort both ways and page by created time window', async () => {
    const agent = await newAgent([ids.model, ids.validation]);
    const made: string[] = [];
    for (let i = 0; i < 4; i++)
      made.push((await api.post(`/agents/${agent.agentId}/runs`, { documentId: ids.document })).body.runId);
    await api.patch(`/agents/${agent.agentId}/runs/${made[0]}`, { status: 'archived' });
    const base = `/agents/${agent.agentId}/runs`;
    const desc = agentRunListSchema.parse((await api.get(base)).body).runs.map((r) => r.runId);
    expect(desc).toEqual([...made].reverse());
    const asc = agentRunListSchema.parse((await api.get(`${base}?sort=createdTime:asc`)).body).runs.map((r) => r.runId);
    expect(asc).toEqual(made);
    const filtered = (await api.get(`${base}?status=archived&status=error`)).body.runs.map(
      (r: { runId: string }) => r.runId,
    );
    expect(filtered).toEqual([made[0]]);
    // The time window is inclusive at both ends.
    const { body: second } = await api.get(`${base}/${made[1]}`);
    const window = (query: string) =>
      api.get(`${base}?${query}=${encodeURIComponent(second.createdTime)}&sort=createdTime:asc`);
    expect((await window('createdTimeAfter')).body.runs.map((r: { runId: string }) => r.runId)).toEqual(made.slice(1));
    expect((await window('createdTimeBefore')).body.runs.map((r: { runId: string }) => r.runId)).toEqual(
      made.slice(0, 2),
    );
    const paged: string[] = [];
    let next: string | null = null;
    do {
      const page: { body: { runs: { runId: string }[]; nextToken: string | null } } = await api.get(
        `${base}?maxResults=3${next ? `&nextToken=${encodeURIComponent(next)}` : ''}`,
      );
      paged.push(...page.body.runs.map((r) => r.runId));
      next = page.body.nextToken;
    } while (next);
    expect(paged).toEqual(desc);
    expect((await api.get(`${base}?status=finished`)).status).toBe(400);
    expect((await api.get(`${base}?createdTimeAfter=yesterday`)).status).toBe(400);
  });
});

describe('run counts (extension: GET /agents/{agentId}/runs/counts)', () => {
  it("counts every status under the list's filters, agrees with the list, and is tenant-scoped", async () => {
    const agent = await newAgent([ids.model, ids.validation]);
    const base = `/agents/${agent.agentId}/runs`;
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await api.post(base, { documentId: ids.document })).body.runId);
    await api.patch(`${base}/${made[0]}`, { status: 'archived' });
    const other = await newAgent([ids.model, ids.validation]);
    await api.post(`/agents/${other.agentId}/runs`, { documentId: ids.document }); // another agent's run: not counted

    const all = await api.get(`${base}/counts`);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(Object.keys(all.body.counts).sort()).toEqual([...AGENT_RUN_STATUSES].sort());
    expect(all.body.counts).toMatchObject({ archived: 1, 'ready-for-review': 2, completed: 0 });
    const listed = agentRunListSchema.parse((await api.get(base)).body).runs;
    for (const status of AGENT_RUN_STATUSES) {
      expect(all.body.counts[status], status).toBe(listed.filter((r) => r.status === status).length);
    }

    // Same filters as the list: repeated status, inclusive created-time bounds.
    expect((await api.get(`${base}/counts?status=archived&status=error`)).body.counts).toMatchObject({
      archived: 1,
      'ready-for-review': 0,
    });
    const { body: second } = await api.get(`${base}/${made[1]}`);
    const after = await api.get(`${base}/counts?createdTimeAfter=${encodeURIComponent(second.createdTime)}`);
    expect(after.body.counts).toMatchObject({ archived: 0, 'ready-for-review': 2 });
    expect((await api.get(`${base}/counts?status=finished`)).status).toBe(400);

    // Another organization sees no such agent.
    const tenant = await svc.createTenant();
    const stranger = apiClient(svc.baseUrl, await tenant.getToken());
    expect((await stranger.get(`${base}/counts`)).status).toBe(404);
    expect((await apiClient(svc.baseUrl, 'not-a-token').get(`${base}/counts`)).status).toBe(401);
  });

  it('keeps its counts (no time window) equal to counting the runs (a window around all of them) through every change', async () => {
    const agent = await newAgent([ids.model, ids.validation]);
    const base = `/agents/${agent.agentId}/runs`;
    const kept = async () => (await api.get(`${base}/counts`)).body.counts;
    const counted = async () =>
      (await api.get(`${base}/counts?createdTimeAfter=2000-01-01T00:00:00Z&createdTimeBefore=2999-01-01T00:00:00Z`))
        .body.counts;
    const made: string[] = [];
    for (let i = 0; i < 4; i++) made.push((await api.post(base, { documentId: ids.document })).body.runId);
    expect(await kept()).toEqual(await counted());
    expect((await kept())['ready-for-review']).toBe(4);
    await api.patch(`${base}/${made[0]}`, { status: 'archived' });
    await api.patch(`${base}/${made[0]}`, { status: 'archived' }); // archived again: no status moves
    expect((await api.delete(`${base}/${made[1]}`)).status).toBe(200);
    const after = await kept();
    expect(after).toEqual(await counted());
    expect(after).toMatchObject({ archived: 1, 'ready-for-review': 2 });
    expect(Object.values(after).reduce((a: number, b) => a + (b as number), 0)).toBe(3);
  });
});
