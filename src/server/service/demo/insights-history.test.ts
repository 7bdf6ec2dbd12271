/**
 * The demo organization's history: weeks of runs for its agents that the insights endpoint turns into something to
 * look at (straight through, reviewed with corrections, errors, archived), the same counts the runs API gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentInsightsSchema } from '@/contract';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { apiClient, type ApiClient } from '@/server/service/testing/http';

let svc: TestService;
let api: ApiClient;

beforeAll(async () => {
  svc = await startTestService({ demo: true });
  api = apiClient(svc.baseUrl, await svc.getToken());
});
afterAll(() => svc?.close());

describe('demo insights history', () => {
  it('gives the invoice agent three weeks of runs, reviews with corrections and errors, as the runs API counts them', async () => {
    const agents = (await api.get('/agents')).body.agents as { agentId: string; name: string }[];
    const invoice = agents.find((a) => a.name === 'Invoice processing')!;
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 3_600_000).toISOString();
    const result = await api.get(`/agents/${invoice.agentId}/insights?${new URLSearchParams({ from, to })}`);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const insights = agentInsightsSchema.parse(result.body);

    const daysWithRuns = insights.runs.filter(
      (b) => b.straightThrough + b.reviewed + b.error + b.archived + b.inProgress > 0,
    );
    expect(daysWithRuns.length).toBeGreaterThanOrEqual(21);
    const total = (key: 'straightThrough' | 'reviewed' | 'error' | 'archived') =>
      insights.runs.reduce((n, b) => n + b[key], 0);
    expect(total('reviewed')).toBeGreaterThan(50);
    expect(total('straightThrough')).toBeGreaterThan(10);
    expect(total('error')).toBeGreaterThan(0);
    expect(total('archived')).toBeGreaterThan(0);
    expect(insights.fields.some((f) => f.changed > 0 && f.changed < f.predictions)).toBe(true);
    expect(insights.durations.waitForReview.medianSeconds).toBeGreaterThan(60);

    // Routed by the agent's 0.8 threshold as the engine routes: every run that went to review had a value below it,
    // every run that went straight through none — so the threshold explorer at 0.8 sends no straight-through run.
    const runsWithLowest = (below: boolean) =>
      insights.confidence
        .filter((b) => (below ? b.to <= 0.8 + 1e-9 : b.from >= 0.8 - 1e-9))
        .reduce((n, b) => n + b.runs, 0);
    expect(runsWithLowest(true)).toBeGreaterThanOrEqual(total('reviewed'));
    expect(runsWithLowest(false)).toBeGreaterThanOrEqual(total('straightThrough'));

    const window = new URLSearchParams({ createdTimeAfter: from, createdTimeBefore: to });
    const counts = (await api.get(`/agents/${invoice.agentId}/runs/counts?${window}`)).body.counts as Record<
      string,
      number
    >;
    const all = Object.values(counts).reduce((n, c) => n + c, 0);
    expect(
      insights.runs.reduce((n, b) => n + b.straightThrough + b.reviewed + b.error + b.archived + b.inProgress, 0),
    ).toBe(all);
    expect(total('archived')).toBe(counts.archived);
    expect(total('error')).toBe(counts.error);
  });
});
