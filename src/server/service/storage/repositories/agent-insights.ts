/**
 * The figures of GET /agents/{agentId}/insights and GET /insights/agents (docs/insights.md), in one SQL statement
 * each, from the per-hour counters of agent_insight_hours (migration 0014) for the whole hours of the window and from
 * the runs themselves (their `insight`, migration 0013, through the same fact function) for the partial hours at its
 * ends — so every figure is exact for any [from, to) and a 30-day window reads hundreds of rows per day, not every
 * run.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { InsightBucket, InsightOutcome, InsightsOverview } from '@/contract';
import { rows, type Executor } from '..';

/** Aggregates as the database returns them; the endpoint lays them over the window's buckets. */
export type InsightRows = {
  outcomes: { bucket: string; outcome: InsightOutcome; n: number }[];
  queueMoves: { bucket: string; delta: number }[];
  durations: Record<'waitForReview' | 'inReview', { runs: number; median: number | null; p90: number | null }>;
  fields: { label: string; predictions: number; changed: number; mean: number | null; meanChanged: number | null }[];
  confidence: { bucket: number; predictions: number; changed: number; runs: number }[];
};

export type InsightWindow = {
  organizationId: string;
  agentId: string;
  from: string;
  to: string;
  bucket: InsightBucket;
};

const HOUR_MS = 3_600_000;

/**
 * How [from, to) splits: the whole hours [hoursFrom, hoursTo) read from the counters, and the two partial ends
 * (empty when from or to falls on an hour) read from the runs. A window inside one hour is all ends.
 */
function splitWindow(from: string, to: string) {
  const [start, end] = [new Date(from).getTime(), new Date(to).getTime()];
  const hoursFrom = Math.ceil(start / HOUR_MS) * HOUR_MS;
  const hoursTo = Math.max(hoursFrom, Math.floor(end / HOUR_MS) * HOUR_MS);
  const headEnd = Math.min(hoursFrom, end);
  const iso = (t: number) => new Date(t).toISOString();
  return {
    hoursFrom: iso(hoursFrom),
    hoursTo: iso(hoursTo),
    ends: [
      [from, iso(headEnd)],
      [iso(Math.max(hoursTo, headEnd)), to],
    ] as const,
  };
}

type Metric = 'outcome' | 'queued' | 'queue' | 'wait' | 'in-review' | 'lowest' | 'field' | 'confidence';

/**
 * The counter rows (agent_insight_hours' columns) of the window's runs — of one agent, or of every agent: the whole
 * hours from the table, the partial ends recounted from the runs with the function the triggers use.
 */
function windowFacts(
  { organizationId, agentId, from, to }: { organizationId: string; agentId?: string; from: string; to: string },
  metrics: readonly Metric[],
): SQL {
  const { hoursFrom, hoursTo, ends } = splitWindow(from, to);
  const metricList = sql.raw(metrics.map((m) => `'${m}'`).join(', '));
  const ofAgent = (alias: string) =>
    agentId === undefined ? sql.raw(`${alias}.agent_id IS NOT NULL`) : sql`${sql.raw(alias)}.agent_id = ${agentId}`;
  return sql`
    SELECT h.agent_id, h.hour, h.metric, h.key, h.n, h.changed, h.confidence_n, h.confidence_sum,
      h.changed_confidence_n, h.changed_confidence_sum
    FROM agent_insight_hours h
    WHERE h.organization_id = ${organizationId} AND ${ofAgent('h')} AND h.metric IN (${metricList})
      AND h.hour >= ${hoursFrom}::timestamptz AND h.hour < ${hoursTo}::timestamptz
    ${sql.join(
      ends.map(
        ([lo, hi]) => sql`
    UNION ALL
    SELECT r.agent_id, date_trunc('hour', r.created_time, 'UTC'), f.metric, f.key, f.n, f.changed, f.confidence_n,
      f.confidence_sum, f.changed_confidence_n, f.changed_confidence_sum
    FROM agent_runs r CROSS JOIN LATERAL agent_run_insight_facts(r.status, r.insight) f
    WHERE r.organization_id = ${organizationId} AND ${ofAgent('r')}
      AND r.created_time >= ${lo}::timestamptz AND r.created_time < ${hi}::timestamptz AND f.metric IN (${metricList})`,
      ),
    )}`;
}

export async function readAgentInsights(db: Executor, window: InsightWindow): Promise<InsightRows> {
  const [row] = await rows<{ insights: InsightRows }>(db, agentInsightsQuery(window));
  return row.insights;
}

const ALL_METRICS: readonly Metric[] = ['outcome', 'queue', 'wait', 'in-review', 'lowest', 'field', 'confidence'];

/** The statement itself (the bench runs it bare through pgbench as the floor). */
export function agentInsightsQuery({ organizationId, agentId, from, to, bucket }: InsightWindow): SQL {
  // A duration counter holds how many runs took exactly `key` seconds: expanded back into that many values, the
  // percentiles are those of the runs themselves.
  const durations = (metric: Metric) => sql`(
    SELECT json_build_object('runs', count(*)::int,
      'median', percentile_cont(0.5) WITHIN GROUP (ORDER BY s),
      'p90', percentile_cont(0.9) WITHIN GROUP (ORDER BY s))
    FROM (SELECT key::float8 AS s FROM facts, generate_series(1, n) WHERE metric = ${metric}) d
  )`;
  return sql`
    WITH facts AS MATERIALIZED (${windowFacts({ organizationId, agentId, from, to }, ALL_METRICS)})
    SELECT json_build_object(
      'outcomes', (
        SELECT coalesce(json_agg(o), '[]') FROM (
          SELECT to_char(date_trunc(${bucket}, hour, 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS bucket, key AS outcome,
            sum(n)::int AS n
          FROM facts WHERE metric = 'outcome'
          GROUP BY 1, 2 HAVING sum(n) <> 0
        ) o
      ),
      'queueMoves', (
        SELECT coalesce(json_agg(q), '[]') FROM (
          -- key: the UTC hour of the move (a timestamp without time zone).
          SELECT to_char(date_trunc(${bucket}, key::timestamp), 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS bucket,
            sum(n)::int AS delta
          FROM facts WHERE metric = 'queue'
          GROUP BY 1
        ) q
      ),
      'durations', json_build_object('waitForReview', ${durations('wait')}, 'inReview', ${durations('in-review')}),
      'fields', (
        SELECT coalesce(json_agg(f ORDER BY f.label), '[]') FROM (
          SELECT key AS label, sum(n)::int AS predictions, sum(changed)::int AS changed,
            sum(confidence_sum) / nullif(sum(confidence_n), 0) AS mean,
            sum(changed_confidence_sum) / nullif(sum(changed_confidence_n), 0) AS "meanChanged"
          FROM facts WHERE metric = 'field'
          GROUP BY key HAVING sum(n) > 0
        ) f
      ),
      'confidence', (
        SELECT coalesce(json_agg(c ORDER BY c.bucket), '[]') FROM (
          SELECT b AS bucket, coalesce(p.predictions, 0) AS predictions, coalesce(p.changed, 0) AS changed,
            coalesce(l.runs, 0) AS runs
          FROM generate_series(0, 9) b
          LEFT JOIN (
            SELECT key::int AS confidence_bucket, sum(n)::int AS predictions, sum(changed)::int AS changed
            FROM facts WHERE metric = 'confidence' GROUP BY 1
          ) p ON p.confidence_bucket = b
          LEFT JOIN (
            SELECT key::int AS lowest_bucket, sum(n)::int AS runs FROM facts WHERE metric = 'lowest' GROUP BY 1
          ) l ON l.lowest_bucket = b
        ) c
      )
    ) AS insights`;
}

type OverviewRow = InsightsOverview['agents'][number];

/** Every agent's runs of the window by outcome and how many of them are queued now, from the same counters. */
export async function readInsightsOverview(
  db: Executor,
  window: Omit<InsightWindow, 'agentId' | 'bucket'>,
): Promise<OverviewRow[]> {
  const outcome = (name: InsightOutcome) =>
    sql`coalesce(sum(n) FILTER (WHERE metric = 'outcome' AND key = ${name}), 0)::int`;
  return rows<OverviewRow>(
    db,
    sql`
    SELECT agent_id AS "agentId",
      ${outcome('straightThrough')} AS "straightThrough",
      ${outcome('reviewed')} AS reviewed,
      ${outcome('error')} AS error,
      ${outcome('archived')} AS archived,
      ${outcome('inProgress')} AS "inProgress",
      coalesce(sum(n) FILTER (WHERE metric = 'queued'), 0)::int AS queued
    FROM (${windowFacts(window, ['outcome', 'queued'])}) facts
    GROUP BY agent_id
    HAVING sum(n) FILTER (WHERE metric = 'outcome') > 0
    ORDER BY agent_id`,
  );
}
