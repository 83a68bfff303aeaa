// The OAuth authorization server's artifacts (runtime/oauth/artifacts.ts) in the store's table
// oauth_artifacts, so that a restart signs nobody out and replicas with DATABASE_URL share every
// grant and token. Ids arrive already hashed; `consumed` is its own column, so that using a code
// or a refresh token once is one UPDATE on either database, with no read-modify-write.
import type { OAuthArtifactStore, StoredArtifact } from '../oauth/artifacts.js';
import type { Driver, Row } from './driver.js';
import { SQL } from './sql.js';

// Statements of this file only (the schema and the others are in sql.ts). A counter keeps its
// count in consumed_at: one INSERT … ON CONFLICT adds one atomically on either database, and
// starts again from one when the row it meets has expired but was not swept yet ($4 is now).
const COUNT_EXPIRING = 'SELECT COUNT(*) AS n FROM oauth_artifacts WHERE kind = $1 AND expires_at > $2';
const TALLY = `INSERT INTO oauth_artifacts (kind, id_hash, payload, expires_at, consumed_at) VALUES ($1, $2, '{}', $3, 1)
  ON CONFLICT (kind, id_hash) DO UPDATE SET
    consumed_at = CASE WHEN oauth_artifacts.expires_at <= $4 THEN 1 ELSE oauth_artifacts.consumed_at + 1 END, expires_at = excluded.expires_at
  RETURNING consumed_at AS n`;

const optional = (v: unknown): string | undefined => (v === null || v === undefined ? undefined : String(v));

function artifactOf(row: Row): StoredArtifact {
  const payload = JSON.parse(String(row.payload)) as Record<string, unknown>;
  if (row.consumed_at !== null && row.consumed_at !== undefined) payload.consumed = Number(row.consumed_at);
  return {
    kind: String(row.kind),
    idHash: String(row.id_hash),
    payload,
    grantIdHash: optional(row.grant_id_hash),
    uidHash: optional(row.uid_hash),
    userCodeHash: optional(row.user_code_hash),
    expiresAt: row.expires_at === null || row.expires_at === undefined ? undefined : Number(row.expires_at),
  };
}

export class SqlArtifactStore implements OAuthArtifactStore {
  constructor(
    /** The store's driver once its schema is migrated. */
    private readonly db: () => Promise<Driver>,
    /** Epoch ms: the clock expiries were computed with (the OAuth service's). */
    private readonly now: () => number = Date.now,
  ) {}

  private async first(sql: string, kind: string, hash: string): Promise<StoredArtifact | undefined> {
    const [row] = await (await this.db()).query(sql, [kind, hash, this.now()]);
    return row ? artifactOf(row) : undefined;
  }

  async upsert(a: StoredArtifact): Promise<void> {
    await (await this.db()).run(SQL.upsertArtifact, [
      a.kind,
      a.idHash,
      a.grantIdHash ?? null,
      a.uidHash ?? null,
      a.userCodeHash ?? null,
      JSON.stringify(a.payload),
      a.expiresAt ?? null,
    ]);
  }

  find(kind: string, idHash: string) {
    return this.first(SQL.artifactById, kind, idHash);
  }

  findByUid(kind: string, uidHash: string) {
    return this.first(SQL.artifactByUid, kind, uidHash);
  }

  findByUserCode(kind: string, userCodeHash: string) {
    return this.first(SQL.artifactByUserCode, kind, userCodeHash);
  }

  async consume(kind: string, idHash: string, at: number): Promise<void> {
    await (await this.db()).run(SQL.consumeArtifact, [kind, idHash, at]);
  }

  async destroy(kind: string, idHash: string): Promise<void> {
    await (await this.db()).run(SQL.destroyArtifact, [kind, idHash]);
  }

  async revokeByGrantId(grantIdHash: string): Promise<void> {
    await (await this.db()).run(SQL.revokeArtifactsOfGrant, [grantIdHash]);
  }

  async deleteExpired(): Promise<number> {
    return (await this.db()).run(SQL.deleteExpiredArtifacts, [this.now()]);
  }

  async countExpiring(kind: string): Promise<number> {
    const [row] = await (await this.db()).query(COUNT_EXPIRING, [kind, this.now()]);
    return Number(row?.n ?? 0);
  }

  async tally(kind: string, idHash: string, expiresAt: number): Promise<number> {
    const [row] = await (await this.db()).query(TALLY, [kind, idHash, expiresAt, this.now()]);
    return Number(row?.n ?? 0);
  }
}
