-- One user per email (case-insensitive) in an organization, enforced by the database: the check in Create User alone
-- lets two concurrent requests through on PostgreSQL, and this index also makes that check a lookup, not a scan.
CREATE UNIQUE INDEX "users_org_email" ON "users" USING btree ("organization_id", lower("email"));
