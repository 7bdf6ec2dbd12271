-- Resource bodies as json, not jsonb: jsonb reorders object keys (shortest first), and the order of a model's
-- fieldConfig, of metadata and of validation configs is the operator's. Counters and service state stay jsonb.
ALTER TABLE "action_runs" ALTER COLUMN "data" TYPE json USING "data"::json;
--> statement-breakpoint
ALTER TABLE "actions" ALTER COLUMN "data" TYPE json USING "data"::json;
--> statement-breakpoint
ALTER TABLE "agent_runs" ALTER COLUMN "data" TYPE json USING "data"::json;
--> statement-breakpoint
ALTER TABLE "agents" ALTER COLUMN "data" TYPE json USING "data"::json;
--> statement-breakpoint
ALTER TABLE "app_clients" ALTER COLUMN "data" TYPE json USING "data"::json;
--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "data" TYPE json USING "data"::json;
--> statement-breakpoint
ALTER TABLE "hook_runs" ALTER COLUMN "data" TYPE json USING "data"::json;
--> statement-breakpoint
ALTER TABLE "hooks" ALTER COLUMN "data" TYPE json USING "data"::json;
--> statement-breakpoint
ALTER TABLE "models" ALTER COLUMN "data" TYPE json USING "data"::json;
--> statement-breakpoint
ALTER TABLE "organizations" ALTER COLUMN "data" TYPE json USING "data"::json;
--> statement-breakpoint
ALTER TABLE "roles" ALTER COLUMN "data" TYPE json USING "data"::json;
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "data" TYPE json USING "data"::json;
--> statement-breakpoint
ALTER TABLE "validation_tasks" ALTER COLUMN "data" TYPE json USING "data"::json;
--> statement-breakpoint
ALTER TABLE "validations" ALTER COLUMN "data" TYPE json USING "data"::json;
