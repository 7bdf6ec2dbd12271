/**
 * The figures of GET /agents/{agentId}/insights (docs/insights.md), in one SQL statement: the agent's runs created in
 * the window are read once over the index agent_runs_agent (organization, agent, created time), with the `insight`
 * column a trigger derives from each run's data on write (migration 0013), and everything is aggregated in the
 * database.
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

export async function readAgentInsights(db: Executor, window: InsightWindow): Promise<InsightRows> {
  const [row] = await rows<{ insights: InsightRows }>(db, agentInsightsQuery(window));
  return row.insights;
}

/** The statement itself (the bench runs it bare through pgbench as the floor). */
export function agentInsightsQuery({ organizationId, agentId, from, to, bucket }: InsightWindow): SQL {
  return sql`
    -- insight: what the figures need of each run, derived from its data on write (migration 0013).
    WITH runs AS MATERIALIZED (
      SELECT r.id, r.status, date_trunc(${bucket}, r.created_time, 'UTC') AS bucket, r.insight,
        (r.insight ->> 'auto')::boolean AS auto,
        (r.insight ->> 'reviewed')::boolean AS reviewed,
        (r.insight ->> 'requested')::timestamptz AS requested,
        (r.insight ->> 'firstStarted')::timestamptz AS first_started,
        (r.insight ->> 'lastStarted')::timestamptz AS last_started,
        (r.insight ->> 'completed')::timestamptz AS completed,
        (r.insight ->> 'leftReview')::timestamptz AS left_review,
        least(floor((r.insight ->> 'minConfidence')::float8 * 10), 9)::int AS lowest_bucket
      FROM agent_runs r
      WHERE r.organization_id = ${organizationId} AND r.agent_id = ${agentId}
        AND r.created_time >= ${from}::timestamptz AND r.created_time < ${to}::timestamptz
    ),
    reviewed_predictions AS MATERIALIZED (
      SELECT p.label, p.confidence, p.changed, least(floor(p.confidence * 10), 9)::int AS confidence_bucket
      FROM runs r, jsonb_to_recordset(r.insight -> 'predictions') AS p(label text, confidence float8, changed boolean)
      WHERE r.insight -> 'predictions' IS NOT NULL AND jsonb_typeof(r.insight -> 'predictions') = 'array'
    )
    SELECT json_build_object(
      'outcomes', (
        SELECT coalesce(json_agg(o), '[]') FROM (
          SELECT to_char(bucket, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS bucket, outcome, count(*)::int AS n
          FROM (
            SELECT bucket, CASE
              WHEN status = 'archived' THEN 'archived'
              WHEN status = 'error' THEN 'error'
              WHEN reviewed THEN 'reviewed'
              WHEN auto THEN 'straightThrough'
              ELSE 'inProgress' END AS outcome
            FROM runs
          ) classified
          GROUP BY bucket, outcome
        ) o
      ),
      'queueMoves', (
        SELECT coalesce(json_agg(q), '[]') FROM (
          SELECT to_char(date_trunc(${bucket}, at, 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS bucket,
            sum(delta)::int AS delta
          FROM (
            SELECT requested AS at, 1 AS delta FROM runs WHERE requested IS NOT NULL
            UNION ALL
            SELECT left_review, -1 FROM runs WHERE requested IS NOT NULL AND left_review >= requested
          ) moves
          GROUP BY 1
        ) q
      ),
      'durations', json_build_object(
        'waitForReview', (
          SELECT json_build_object('runs', count(*)::int,
            'median', percentile_cont(0.5) WITHIN GROUP (ORDER BY s),
            'p90', percentile_cont(0.9) WITHIN GROUP (ORDER BY s))
          FROM (SELECT extract(epoch FROM first_started - requested)::float8 AS s FROM runs
                WHERE first_started >= requested) d
        ),
        'inReview', (
          SELECT json_build_object('runs', count(*)::int,
            'median', percentile_cont(0.5) WITHIN GROUP (ORDER BY s),
            'p90', percentile_cont(0.9) WITHIN GROUP (ORDER BY s))
          FROM (SELECT extract(epoch FROM completed - last_started)::float8 AS s FROM runs
                WHERE completed >= last_started) d
        )
      ),
      'fields', (
        SELECT coalesce(json_agg(f ORDER BY f.label), '[]') FROM (
          SELECT label, count(*)::int AS predictions, count(*) FILTER (WHERE changed)::int AS changed,
            avg(confidence) AS mean, avg(confidence) FILTER (WHERE changed) AS "meanChanged"
          FROM reviewed_predictions GROUP BY label
        ) f
      ),
      'confidence', (
        SELECT coalesce(json_agg(c ORDER BY c.bucket), '[]') FROM (
          SELECT b AS bucket, coalesce(p.predictions, 0) AS predictions, coalesce(p.changed, 0) AS changed,
            coalesce(l.runs, 0) AS runs
          FROM generate_series(0, 9) b
          LEFT JOIN (
            SELECT confidence_bucket, count(*)::int AS predictions, count(*) FILTER (WHERE changed)::int AS changed
            FROM reviewed_predictions GROUP BY 1
          ) p ON p.confidence_bucket = b
          LEFT JOIN (SELECT lowest_bucket, count(*)::int AS runs FROM runs GROUP BY 1) l ON l.lowest_bucket = b
        ) c
      )
    ) AS insights`;
}

type OverviewRow = InsightsOverview['agents'][number];

/** Every agent's runs of the window by outcome (the per-agent classification, from `insight`), over one index. */
export async function readInsightsOverview(
  db: Executor,
  { organizationId, from, to }: Omit<InsightWindow, 'agentId' | 'bucket'>,
): Promise<OverviewRow[]> {
  return rows<OverviewRow>(
    db,
    sql`
    SELECT agent_id AS "agentId",
      count(*) FILTER (WHERE outcome = 'straightThrough')::int AS "straightThrough",
      count(*) FILTER (WHERE outcome = 'reviewed')::int AS reviewed,
      count(*) FILTER (WHERE outcome = 'error')::int AS error,
      count(*) FILTER (WHERE outcome = 'archived')::int AS archived,
      count(*) FILTER (WHERE outcome = 'inProgress')::int AS "inProgress",
      count(*) FILTER (WHERE status IN ('ready-for-review', 'review-in-progress'))::int AS queued
    FROM (
      SELECT agent_id, status, CASE
        WHEN status = 'archived' THEN 'archived'
        WHEN status = 'error' THEN 'error'
        WHEN (insight ->> 'reviewed')::boolean THEN 'reviewed'
        WHEN (insight ->> 'auto')::boolean THEN 'straightThrough'
        ELSE 'inProgress' END AS outcome
      FROM agent_runs
      WHERE organization_id = ${organizationId} AND agent_id IS NOT NULL
        AND created_time >= ${from}::timestamptz AND created_time < ${to}::timestamptz
    ) classified
    GROUP BY agent_id
    ORDER BY agent_id`,
  );
}
