// Where the authorization server keeps what it issues (codes, tokens, grants, sessions, dynamically
// registered clients): a narrow store keyed by kind and the SHA-256 of the id, so that a leaked
// store holds no usable token. The service uses the SQL store (runtime/store/sql-artifacts.ts, the
// table oauth_artifacts of SQLite or PostgreSQL); the in-process one here serves unit tests.

export interface StoredArtifact {
  /** The provider's model name: AccessToken, RefreshToken, AuthorizationCode, Grant, Session, Client, … */
  kind: string;
  idHash: string;
  /** The payload without the raw id (the adapter puts it back on the way out). */
  payload: Record<string, unknown>;
  /** Hash of the grant the artifact belongs to: revoking a grant removes every artifact with it. */
  grantIdHash?: string;
  /** Hash of a session's uid (sessions are also looked up by it). */
  uidHash?: string;
  /** Hash of a device flow's user code (unused here, kept so the table fits the provider's model). */
  userCodeHash?: string;
  /** Epoch milliseconds after which the artifact is gone; undefined: kept until destroyed. */
  expiresAt?: number;
}

export interface OAuthArtifactStore {
  upsert(artifact: StoredArtifact): Promise<void>;
  /** The artifact, unless it is unknown or expired. */
  find(kind: string, idHash: string): Promise<StoredArtifact | undefined>;
  findByUid(kind: string, uidHash: string): Promise<StoredArtifact | undefined>;
  findByUserCode(kind: string, userCodeHash: string): Promise<StoredArtifact | undefined>;
  /** Marks a one-time artifact (a code, a rotated refresh token) used at `at` (epoch seconds). */
  consume(kind: string, idHash: string, at: number): Promise<void>;
  destroy(kind: string, idHash: string): Promise<void>;
  /** Removes every artifact of every kind that belongs to the grant. */
  revokeByGrantId(grantIdHash: string): Promise<void>;
  /** Deletes what has expired (found ones are hidden already); answers how many. */
  deleteExpired(): Promise<number>;
  /** How many live artifacts of `kind` have an expiry (for clients: registered, not yet used). */
  countExpiring(kind: string): Promise<number>;
  /**
   * Counts one more event in the counter (kind, idHash), which lives until `expiresAt`, and
   * answers the count so far, this one included; atomic, so parallel callers each get their own.
   */
  tally(kind: string, idHash: string, expiresAt: number): Promise<number>;
}

/** How many writes pass between sweeps of expired artifacts in memory. */
const SWEEP_EVERY = 500;
/** The most artifacts one process keeps, whatever their expiries. */
export const MEMORY_STORE_MAX = 100_000;

/**
 * The store of one process: a Map, expired entries swept every few hundred writes; past `max`
 * entries the oldest written goes first (a Map keeps insertion order).
 */
export class MemoryArtifactStore implements OAuthArtifactStore {
  private readonly items = new Map<string, StoredArtifact>();
  private writes = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly max = MEMORY_STORE_MAX,
  ) {}

  get size(): number {
    return this.items.size;
  }

  private live(item: StoredArtifact | undefined): StoredArtifact | undefined {
    if (!item) return undefined;
    if (item.expiresAt !== undefined && item.expiresAt <= this.now()) return undefined;
    return { ...item, payload: structuredClone(item.payload) };
  }

  private sweep(): number {
    const now = this.now();
    let deleted = 0;
    for (const [key, item] of this.items) {
      if (item.expiresAt !== undefined && item.expiresAt <= now) {
        this.items.delete(key);
        deleted += 1;
      }
    }
    return deleted;
  }

  async deleteExpired(): Promise<number> {
    return this.sweep();
  }

  async upsert(artifact: StoredArtifact): Promise<void> {
    if (++this.writes % SWEEP_EVERY === 0) this.sweep();
    const key = `${artifact.kind}:${artifact.idHash}`;
    this.items.delete(key);
    this.items.set(key, { ...artifact, payload: structuredClone(artifact.payload) });
    if (this.items.size > this.max) this.items.delete(this.items.keys().next().value!);
  }

  async find(kind: string, idHash: string): Promise<StoredArtifact | undefined> {
    return this.live(this.items.get(`${kind}:${idHash}`));
  }

  async findByUid(kind: string, uidHash: string): Promise<StoredArtifact | undefined> {
    for (const item of this.items.values()) if (item.kind === kind && item.uidHash === uidHash) return this.live(item);
    return undefined;
  }

  async findByUserCode(kind: string, userCodeHash: string): Promise<StoredArtifact | undefined> {
    for (const item of this.items.values()) if (item.kind === kind && item.userCodeHash === userCodeHash) return this.live(item);
    return undefined;
  }

  async countExpiring(kind: string): Promise<number> {
    const now = this.now();
    let count = 0;
    for (const item of this.items.values()) if (item.kind === kind && item.expiresAt !== undefined && item.expiresAt > now) count += 1;
    return count;
  }

  async tally(kind: string, idHash: string, expiresAt: number): Promise<number> {
    const key = `${kind}:${idHash}`;
    const item = this.live(this.items.get(key)) ? this.items.get(key)! : { kind, idHash, payload: { count: 0 }, expiresAt };
    item.payload.count = Number(item.payload.count) + 1;
    this.items.set(key, item);
    if (this.items.size > this.max) this.items.delete(this.items.keys().next().value!);
    return item.payload.count as number;
  }

  async consume(kind: string, idHash: string, at: number): Promise<void> {
    const item = this.items.get(`${kind}:${idHash}`);
    if (item) item.payload.consumed = at;
  }

  async destroy(kind: string, idHash: string): Promise<void> {
    this.items.delete(`${kind}:${idHash}`);
  }

  async revokeByGrantId(grantIdHash: string): Promise<void> {
    for (const [key, item] of this.items) if (item.grantIdHash === grantIdHash) this.items.delete(key);
  }
}
