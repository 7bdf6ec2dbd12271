-- Sessions name their owner by account, never by display name (issue 25 item 6): every operator account gets an id
-- of its own, and every session the id of the account it belongs to (`launch-link` for the launch link's operator).
-- Sessions stored before cannot say whose they are: they end, and their operators sign in again.
ALTER TABLE operators ADD COLUMN id text;
UPDATE operators SET id = md5(random()::text || clock_timestamp()::text || name);
ALTER TABLE operators ALTER COLUMN id SET NOT NULL;
ALTER TABLE operators ADD CONSTRAINT operators_id_key UNIQUE (id);

DELETE FROM sessions;
ALTER TABLE sessions ADD COLUMN operator_account text NOT NULL;
