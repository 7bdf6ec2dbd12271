-- Per-status run counts of each agent, kept by triggers on agent_runs in the same transaction as every insert, status
-- change and delete (whichever code path writes), so `GET /agents/{agentId}/runs/counts` without a time window reads
-- eleven rows instead of counting every run (a million runs took 0.7 s to count on PGlite). Statement-level triggers
-- with transition tables: one upsert per statement, however many rows it writes.
CREATE TABLE IF NOT EXISTS "agent_run_status_counts" (
  "organization_id" text NOT NULL,
  "agent_id" text NOT NULL,
  "status" text NOT NULL,
  "n" bigint NOT NULL DEFAULT 0,
  CONSTRAINT "agent_run_status_counts_pk" PRIMARY KEY ("organization_id", "agent_id", "status")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION agent_run_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO agent_run_status_counts AS c (organization_id, agent_id, status, n)
      SELECT organization_id, agent_id, status, count(*) FROM new_rows
       WHERE agent_id IS NOT NULL AND status IS NOT NULL GROUP BY 1, 2, 3
      ON CONFLICT (organization_id, agent_id, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO agent_run_status_counts AS c (organization_id, agent_id, status, n)
      SELECT organization_id, agent_id, status, -count(*) FROM old_rows
       WHERE agent_id IS NOT NULL AND status IS NOT NULL GROUP BY 1, 2, 3
      ON CONFLICT (organization_id, agent_id, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    -- Only what moved: an update that keeps every status writes nothing here.
    INSERT INTO agent_run_status_counts AS c (organization_id, agent_id, status, n)
      SELECT organization_id, agent_id, status, sum(d) FROM (
        SELECT organization_id, agent_id, status, -1 AS d FROM old_rows
        UNION ALL
        SELECT organization_id, agent_id, status, 1 AS d FROM new_rows
      ) AS moved
       WHERE agent_id IS NOT NULL AND status IS NOT NULL
       GROUP BY 1, 2, 3 HAVING sum(d) <> 0
      ON CONFLICT (organization_id, agent_id, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "agent_runs_status_counts_insert" AFTER INSERT ON "agent_runs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_run_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "agent_runs_status_counts_update" AFTER UPDATE ON "agent_runs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_run_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER "agent_runs_status_counts_delete" AFTER DELETE ON "agent_runs"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_run_status_counts_apply();
--> statement-breakpoint
-- The runs written before the triggers existed. Creating the triggers above locked agent_runs against writes until
-- this migration commits, so no run is counted twice or missed.
INSERT INTO "agent_run_status_counts" ("organization_id", "agent_id", "status", "n")
SELECT "organization_id", "agent_id", "status", count(*) FROM "agent_runs"
 WHERE "agent_id" IS NOT NULL AND "status" IS NOT NULL GROUP BY 1, 2, 3;
