-- Idempotency-Key records (src/server/service/idempotency.ts): one row per key of an app client of an organization,
-- written before the create runs, marked `applied` inside the create's own transaction, and given the answer once it
-- is sent. Rows older than 24 hours are ignored and purged lazily (idempotency_keys_created).
CREATE TABLE "idempotency_keys" (
	"organization_id" text NOT NULL,
	"app_client_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"claim_token" text NOT NULL,
	"applied" boolean DEFAULT false NOT NULL,
	"response_status" integer,
	"response_content_type" text,
	"response_body" text,
	"created_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_organization_id_app_client_id_idempotency_key_pk" PRIMARY KEY("organization_id","app_client_id","idempotency_key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created" ON "idempotency_keys" USING btree ("created_time");
