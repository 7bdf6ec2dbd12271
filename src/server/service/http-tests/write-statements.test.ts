/**
 * The three writes cut to few statements (issue 40): a document PATCH is one UPDATE merging the body into the stored
 * JSON; a run status change and a review confirmation read once and write once, on condition that the rows did not
 * change in between. What those shortcuts could break: tenancy, key order, filter columns, the read cache, the run
 * status counts (exactly one move per change), concurrent writers of one row, and all-or-nothing writes of two rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { apiClient, type ApiClient } from '@/server/service/testing/http';
import { rows, sql } from '@/server/service/storage/database';
import { replaceTaskAndRunIfUnchanged, taskAndRunForMove } from '@/server/service/storage/repositories/agent-runs';

let svc: TestService;
let api: ApiClient;
let other: ApiClient;
let organizationId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  svc = await startTestService();
  api = apiClient(svc.baseUrl, await svc.getToken());
  const tenant = await svc.createTenant();
  other = apiClient(svc.baseUrl, await tenant.getToken());
  organizationId = (await api.get('/organizations/me')).body.organizationId;
  const model = await api.post('/models', { name: 'm', fieldConfig: { total: { type: 'amount' } } });
  const validation = await api.post('/validations', {
    name: 'v',
    config: { rules: [{ type: 'confidenceThreshold', threshold: 1 }] },
  });
  ids.model = model.body.modelId;
  ids.validation = validation.body.validationId;
  const agent = await api.post('/agents', {
    name: 'a',
    description: 'd',
    resourceIds: [ids.model, ids.validation],
  });
  ids.agent = agent.body.agentId;
  ids.document = (
    await api.post('/documents', { name: 'inv.pdf', groundTruth: [{ label: 'total', value: '1' }] })
  ).body.documentId;
});
afterAll(() => svc?.close());

async function counts(agentId = ids.agent): Promise<Record<string, number>> {
  const answer = await api.get(`/agents/${agentId}/runs/counts`);
  expect(answer.status).toBe(200);
  return answer.body.counts;
}

async function newRun(agentId = ids.agent) {
  const answer = await api.post(`/agents/${agentId}/runs`, { documentId: ids.document });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.status).toBe('ready-for-review');
  const variables = await api.get(`/agents/${agentId}/runs/${answer.body.runId}/variables`);
  return {
    runId: answer.body.runId as string,
    taskPath: `/validations/${ids.validation}/tasks/${variables.body.validationTaskId}`,
  };
}

describe('PATCH /documents/{id} in one statement', () => {
  it('replaces the fields given, keeps the order of the others, stamps who and when, and moves the filter column', async () => {
    const created = await api.post('/documents', {
      name: 'a.pdf',
      description: 'first',
      metadata: { z: 1, a: 2 },
      groundTruth: [{ label: 'total', value: '1' }],
    });
    const id = created.body.documentId;
    const before = await api.get(`/documents/${id}`); // the read cache keeps this answer
    const patched = await api.patch(`/documents/${id}`, {
      groundTruth: [{ label: 'total', value: '2', pages: [0] }],
      datasetId: 'svc:dataset:0123456789abcdef0123456789abcdef',
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(Object.keys(patched.body)).toEqual(Object.keys(before.body));
    expect(patched.body).toMatchObject({
      name: 'a.pdf',
      description: 'first',
      metadata: { z: 1, a: 2 },
      groundTruth: [{ label: 'total', value: '2', pages: [0] }],
      datasetId: 'svc:dataset:0123456789abcdef0123456789abcdef',
      updatedBy: before.body.createdBy,
    });
    expect(Object.keys(patched.body.metadata)).toEqual(['z', 'a']);
    expect(patched.body.updatedTime).not.toBeNull();
    // The GET after the write is not the cached answer from before it.
    expect((await api.get(`/documents/${id}`)).body).toEqual(patched.body);
    const listed = await api.get('/documents?datasetId=svc:dataset:0123456789abcdef0123456789abcdef');
    expect(listed.body.documents.map((d: { documentId: string }) => d.documentId)).toEqual([id]);

    const cleared = await api.patch(`/documents/${id}`, { groundTruth: null, name: null });
    expect(cleared.body).toMatchObject({ groundTruth: null, name: null, description: 'first' });
    expect(Object.keys(cleared.body)).toEqual(Object.keys(before.body));
  });

  it("is 404 for another organization's document and for none, and changes nothing", async () => {
    const before = await api.get(`/documents/${ids.document}`);
    const refused = await other.patch(`/documents/${ids.document}`, { name: 'taken' });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(`Document ${ids.document} not found`);
    expect((await api.get(`/documents/${ids.document}`)).body).toEqual(before.body);
    const missing = 'svc:document:00000000000000000000000000000000';
    expect((await api.patch(`/documents/${missing}`, { name: 'x' })).status).toBe(404);
  });

  it('loses no field of concurrent PATCHes of one document', async () => {
    const id = (await api.post('/documents', { name: 'c.pdf' })).body.documentId;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api.patch(`/documents/${id}`, i % 2 ? { name: `n${i}` } : { description: `d${i}` }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const final = (await api.get(`/documents/${id}`)).body;
    expect(final.name).toMatch(/^n\d+$/);
    expect(final.description).toMatch(/^d\d+$/);
  });
});

describe('a run status change in two statements', () => {
  it('moves the status counts exactly once, appends one event, and archiving again changes nothing', async () => {
    const { runId } = await newRun();
    const before = await counts();
    const archived = await api.patch(`/agents/${ids.agent}/runs/${runId}`, { status: 'archived' });
    expect(archived.status, JSON.stringify(archived.body)).toBe(200);
    expect(archived.body.status).toBe('archived');
    expect(archived.body.events.at(-1)).toMatchObject({
      type: 'archived',
      status: 'archived',
      previousStatus: 'ready-for-review',
    });
    const after = await counts();
    expect(after['ready-for-review']).toBe(before['ready-for-review'] - 1);
    expect(after.archived).toBe((before.archived ?? 0) + 1);
    const again = await api.patch(`/agents/${ids.agent}/runs/${runId}`, { status: 'archived' });
    expect(again.body.events).toHaveLength(archived.body.events.length);
    expect(await counts()).toEqual(after);
  });

  it('archives once when many archive one run at the same time', async () => {
    const { runId } = await newRun();
    const before = await counts();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api.patch(`/agents/${ids.agent}/runs/${runId}`, { status: 'archived' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const run = (await api.get(`/agents/${ids.agent}/runs/${runId}`)).body;
    expect(run.events.filter((e: { type: string }) => e.type === 'archived')).toHaveLength(1);
    const after = await counts();
    expect(after['ready-for-review']).toBe(before['ready-for-review'] - 1);
    expect(after.archived).toBe(before.archived + 1);
  });

  it("is 404 for another organization's run or another agent's path, and changes nothing", async () => {
    const { runId } = await newRun();
    const before = await counts();
    expect((await other.patch(`/agents/${ids.agent}/runs/${runId}`, { status: 'archived' })).status).toBe(404);
    const otherAgent = (await api.post('/agents', { name: 'b', description: 'd', resourceIds: [] })).body.agentId;
    expect((await api.patch(`/agents/${otherAgent}/runs/${runId}`, { status: 'archived' })).status).toBe(404);
    expect((await api.get(`/agents/${ids.agent}/runs/${runId}`)).body.status).toBe('ready-for-review');
    expect(await counts()).toEqual(before);
  });

  it('writes the hook runs a status change starts, with the change (the locked path)', async () => {
    const hook = (await api.post('/hooks', { name: 'on archive', trigger: 'archived' })).body.hookId;
    const agent = (
      await api.post('/agents', { name: 'h', description: 'd', resourceIds: [ids.model, ids.validation, hook] })
    ).body.agentId;
    const { runId } = await newRun(agent);
    const archived = await api.patch(`/agents/${agent}/runs/${runId}`, { status: 'archived' });
    expect(archived.body.status).toBe('archived');
    const hookRuns = await api.get(`/hooks/${hook}/runs?agentRunId=${encodeURIComponent(archived.body.id)}`);
    expect(hookRuns.body.runs).toHaveLength(1);
    expect(hookRuns.body.runs[0].input).toMatchObject({ previousStatus: 'ready-for-review', status: 'archived' });
  });
});

describe('a review confirmation in two statements', () => {
  const groundTruth = [{ label: 'total', value: '12.50' }];

  it('completes the task and the run together, moving the counts once', async () => {
    const { runId, taskPath } = await newRun();
    expect((await api.patch(taskPath, { status: 'in-progress' })).status).toBe(200);
    const before = await counts();
    const confirmed = await api.patch(taskPath, { status: 'succeeded', output: { groundTruth } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'succeeded', output: { groundTruth } });
    const run = (await api.get(`/agents/${ids.agent}/runs/${runId}`)).body;
    expect(run.status).toBe('review-completed');
    expect(run.events.filter((e: { type: string }) => e.type === 'review-completed')).toHaveLength(1);
    expect((await api.get(`/agents/${ids.agent}/runs/${runId}/variables`)).body.review).toEqual({ groundTruth });
    const after = await counts();
    expect(after['review-in-progress']).toBe(before['review-in-progress'] - 1);
    expect(after['review-completed']).toBe((before['review-completed'] ?? 0) + 1);
  });

  it('lets one of two reviewers take a task and one confirmation through', async () => {
    const { runId, taskPath } = await newRun();
    const takes = await Promise.all(Array.from({ length: 6 }, () => api.patch(taskPath, { status: 'in-progress' })));
    expect(takes.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const before = await counts();
    const confirms = await Promise.all(
      Array.from({ length: 6 }, () => api.patch(taskPath, { status: 'succeeded', output: { groundTruth } })),
    );
    expect(confirms.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const run = (await api.get(`/agents/${ids.agent}/runs/${runId}`)).body;
    expect(run.events.map((e: { type: string }) => e.type)).toEqual([
      'run-started',
      'predictions-requested',
      'review-requested',
      'review-started',
      'review-completed',
    ]);
    const after = await counts();
    expect(after['review-in-progress']).toBe(before['review-in-progress'] - 1);
    expect(after['review-completed']).toBe(before['review-completed'] + 1);
  });

  it('refuses a confirmation of an archived run and leaves the task as it was', async () => {
    const { runId, taskPath } = await newRun();
    expect((await api.patch(taskPath, { status: 'in-progress' })).status).toBe(200);
    expect((await api.patch(`/agents/${ids.agent}/runs/${runId}`, { status: 'archived' })).status).toBe(200);
    const refused = await api.patch(taskPath, { status: 'succeeded', output: { groundTruth } });
    expect(refused.status).toBe(409);
    expect((await api.get(taskPath)).body.status).toBe('in-progress');
    expect((await other.patch(taskPath, { status: 'failed' })).status).toBe(404);
  });

  it('writes neither row when one of them changed since it was read', async () => {
    const { runId, taskPath } = await newRun();
    expect((await api.patch(taskPath, { status: 'in-progress' })).status).toBe(200);
    const { store } = svc.context();
    const taskId = taskPath.split('/').at(-1)!;
    const found = await taskAndRunForMove(store.db, organizationId, taskId);
    expect(found?.run?.run.runId).toBe(runId);
    // Another write of the task after the read: its version moves, and the run, unchanged, must not be written alone.
    await store.db.execute(sql`UPDATE validation_tasks SET updated_time = updated_time WHERE id = ${taskId}`);
    const written = await replaceTaskAndRunIfUnchanged(
      store.db,
      organizationId,
      { next: { ...found!.task, status: 'succeeded' }, version: found!.version },
      { next: { ...found!.run!.run, status: 'review-completed' }, version: found!.run!.version },
    );
    expect(written).toBe(false);
    const [task] = await rows<{ status: string }>(
      store.db,
      sql`SELECT status FROM validation_tasks WHERE id = ${taskId}`,
    );
    expect(task.status).toBe('in-progress');
    expect((await api.get(`/agents/${ids.agent}/runs/${runId}`)).body.status).toBe('review-in-progress');
    // Through the API the confirmation reads again and goes through.
    expect((await api.patch(taskPath, { status: 'succeeded', output: { groundTruth } })).status).toBe(200);
  });
});
