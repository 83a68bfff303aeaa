// The store of keys and audit entries: one small interface, two databases behind it (SQLite by
// default, PostgreSQL when DATABASE_URL is set). Everything above it is dialect-free.
import type { KeyRecord } from '../auth/keys.js';
import type { OAuthArtifactStore } from '../oauth/artifacts.js';

export type StoreKind = 'sqlite' | 'postgres';

/** A key as stored: hash only, never the key itself. */
export interface StoredKey extends KeyRecord {
  lastUsedAt?: string;
}

/** One keyed request. Never the key, never query values: the route is the template. */
export interface AuditEntry {
  /** Epoch milliseconds. */
  at: number;
  keyId: string;
  method: string;
  /** The route template (`/api/v1/company/{orgnr}`, `/mcp/{slug}`), not the raw path. */
  route: string;
  slug?: string;
  tool?: string;
  status: number;
  /** A summary entry: the longest of its requests. */
  durationMs: number;
  /** A summary entry: the first of its requests. */
  requestId: string;
  /**
   * Only on a summary entry (audit-writer.ts): how many requests of this key, method, route and
   * status, in the minute from `at`, it stands for (refused with 429, or past the key's entries a minute).
   */
  count?: number;
}

export interface StoredAuditEntry extends AuditEntry {
  /** Row id: with `at`, the position a page continues from. */
  id: number;
}

export interface AuditQuery {
  /** Epoch ms, inclusive. */
  from?: number;
  /** Epoch ms, exclusive. */
  to?: number;
  /** One status, or a class when `statusClass` (4 for 4xx). */
  status?: number;
  statusClass?: number;
  route?: string;
  /** Continue after this position (newest first: entries older than it). */
  before?: { at: number; id: number };
  limit: number;
}

/** What one read of the audit may do at most: batch rows read, and entries unpacked from them. */
export interface ScanBudget {
  batches: number;
  entries: number;
}

export interface AuditScan {
  /** Entries matching the query, newest first: up to `limit`. */
  entries: StoredAuditEntry[];
  /**
   * Set when the budget ended the scan before the page was full: every matching entry newer than
   * this position is in `entries`; the scan continues with it as `before`.
   */
  resumeAt?: { at: number; id: number };
  batchesRead: number;
  entriesUnpacked: number;
}

export interface Store {
  readonly kind: StoreKind;
  /** Where: the SQLite file, or the PostgreSQL URL without its password. */
  readonly where: string;
  /** Applies the migrations not yet applied; safe to run twice and from two processes at once. Answers how many it applied. */
  migrate(): Promise<number>;
  keyByHash(hash: string): Promise<StoredKey | undefined>;
  keyById(id: string): Promise<StoredKey | undefined>;
  listKeys(): Promise<StoredKey[]>;
  /** Inserts a key unless its id is taken; true when inserted. */
  insertKey(key: StoredKey): Promise<boolean>;
  /** Marks an active key revoked; true when there was such a key. */
  revokeKey(id: string, at: string): Promise<boolean>;
  /** Moves last_used_at forward for each key id (never back). */
  touchKeys(lastUsed: ReadonlyMap<string, string>): Promise<void>;
  appendAudit(entries: readonly AuditEntry[]): Promise<void>;
  /** A key's entries, newest first, read whatever it takes. */
  auditPage(keyId: string, query: AuditQuery): Promise<StoredAuditEntry[]>;
  /** A key's entries, newest first, reading at most `budget`. */
  auditScan(keyId: string, query: AuditQuery, budget: ScanBudget): Promise<AuditScan>;
  /** All of a key's entries, newest first, in chunks of at most 1 000 entries, each batch read once. */
  auditExport(keyId: string): AsyncIterable<StoredAuditEntry[]>;
  deleteAuditBefore(at: number): Promise<number>;
  /** The OAuth server's codes, tokens and grants (hashes only) in this store; `now` (epoch ms) judges their expiry. */
  oauthArtifacts(now?: () => number): OAuthArtifactStore;
  ping(): Promise<void>;
  close(): Promise<void>;
}
