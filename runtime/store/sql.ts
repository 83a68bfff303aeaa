// All SQL of the store, in one place. Statements are written once with PostgreSQL's `$n`
// placeholders (SQLite reads them as its numbered `?n`, see sqlite.ts); only the schema differs
// per dialect. Times of keys are ISO text (they sort as text); audit times are epoch ms. The
// audit statements are in audit-batches.ts.
import type { StoreKind } from './types.js';

export interface Migration {
  version: number;
  name: string;
  statements: Record<StoreKind, string[]>;
}

/** Append only: a migration once released is never edited, a change is a new version. */
export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'api keys and audit log',
    statements: {
      sqlite: [
        `CREATE TABLE api_keys (id TEXT PRIMARY KEY, hash TEXT NOT NULL UNIQUE, tier TEXT NOT NULL, scopes TEXT NOT NULL, label TEXT,
           created_at TEXT NOT NULL, revoked_at TEXT, last_used_at TEXT)`,
        `CREATE TABLE audit_log (id INTEGER PRIMARY KEY AUTOINCREMENT, at_ms INTEGER NOT NULL, key_id TEXT NOT NULL, method TEXT NOT NULL,
           route TEXT NOT NULL, slug TEXT, tool TEXT, status INTEGER NOT NULL, duration_ms REAL NOT NULL, request_id TEXT NOT NULL)`,
        'CREATE INDEX audit_log_key_time ON audit_log (key_id, at_ms DESC, id DESC)',
        'CREATE INDEX audit_log_time ON audit_log (at_ms)',
      ],
      postgres: [
        `CREATE TABLE api_keys (id TEXT PRIMARY KEY, hash TEXT NOT NULL UNIQUE, tier TEXT NOT NULL, scopes TEXT NOT NULL, label TEXT,
           created_at TEXT NOT NULL, revoked_at TEXT, last_used_at TEXT)`,
        `CREATE TABLE audit_log (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, at_ms BIGINT NOT NULL, key_id TEXT NOT NULL, method TEXT NOT NULL,
           route TEXT NOT NULL, slug TEXT, tool TEXT, status INTEGER NOT NULL, duration_ms DOUBLE PRECISION NOT NULL, request_id TEXT NOT NULL)`,
        'CREATE INDEX audit_log_key_time ON audit_log (key_id, at_ms DESC, id DESC)',
        'CREATE INDEX audit_log_time ON audit_log (at_ms)',
      ],
    },
  },
  {
    version: 2,
    name: 'oauth artifacts',
    // Codes, tokens, grants, sessions and registered clients of the authorization server
    // (runtime/oauth/artifacts.ts): ids only as SHA-256 hex, the payload without the raw id.
    statements: {
      sqlite: [
        `CREATE TABLE oauth_artifacts (kind TEXT NOT NULL, id_hash TEXT NOT NULL, grant_id_hash TEXT, uid_hash TEXT, user_code_hash TEXT,
           payload TEXT NOT NULL, expires_at INTEGER, consumed_at INTEGER, PRIMARY KEY (kind, id_hash))`,
        'CREATE INDEX oauth_artifacts_grant ON oauth_artifacts (grant_id_hash)',
        'CREATE INDEX oauth_artifacts_uid ON oauth_artifacts (kind, uid_hash)',
        'CREATE INDEX oauth_artifacts_user_code ON oauth_artifacts (kind, user_code_hash)',
        'CREATE INDEX oauth_artifacts_expiry ON oauth_artifacts (expires_at)',
      ],
      postgres: [
        `CREATE TABLE oauth_artifacts (kind TEXT NOT NULL, id_hash TEXT NOT NULL, grant_id_hash TEXT, uid_hash TEXT, user_code_hash TEXT,
           payload TEXT NOT NULL, expires_at BIGINT, consumed_at BIGINT, PRIMARY KEY (kind, id_hash))`,
        'CREATE INDEX oauth_artifacts_grant ON oauth_artifacts (grant_id_hash)',
        'CREATE INDEX oauth_artifacts_uid ON oauth_artifacts (kind, uid_hash)',
        'CREATE INDEX oauth_artifacts_user_code ON oauth_artifacts (kind, user_code_hash)',
        'CREATE INDEX oauth_artifacts_expiry ON oauth_artifacts (expires_at)',
      ],
    },
  },
  {
    version: 3,
    name: 'audit entries in batches',
    // A row per key per write instead of a row per entry (audit-batches.ts says why); the entries
    // of version 1 move over one batch each, under new ids.
    statements: {
      sqlite: [
        `CREATE TABLE audit_batches (id INTEGER PRIMARY KEY AUTOINCREMENT, key_id TEXT NOT NULL, first_ms INTEGER NOT NULL, last_ms INTEGER NOT NULL,
           entry_count INTEGER NOT NULL, entries BLOB NOT NULL)`,
        'CREATE INDEX audit_batches_key_time ON audit_batches (key_id, last_ms DESC, id DESC)',
        'CREATE INDEX audit_batches_time ON audit_batches (last_ms)',
        `INSERT INTO audit_batches (key_id, first_ms, last_ms, entry_count, entries)
           SELECT key_id, at_ms, at_ms, 1, json_array(json_array(at_ms, method, route, slug, tool, status, duration_ms, request_id)) FROM audit_log ORDER BY id`,
        'DROP TABLE audit_log',
      ],
      postgres: [
        `CREATE TABLE audit_batches (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, key_id TEXT NOT NULL, first_ms BIGINT NOT NULL, last_ms BIGINT NOT NULL,
           entry_count INTEGER NOT NULL, entries TEXT NOT NULL)`,
        'CREATE INDEX audit_batches_key_time ON audit_batches (key_id, last_ms DESC, id DESC)',
        'CREATE INDEX audit_batches_time ON audit_batches (last_ms)',
        `INSERT INTO audit_batches (key_id, first_ms, last_ms, entry_count, entries)
           SELECT key_id, at_ms, at_ms, 1, json_build_array(json_build_array(at_ms, method, route, slug, tool, status, duration_ms, request_id))::text FROM audit_log ORDER BY id`,
        'DROP TABLE audit_log',
      ],
    },
  },
  {
    version: 4,
    name: 'audit tags for filters',
    // What the filters filter on, per key and batch end (audit-batches.ts): a filter reads only
    // the batches that can match. Batches that span more than MAX_BATCH_SPAN_MS (120 s; entries
    // buffered through an outage) become one row per entry, as migration 3 made them, so that a
    // time bound is a bound on batch ends; then the tags of every batch are filled in.
    statements: {
      sqlite: [
        `CREATE TABLE audit_batch_tags (key_id TEXT NOT NULL, tag TEXT NOT NULL, last_ms INTEGER NOT NULL, PRIMARY KEY (key_id, tag, last_ms)) WITHOUT ROWID`,
        'CREATE INDEX audit_batch_tags_time ON audit_batch_tags (last_ms)',
        `INSERT INTO audit_batches (key_id, first_ms, last_ms, entry_count, entries)
           SELECT b.key_id, json_extract(e.value, '$[0]'), json_extract(e.value, '$[0]'), 1, json_array(json(e.value))
           FROM audit_batches b, json_each(CAST(b.entries AS TEXT)) e WHERE b.last_ms - b.first_ms > 120000 AND e.type = 'array' ORDER BY b.id, e.key`,
        'DELETE FROM audit_batches WHERE last_ms - first_ms > 120000',
        `INSERT OR IGNORE INTO audit_batch_tags (key_id, tag, last_ms)
           SELECT DISTINCT b.key_id, 'r:' || json_extract(e.value, '$[2]'), b.last_ms FROM audit_batches b, json_each(CAST(b.entries AS TEXT)) e WHERE e.type = 'array'
           UNION SELECT DISTINCT b.key_id, 's:' || json_extract(e.value, '$[5]'), b.last_ms FROM audit_batches b, json_each(CAST(b.entries AS TEXT)) e WHERE e.type = 'array'
           UNION SELECT DISTINCT b.key_id, 'c:' || (json_extract(e.value, '$[5]') / 100), b.last_ms FROM audit_batches b, json_each(CAST(b.entries AS TEXT)) e WHERE e.type = 'array'`,
      ],
      postgres: [
        'CREATE TABLE audit_batch_tags (key_id TEXT NOT NULL, tag TEXT NOT NULL, last_ms BIGINT NOT NULL, PRIMARY KEY (key_id, tag, last_ms))',
        'CREATE INDEX audit_batch_tags_time ON audit_batch_tags (last_ms)',
        `INSERT INTO audit_batches (key_id, first_ms, last_ms, entry_count, entries)
           SELECT b.key_id, (e.value->>0)::bigint, (e.value->>0)::bigint, 1, json_build_array(e.value)::text
           FROM audit_batches b, json_array_elements(b.entries::json) WITH ORDINALITY AS e(value, n)
           WHERE b.last_ms - b.first_ms > 120000 AND json_typeof(e.value) = 'array' ORDER BY b.id, e.n`,
        'DELETE FROM audit_batches WHERE last_ms - first_ms > 120000',
        `INSERT INTO audit_batch_tags (key_id, tag, last_ms)
           SELECT b.key_id, t.tag, b.last_ms FROM audit_batches b, json_array_elements(b.entries::json) e,
             LATERAL (VALUES ('r:' || (e.value->>2)), ('s:' || (e.value->>5)), ('c:' || ((e.value->>5)::int / 100))) AS t(tag)
           WHERE json_typeof(e.value) = 'array' GROUP BY b.key_id, t.tag, b.last_ms ON CONFLICT DO NOTHING`,
      ],
    },
  },
];

export const SQL = {
  createMigrations: 'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  appliedVersions: 'SELECT version FROM schema_migrations',
  recordMigration: 'INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)',
  /** Any constant: replicas take the same transaction-scoped lock before migrating (PostgreSQL). */
  advisoryLock: 'SELECT pg_advisory_xact_lock(7214500318)',

  keyByHash: 'SELECT id, hash, tier, scopes, label, created_at, revoked_at, last_used_at FROM api_keys WHERE hash = $1',
  keyById: 'SELECT id, hash, tier, scopes, label, created_at, revoked_at, last_used_at FROM api_keys WHERE id = $1',
  listKeys: 'SELECT id, hash, tier, scopes, label, created_at, revoked_at, last_used_at FROM api_keys ORDER BY created_at, id',
  insertKey:
    'INSERT INTO api_keys (id, hash, tier, scopes, label, created_at, revoked_at, last_used_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING',
  revokeKey: 'UPDATE api_keys SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL',
  touchKey: 'UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2)',

  ping: 'SELECT 1 AS ok',

  // OAuth artifacts: an expiry is epoch ms, NULL for kept until destroyed; `$n` of "now" hides expired rows before the sweep deletes them.
  upsertArtifact: `INSERT INTO oauth_artifacts (kind, id_hash, grant_id_hash, uid_hash, user_code_hash, payload, expires_at, consumed_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, NULL)
    ON CONFLICT (kind, id_hash) DO UPDATE SET grant_id_hash = excluded.grant_id_hash, uid_hash = excluded.uid_hash,
      user_code_hash = excluded.user_code_hash, payload = excluded.payload, expires_at = excluded.expires_at, consumed_at = NULL`,
  artifactById: `SELECT kind, id_hash, grant_id_hash, uid_hash, user_code_hash, payload, expires_at, consumed_at FROM oauth_artifacts
    WHERE kind = $1 AND id_hash = $2 AND (expires_at IS NULL OR expires_at > $3)`,
  artifactByUid: `SELECT kind, id_hash, grant_id_hash, uid_hash, user_code_hash, payload, expires_at, consumed_at FROM oauth_artifacts
    WHERE kind = $1 AND uid_hash = $2 AND (expires_at IS NULL OR expires_at > $3) LIMIT 1`,
  artifactByUserCode: `SELECT kind, id_hash, grant_id_hash, uid_hash, user_code_hash, payload, expires_at, consumed_at FROM oauth_artifacts
    WHERE kind = $1 AND user_code_hash = $2 AND (expires_at IS NULL OR expires_at > $3) LIMIT 1`,
  consumeArtifact: 'UPDATE oauth_artifacts SET consumed_at = $3 WHERE kind = $1 AND id_hash = $2',
  destroyArtifact: 'DELETE FROM oauth_artifacts WHERE kind = $1 AND id_hash = $2',
  revokeArtifactsOfGrant: 'DELETE FROM oauth_artifacts WHERE grant_id_hash = $1',
  deleteExpiredArtifacts: 'DELETE FROM oauth_artifacts WHERE expires_at <= $1',
};
