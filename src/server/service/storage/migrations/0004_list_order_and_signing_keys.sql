-- Lists page in each organization's own order, (created_time, id), instead of the service-wide seq (a continuation
-- token carried seq, so one organization could follow another's activity). Tokens are signed with a key kept here,
-- so every service instance on this database issues and accepts the same tokens (storage/pagination.ts).
CREATE TABLE "signing_keys" (
	"purpose" text PRIMARY KEY NOT NULL,
	"key" "bytea" NOT NULL,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- 32 bytes from PostgreSQL's strong random source (gen_random_uuid draws on it; two of them, 244 random bits).
INSERT INTO "signing_keys" ("purpose", "key")
	VALUES ('list-token', decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'));
--> statement-breakpoint
-- The seq indexes go (nothing orders by seq any more); filtered ones keep their names with the new columns.
DROP INDEX IF EXISTS "action_runs_org_seq";
--> statement-breakpoint
DROP INDEX IF EXISTS "action_runs_action";
--> statement-breakpoint
DROP INDEX IF EXISTS "action_runs_agent_run";
--> statement-breakpoint
DROP INDEX IF EXISTS "actions_org_seq";
--> statement-breakpoint
DROP INDEX IF EXISTS "agent_runs_org_seq";
--> statement-breakpoint
DROP INDEX IF EXISTS "agent_runs_agent";
--> statement-breakpoint
DROP INDEX IF EXISTS "agent_runs_status";
--> statement-breakpoint
DROP INDEX IF EXISTS "agents_org_seq";
--> statement-breakpoint
DROP INDEX IF EXISTS "app_clients_org_seq";
--> statement-breakpoint
DROP INDEX IF EXISTS "documents_org_seq";
--> statement-breakpoint
DROP INDEX IF EXISTS "documents_dataset";
--> statement-breakpoint
DROP INDEX IF EXISTS "documents_consent";
--> statement-breakpoint
DROP INDEX IF EXISTS "hook_runs_org_seq";
--> statement-breakpoint
DROP INDEX IF EXISTS "hook_runs_hook";
--> statement-breakpoint
DROP INDEX IF EXISTS "hook_runs_agent_run";
--> statement-breakpoint
DROP INDEX IF EXISTS "hooks_org_seq";
--> statement-breakpoint
DROP INDEX IF EXISTS "models_org_seq";
--> statement-breakpoint
DROP INDEX IF EXISTS "organizations_seq";
--> statement-breakpoint
DROP INDEX IF EXISTS "organizations_parent";
--> statement-breakpoint
DROP INDEX IF EXISTS "roles_org_seq";
--> statement-breakpoint
DROP INDEX IF EXISTS "users_org_seq";
--> statement-breakpoint
DROP INDEX IF EXISTS "validation_tasks_org_seq";
--> statement-breakpoint
DROP INDEX IF EXISTS "validation_tasks_validation";
--> statement-breakpoint
DROP INDEX IF EXISTS "validations_org_seq";
--> statement-breakpoint
CREATE INDEX "organizations_parent" ON "organizations" USING btree ("parent_organization_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "users_org_created" ON "users" USING btree ("organization_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "roles_org_created" ON "roles" USING btree ("organization_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "app_clients_org_created" ON "app_clients" USING btree ("organization_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "documents_org_created" ON "documents" USING btree ("organization_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "documents_dataset" ON "documents" USING btree ("organization_id","dataset_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "documents_consent" ON "documents" USING btree ("organization_id","consent_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "models_org_created" ON "models" USING btree ("organization_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "validations_org_created" ON "validations" USING btree ("organization_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "validation_tasks_org_created" ON "validation_tasks" USING btree ("organization_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "validation_tasks_validation" ON "validation_tasks" USING btree ("organization_id","validation_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "agents_org_created" ON "agents" USING btree ("organization_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "agent_runs_org_created" ON "agent_runs" USING btree ("organization_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "agent_runs_agent" ON "agent_runs" USING btree ("organization_id","agent_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "agent_runs_status" ON "agent_runs" USING btree ("organization_id","status","created_time","id");
--> statement-breakpoint
CREATE INDEX "hooks_org_created" ON "hooks" USING btree ("organization_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "hook_runs_org_created" ON "hook_runs" USING btree ("organization_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "hook_runs_hook" ON "hook_runs" USING btree ("organization_id","hook_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "hook_runs_agent_run" ON "hook_runs" USING btree ("organization_id","agent_run_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "actions_org_created" ON "actions" USING btree ("organization_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "action_runs_org_created" ON "action_runs" USING btree ("organization_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "action_runs_action" ON "action_runs" USING btree ("organization_id","action_id","created_time","id");
--> statement-breakpoint
CREATE INDEX "action_runs_agent_run" ON "action_runs" USING btree ("organization_id","agent_run_id","created_time","id");
