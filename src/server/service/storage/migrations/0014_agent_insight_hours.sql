-- The figures of the insights endpoints per agent and per hour of creation (docs/insights.md), so a 30-day window
-- reads a few thousand small rows instead of 80,000 runs. Every figure is kept EXACT: what a run adds to its hour is a
-- set of (metric, key) counters — outcome, queued now, queue entries/exits per hour of the move, lowest-confidence
-- bucket, per-label and per-confidence-bucket prediction counts and confidence sums — which add up across runs; the
-- review durations, whose median and p90 cannot be summed, are kept as (duration → number of runs) counters, so the
-- percentiles are taken over the very values (no histogram, no approximation).
-- Kept by statement-level triggers on agent_runs in the same transaction as every insert, update and delete
-- (whichever code path writes): each statement adds the facts of its new rows and subtracts those of its old rows
-- with one upsert (ON CONFLICT … DO UPDATE adds the delta, so concurrent writers never lose a count).
CREATE TABLE IF NOT EXISTS "agent_insight_hours" (
  "organization_id" text NOT NULL,
  "agent_id" text NOT NULL,
  "metric" text NOT NULL,
  "hour" timestamp with time zone NOT NULL,
  "key" text NOT NULL,
  "n" bigint NOT NULL DEFAULT 0,
  "changed" bigint NOT NULL DEFAULT 0,
  "confidence_n" bigint NOT NULL DEFAULT 0,
  "confidence_sum" double precision NOT NULL DEFAULT 0,
  "changed_confidence_n" bigint NOT NULL DEFAULT 0,
  "changed_confidence_sum" double precision NOT NULL DEFAULT 0,
  CONSTRAINT "agent_insight_hours_pk" PRIMARY KEY ("organization_id", "agent_id", "metric", "hour", "key")
);
--> statement-breakpoint
-- GET /insights/agents: every agent of an organization over a window.
CREATE INDEX IF NOT EXISTS "agent_insight_hours_org" ON "agent_insight_hours" ("organization_id", "metric", "hour");
--> statement-breakpoint
-- What became of a run (docs/insights.md): archived and error by status; otherwise reviewed (a review completed),
-- straight through (predictions auto-validated) or still in progress, from its `insight`. The one place of the rule:
-- the counters below and the runs list's `outcome` filter both call it, so a filtered list holds what a figure counts.
CREATE OR REPLACE FUNCTION agent_run_outcome(status text, insight jsonb) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN status = 'archived' THEN 'archived'
    WHEN status = 'error' THEN 'error'
    WHEN coalesce((insight ->> 'reviewed')::boolean, false) THEN 'reviewed'
    WHEN coalesce((insight ->> 'auto')::boolean, false) THEN 'straightThrough'
    ELSE 'inProgress' END
$$;
--> statement-breakpoint
-- What one run adds to the hour it was created in, from its status and its `insight` (migration 0013):
--   outcome/<outcome> · queued/'' (waiting for or in review now) · queue/<UTC hour of the move> (+1 entry, −1 exit) ·
--   wait/<seconds> and in-review/<seconds> (one per duration) · lowest/<confidence bucket of the lowest prediction> ·
--   field/<label> and confidence/<bucket> over the predictions a review confirmed (counts, changed, confidence sums).
-- Keys are written independently of the session's time zone and float format (float8 text is exact since PG 12).
CREATE OR REPLACE FUNCTION agent_run_insight_facts(status text, insight jsonb)
RETURNS TABLE (metric text, key text, n bigint, changed bigint, confidence_n bigint, confidence_sum float8,
  changed_confidence_n bigint, changed_confidence_sum float8)
LANGUAGE sql IMMUTABLE AS $$
  WITH i AS (
    SELECT
      (insight ->> 'requested')::timestamptz AS requested,
      (insight ->> 'firstStarted')::timestamptz AS first_started,
      (insight ->> 'lastStarted')::timestamptz AS last_started,
      (insight ->> 'completed')::timestamptz AS completed,
      (insight ->> 'leftReview')::timestamptz AS left_review,
      (insight ->> 'minConfidence')::float8 AS min_confidence
  ),
  predictions AS (
    SELECT p.label, p.confidence, p.changed
    FROM jsonb_to_recordset(CASE WHEN jsonb_typeof(insight -> 'predictions') = 'array' THEN insight -> 'predictions'
      ELSE '[]' END) AS p(label text, confidence float8, changed boolean)
  )
  SELECT 'outcome', agent_run_outcome(status, insight), 1::bigint, 0::bigint, 0::bigint, 0::float8, 0::bigint, 0::float8
    FROM i
  UNION ALL
  SELECT 'queued', '', 1, 0, 0, 0, 0, 0 FROM i WHERE status IN ('ready-for-review', 'review-in-progress')
  UNION ALL
  SELECT 'queue', to_char(date_trunc('hour', requested AT TIME ZONE 'UTC'), 'YYYY-MM-DD HH24:MI:SS'), 1, 0, 0, 0, 0, 0
    FROM i WHERE requested IS NOT NULL
  UNION ALL
  SELECT 'queue', to_char(date_trunc('hour', left_review AT TIME ZONE 'UTC'), 'YYYY-MM-DD HH24:MI:SS'), -1, 0, 0, 0, 0, 0
    FROM i WHERE requested IS NOT NULL AND left_review >= requested
  UNION ALL
  SELECT 'wait', extract(epoch FROM first_started - requested)::float8::text, 1, 0, 0, 0, 0, 0
    FROM i WHERE first_started >= requested
  UNION ALL
  SELECT 'in-review', extract(epoch FROM completed - last_started)::float8::text, 1, 0, 0, 0, 0, 0
    FROM i WHERE completed >= last_started
  UNION ALL
  SELECT 'lowest', least(floor(min_confidence * 10), 9)::int::text, 1, 0, 0, 0, 0, 0
    FROM i WHERE min_confidence IS NOT NULL
  UNION ALL
  SELECT 'field', coalesce(label, ''), count(*), count(*) FILTER (WHERE changed), count(confidence),
      coalesce(sum(confidence), 0), count(confidence) FILTER (WHERE changed),
      coalesce(sum(confidence) FILTER (WHERE changed), 0)
    FROM predictions GROUP BY label
  UNION ALL
  SELECT 'confidence', least(floor(confidence * 10), 9)::int::text, count(*), count(*) FILTER (WHERE changed),
      0, 0, 0, 0
    FROM predictions WHERE confidence IS NOT NULL GROUP BY 2
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agent_insight_hours_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch: the facts of the rows the statement wrote (+) and removed (−), summed per counter, added in key
  -- order (so two statements lock the counters they share in the same order).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO agent_insight_hours AS h (organization_id, agent_id, metric, hour, key, n, changed, confidence_n,
        confidence_sum, changed_confidence_n, changed_confidence_sum)
      SELECT r.organization_id, r.agent_id, f.metric, date_trunc('hour', r.created_time, 'UTC'), f.key, sum(f.n),
          sum(f.changed), sum(f.confidence_n), sum(f.confidence_sum), sum(f.changed_confidence_n),
          sum(f.changed_confidence_sum)
        FROM new_rows r, agent_run_insight_facts(r.status, r.insight) f
       WHERE r.agent_id IS NOT NULL
       GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (organization_id, agent_id, metric, hour, key) DO UPDATE SET
        n = h.n + EXCLUDED.n, changed = h.changed + EXCLUDED.changed,
        confidence_n = h.confidence_n + EXCLUDED.confidence_n,
        confidence_sum = h.confidence_sum + EXCLUDED.confidence_sum,
        changed_confidence_n = h.changed_confidence_n + EXCLUDED.changed_confidence_n,
        changed_confidence_sum = h.changed_confidence_sum + EXCLUDED.changed_confidence_sum;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO agent_insight_hours AS h (organization_id, agent_id, metric, hour, key, n, changed, confidence_n,
        confidence_sum, changed_confidence_n, changed_confidence_sum)
      SELECT r.organization_id, r.agent_id, f.metric, date_trunc('hour', r.created_time, 'UTC'), f.key, -sum(f.n),
          -sum(f.changed), -sum(f.confidence_n), -sum(f.confidence_sum), -sum(f.changed_confidence_n),
          -sum(f.changed_confidence_sum)
        FROM old_rows r, agent_run_insight_facts(r.status, r.insight) f
       WHERE r.agent_id IS NOT NULL
       GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (organization_id, agent_id, metric, hour, key) DO UPDATE SET
        n = h.n + EXCLUDED.n, changed = h.changed + EXCLUDED.changed,
        confidence_n = h.confidence_n + EXCLUDED.confidence_n,
        confidence_sum = h.confidence_sum + EXCLUDED.confidence_sum,
        changed_confidence_n = h.changed_confidence_n + EXCLUDED.changed_confidence_n,
        changed_confidence_sum = h.changed_confidence_sum + EXCLUDED.changed_confidence_sum;
  ELSE
    -- Only what moved: an update that changes no fact (most writes of a run's data) writes nothing here.
    INSERT INTO agent_insight_hours AS h (organization_id, agent_id, metric, hour, key, n, changed, confidence_n,
        confidence_sum, changed_confidence_n, changed_confidence_sum)
      SELECT organization_id, agent_id, metric, hour, key, sum(n), sum(changed), sum(confidence_n),
          sum(confidence_sum), sum(changed_confidence_n), sum(changed_confidence_sum)
        FROM (
          SELECT r.organization_id, r.agent_id, f.metric, date_trunc('hour', r.created_time, 'UTC') AS hour, f.key,
              -f.n AS n, -f.changed AS changed, -f.confidence_n AS confidence_n, -f.confidence_sum AS confidence_sum,
              -f.changed_confidence_n AS changed_confidence_n, -f.changed_confidence_sum AS changed_confidence_sum
            FROM old_rows r, agent_run_insight_facts(r.status, r.insight) f
           WHERE r.agent_id IS NOT NULL
          UNION ALL
          SELECT r.organization_id, r.agent_id, f.metric, date_trunc('hour', r.created_time, 'UTC'), f.key,
              f.n, f.changed, f.confidence_n, f.confidence_sum, f.changed_confidence_n, f.changed_confidence_sum
            FROM new_rows r, agent_run_insight_facts(r.status, r.insight) f
           WHERE r.agent_id IS NOT NULL
        ) AS moved
       GROUP BY 1, 2, 3, 4, 5
      HAVING sum(n) <> 0 OR sum(changed) <> 0 OR sum(confidence_n) <> 0 OR sum(confidence_sum) <> 0
          OR sum(changed_confidence_n) <> 0 OR sum(changed_confidence_sum) <> 0
       ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (organization_id, agent_id, metric, hour, key) DO UPDATE SET
        n = h.n + EXCLUDED.n, changed = h.changed + EXCLUDED.changed,
        confidence_n = h.confidence_n + EXCLUDED.confidence_n,
        confidence_sum = h.confidence_sum + EXCLUDED.confidence_sum,
        changed_confidence_n = h.changed_confidence_n + EXCLUDED.changed_confidence_n,
        changed_confidence_sum = h.changed_confidence_sum + EXCLUDED.changed_confidence_sum;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agent_insight_hours_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TRUNCATE fires no row or transition-table trigger: the counters go with the runs.
  DELETE FROM agent_insight_hours;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "agent_runs_insight_hours_insert" ON "agent_runs";
--> statement-breakpoint
CREATE TRIGGER "agent_runs_insight_hours_insert" AFTER INSERT ON "agent_runs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_insight_hours_apply();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "agent_runs_insight_hours_update" ON "agent_runs";
--> statement-breakpoint
CREATE TRIGGER "agent_runs_insight_hours_update" AFTER UPDATE ON "agent_runs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_insight_hours_apply();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "agent_runs_insight_hours_delete" ON "agent_runs";
--> statement-breakpoint
CREATE TRIGGER "agent_runs_insight_hours_delete" AFTER DELETE ON "agent_runs"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_insight_hours_apply();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "agent_runs_insight_hours_truncate" ON "agent_runs";
--> statement-breakpoint
CREATE TRIGGER "agent_runs_insight_hours_truncate" AFTER TRUNCATE ON "agent_runs"
  FOR EACH STATEMENT EXECUTE FUNCTION agent_insight_hours_clear();
--> statement-breakpoint
-- The runs written before the triggers existed. Creating the triggers above locked agent_runs against writes until
-- this migration commits, so no run is counted twice or missed.
INSERT INTO "agent_insight_hours" ("organization_id", "agent_id", "metric", "hour", "key", "n", "changed",
    "confidence_n", "confidence_sum", "changed_confidence_n", "changed_confidence_sum")
SELECT r.organization_id, r.agent_id, f.metric, date_trunc('hour', r.created_time, 'UTC'), f.key, sum(f.n),
    sum(f.changed), sum(f.confidence_n), sum(f.confidence_sum), sum(f.changed_confidence_n),
    sum(f.changed_confidence_sum)
  FROM agent_runs r, agent_run_insight_facts(r.status, r.insight) f
 WHERE r.agent_id IS NOT NULL
 GROUP BY 1, 2, 3, 4, 5;
