-- The BFF's shared state (DESIGN.md §5): what the files in <data>/bff/ hold in an embedded deployment.
-- Times the BFF's clock decides (session, launch-link and sign-in limits) are epoch milliseconds from the BFF, as in
-- the file store; audit times come from the database server, one clock for every instance.

-- Sessions by the SHA-256 of their id: the table holds no usable id.
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  handle text NOT NULL UNIQUE,
  operator_name text NOT NULL,
  operator_role text NOT NULL,
  user_agent text NOT NULL,
  created_ms bigint NOT NULL,
  last_seen_ms bigint NOT NULL
);

CREATE TABLE operators (
  name text PRIMARY KEY,
  role text NOT NULL CHECK (role IN ('admin', 'viewer')),
  password_hash text NOT NULL,
  created_time timestamptz NOT NULL,
  updated_time timestamptz NOT NULL
);

-- One-time launch links by the SHA-256 of their token; redeeming deletes the row.
CREATE TABLE launch_links (
  token_hash text PRIMARY KEY,
  expires_ms bigint NOT NULL
);

-- Sign-in attempts counted as failed (key `ip:<address>` or `name:<lowercase name>`), within the limit's window.
CREATE TABLE sign_in_failures (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  at_ms bigint NOT NULL
);
CREATE INDEX sign_in_failures_key_at ON sign_in_failures (key, at_ms);
CREATE INDEX sign_in_failures_at ON sign_in_failures (at_ms);

-- The audit log, append-only: a write (forwarded, or answered by the BFF with `status`) and, for a forwarded one,
-- its outcome in a row of its own once known.
CREATE TABLE audit_entries (
  id bigserial PRIMARY KEY,
  time timestamptz NOT NULL,
  operator text NOT NULL,
  method text NOT NULL,
  path text NOT NULL,
  forwarded boolean NOT NULL,
  status integer
);
CREATE INDEX audit_entries_time ON audit_entries (time, id);
CREATE INDEX audit_entries_operator_time ON audit_entries (operator, time, id);
CREATE INDEX audit_entries_path_time ON audit_entries (path, time, id);

CREATE TABLE audit_outcomes (
  entry_id bigint PRIMARY KEY REFERENCES audit_entries (id),
  time timestamptz NOT NULL,
  outcome text NOT NULL,
  status integer,
  client_closed boolean NOT NULL
);
