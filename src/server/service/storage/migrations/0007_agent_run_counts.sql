-- Per-status run counts of one agent (GET /agents/{agentId}/runs/counts) read this index alone: one range per agent,
-- grouped by status, with created_time for the list's time window.
CREATE INDEX IF NOT EXISTS "agent_runs_agent_status" ON "agent_runs" USING btree ("organization_id","agent_id","status","created_time");
