-- Each audit entry keeps the id of the request that made it (issue 28 item 4), the id both servers log it under.
-- Entries recorded before cannot say: theirs stays null.
ALTER TABLE audit_entries ADD COLUMN request_id text;
