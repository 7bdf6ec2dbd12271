-- Recognition in turns of one page (src/server/service/recognition/recognition-queue.ts). A document's row keeps its
-- place: `next_page` is the next page to recognise, `page_count` the document's pages once opened; a claim now lasts
-- one page, and between turns a started document is `running` with no lease. `requested_time` orders an
-- organization's documents (oldest upload first); `unrecognised_pages` lists runs of pages tried and not recognised.
-- `recognition_turns` holds when each organization last had a turn: the organization waiting longest goes next. No GET
-- reads it, so it has no data-version trigger (0010).
ALTER TABLE "document_recognitions" ADD COLUMN "requested_time" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "document_recognitions" ADD COLUMN "next_page" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "document_recognitions" ADD COLUMN "page_count" integer;
--> statement-breakpoint
ALTER TABLE "document_recognitions" ADD COLUMN "unrecognised_pages" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
-- Documents an earlier version was recognising start again from their first page.
UPDATE "document_recognitions" SET "status" = 'pending', "pages" = '[]'::jsonb, "claim_token" = NULL,
  "lease_until" = NULL, "requested_time" = "updated_time" WHERE "status" IN ('pending', 'running');
--> statement-breakpoint
CREATE TABLE "recognition_turns" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"last_turn_time" timestamp with time zone NOT NULL
);
