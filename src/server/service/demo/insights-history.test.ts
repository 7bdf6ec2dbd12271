/**
 * The demo organization's history: weeks of runs for its agents that the insights endpoint turns into something to
 * look at (straight through, reviewed with corrections, errors, archived), the same counts the runs API gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  agentInsightsSchema,
  validationTaskInputSchema,
  validationTaskSchema,
  type AgentRun,
  type AgentRunStatus,
  type Document,
  type ValidationTask,
} from '@/contract';
import { rows, type Store } from '@/server/service/storage';
import type { StoredAgentRun } from '@/server/service/storage/repositories/agent-runs';
import { openTestStore } from '@/server/service/testing/test-store';
import { seedInsightsHistory } from './insights-history';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';
import { apiClient, type ApiClient } from '@/server/service/testing/http';
import { listAgentRuns } from '@/server/service/testing/list-agent-runs';

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

/** The status a run's validation task has while the run is in this review status or past it. */
const TASK_STATUS_OF_RUN: Partial<Record<AgentRunStatus, ValidationTask['status']>> = {
  'ready-for-review': 'ready',
  'review-in-progress': 'in-progress',
  'review-completed': 'succeeded',
  'pending-export': 'succeeded',
  exported: 'succeeded',
  completed: 'succeeded',
};

describe('demo runs waiting for review or in review', () => {
  it('each has the validation task its variables name, in step with it, which the API takes, gives back and completes', async () => {
    const agents = (await api.get('/agents')).body.agents as { agentId: string }[];
    const queued: AgentRun[] = [];
    for (const agent of agents) {
      for (const status of ['ready-for-review', 'review-in-progress']) {
        queued.push(...(await listAgentRuns(api, agent.agentId, { status })));
      }
    }
    // At least the demo's own queue (three waiting, one taken); the history adds those of last night still queued.
    expect(queued.filter((run) => run.status === 'ready-for-review').length).toBeGreaterThanOrEqual(3);
    expect(queued.some((run) => run.status === 'review-in-progress')).toBe(true);

    const reviews = [];
    for (const run of queued) {
      const variables = (await api.get(`/agents/${run.agentId}/runs/${run.runId}/variables`)).body;
      const { validationId, validationTaskId, documentId, modelId } = variables;
      for (const id of [validationId, validationTaskId, documentId, modelId])
        expect(id, run.id).toEqual(expect.any(String));
      const taskPath = `/validations/${validationId}/tasks/${validationTaskId}`;
      const found = await api.get(taskPath);
      expect(found.status, `${run.id}: ${JSON.stringify(found.body)}`).toBe(200);
      const task = validationTaskSchema.parse(found.body);
      expect(task.status, run.id).toBe(TASK_STATUS_OF_RUN[run.status]);
      expect(task.agentRunId).toBe(run.id);
      const input = validationTaskInputSchema.parse(task.input);
      expect(input).toMatchObject({ documentId, modelId, predictions: variables.predictions });
      reviews.push({ run, taskPath });
    }

    const runStatus = async (run: AgentRun) => (await api.get(`/agents/${run.agentId}/runs/${run.runId}`)).body.status;
    const move = async (taskPath: string, body: Record<string, unknown>) => {
      const moved = await api.patch(taskPath, body);
      expect(moved.status, `${taskPath} → ${JSON.stringify(body)}: ${JSON.stringify(moved.body)}`).toBe(200);
    };
    // A waiting run is taken (a second take is refused) and completed.
    const waiting = reviews.find(({ run }) => run.status === 'ready-for-review')!;
    await move(waiting.taskPath, { status: 'in-progress' });
    expect(await runStatus(waiting.run)).toBe('review-in-progress');
    expect((await api.patch(waiting.taskPath, { status: 'in-progress' })).status).toBe(409);
    await move(waiting.taskPath, { status: 'succeeded', output: { groundTruth: [] } });
    expect(await runStatus(waiting.run)).toBe('review-completed');
    // A run in review is given back, then taken again and completed.
    const taken = reviews.find(({ run }) => run.status === 'review-in-progress')!;
    await move(taken.taskPath, { status: 'ready' });
    expect(await runStatus(taken.run)).toBe('ready-for-review');
    await move(taken.taskPath, { status: 'in-progress' });
    await move(taken.taskPath, { status: 'succeeded', output: { groundTruth: [] } });
    expect(await runStatus(taken.run)).toBe('review-completed');
  });
});

describe('demo insights history written shortly after midnight (UTC)', () => {
  const document = {
    documentId: `svc:document:${'0'.repeat(31)}1`,
    groundTruth: [{ label: 'total', value: '12.50', pages: [0] }],
  } as unknown as Document;
  const agent = {
    agentId: `svc:agent:${'0'.repeat(31)}1`,
    model: { modelId: 'svc:model:m', fieldConfig: { total: { type: 'string' } } },
    validation: {
      validationId: `svc:validation:${'0'.repeat(31)}1`,
      config: { rules: [{ type: 'confidenceThreshold', threshold: 0.8 }] },
    },
    perDay: 20,
    reviewShare: 0.5,
  };
  // Two moments, each in an organization of its own: at 00:30 last night's late reviews still wait; at 02:20 one of
  // them is being reviewed (every choice is a hash of the fixed ids, so these are what the history holds then).
  const moments = {
    waiting: { organizationId: `svc:organization:${'0'.repeat(31)}7`, now: Date.UTC(2026, 10, 27, 0, 30) },
    inReview: { organizationId: `svc:organization:${'0'.repeat(31)}8`, now: Date.UTC(2026, 10, 27, 2, 20) },
  };
  let store: Store;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await openTestStore('demo_history_now'));
    for (const { organizationId, now } of Object.values(moments)) {
      await store.transaction((tx) =>
        seedInsightsHistory(tx, { organizationId, actor: 'svc:user:demo' }, [agent], [document], now),
      );
    }
  });
  afterAll(() => close?.());

  const dataOf = <T>(data: T | string) => (typeof data === 'string' ? (JSON.parse(data) as T) : data);
  const runsOf = async (organizationId: string) =>
    (
      await rows<{ data: StoredAgentRun | string }>(
        store.db,
        sql`SELECT data FROM agent_runs WHERE organization_id = ${organizationId}`,
      )
    ).map((row) => dataOf(row.data));
  const tasksOf = async (organizationId: string) =>
    new Map(
      (
        await rows<{ data: ValidationTask | string }>(
          store.db,
          sql`SELECT data FROM validation_tasks WHERE organization_id = ${organizationId}`,
        )
      )
        .map((row) => dataOf(row.data))
        .map((task) => [task.taskId, task]),
    );

  it('has no run or event after the moment it was written: a step still ahead leaves the run where it is', async () => {
    const { organizationId, now } = moments.waiting;
    const runs = await runsOf(organizationId);
    expect(runs.length).toBeGreaterThan(21 * 10);
    const times = runs.flatMap((run) => [run.createdTime, run.updatedTime!, ...run.events.map((e) => e.time)]);
    expect(times.filter((time) => Date.parse(time) > now)).toEqual([]);
    // Last night's reviews are still waiting or in review, and only a completed review has a confirmed ground truth.
    expect(runs.some((run) => run.status === 'ready-for-review' || run.status === 'review-in-progress')).toBe(true);
    for (const run of runs) {
      expect(run.internal.review !== null).toBe(run.events.some((e) => e.type === 'review-completed'));
    }
  });

  it('gives every run that went to review its validation task as a live run has it, in step with its review', async () => {
    const statuses = new Set<string>();
    for (const { organizationId, now } of Object.values(moments)) {
      const runs = await runsOf(organizationId);
      const tasks = await tasksOf(organizationId);
      expect(tasks.size).toBe(runs.filter((run) => run.events.some((e) => e.type === 'review-requested')).length);
      for (const run of runs) {
        const requested = run.events.find((e) => e.type === 'review-requested');
        if (!requested) {
          expect(run.internal.taskId).toBeNull();
          continue;
        }
        const task = tasks.get(run.internal.taskId!)!;
        expect(task, run.id).toBeDefined();
        statuses.add(task.status);
        // Opened when review was requested, moved as the review moved; archiving leaves it where the review was.
        const reviewStatus = (run.status === 'archived' ? run.events.at(-2)!.status : run.status) as AgentRunStatus;
        expect(task).toMatchObject({
          validationId: agent.validation.validationId,
          agentRunId: run.id,
          status: TASK_STATUS_OF_RUN[reviewStatus],
          createdTime: requested.time,
        });
        expect(run.internal.validationId).toBe(agent.validation.validationId);
        expect(run.resourceIds).toEqual(expect.arrayContaining([agent.validation.validationId, task.taskId]));
        const input = validationTaskInputSchema.parse(task.input);
        expect(input).toMatchObject({ documentId: document.documentId, modelId: agent.model.modelId });
        expect(input.predictions).toEqual(run.internal.predictions);
        // Routed by the 0.8 threshold: the value below it is the issue the reviewer is shown.
        expect(input.issues.map((issue) => issue.rule)).toContain('confidenceThreshold');
        if (task.status === 'succeeded') expect(task.output).toEqual(run.internal.review);
        expect(Date.parse(task.updatedTime ?? task.createdTime!)).toBeLessThanOrEqual(now);
      }
    }
    expect(statuses).toEqual(new Set(['ready', 'in-progress', 'succeeded']));
  });
});
