-- The team in Insights (issue 36): one review outcome per review hold that ended with its task finished (who, which
-- run, confirmed or rejected, from when to when, the labels corrected), and the organization's review settings (one
-- row: how long a run may wait for review).
CREATE TABLE review_outcomes (
  id bigserial PRIMARY KEY,
  run_id text NOT NULL,
  agent_id text NOT NULL,
  task_id text NOT NULL,
  reviewer_account_id text NOT NULL,
  reviewer_name text NOT NULL,
  outcome text NOT NULL,
  since_ms bigint NOT NULL,
  ended_ms bigint NOT NULL,
  corrected_labels text[]
);
CREATE INDEX review_outcomes_agent_ended ON review_outcomes (agent_id, ended_ms);
CREATE INDEX review_outcomes_ended ON review_outcomes (ended_ms);
CREATE TABLE review_settings (
  key text PRIMARY KEY,
  max_wait_minutes integer NOT NULL,
  updated_by text NOT NULL,
  updated_ms bigint NOT NULL
);
