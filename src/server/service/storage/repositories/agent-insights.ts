/**
 * The figures of GET /agents/{agentId}/insights (docs/insights.md), in one SQL statement: the agent's runs created in
 * the window are read once over the index agent_runs_agent (organization, agent, created time), each run's events
 * and predictions are unnested from its stored JSON, and everything is aggregated in the database.
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
    -- Stored data is json (text): parsed once per run into jsonb, whose operators then read it without parsing.
    WITH window_runs AS MATERIALIZED (
      SELECT r.id, r.created_time, r.status, r.data::jsonb AS data
      FROM agent_runs r
      WHERE r.organization_id = ${organizationId} AND r.agent_id = ${agentId}
        AND r.created_time >= ${from}::timestamptz AND r.created_time < ${to}::timestamptz
    ),
    runs AS MATERIALIZED (
      SELECT w.id, w.status, date_trunc(${bucket}, w.created_time, 'UTC') AS bucket, e.*
      FROM window_runs w, LATERAL (
        SELECT
          bool_or(ev.type = 'predictions-auto-validated') AS auto,
          bool_or(ev.type = 'review-completed') AS reviewed,
          min(ev.time) FILTER (WHERE ev.type = 'review-requested') AS requested,
          min(ev.time) FILTER (WHERE ev.type = 'review-started') AS first_started,
          max(ev.time) FILTER (WHERE ev.type = 'review-started') AS last_started,
          min(ev.time) FILTER (WHERE ev.type = 'review-completed') AS completed,
          min(ev.time) FILTER (
            WHERE ev.status NOT IN ('running', 'pending-predictions', 'ready-for-review', 'review-in-progress')
          ) AS left_review
        FROM jsonb_to_recordset(w.data -> 'events') AS ev(type text, status text, time timestamptz)
      ) e
    ),
    predictions AS MATERIALIZED (
      SELECT w.id, p.label, p.confidence,
        -- Changed: the confirmed ground truth has no entry of this label with the predicted value (null = empty).
        NOT EXISTS (
          SELECT 1 FROM jsonb_array_elements(w.data -> 'internal' -> 'review' -> 'groundTruth') g
          WHERE g ->> 'label' = p.label AND g ->> 'value' = coalesce(p.value, '')
        ) AS changed,
        jsonb_typeof(w.data -> 'internal' -> 'review' -> 'groundTruth') = 'array' AS confirmed,
        least(floor(p.confidence * 10), 9)::int AS confidence_bucket
      FROM window_runs w,
        jsonb_to_recordset(w.data -> 'internal' -> 'predictions') AS p(label text, value text, confidence float8)
    ),
    reviewed_predictions AS (
      SELECT p.* FROM predictions p JOIN runs r ON r.id = p.id AND r.reviewed WHERE p.confirmed
    ),
    lowest AS (
      SELECT least(floor(min(confidence) * 10), 9)::int AS confidence_bucket FROM predictions GROUP BY id
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
          LEFT JOIN (SELECT confidence_bucket, count(*)::int AS runs FROM lowest GROUP BY 1) l ON l.confidence_bucket = b
        ) c
      )
    ) AS insights`;
}

type OverviewRow = InsightsOverview['agents'][number];

/** Every agent's runs of the window by outcome (the per-agent classification, read with jsonpath), over one index. */
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
        WHEN data::jsonb @? '$.events[*] ? (@.type == "review-completed")' THEN 'reviewed'
        WHEN data::jsonb @? '$.events[*] ? (@.type == "predictions-auto-validated")' THEN 'straightThrough'
        ELSE 'inProgress' END AS outcome
      FROM agent_runs
      WHERE organization_id = ${organizationId} AND agent_id IS NOT NULL
        AND created_time >= ${from}::timestamptz AND created_time < ${to}::timestamptz
    ) classified
    GROUP BY agent_id
    ORDER BY agent_id`,
  );
}
