/**
 * The demo organization's history: weeks of runs for its agents that the insights endpoint turns into something to
 * look at (straight through, reviewed with corrections, errors, archived), the same counts the runs API gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { agentInsightsSchema, type Document } from '@/contract';
import { rows } from '@/server/service/storage';
import type { StoredAgentRun } from '@/server/service/storage/repositories/agent-runs';
import { openTestStore } from '@/server/service/testing/test-store';
import { seedInsightsHistory } from './insights-history';
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

describe('demo insights history written shortly after midnight (UTC)', () => {
  it('has no run or event after the moment it was written: a step still ahead leaves the run where it is', async () => {
    const { store, close } = await openTestStore('demo_history_now');
    try {
      const organizationId = `svc:organization:${'0'.repeat(31)}7`;
      const now = Date.UTC(2026, 10, 27, 0, 30);
      const document = {
        documentId: `svc:document:${'0'.repeat(31)}1`,
        groundTruth: [{ label: 'total', value: '12.50', pages: [0] }],
      } as unknown as Document;
      const agent = {
        agentId: `svc:agent:${'0'.repeat(31)}1`,
        model: { modelId: 'svc:model:m', fieldConfig: { total: { type: 'string' } } },
        perDay: 20,
        reviewShare: 0.5,
      };
      await store.transaction((tx) =>
        seedInsightsHistory(tx, { organizationId, actor: 'svc:user:demo' }, [agent], [document], now),
      );

      const runs = (
        await rows<{ data: StoredAgentRun | string }>(
          store.db,
          sql`SELECT data FROM agent_runs WHERE organization_id = ${organizationId}`,
        )
      ).map((row) => (typeof row.data === 'string' ? (JSON.parse(row.data) as StoredAgentRun) : row.data));
      expect(runs.length).toBeGreaterThan(21 * 10);
      const times = runs.flatMap((run) => [run.createdTime, run.updatedTime!, ...run.events.map((e) => e.time)]);
      expect(times.filter((time) => Date.parse(time) > now)).toEqual([]);
      // Last night's reviews are still waiting or in review, and only a completed review has a confirmed ground truth.
      expect(runs.some((run) => run.status === 'ready-for-review' || run.status === 'review-in-progress')).toBe(true);
      for (const run of runs) {
        expect(run.internal.review !== null).toBe(run.events.some((e) => e.type === 'review-completed'));
      }
    } finally {
      await close();
    }
  });
});
