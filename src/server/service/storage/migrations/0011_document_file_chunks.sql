-- Document files in bounded chunks (storage/file-store): `document_files` keeps one header row per document (a random
-- file id, size, MD5, where the bytes are) and the bytes move to `document_file_chunks`, 1 MiB a row, or to object
-- storage for files written with DPS_BLOB_URL set. Existing files are split into chunks here: nothing is lost.
CREATE TABLE "document_file_chunks" (
  "organization_id" text NOT NULL,
  "file_id" text NOT NULL,
  "seq" integer NOT NULL,
  "bytes" bytea NOT NULL,
  "created_time" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "document_file_chunks_organization_id_file_id_seq_pk" PRIMARY KEY ("organization_id", "file_id", "seq")
);
--> statement-breakpoint
-- Documents are mostly compressed already (PDF, JPEG, PNG): storing out of line without trying pglz saves the
-- attempt on every chunk written.
ALTER TABLE "document_file_chunks" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
--> statement-breakpoint
-- No data-version trigger on the chunks: a GET reaches them only through their header row in document_files, and
-- every change a GET can see changes that row (which has its trigger). Chunks written by an upload in progress are
-- nobody's file yet, and bumping the organization's version for each would only empty the read cache.
ALTER TABLE "document_files"
  ADD COLUMN "file_id" text,
  ADD COLUMN "md5" text,
  ADD COLUMN "location" text DEFAULT 'database' NOT NULL,
  ADD COLUMN "chunk_size" integer;
--> statement-breakpoint
UPDATE "document_files"
   SET "file_id" = replace(gen_random_uuid()::text, '-', ''),
       "md5" = encode(decode(md5("bytes"), 'hex'), 'base64'),
       "chunk_size" = 1048576;
--> statement-breakpoint
INSERT INTO "document_file_chunks" ("organization_id", "file_id", "seq", "bytes")
SELECT f."organization_id", f."file_id", s.seq, substring(f."bytes" FROM s.seq * 1048576 + 1 FOR 1048576)
  FROM "document_files" f, generate_series(0, greatest((length(f."bytes") - 1) / 1048576, 0)) AS s(seq);
--> statement-breakpoint
ALTER TABLE "document_files"
  DROP COLUMN "bytes",
  ALTER COLUMN "file_id" SET NOT NULL,
  ALTER COLUMN "md5" SET NOT NULL,
  ALTER COLUMN "location" DROP DEFAULT;
--> statement-breakpoint
CREATE UNIQUE INDEX "document_files_file" ON "document_files" USING btree ("organization_id", "file_id");
