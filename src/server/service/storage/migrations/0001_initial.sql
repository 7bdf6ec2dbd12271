CREATE TABLE "access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"organization_id" text NOT NULL,
	"app_client_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_runs" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "action_runs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_time" timestamp with time zone,
	"data" jsonb NOT NULL,
	"action_id" text,
	"agent_run_id" text,
	"status" text,
	CONSTRAINT "action_runs_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "actions" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "actions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_time" timestamp with time zone,
	"data" jsonb NOT NULL,
	CONSTRAINT "actions_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "agent_runs" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "agent_runs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_time" timestamp with time zone,
	"data" jsonb NOT NULL,
	"agent_id" text,
	"status" text,
	CONSTRAINT "agent_runs_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "agents_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_time" timestamp with time zone,
	"data" jsonb NOT NULL,
	CONSTRAINT "agents_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "app_clients" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "app_clients_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_time" timestamp with time zone,
	"data" jsonb NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text,
	CONSTRAINT "app_clients_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "app_clients_client_id_unique" UNIQUE("client_id")
);
--> statement-breakpoint
CREATE TABLE "document_files" (
	"organization_id" text NOT NULL,
	"document_id" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "document_files_organization_id_document_id_pk" PRIMARY KEY("organization_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "documents_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_time" timestamp with time zone,
	"data" jsonb NOT NULL,
	"dataset_id" text,
	"consent_id" text,
	"agent_run_id" text,
	CONSTRAINT "documents_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "hook_runs" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "hook_runs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_time" timestamp with time zone,
	"data" jsonb NOT NULL,
	"hook_id" text,
	"agent_run_id" text,
	"status" text,
	CONSTRAINT "hook_runs_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "hooks" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "hooks_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_time" timestamp with time zone,
	"data" jsonb NOT NULL,
	CONSTRAINT "hooks_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "models" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "models_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_time" timestamp with time zone,
	"data" jsonb NOT NULL,
	CONSTRAINT "models_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "organizations_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_time" timestamp with time zone,
	"data" jsonb NOT NULL,
	"parent_organization_id" text,
	"counters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"usage_month" text NOT NULL,
	CONSTRAINT "organizations_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "roles_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_time" timestamp with time zone,
	"data" jsonb NOT NULL,
	CONSTRAINT "roles_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "service_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "users_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_time" timestamp with time zone,
	"data" jsonb NOT NULL,
	"email" text,
	CONSTRAINT "users_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "validation_tasks" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "validation_tasks_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_time" timestamp with time zone,
	"data" jsonb NOT NULL,
	"validation_id" text,
	"status" text,
	"agent_run_id" text,
	CONSTRAINT "validation_tasks_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "validations" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "validations_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_time" timestamp with time zone,
	"data" jsonb NOT NULL,
	CONSTRAINT "validations_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE INDEX "access_tokens_expiry" ON "access_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "access_tokens_client" ON "access_tokens" USING btree ("organization_id","app_client_id");--> statement-breakpoint
CREATE INDEX "action_runs_org_seq" ON "action_runs" USING btree ("organization_id","seq");--> statement-breakpoint
CREATE INDEX "action_runs_action" ON "action_runs" USING btree ("organization_id","action_id","seq");--> statement-breakpoint
CREATE INDEX "action_runs_agent_run" ON "action_runs" USING btree ("organization_id","agent_run_id","seq");--> statement-breakpoint
CREATE INDEX "actions_org_seq" ON "actions" USING btree ("organization_id","seq");--> statement-breakpoint
CREATE INDEX "agent_runs_org_seq" ON "agent_runs" USING btree ("organization_id","seq");--> statement-breakpoint
CREATE INDEX "agent_runs_agent" ON "agent_runs" USING btree ("organization_id","agent_id","seq");--> statement-breakpoint
CREATE INDEX "agent_runs_status" ON "agent_runs" USING btree ("organization_id","status","seq");--> statement-breakpoint
CREATE INDEX "agents_org_seq" ON "agents" USING btree ("organization_id","seq");--> statement-breakpoint
CREATE INDEX "app_clients_org_seq" ON "app_clients" USING btree ("organization_id","seq");--> statement-breakpoint
CREATE INDEX "documents_org_seq" ON "documents" USING btree ("organization_id","seq");--> statement-breakpoint
CREATE INDEX "documents_dataset" ON "documents" USING btree ("organization_id","dataset_id","seq");--> statement-breakpoint
CREATE INDEX "documents_consent" ON "documents" USING btree ("organization_id","consent_id","seq");--> statement-breakpoint
CREATE INDEX "hook_runs_org_seq" ON "hook_runs" USING btree ("organization_id","seq");--> statement-breakpoint
CREATE INDEX "hook_runs_hook" ON "hook_runs" USING btree ("organization_id","hook_id","seq");--> statement-breakpoint
CREATE INDEX "hook_runs_agent_run" ON "hook_runs" USING btree ("organization_id","agent_run_id","seq");--> statement-breakpoint
CREATE INDEX "hooks_org_seq" ON "hooks" USING btree ("organization_id","seq");--> statement-breakpoint
CREATE INDEX "models_org_seq" ON "models" USING btree ("organization_id","seq");--> statement-breakpoint
CREATE INDEX "organizations_seq" ON "organizations" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "organizations_parent" ON "organizations" USING btree ("parent_organization_id","seq");--> statement-breakpoint
CREATE INDEX "roles_org_seq" ON "roles" USING btree ("organization_id","seq");--> statement-breakpoint
CREATE INDEX "users_org_seq" ON "users" USING btree ("organization_id","seq");--> statement-breakpoint
CREATE INDEX "validation_tasks_org_seq" ON "validation_tasks" USING btree ("organization_id","seq");--> statement-breakpoint
CREATE INDEX "validation_tasks_validation" ON "validation_tasks" USING btree ("organization_id","validation_id","seq");--> statement-breakpoint
CREATE INDEX "validation_tasks_agent_run" ON "validation_tasks" USING btree ("organization_id","agent_run_id");--> statement-breakpoint
CREATE INDEX "validations_org_seq" ON "validations" USING btree ("organization_id","seq");