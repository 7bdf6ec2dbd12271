-- Review holds (issue 36): which operator holds which agent run for review, since when, and its last sign of life, so
-- that every BFF instance agrees on who reviews what and exactly one of them gives an abandoned run back to the queue.
CREATE TABLE review_holds (
  run_id text PRIMARY KEY,
  agent_id text NOT NULL,
  validation_id text NOT NULL,
  task_id text NOT NULL UNIQUE,
  document_id text,
  holder_account_id text NOT NULL,
  holder_name text NOT NULL,
  since_ms bigint NOT NULL,
  kept_alive_ms bigint NOT NULL
);
CREATE INDEX review_holds_agent ON review_holds (agent_id, since_ms);
CREATE INDEX review_holds_kept_alive ON review_holds (kept_alive_ms);
