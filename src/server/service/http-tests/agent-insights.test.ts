/**
 * GET /agents/{agentId}/insights (extension, docs/insights.md): outcomes, queue, durations and prediction changes of
 * runs made through the API, checked against what the runs list and the counts endpoint say about the same runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentInsightsSchema, agentRunSchema, insightsOverviewSchema, type AgentInsights } from '@/contract';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { apiClient, type ApiClient } from '@/server/service/testing/http';

let svc: TestService;
let api: ApiClient;
const ids: Record<string, string> = {};
const hour = 3_600_000;
const window = () => ({
  from: new Date(Date.now() - hour).toISOString(),
  to: new Date(Date.now() + hour).toISOString(),
});

beforeAll(async () => {
  svc = await startTestService();
  api = apiClient(svc.baseUrl, await svc.getToken());
  const made = {
    model: await api.post('/models', {
      name: 'm',
      fieldConfig: { invoice_number: { type: 'string' }, total: { type: 'amount' } },
    }),
    validation: await api.post('/validations', {
      name: 'v',
      config: { rules: [{ type: 'confidenceThreshold', threshold: 1 }] },
    }),
    failing: await api.post('/actions', { name: 'needs a variable', config: { requiredVariables: ['erpAccount'] } }),
    document: await api.post('/documents', {
      name: 'inv.pdf',
      groundTruth: [
        { label: 'invoice_number', value: 'INV-1', confidence: 0.95 },
        { label: 'total', value: '12.50', confidence: 0.35 },
      ],
    }),
  };
  for (const [name, result] of Object.entries(made)) {
    expect(result.status, `${name}: ${JSON.stringify(result.body)}`).toBe(200);
  }
  ids.model = made.model.body.modelId;
  ids.validation = made.validation.body.validationId;
  ids.failing = made.failing.body.actionId;
  ids.document = made.document.body.documentId;
});
afterAll(() => svc?.close());

async function newAgent(resourceIds: string[]): Promise<string> {
  const result = await api.post('/agents', { name: 'Insights agent', description: 'd', resourceIds });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.agentId;
}

async function startRun(agentId: string) {
  const result = await api.post(`/agents/${agentId}/runs`, { documentId: ids.document });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return agentRunSchema.parse(result.body);
}

async function moveTask(agentId: string, runId: string, body: Record<string, unknown>) {
  const variables = await api.get(`/agents/${agentId}/runs/${runId}/variables`);
  const result = await api.patch(`/validations/${ids.validation}/tasks/${variables.body.validationTaskId}`, body);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
}

async function review(agentId: string, runId: string, total: string) {
  await moveTask(agentId, runId, { status: 'in-progress' });
  await moveTask(agentId, runId, {
    status: 'succeeded',
    output: {
      groundTruth: [
        { label: 'invoice_number', value: 'INV-1' },
        { label: 'total', value: total },
      ],
    },
  });
}

async function insights(agentId: string, query: Record<string, string>) {
  const result = await api.get(`/agents/${agentId}/insights?${new URLSearchParams(query)}`);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return agentInsightsSchema.parse(result.body);
}

/** The p-th percentile of durations in ms, interpolated between neighbours (as SQL's percentile_cont). */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = p * (sorted.length - 1);
  const below = Math.floor(at);
  return sorted[below] + (at - below) * ((sorted[below + 1] ?? sorted[below]) - sorted[below]);
}

const sum = (runs: AgentInsights['runs'], key: keyof Omit<AgentInsights['runs'][number], 'start'>) =>
  runs.reduce((total, bucket) => total + bucket[key], 0);

describe('agent insights (extension: GET /agents/{agentId}/insights)', () => {
  it('counts outcomes, the queue and review durations as the runs list and counts endpoint see them', async () => {
    const agentId = await newAgent([ids.model, ids.validation]);
    const corrected = await startRun(agentId);
    await review(agentId, corrected.runId, '13.00');
    const confirmed = await startRun(agentId);
    await review(agentId, confirmed.runId, '12.50');
    await startRun(agentId); // waits for review
    const taken = await startRun(agentId);
    await moveTask(agentId, taken.runId, { status: 'in-progress' });
    const abandoned = await startRun(agentId);
    expect((await api.patch(`/agents/${agentId}/runs/${abandoned.runId}`, { status: 'archived' })).status).toBe(200);

    const found = await insights(agentId, { ...window(), bucket: 'hour' });
    expect(found.bucket).toBe('hour');
    expect(found.runs.length).toBeGreaterThanOrEqual(2);
    expect(found.runs.every((b) => new Date(b.start).getTime() % hour === 0)).toBe(true);

    // The same runs, counted through the API.
    const listed = (await api.get(`/agents/${agentId}/runs?maxResults=100`)).body.runs as { status: string }[];
    const counts = (await api.get(`/agents/${agentId}/runs/counts`)).body.counts;
    const total = ['straightThrough', 'reviewed', 'error', 'archived', 'inProgress'] as const;
    expect(total.reduce((n, key) => n + sum(found.runs, key), 0)).toBe(listed.length);
    expect(sum(found.runs, 'archived')).toBe(counts.archived);
    expect(sum(found.runs, 'reviewed')).toBe(counts['review-completed']);
    expect(sum(found.runs, 'inProgress')).toBe(counts['ready-for-review'] + counts['review-in-progress']);
    expect({ reviewed: sum(found.runs, 'reviewed'), inProgress: sum(found.runs, 'inProgress') }).toEqual({
      reviewed: 2,
      inProgress: 2,
    });
    // Queued at the end of the window: the waiting run and the taken one (the archived run left the queue).
    expect(found.queue.at(-1)?.queued).toBe(counts['ready-for-review'] + counts['review-in-progress']);
    // Durations, from the same runs' events as GET returns them: waiting (requested → first taken) for the three runs
    // that were taken, in review (last taken → completed) for the two that were reviewed.
    const timelines = await Promise.all(
      [corrected, confirmed, taken].map(async (run) =>
        agentRunSchema.parse((await api.get(`/agents/${agentId}/runs/${run.runId}`)).body),
      ),
    );
    const times = (run: (typeof timelines)[number], type: string) =>
      run.events.filter((e) => e.type === type).map((e) => Date.parse(e.time));
    const waits = timelines.map((run) => Math.min(...times(run, 'review-started')) - times(run, 'review-requested')[0]);
    const inReview = timelines
      .slice(0, 2)
      .map((run) => times(run, 'review-completed')[0] - Math.max(...times(run, 'review-started')));
    // Seconds to the millisecond (the service rounds them: within 1 ms).
    for (const [figure, runs, durations] of [
      [found.durations.waitForReview, 3, waits],
      [found.durations.inReview, 2, inReview],
    ] as const) {
      expect(figure.runs).toBe(runs);
      expect(Math.abs(figure.medianSeconds! * 1000 - percentile(durations, 0.5))).toBeLessThan(1);
      expect(Math.abs(figure.p90Seconds! * 1000 - percentile(durations, 0.9))).toBeLessThan(1);
    }

    // Predictions against the confirmed ground truth: one of two totals changed, no invoice number.
    expect(found.fields).toEqual([
      { label: 'invoice_number', predictions: 2, changed: 0, meanConfidence: 0.95, meanConfidenceChanged: null },
      { label: 'total', predictions: 2, changed: 1, meanConfidence: 0.35, meanConfidenceChanged: 0.35 },
    ]);
    expect(found.confidence).toHaveLength(10);
    expect(found.confidence[3]).toEqual({ from: 0.3, to: 0.4, predictions: 2, changed: 1, runs: listed.length });
    expect(found.confidence[9]).toMatchObject({ from: 0.9, to: 1, predictions: 2, changed: 0, runs: 0 });
  });

  it('tells straight-through runs from errors, and a window without runs has zeros', async () => {
    const agentId = await newAgent([ids.model, ids.failing]);
    const straight = await startRun(agentId);
    expect(straight.status).toBe('succeeded-predictions');
    const failed = await startRun(agentId);
    expect((await api.post(`/agents/${agentId}/runs/${failed.runId}/export`, {})).body.status).toBe('error');

    const found = await insights(agentId, window());
    expect(found.bucket).toBe('day');
    expect(sum(found.runs, 'straightThrough')).toBe(1);
    expect(sum(found.runs, 'error')).toBe(1);
    expect(found.queue.every((b) => b.queued === 0)).toBe(true);
    expect(found.fields).toEqual([]);
    expect(found.durations.waitForReview).toEqual({ runs: 0, medianSeconds: null, p90Seconds: null });

    const earlier = await insights(agentId, { from: '2024-01-01T00:00:00Z', to: '2024-01-08T00:00:00Z' });
    expect(earlier.runs).toHaveLength(7);
    expect(earlier.runs[0]).toEqual({
      start: '2024-01-01T00:00:00Z',
      straightThrough: 0,
      reviewed: 0,
      error: 0,
      archived: 0,
      inProgress: 0,
    });
    expect(earlier.confidence.every((c) => c.runs === 0 && c.predictions === 0)).toBe(true);
  });

  it('refuses a backwards or too long window, and answers 404 for another organization', async () => {
    const agentId = await newAgent([ids.model]);
    const bad = (query: string) => api.get(`/agents/${agentId}/insights?${query}`);
    expect((await bad('from=2024-01-02T00:00:00Z&to=2024-01-01T00:00:00Z')).status).toBe(400);
    expect((await bad('from=2020-01-01T00:00:00Z&to=2024-01-01T00:00:00Z')).status).toBe(400);
    expect((await bad('from=2024-01-01T00:00:00Z&to=2024-12-01T00:00:00Z&bucket=hour')).status).toBe(400);
    expect((await bad('from=2024-01-01T00:00:00Z&to=2024-01-02T00:00:00Z&bucket=week')).status).toBe(400);
    expect((await bad('to=2024-01-02T00:00:00Z')).status).toBe(400);

    const tenant = await svc.createTenant();
    const other = apiClient(svc.baseUrl, await tenant.getToken());
    expect((await other.get(`/agents/${agentId}/insights?${new URLSearchParams(window())}`)).status).toBe(404);
  });

  it("the overview gives every agent's outcomes as each agent's insights and its queue as its counts", async () => {
    const reviewedAgent = await newAgent([ids.model, ids.validation]);
    await review(reviewedAgent, (await startRun(reviewedAgent)).runId, '12.50');
    await startRun(reviewedAgent);
    const autoAgent = await newAgent([ids.model]);
    await startRun(autoAgent);
    const result = await api.get(`/insights/agents?${new URLSearchParams(window())}`);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const overview = insightsOverviewSchema.parse(result.body);
    for (const agentId of [reviewedAgent, autoAgent]) {
      const row = overview.agents.find((a) => a.agentId === agentId);
      const own = await insights(agentId, window());
      const counts = (await api.get(`/agents/${agentId}/runs/counts`)).body.counts;
      expect(row).toEqual({
        agentId,
        straightThrough: sum(own.runs, 'straightThrough'),
        reviewed: sum(own.runs, 'reviewed'),
        error: sum(own.runs, 'error'),
        archived: sum(own.runs, 'archived'),
        inProgress: sum(own.runs, 'inProgress'),
        queued: counts['ready-for-review'] + counts['review-in-progress'],
      });
    }
    expect(overview.agents.find((a) => a.agentId === reviewedAgent)).toMatchObject({ reviewed: 1, queued: 1 });
    expect(overview.agents.find((a) => a.agentId === autoAgent)).toMatchObject({ straightThrough: 1, queued: 0 });
    expect((await api.get('/insights/agents?from=2024-01-02T00:00:00Z&to=2024-01-01T00:00:00Z')).status).toBe(400);
    const tenant = await svc.createTenant();
    const other = apiClient(svc.baseUrl, await tenant.getToken());
    expect((await other.get(`/insights/agents?${new URLSearchParams(window())}`)).body.agents).toEqual([]);
  });

  it('is in the OpenAPI document with its scope and query', async () => {
    const document = (await apiClient(svc.baseUrl, null).get('/openapi.json')).body;
    const operation = document.paths['/agents/{agentId}/insights']?.get;
    expect(operation?.security).toEqual([{ oauth2: ['agents.runs:read'] }]);
    expect(document.paths['/insights/agents']?.get?.security).toEqual([{ oauth2: ['agents.runs:read'] }]);
    expect(operation?.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['from', 'to', 'bucket', 'agentId']),
    );
    expect(operation?.responses?.['200']).toBeDefined();
  });
});
