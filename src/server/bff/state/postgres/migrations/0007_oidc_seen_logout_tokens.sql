-- Back-channel logout tokens answered already (OpenID Connect Back-Channel Logout 1.0 §2.6 step 8), by the SHA-256 of
-- issuer and jti, so a captured token replayed to any instance ends no session. A row lives only while its token
-- could still be accepted (expires_ms, the BFF's clock); expired rows are removed on the way.
CREATE TABLE oidc_seen_logout_tokens (
  key_hash text PRIMARY KEY,
  expires_ms bigint NOT NULL
);
CREATE INDEX oidc_seen_logout_tokens_expires ON oidc_seen_logout_tokens (expires_ms);
