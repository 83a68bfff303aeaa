// SQLite through node-sqlite3-wasm (SQLite compiled to WebAssembly: no native addon, so one
// install serves every Node version). Calls are synchronous; they are wrapped in promises only to
// share the Driver interface with PostgreSQL. The file suits one service process (and the keys
// command beside it): SQLite's lock is per file, so replicas on several machines use PostgreSQL.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createRequire } from 'node:module';
import type { Driver, Param, Queryable, Row } from './driver.js';

interface WasmDatabase {
  all(sql: string, values?: unknown): Row[];
  run(sql: string, values?: unknown): { changes: number };
  exec(sql: string): void;
  close(): void;
  readonly inTransaction: boolean;
  readonly isOpen: boolean;
}

// A CommonJS package: loaded with require so the bundle (esbuild) and tsx agree.
const { Database } = createRequire(import.meta.url)('node-sqlite3-wasm') as { Database: new (path: string) => WasmDatabase };

/** How long a statement waits for another process's write lock before it fails (the keys command beside the service). */
const BUSY_TIMEOUT_MS = 2_000;

/** The store's `$n` placeholders are SQLite's numbered `?n`. */
const numbered = (sql: string) => sql.replace(/\$(\d+)/g, '?$1');

/**
 * Work on one database file runs one piece after another in this process, whichever connection
 * does it: an await inside a transaction must not let another connection's statement find the
 * file locked (it would wait for the lock synchronously, and so for ever).
 */
const fileQueues = new Map<string, Promise<unknown>>();

export class SqliteDriver implements Driver {
  readonly kind = 'sqlite' as const;
  private handle?: WasmDatabase;
  /** The queue's name: the file, or this connection alone for `:memory:`. */
  private readonly queueKey: string;

  constructor(readonly where: string) {
    this.queueKey = where === ':memory:' ? `:memory:${Math.random()}` : resolve(where);
  }

  /** Opened on first use: a process that never reaches the store (a test app, --help) leaves no file behind. */
  private get db(): WasmDatabase {
    if (!this.handle) {
      if (this.where !== ':memory:') mkdirSync(dirname(this.where), { recursive: true });
      const db = new Database(this.where);
      db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
      this.handle = db;
    }
    return this.handle;
  }

  private serial<T>(work: () => T | Promise<T>): Promise<T> {
    const before = fileQueues.get(this.queueKey) ?? Promise.resolve();
    const result = before.then(work);
    const tail = result.catch(() => undefined);
    fileQueues.set(this.queueKey, tail);
    void tail.then(() => {
      if (fileQueues.get(this.queueKey) === tail) fileQueues.delete(this.queueKey);
    });
    return result;
  }

  /** Statements inside a transaction: straight to the connection (the queue is held by the transaction). */
  private readonly direct: Queryable = {
    query: async (sql, params = []) => this.db.all(numbered(sql), params.length ? [...params] : undefined),
    run: async (sql, params = []) => this.db.run(numbered(sql), params.length ? [...params] : undefined).changes,
  };

  query(sql: string, params: readonly Param[] = []): Promise<Row[]> {
    return this.serial(() => this.direct.query(sql, params));
  }

  run(sql: string, params: readonly Param[] = []): Promise<number> {
    return this.serial(() => this.direct.run(sql, params));
  }

  private inTransaction<T>(begin: string, work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.serial(async () => {
      this.db.exec(begin);
      try {
        const value = await work(this.direct);
        this.db.exec('COMMIT');
        return value;
      } catch (err) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        throw err;
      }
    });
  }

  exclusive<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.inTransaction('BEGIN IMMEDIATE', work);
  }

  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.inTransaction('BEGIN', work);
  }

  close(): Promise<void> {
    return this.serial(() => {
      if (this.handle?.isOpen) this.handle.close();
      this.handle = undefined;
    });
  }
}
