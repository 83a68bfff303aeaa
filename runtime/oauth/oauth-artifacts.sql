-- The OAuth authorization server's artifacts (runtime/oauth/artifacts.ts, OAuthArtifactStore), for
-- the SQL store of the account issue: one table, the same DDL on SQLite and PostgreSQL. Ids and
-- grant ids are stored only as SHA-256 hex hashes; payload is the provider's JSON without the raw id.
-- expires_at is epoch milliseconds (NULL: kept until destroyed); a periodic
-- DELETE FROM oauth_artifacts WHERE expires_at < :now keeps the table small.
CREATE TABLE IF NOT EXISTS oauth_artifacts (
  kind TEXT NOT NULL,
  id_hash TEXT NOT NULL,
  grant_id_hash TEXT,
  uid_hash TEXT,
  user_code_hash TEXT,
  payload TEXT NOT NULL,
  expires_at BIGINT,
  PRIMARY KEY (kind, id_hash)
);
CREATE INDEX IF NOT EXISTS oauth_artifacts_grant ON oauth_artifacts (grant_id_hash);
CREATE INDEX IF NOT EXISTS oauth_artifacts_uid ON oauth_artifacts (kind, uid_hash);
CREATE INDEX IF NOT EXISTS oauth_artifacts_user_code ON oauth_artifacts (kind, user_code_hash);
CREATE INDEX IF NOT EXISTS oauth_artifacts_expiry ON oauth_artifacts (expires_at);
-- consume(kind, id_hash, at): UPDATE oauth_artifacts SET payload = <payload with "consumed": at> WHERE kind = ? AND id_hash = ?
-- (read-modify-write in one transaction; PostgreSQL may use payload::jsonb || jsonb_build_object('consumed', ?)).
