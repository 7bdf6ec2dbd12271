-- Recognised text of documents (the `ocrFileUrl` extension; src/server/service/recognition). One row per document:
-- `pending` until a service instance claims it (claim_token, lease_until: a claim whose lease ran out — its instance
-- stopped — is taken again), `running` while pages are added to `pages`, then `done` or `failed` (`message`).
CREATE TABLE "document_recognitions" (
	"organization_id" text NOT NULL,
	"document_id" text NOT NULL,
	"status" text NOT NULL,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"claim_token" text,
	"lease_until" timestamp with time zone,
	"updated_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_recognitions_organization_id_document_id_pk" PRIMARY KEY("organization_id","document_id")
);
--> statement-breakpoint
CREATE INDEX "document_recognitions_waiting" ON "document_recognitions" USING btree ("status","updated_time");
