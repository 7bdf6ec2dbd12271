-- Sessions say which address they signed in from (issue 29 item 5), so an operator can tell them apart. Sessions
-- stored before cannot say: theirs stays null and they go on.
ALTER TABLE sessions ADD COLUMN address text;
