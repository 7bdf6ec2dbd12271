/**
 * The runs list's insight filters (extension, docs/insights.md "The runs behind a figure"): predictionLabel,
 * predictionChanged, predictionConfidence and lowestConfidence list and count exactly the runs whose predictions this
 * test controls (through the documents' ground truth), and agree with the insights endpoint's fields and confidence
 * figures — the numbers the console's links stand for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentInsightsSchema, type AgentInsights, type AgentRun } from '@/contract';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { apiClient, type ApiClient } from '@/server/service/testing/http';
import { listAgentRuns } from '@/server/service/testing/list-agent-runs';

let svc: TestService;
let api: ApiClient;
let agentId: string;
let validationId: string;
/** The runs by role: r1 … r5 (see beforeAll). */
const run: Record<string, AgentRun> = {};
const hour = 3_600_000;

async function made(path: string, body: unknown) {
  const result = await api.post(path, body);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}

async function moveTask(runId: string, body: Record<string, unknown>) {
  const variables = await api.get(`/agents/${agentId}/runs/${runId}/variables`);
  const result = await api.patch(`/validations/${validationId}/tasks/${variables.body.validationTaskId}`, body);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
}

async function reviewed(documentId: string, groundTruth: { label: string; value: string }[]): Promise<AgentRun> {
  const started = (await made(`/agents/${agentId}/runs`, { documentId })) as AgentRun;
  await moveTask(started.runId, { status: 'in-progress' });
  await moveTask(started.runId, { status: 'succeeded', output: { groundTruth } });
  return started;
}

beforeAll(async () => {
  svc = await startTestService();
  api = apiClient(svc.baseUrl, await svc.getToken());
  const model = await made('/models', {
    name: 'm',
    fieldConfig: { invoice_number: { type: 'string' }, total: { type: 'amount' }, po: { type: 'string' } },
  });
  const validation = await made('/validations', {
    name: 'v',
    config: { rules: [{ type: 'confidenceThreshold', threshold: 1 }] },
  });
  validationId = validation.validationId;
  // Predictions take a document's ground truth and its confidence; a field it lacks is predicted without a value.
  const a = await made('/documents', {
    name: 'a.pdf',
    groundTruth: [
      { label: 'invoice_number', value: 'INV-1', confidence: 0.95 },
      { label: 'total', value: '12.50', confidence: 0.35 },
    ],
  });
  const b = await made('/documents', {
    name: 'b.pdf',
    groundTruth: [
      { label: 'invoice_number', value: 'INV-2', confidence: 0.72 },
      { label: 'total', value: '20.00', confidence: 0.81 },
      { label: 'po', value: 'P-2', confidence: 0.15 },
    ],
  });
  agentId = (await made('/agents', { name: 'filters', resourceIds: [model.modelId, validationId] })).agentId;
  const sameAsB = [
    { label: 'invoice_number', value: 'INV-2' },
    { label: 'total', value: '20.00' },
    { label: 'po', value: 'P-2' },
  ];
  // r1: total changed (0.35), po filled in (a prediction without a value: changed, no confidence); lowest 0.35.
  run.r1 = await reviewed(a.documentId, [
    { label: 'invoice_number', value: 'INV-1' },
    { label: 'total', value: '99.00' },
    { label: 'po', value: 'P-1' },
  ]);
  // r2: all confirmed; lowest 0.15.
  run.r2 = await reviewed(b.documentId, sameAsB);
  // r3: invoice number changed (0.72); lowest 0.15.
  run.r3 = await reviewed(b.documentId, [{ label: 'invoice_number', value: 'INV-X' }, ...sameAsB.slice(1)]);
  // r4: waits for review (no confirmed ground truth); lowest 0.35.
  run.r4 = (await made(`/agents/${agentId}/runs`, { documentId: a.documentId })) as AgentRun;
  // r5: all confirmed, then archived (its review still counts in the fields); lowest 0.15.
  run.r5 = await reviewed(b.documentId, sameAsB);
  expect((await api.patch(`/agents/${agentId}/runs/${run.r5.runId}`, { status: 'archived' })).status).toBe(200);
});
afterAll(() => svc?.close());

/** The ids of every run of a filtered list. */
async function listed(query: Record<string, string>): Promise<string[]> {
  return (await listAgentRuns(api, agentId, query)).map((r) => r.runId);
}

async function counted(query: Record<string, string>): Promise<number> {
  const result = await api.get(`/agents/${agentId}/runs/counts?${new URLSearchParams(query)}`);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return Object.values(result.body.counts as Record<string, number>).reduce((a, b) => a + b, 0);
}

/** The roles of the runs a filter lists (sorted), after checking the counts endpoint counts as many. */
async function roles(query: Record<string, string>): Promise<string[]> {
  const ids = await listed(query);
  expect(await counted(query), `counts ${new URLSearchParams(query)}`).toBe(ids.length);
  return Object.keys(run)
    .filter((role) => ids.includes(run[role].runId))
    .sort();
}

describe('runs list: insight filters (extension)', () => {
  it('predictionLabel / predictionChanged / predictionConfidence: runs with one prediction matching all of them', async () => {
    expect(await roles({ predictionLabel: 'total' })).toEqual(['r1', 'r2', 'r3', 'r5']);
    expect(await roles({ predictionLabel: 'total', predictionChanged: 'true' })).toEqual(['r1']);
    expect(await roles({ predictionLabel: 'invoice_number', predictionChanged: 'true' })).toEqual(['r3']);
    expect(await roles({ predictionLabel: 'po', predictionChanged: 'false' })).toEqual(['r2', 'r3', 'r5']);
    expect(await roles({ predictionChanged: 'true' })).toEqual(['r1', 'r3']);
    expect(await roles({ predictionConfidence: '0.3-0.4' })).toEqual(['r1']);
    expect(await roles({ predictionConfidence: '0.9-1' })).toEqual(['r1']);
    expect(await roles({ predictionConfidence: '0.1-0.2' })).toEqual(['r2', 'r3', 'r5']);
    expect(await roles({ predictionConfidence: '0.7-0.9' })).toEqual(['r2', 'r3', 'r5']);
    expect(await roles({ predictionChanged: 'true', predictionConfidence: '0.7-1' })).toEqual(['r3']);
    // All of them of the SAME prediction: r1 has a total at 0.3–0.4 and an invoice number, none both.
    expect(await roles({ predictionLabel: 'invoice_number', predictionConfidence: '0.3-0.4' })).toEqual([]);
    expect(await roles({ predictionChanged: 'false', predictionConfidence: '0.3-0.4' })).toEqual([]);
    // r1's po was predicted without a value: changed, but in no confidence bucket.
    expect(await roles({ predictionLabel: 'po', predictionChanged: 'true' })).toEqual(['r1']);
    expect(await roles({ predictionLabel: 'po', predictionChanged: 'true', predictionConfidence: '0-1' })).toEqual([]);
    expect(await roles({ predictionLabel: 'nothing' })).toEqual([]);
  });

  it('lowestConfidence: runs of any outcome whose lowest found-prediction confidence is in the range', async () => {
    expect(await roles({ lowestConfidence: '0.3-0.4' })).toEqual(['r1', 'r4']);
    expect(await roles({ lowestConfidence: '0.1-0.2' })).toEqual(['r2', 'r3', 'r5']);
    expect(await roles({ lowestConfidence: '0-0.1' })).toEqual([]);
    expect(await roles({ lowestConfidence: '0-1' })).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
  });

  it('combines with each other, the outcome, the status and the created-time bounds', async () => {
    expect(await roles({ predictionLabel: 'total', outcome: 'archived' })).toEqual(['r5']);
    expect(await roles({ predictionLabel: 'total', outcome: 'reviewed' })).toEqual(['r1', 'r2', 'r3']);
    expect(await roles({ lowestConfidence: '0.3-0.4', outcome: 'inProgress' })).toEqual(['r4']);
    expect(await roles({ lowestConfidence: '0.3-0.4', status: 'ready-for-review' })).toEqual(['r4']);
    expect(await roles({ lowestConfidence: '0.1-0.2', predictionChanged: 'true' })).toEqual(['r3']);
    expect(await roles({ predictionLabel: 'total', createdTimeAfter: run.r2.createdTime })).toEqual(['r2', 'r3', 'r5']);
    expect(await roles({ predictionLabel: 'total', createdTimeBefore: run.r2.createdTime })).toEqual(['r1', 'r2']);
  });

  it('refuses a bad value with a 400 naming the field and the rule', async () => {
    const bad: [string, string, RegExp][] = [
      ['predictionConfidence', '0.35-0.4', /bucket edges/],
      ['predictionConfidence', '0.4-0.3', /from below to/],
      ['predictionConfidence', '1-1', /from below to/],
      ['predictionConfidence', '0.3', /<from>-<to>/],
      ['lowestConfidence', '0-1.1', /bucket edges/],
      ['lowestConfidence', '', /bucket edges/],
      ['predictionChanged', 'yes', /true or false/],
      ['predictionLabel', 'x'.repeat(257), /at most 256/],
    ];
    for (const [field, value, rule] of bad) {
      for (const path of ['runs', 'runs/counts']) {
        const result = await api.get(`/agents/${agentId}/${path}?${new URLSearchParams({ [field]: value })}`);
        expect(result.status, `${path} ${field}=${value}`).toBe(400);
        expect(result.body.message).toMatch(field);
        expect(result.body.message).toMatch(rule);
      }
    }
    // One value each.
    const twice = await api.get(`/agents/${agentId}/runs?predictionLabel=total&predictionLabel=po`);
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/predictionLabel/);
  });

  it('a nextToken continues only the same filtered list', async () => {
    const query = { predictionLabel: 'total', maxResults: '1' };
    const first = await api.get(`/agents/${agentId}/runs?${new URLSearchParams(query)}`);
    const nextToken = first.body.nextToken as string;
    expect(nextToken).toBeTruthy();
    const same = await api.get(`/agents/${agentId}/runs?${new URLSearchParams({ ...query, nextToken })}`);
    expect(same.status).toBe(200);
    const others: Record<string, string>[] = [
      { predictionLabel: 'po' },
      { predictionLabel: 'total', predictionChanged: 'true' },
      { predictionLabel: 'total', predictionConfidence: '0.3-0.4' },
      { predictionLabel: 'total', lowestConfidence: '0-1' },
      {},
    ];
    for (const other of others) {
      const result = await api.get(`/agents/${agentId}/runs?${new URLSearchParams({ ...other, nextToken })}`);
      expect(result.status, JSON.stringify(other)).toBe(400);
      expect(result.body.message).toMatch(/nextToken/);
    }
    const lowest = await api.get(`/agents/${agentId}/runs?lowestConfidence=0-1&maxResults=1`);
    const lowestToken = lowest.body.nextToken as string;
    expect((await api.get(`/agents/${agentId}/runs?lowestConfidence=0-0.5&nextToken=${lowestToken}`)).status).toBe(400);
  });

  it('is in the OpenAPI document of the runs list and the counts', async () => {
    const document = (await apiClient(svc.baseUrl, null).get('/openapi.json')).body;
    for (const path of ['/agents/{agentId}/runs', '/agents/{agentId}/runs/counts']) {
      const names = document.paths[path].get.parameters.map((p: { name: string }) => p.name);
      expect(names).toEqual(
        expect.arrayContaining(['predictionLabel', 'predictionChanged', 'predictionConfidence', 'lowestConfidence']),
      );
      expect(document.paths[path].get.summary).toMatch(/lowestConfidence/);
    }
  });
});

describe('the filters and the insights figures agree (the console links a figure to its filter)', () => {
  const window = () => ({
    from: new Date(Date.now() - hour).toISOString(),
    to: new Date(Date.now() + hour).toISOString(),
  });
  /** The list's created-time bounds are inclusive; the insights window ends before `to`: one microsecond earlier. */
  const bounds = (w: { from: string; to: string }) => ({
    createdTimeAfter: w.from,
    createdTimeBefore: new Date(new Date(w.to).getTime() - 1).toISOString().replace(/Z$/, '999Z'),
  });

  async function insights(w: { from: string; to: string }): Promise<AgentInsights> {
    const result = await api.get(`/agents/${agentId}/insights?${new URLSearchParams({ ...w, bucket: 'hour' })}`);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    return agentInsightsSchema.parse(result.body);
  }
  const edge = (tenths: number) => String(tenths / 10);

  it('threshold explorer: lowestConfidence=0-t counts exactly the runs to review at t', async () => {
    const w = window();
    const found = await insights(w);
    for (let t = 1; t <= 10; t++) {
      const toReview = found.confidence.slice(0, t).reduce((n, bucket) => n + bucket.runs, 0);
      expect(await counted({ ...bounds(w), lowestConfidence: `0-${edge(t)}` }), `t=${edge(t)}`).toBe(toReview);
    }
    // And per bucket (the figure behind each bar of the lowest confidence).
    for (const [k, bucket] of found.confidence.entries()) {
      expect(await counted({ ...bounds(w), lowestConfidence: `${edge(k)}-${edge(k + 1)}` })).toBe(bucket.runs);
    }
    expect(found.confidence[3].runs).toBe(2);
  });

  it('fields and calibration: a figure has runs behind it iff it is not zero', async () => {
    const w = window();
    const found = await insights(w);
    expect(found.fields.map((f) => [f.label, f.predictions, f.changed])).toEqual([
      ['invoice_number', 4, 1],
      ['po', 4, 1],
      ['total', 4, 1],
    ]);
    for (const field of found.fields) {
      const runs = await counted({ ...bounds(w), predictionLabel: field.label });
      const changed = await counted({ ...bounds(w), predictionLabel: field.label, predictionChanged: 'true' });
      expect(runs >= 1, field.label).toBe(field.predictions >= 1);
      expect(changed >= 1, `${field.label} changed`).toBe(field.changed >= 1);
      expect(changed).toBeLessThanOrEqual(field.changed);
    }
    for (const [k, bucket] of found.confidence.entries()) {
      const runs = await counted({ ...bounds(w), predictionConfidence: `${edge(k)}-${edge(k + 1)}` });
      expect(runs >= 1, `bucket ${k}`).toBe(bucket.predictions >= 1);
      expect(runs).toBeLessThanOrEqual(bucket.predictions);
    }
    // Changed values that would pass unreviewed at t: the changed of the buckets from t up.
    for (let t = 0; t < 10; t++) {
      const unreviewed = found.confidence.slice(t).reduce((n, bucket) => n + bucket.changed, 0);
      const runs = await counted({ ...bounds(w), predictionChanged: 'true', predictionConfidence: `${edge(t)}-1` });
      expect(runs >= 1, `t=${edge(t)}`).toBe(unreviewed >= 1);
    }
  });
});
