/**
 * The `insight` column of agent_runs (migration 0013): set by its trigger on insert and on every write of `data`, and
 * back-filled to the same value for runs written before the migration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore } from '@/server/service/testing/test-store';
import { sql } from 'drizzle-orm';
import { listMigrations, rows, type Store } from './index';
import { agentRunsRepo, type StoredAgentRun } from './repositories/agent-runs';

let store: Store;
let close: (() => Promise<void>) | undefined;
const org = `svc:organization:${'0'.repeat(31)}9`;

beforeAll(async () => {
  ({ store, close } = await openTestStore('insight'));
});
afterAll(() => close?.());

const event = (type: string, status: string, time: string) => ({ type, status, previousStatus: null, time, by: null });

function run(runId: string, reviewed: boolean): StoredAgentRun {
  const events = [
    event('run-started', 'running', '2026-01-01T10:00:00.000000Z'),
    event('review-requested', 'ready-for-review', '2026-01-01T10:00:01.000000Z'),
    event('review-started', 'review-in-progress', '2026-01-01T10:05:01.000000Z'),
    ...(reviewed ? [event('review-completed', 'review-completed', '2026-01-01T10:07:01.000000Z')] : []),
  ];
  return {
    agentId: 'svc:agent:a',
    runId,
    status: reviewed ? 'review-completed' : 'review-in-progress',
    events,
    resourceIds: [],
    createdTime: '2026-01-01T10:00:00.000000Z',
    updatedTime: null,
    createdBy: null,
    updatedBy: null,
    internal: {
      documentId: null,
      modelId: null,
      validationId: null,
      taskId: null,
      variables: {},
      predictions: [
        { label: 'total', value: '12.50', rawValue: null, pages: [], confidence: 0.4 },
        // Found nothing: no confidence to speak of (a validation's confidence rule skips it too).
        { label: 'number', value: null, rawValue: null, pages: [], confidence: 0 },
      ],
      review: reviewed
        ? {
            groundTruth: [
              { label: 'total', value: '13.00' },
              { label: 'number', value: '' },
            ],
          }
        : null,
    },
  };
}

const insightOf = async (runId: string) =>
  (
    await rows<{ insight: Record<string, unknown> | string }>(
      store.db,
      sql`SELECT insight FROM agent_runs WHERE organization_id = ${org} AND id = ${runId}`,
    )
  ).map((row) => (typeof row.insight === 'string' ? JSON.parse(row.insight) : row.insight))[0];

describe('agent_runs.insight', () => {
  it('is derived on insert and on a write of data, and the back-fill derives the same', async () => {
    await agentRunsRepo.create(store.db, org, run('svc:run:one', false));
    expect(await insightOf('svc:run:one')).toMatchObject({
      auto: false,
      reviewed: false,
      minConfidence: 0.4,
      predictions: null,
      completed: null,
    });
    await agentRunsRepo.patch(store.db, org, 'svc:run:one', async () => run('svc:run:one', true));
    const reviewed = await insightOf('svc:run:one');
    expect(reviewed).toMatchObject({
      reviewed: true,
      predictions: [
        { label: 'total', confidence: 0.4, changed: true },
        { label: 'number', confidence: null, changed: false },
      ],
    });
    expect(new Date(reviewed.completed as string).toISOString()).toBe('2026-01-01T10:07:01.000Z');
    expect(new Date(reviewed.requested as string).toISOString()).toBe('2026-01-01T10:00:01.000Z');

    // As an earlier version left it: no insight. The migration's back-fill gives the trigger's value.
    await store.db.execute(sql`UPDATE agent_runs SET insight = NULL WHERE organization_id = ${org}`);
    expect(await insightOf('svc:run:one')).toBeNull();
    const migration = (await listMigrations()).find((m) => m.name === '0013_agent_run_insight.sql')!;
    const backfill = migration.statements.find((statement) => statement.trim().startsWith('UPDATE'))!;
    await store.db.execute(sql.raw(backfill));
    expect(await insightOf('svc:run:one')).toEqual(reviewed);
  });
});
