// What the store needs of a database connection: rows for a statement, a count of changed rows,
// and one exclusive transaction for migrations. sqlite.ts and postgres.ts implement it.
import type { StoreKind } from './types.js';

/** Bytes only where SQLite stores a BLOB (audit-batches.ts). */
export type Param = string | number | null | Uint8Array;
export type Row = Record<string, unknown>;

export interface Queryable {
  query(sql: string, params?: readonly Param[]): Promise<Row[]>;
  /** Rows changed. */
  run(sql: string, params?: readonly Param[]): Promise<number>;
}

export interface Driver extends Queryable {
  readonly kind: StoreKind;
  readonly where: string;
  /**
   * Runs `work` in a transaction that no other process runs at the same time (PostgreSQL: an
   * advisory lock taken first in the transaction; SQLite: BEGIN IMMEDIATE, the write lock).
   */
  exclusive<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs `work` in a plain transaction (a batch of writes lands whole or not at all). */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
