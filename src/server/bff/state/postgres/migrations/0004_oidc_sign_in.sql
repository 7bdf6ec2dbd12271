-- OpenID Connect sign-in (issue 27): a session signed in through the provider keeps who it is there (issuer, subject,
-- the provider's session id for back-channel logout), the ID token for the provider's sign-out, and its own end
-- (DPS_OIDC_MAX_SESSION_HOURS). Other sessions leave them null.
ALTER TABLE sessions ADD COLUMN oidc_issuer text;
ALTER TABLE sessions ADD COLUMN oidc_subject text;
ALTER TABLE sessions ADD COLUMN oidc_sid text;
ALTER TABLE sessions ADD COLUMN id_token text;
ALTER TABLE sessions ADD COLUMN expires_ms bigint;
CREATE INDEX sessions_oidc_subject ON sessions (oidc_issuer, oidc_subject);

-- Sign-ins sent to the provider and not yet back: state, nonce and PKCE verifier, by the SHA-256 of the browser's
-- short-lived cookie. Taking one deletes it (single use); expired ones are removed on the way.
CREATE TABLE oidc_pending_sign_ins (
  key_hash text PRIMARY KEY,
  pending text NOT NULL,
  expires_ms bigint NOT NULL
);
CREATE INDEX oidc_pending_sign_ins_expires ON oidc_pending_sign_ins (expires_ms);
