/**
 * The runs list's `outcome` filter (extension, docs/insights.md): for every outcome, the runs listed and counted with
 * it over a window are exactly the runs the insights endpoints count for it; and the contract's insightsFromRuns, fed
 * the listed runs, gives the endpoint's outcomes, queue and durations (the console's fallback without the extension).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentInsightsSchema,
  insightsFromRuns,
  insightsOverviewSchema,
  INSIGHT_OUTCOMES,
  RUN_OUTCOME_FILTERS,
  type AgentInsights,
  type AgentRun,
} from '@/contract';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { apiClient, type ApiClient } from '@/server/service/testing/http';
import { listAgentRuns } from '@/server/service/testing/list-agent-runs';

let svc: TestService;
let api: ApiClient;
const ids: Record<string, string> = {};
const runs: AgentRun[] = [];
const hour = 3_600_000;

async function made(path: string, body: unknown) {
  const result = await api.post(path, body);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}

async function startRun(agentId: string): Promise<AgentRun> {
  const run = (await made(`/agents/${agentId}/runs`, { documentId: ids.document })) as AgentRun;
  runs.push(run);
  return run;
}

async function moveTask(agentId: string, runId: string, body: Record<string, unknown>) {
  const variables = await api.get(`/agents/${agentId}/runs/${runId}/variables`);
  const result = await api.patch(`/validations/${ids.validation}/tasks/${variables.body.validationTaskId}`, body);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
}

const groundTruth = [{ label: 'invoice_number', value: 'INV-1' }];

const listAll = (agentId: string, query: Record<string, string>) => listAgentRuns(api, agentId, query);

async function insights(agentId: string, window: { from: string; to: string }): Promise<AgentInsights> {
  const result = await api.get(`/agents/${agentId}/insights?${new URLSearchParams({ ...window, bucket: 'hour' })}`);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return agentInsightsSchema.parse(result.body);
}

/** The list's created-time bounds are inclusive; the insights window ends before `to`: one microsecond earlier. */
function listBounds(window: { from: string; to: string }) {
  const before = new Date(new Date(window.to).getTime() - 1).toISOString().replace(/Z$/, '999Z');
  return { createdTimeAfter: window.from, createdTimeBefore: before };
}

beforeAll(async () => {
  svc = await startTestService();
  api = apiClient(svc.baseUrl, await svc.getToken());
  const model = await made('/models', { name: 'm', fieldConfig: { invoice_number: { type: 'string' } } });
  const validation = await made('/validations', {
    name: 'v',
    config: { rules: [{ type: 'confidenceThreshold', threshold: 1 }] },
  });
  const failing = await made('/actions', { name: 'needs a variable', config: { requiredVariables: ['erpAccount'] } });
  const document = await made('/documents', {
    name: 'inv.pdf',
    groundTruth: [{ label: 'invoice_number', value: 'INV-1', confidence: 0.9 }],
  });
  ids.validation = validation.validationId;
  ids.document = document.documentId;
  // One agent whose runs go to review, one whose runs pass straight through (and fail on export).
  ids.review = (
    await made('/agents', { name: 'review', resourceIds: [model.modelId, validation.validationId] })
  ).agentId;
  ids.straight = (await made('/agents', { name: 'straight', resourceIds: [model.modelId, failing.actionId] })).agentId;

  for (let i = 0; i < 2; i++) {
    const reviewed = await startRun(ids.review);
    await moveTask(ids.review, reviewed.runId, { status: 'in-progress' });
    await moveTask(ids.review, reviewed.runId, { status: 'succeeded', output: { groundTruth } });
  }
  await startRun(ids.review); // waits for review
  const taken = await startRun(ids.review);
  await moveTask(ids.review, taken.runId, { status: 'in-progress' });
  const archived = await startRun(ids.review);
  expect((await api.patch(`/agents/${ids.review}/runs/${archived.runId}`, { status: 'archived' })).status).toBe(200);
  const reviewedLast = await startRun(ids.review);
  await moveTask(ids.review, reviewedLast.runId, { status: 'in-progress' });
  await moveTask(ids.review, reviewedLast.runId, { status: 'succeeded', output: { groundTruth } });

  await startRun(ids.straight);
  const failed = await startRun(ids.straight);
  expect((await api.post(`/agents/${ids.straight}/runs/${failed.runId}/export`, {})).body.status).toBe('error');
  await startRun(ids.straight);
});
afterAll(() => svc?.close());

const sum = (found: AgentInsights, outcome: (typeof INSIGHT_OUTCOMES)[number]) =>
  found.runs.reduce((n, bucket) => n + bucket[outcome], 0);

describe('runs list: outcome filter (extension)', () => {
  const wide = () => ({
    from: new Date(Date.now() - hour).toISOString(),
    to: new Date(Date.now() + hour).toISOString(),
  });

  it('lists and counts, for every outcome, exactly the runs the insights endpoints count', async () => {
    const window = wide();
    const overview = insightsOverviewSchema.parse(
      (await api.get(`/insights/agents?${new URLSearchParams(window)}`)).body,
    );
    for (const agentId of [ids.review, ids.straight]) {
      const found = await insights(agentId, window);
      const row = overview.agents.find((a) => a.agentId === agentId)!;
      const everyRun = await listAll(agentId, listBounds(window));
      const seen = new Set<string>();
      for (const outcome of RUN_OUTCOME_FILTERS) {
        const listed = await listAll(agentId, { ...listBounds(window), outcome });
        const expected = outcome === 'queued' ? row.queued : sum(found, outcome);
        expect(listed.length, `${agentId} ${outcome}`).toBe(expected);
        const counts = (await api.get(`/agents/${agentId}/runs/counts?${new URLSearchParams({ outcome })}`)).body
          .counts as Record<string, number>;
        expect(
          Object.values(counts).reduce((a, b) => a + b, 0),
          `counts ${outcome}`,
        ).toBe(expected);
        if (outcome !== 'queued') listed.forEach((run) => seen.add(run.runId));
      }
      // The five outcomes split the list: every run in exactly one.
      expect(seen.size).toBe(everyRun.length);
    }
    const review = await insights(ids.review, window);
    expect(INSIGHT_OUTCOMES.map((o) => sum(review, o))).toEqual([0, 3, 0, 1, 2]);
    expect(overview.agents.find((a) => a.agentId === ids.review)?.queued).toBe(2);
    const straight = await insights(ids.straight, window);
    expect(INSIGHT_OUTCOMES.map((o) => sum(straight, o))).toEqual([2, 0, 1, 0, 0]);
  });

  it('over a window ending at a run, lists the runs of [from, to) as the endpoint counts them', async () => {
    const own = runs.filter((r) => r.agentId === ids.review);
    // From the second run up to (not including) the last: one reviewed run before and one after stay out.
    const window = { from: own[1].createdTime, to: own.at(-1)!.createdTime };
    const found = await insights(ids.review, window);
    const reviewed = await listAll(ids.review, { ...listBounds(window), outcome: 'reviewed' });
    expect(reviewed.map((r) => r.runId)).toEqual([own[1].runId]);
    expect(sum(found, 'reviewed')).toBe(1);
    expect(await listAll(ids.review, { ...listBounds(window), outcome: 'inProgress' })).toHaveLength(2);
    expect(sum(found, 'inProgress')).toBe(2);
  });

  it('refuses an unknown outcome naming the field and the values', async () => {
    for (const path of [`/agents/${ids.review}/runs?outcome=done`, `/agents/${ids.review}/runs/counts?outcome=x`]) {
      const result = await api.get(path);
      expect(result.status).toBe(400);
      expect(result.body.message).toMatch(/outcome/);
      expect(result.body.message).toMatch(/straightThrough, reviewed, error, archived, inProgress, queued/);
    }
  });

  it('a token continues only the list of the same outcome', async () => {
    const first = await api.get(`/agents/${ids.review}/runs?maxResults=1&outcome=reviewed`);
    const token = first.body.nextToken as string;
    expect(token).toBeTruthy();
    expect((await api.get(`/agents/${ids.review}/runs?outcome=archived&nextToken=${token}`)).status).toBe(400);
  });

  it('is in the OpenAPI document of the runs list and the counts', async () => {
    const document = (await apiClient(svc.baseUrl, null).get('/openapi.json')).body;
    for (const path of ['/agents/{agentId}/runs', '/agents/{agentId}/runs/counts']) {
      const outcome = document.paths[path].get.parameters.find((p: { name: string }) => p.name === 'outcome');
      expect(outcome?.schema?.enum).toEqual([...RUN_OUTCOME_FILTERS]);
    }
  });
});

describe('insightsFromRuns (the console without the extension)', () => {
  it('gives the endpoint’s outcomes, queue and durations from the listed runs of the window', async () => {
    const window = {
      from: new Date(Date.now() - 3 * hour).toISOString(),
      to: new Date(Date.now() + hour).toISOString(),
    };
    for (const agentId of [ids.review, ids.straight]) {
      const found = await insights(agentId, window);
      const listed = await listAll(agentId, listBounds(window));
      const computed = insightsFromRuns(listed, { ...window, bucket: 'hour' });
      const { fields: _f, confidence: _c, ...figures } = found;
      const { fields, confidence, ...same } = computed;
      expect(same).toEqual(figures);
      expect(fields).toEqual([]);
      expect(confidence.map((c) => [c.from, c.to])).toEqual(found.confidence.map((c) => [c.from, c.to]));
    }
    // Runs created outside the window are left out, as the endpoint leaves them out.
    const own = runs.filter((r) => r.agentId === ids.review);
    const later = { from: own[2].createdTime, to: window.to };
    const all = await listAll(ids.review, {});
    const { fields: _f, confidence: _c, ...figures } = await dayInsights(later);
    const { fields: _f2, confidence: _c2, ...same } = insightsFromRuns(all, { ...later, bucket: 'day' });
    expect(same).toEqual(figures);
  });
});

async function dayInsights(window: { from: string; to: string }): Promise<AgentInsights> {
  const result = await api.get(`/agents/${ids.review}/insights?${new URLSearchParams({ ...window, bucket: 'day' })}`);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return agentInsightsSchema.parse(result.body);
}
