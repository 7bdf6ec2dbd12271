/**
 * The per-hour insight counters of agent_insight_hours (migration 0014): after any mix of inserts, status changes,
 * data writes, archiving and deletes — single-row and multi-row statements, concurrent writers — they equal a recount
 * from agent_runs; the migration's back-fill gives the same; and a window reads whole hours from them and recounts
 * its partial ends from the runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore } from '@/server/service/testing/test-store';
import { sql } from 'drizzle-orm';
import { listMigrations, rows, type Store } from './index';
import { readAgentInsights, readInsightsOverview } from './repositories/agent-insights';
import { agentRunsRepo, type StoredAgentRun } from './repositories/agent-runs';

let store: Store;
let close: (() => Promise<void>) | undefined;
const org = `svc:organization:${'0'.repeat(31)}8`;

beforeAll(async () => {
  ({ store, close } = await openTestStore('insight_hours'));
});
afterAll(() => close?.());

const at = (hour: number, minute: number, second = 0) =>
  `2026-03-01T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:${String(second).padStart(2, '0')}.000000Z`;
const event = (type: string, status: string, time: string) => ({ type, status, previousStatus: null, time, by: null });

type Kind = 'auto' | 'waiting' | 'in-review' | 'reviewed' | 'error';

/** A run of `kind`, created at `created` (hour, minute), its review taking `seconds`. */
function run(
  runId: string,
  agentId: string,
  kind: Kind,
  [hour, minute]: [number, number],
  seconds = 60,
): StoredAgentRun {
  const created = at(hour, minute);
  const later = (s: number) =>
    at(hour, minute, 0).replace(/:\d\d\.000000Z$/, `:${String(s % 60).padStart(2, '0')}.000000Z`);
  const events = [event('run-started', 'running', created)];
  if (kind === 'auto') events.push(event('predictions-auto-validated', 'succeeded-predictions', created));
  if (kind === 'error') events.push(event('error', 'error', created));
  if (kind === 'waiting' || kind === 'in-review' || kind === 'reviewed') {
    events.push(event('review-requested', 'ready-for-review', later(1)));
  }
  if (kind === 'in-review' || kind === 'reviewed') events.push(event('review-started', 'review-in-progress', later(7)));
  if (kind === 'reviewed') {
    events.push(event('review-completed', 'review-completed', at(hour, minute + Math.floor(seconds / 60) + 1)));
  }
  const status = {
    auto: 'succeeded-predictions',
    waiting: 'ready-for-review',
    'in-review': 'review-in-progress',
    reviewed: 'review-completed',
    error: 'error',
  }[kind];
  return {
    agentId,
    runId,
    status: status as StoredAgentRun['status'],
    events: events as StoredAgentRun['events'],
    resourceIds: [],
    createdTime: created,
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
        { label: 'total', value: '12.50', rawValue: null, pages: [], confidence: 0.35 + (minute % 5) / 10 },
        { label: 'number', value: null, rawValue: null, pages: [], confidence: 0.95 },
      ],
      review:
        kind === 'reviewed'
          ? {
              groundTruth: [
                { label: 'total', value: minute % 2 ? '13.00' : '12.50' },
                { label: 'number', value: '' },
              ],
            }
          : null,
    },
  };
}

const COUNTERS = sql.raw(`metric, key, n::int AS n, changed::int AS changed, confidence_n::int AS confidence_n,
  round(confidence_sum::numeric, 9)::float8 AS confidence_sum, changed_confidence_n::int AS changed_confidence_n,
  round(changed_confidence_sum::numeric, 9)::float8 AS changed_confidence_sum`);
const NOT_ZERO = sql.raw(`NOT (n = 0 AND changed = 0 AND confidence_n = 0 AND changed_confidence_n = 0
  AND abs(confidence_sum) < 1e-9 AND abs(changed_confidence_sum) < 1e-9)`);

/** The counters as the triggers left them (rows all zero left out: a run's last fact leaving an hour). */
const kept = () =>
  rows(
    store.db,
    sql`SELECT organization_id, agent_id, to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24') AS hour, ${COUNTERS}
        FROM agent_insight_hours WHERE ${NOT_ZERO} ORDER BY 1, 2, 3, 4, 5`,
  );

/** The same counters recounted from every run now in agent_runs. */
const recounted = () =>
  rows(
    store.db,
    sql`SELECT organization_id, agent_id, hour, ${COUNTERS} FROM (
          SELECT r.organization_id, r.agent_id, to_char(r.created_time AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24') AS hour,
            f.metric, f.key, sum(f.n) AS n, sum(f.changed) AS changed, sum(f.confidence_n) AS confidence_n,
            sum(f.confidence_sum) AS confidence_sum, sum(f.changed_confidence_n) AS changed_confidence_n,
            sum(f.changed_confidence_sum) AS changed_confidence_sum
          FROM agent_runs r, agent_run_insight_facts(r.status, r.insight) f
          WHERE r.agent_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5) c
        WHERE ${NOT_ZERO} ORDER BY 1, 2, 3, 4, 5`,
  );

async function expectCountersMatchRuns() {
  const recount = await recounted();
  expect(recount.length).toBeGreaterThan(0);
  expect(await kept()).toEqual(recount);
}

const setStatus = (kind: 'archived' | 'error', time: string) => async (current: StoredAgentRun) => ({
  ...current,
  status: kind,
  events: [...current.events, event(kind, kind, time)] as StoredAgentRun['events'],
});

describe('agent_insight_hours', () => {
  it('equals a recount from agent_runs after inserts, status changes, data writes, archiving and deletes', async () => {
    const kinds: Kind[] = ['auto', 'waiting', 'in-review', 'reviewed', 'error'];
    for (let i = 0; i < 20; i++) {
      const agent = i % 3 === 0 ? 'svc:agent:b' : 'svc:agent:a';
      await agentRunsRepo.create(
        store.db,
        org,
        run(`svc:run:m${i}`, agent, kinds[i % 5], [10 + (i % 3), i * 2], i * 13),
      );
    }
    await expectCountersMatchRuns();

    // Review completes (status and data), a data-only write moves confidences, archive while waiting, error.
    await agentRunsRepo.patch(store.db, org, 'svc:run:m2', async () =>
      run('svc:run:m2', 'svc:agent:a', 'reviewed', [12, 4], 200),
    );
    await agentRunsRepo.patch(store.db, org, 'svc:run:m3', async (current) => ({
      ...current,
      internal: {
        ...current.internal,
        predictions: current.internal.predictions.map((p) => ({ ...p, confidence: p.confidence / 2 })),
      },
    }));
    await agentRunsRepo.patch(store.db, org, 'svc:run:m6', setStatus('archived', at(13, 0)));
    await agentRunsRepo.patch(store.db, org, 'svc:run:m7', setStatus('error', at(13, 5)));
    // Deletes, and multi-row statements (one trigger call for several rows of several hours and agents).
    await agentRunsRepo.delete(store.db, org, 'svc:run:m8');
    await store.db.execute(
      sql`UPDATE agent_runs SET status = 'archived' WHERE organization_id = ${org} AND id IN ('svc:run:m9', 'svc:run:m10', 'svc:run:m11')`,
    );
    await store.db.execute(sql`UPDATE agent_runs SET updated_time = now() WHERE organization_id = ${org}`);
    await store.db.execute(
      sql`DELETE FROM agent_runs WHERE organization_id = ${org} AND id IN ('svc:run:m12', 'svc:run:m13')`,
    );
    await expectCountersMatchRuns();
  });

  it('loses no count when runs of one agent and hour are written at the same moment', async () => {
    const n = 24;
    const ids = Array.from({ length: n }, (_, i) => `svc:run:c${i}`);
    await Promise.all(
      ids.map((id, i) => agentRunsRepo.create(store.db, org, run(id, 'svc:agent:c', 'waiting', [9, i]))),
    );
    await Promise.all(
      ids.map((id, i) =>
        i % 2
          ? agentRunsRepo.patch(store.db, org, id, async () => run(id, 'svc:agent:c', 'reviewed', [9, i], 90))
          : agentRunsRepo.patch(store.db, org, id, setStatus('archived', at(9, 59))),
      ),
    );
    await expectCountersMatchRuns();
    const overview = await readInsightsOverview(store.db, { organizationId: org, from: at(9, 0), to: at(10, 0) });
    expect(overview).toEqual([
      {
        agentId: 'svc:agent:c',
        straightThrough: 0,
        reviewed: n / 2,
        error: 0,
        archived: n / 2,
        inProgress: 0,
        queued: 0,
      },
    ]);
  });

  it('the migration back-fills the same counters the triggers keep', async () => {
    const before = await kept();
    await store.db.execute(sql`DELETE FROM agent_insight_hours`);
    expect(await kept()).toEqual([]);
    const migration = (await listMigrations()).find((m) => m.name === '0014_agent_insight_hours.sql')!;
    const backfill = migration.statements.at(-1)!;
    expect(backfill).toMatch(/^-- The runs written before[\s\S]*INSERT INTO "agent_insight_hours"/);
    await store.db.execute(sql.raw(backfill));
    expect(await kept()).toEqual(before);
  });

  it('a window reads its whole hours from the counters and recounts its partial ends from the runs', async () => {
    const agentId = 'svc:agent:w';
    // 14:10 and 14:50 auto, 15:20 error, 16:40 reviewed.
    await agentRunsRepo.create(store.db, org, run('svc:run:w1', agentId, 'auto', [14, 10]));
    await agentRunsRepo.create(store.db, org, run('svc:run:w2', agentId, 'auto', [14, 50]));
    await agentRunsRepo.create(store.db, org, run('svc:run:w3', agentId, 'error', [15, 20]));
    await agentRunsRepo.create(store.db, org, run('svc:run:w4', agentId, 'reviewed', [16, 40], 120));
    const outcomes = async (from: string, to: string) =>
      Object.fromEntries(
        (await readAgentInsights(store.db, { organizationId: org, agentId, from, to, bucket: 'day' })).outcomes.map(
          (o) => [o.outcome, o.n],
        ),
      );
    expect(await outcomes(at(14, 0), at(17, 0))).toEqual({ straightThrough: 2, error: 1, reviewed: 1 });
    expect(await outcomes(at(14, 30), at(16, 30))).toEqual({ straightThrough: 1, error: 1 });
    expect(await outcomes(at(14, 5), at(14, 15))).toEqual({ straightThrough: 1 });
    expect(await outcomes(at(15, 0), at(16, 41))).toEqual({ error: 1, reviewed: 1 });
    const insights = await readAgentInsights(store.db, {
      organizationId: org,
      agentId,
      from: at(14, 5),
      to: at(16, 50),
      bucket: 'hour',
    });
    expect(insights.durations.inReview).toMatchObject({ runs: 1 });

    // The 15:00 hour is read from its counters (whole hour inside the window), not from its run.
    await store.db.execute(sql`UPDATE agent_insight_hours SET n = n + 5
      WHERE organization_id = ${org} AND agent_id = ${agentId} AND metric = 'outcome' AND key = 'error'`);
    expect(await outcomes(at(14, 30), at(16, 30))).toEqual({ straightThrough: 1, error: 6 });
    expect(await outcomes(at(15, 10), at(15, 30))).toEqual({ error: 1 });
    await store.db.execute(sql`UPDATE agent_insight_hours SET n = n - 5
      WHERE organization_id = ${org} AND agent_id = ${agentId} AND metric = 'outcome' AND key = 'error'`);
    await expectCountersMatchRuns();
  });
});
