-- An audit entry of someone signed in through the OpenID provider keeps the provider's issuer and their subject
-- (issue 27 item 4): the name alone (preferred_username, email) can change or be reused, the pair cannot.
-- Entries of local accounts, and entries recorded before, stay null.
ALTER TABLE audit_entries ADD COLUMN oidc_issuer text, ADD COLUMN oidc_subject text;
