-- Profiles (extension, docs/profiles.md): a user's profile is its invited email and name, held on the user's row and
-- named by `profile_id`. Users created before this migration get a profile too: the id is derived from the user's
-- id (md5 gives the 32 lowercase hex digits the id format needs), and `profileId` is set in the stored resource
-- with every other key kept in its place (json_each on a json value keeps the stored order).
ALTER TABLE "users" ADD COLUMN "profile_id" text;
--> statement-breakpoint
UPDATE "users" AS u
SET
  "profile_id" = 'svc:profile:' || md5(u."organization_id" || '/' || u."id"),
  "data" = (
    SELECT json_object_agg(
      e.key,
      CASE WHEN e.key = 'profileId' THEN to_json('svc:profile:' || md5(u."organization_id" || '/' || u."id")) ELSE e.value END
      ORDER BY e.n
    )
    FROM json_each(u."data") WITH ORDINALITY AS e(key, value, n)
  )
WHERE u."email" IS NOT NULL AND u."profile_id" IS NULL AND (u."data"->>'profileId') IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_org_profile" ON "users" USING btree ("organization_id", "profile_id");
