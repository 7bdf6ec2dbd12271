-- What GET /agents/{agentId}/insights needs of each run (docs/insights.md), derived from its data when it is written,
-- so a window of 80,000 runs reads a few small values per run instead of parsing each run's whole JSON: the outcome
-- flags, the review times, the lowest prediction confidence, and for runs whose review confirmed a ground truth each
-- prediction's label, confidence and whether the review changed it. Kept by a row trigger on every write of `data`
-- (whichever code path writes); existing runs are back-filled here.
ALTER TABLE "agent_runs" ADD COLUMN IF NOT EXISTS "insight" jsonb;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agent_run_insight(run jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object(
    'auto', coalesce(e.auto, false),
    'reviewed', coalesce(e.reviewed, false),
    'requested', e.requested,
    'firstStarted', e.first_started,
    'lastStarted', e.last_started,
    'completed', e.completed,
    'leftReview', e.left_review,
    -- A prediction without a value (the model found nothing) has no confidence to speak of: the confidence rule of a
    -- validation skips it, so the lowest confidence, the calibration and the means leave it out too.
    'minConfidence', (
      SELECT min(p.confidence) FROM jsonb_to_recordset(run -> 'internal' -> 'predictions') AS p(value text, confidence float8)
      WHERE p.value IS NOT NULL
    ),
    'predictions', CASE WHEN e.reviewed AND jsonb_typeof(run -> 'internal' -> 'review' -> 'groundTruth') = 'array' THEN (
      SELECT coalesce(jsonb_agg(jsonb_build_object(
        'label', p.label,
        'confidence', CASE WHEN p.value IS NOT NULL THEN p.confidence END,
        -- Changed: the confirmed ground truth has no entry of this label with the predicted value (null = empty).
        'changed', NOT EXISTS (
          SELECT 1 FROM jsonb_array_elements(run -> 'internal' -> 'review' -> 'groundTruth') g
          WHERE g ->> 'label' = p.label AND g ->> 'value' = coalesce(p.value, '')
        ))), '[]')
      FROM jsonb_to_recordset(run -> 'internal' -> 'predictions') AS p(label text, value text, confidence float8)
    ) END
  )
  FROM (
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
    FROM jsonb_to_recordset(run -> 'events') AS ev(type text, status text, time timestamptz)
  ) e
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agent_runs_set_insight() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.insight := agent_run_insight(NEW.data::jsonb);
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS agent_runs_insight ON agent_runs;
--> statement-breakpoint
CREATE TRIGGER agent_runs_insight BEFORE INSERT OR UPDATE OF data ON agent_runs
  FOR EACH ROW EXECUTE FUNCTION agent_runs_set_insight();
--> statement-breakpoint
UPDATE agent_runs SET insight = agent_run_insight(data::jsonb) WHERE insight IS NULL;
