// SQLite through node-sqlite3-wasm (SQLite compiled to WebAssembly: no native addon, so one
// install serves every Node version). Calls are synchronous; they are wrapped in promises only to
// share the Driver interface with PostgreSQL. The file suits one service process (and the keys
// command beside it): SQLite's lock is per file, so replicas on several machines use PostgreSQL.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
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

export class SqliteDriver implements Driver {
  readonly kind = 'sqlite' as const;
  private handle?: WasmDatabase;
  /** Transactions of this connection, one after another (an await inside one must not let another begin). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly where: string) {}

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

  async query(sql: string, params: readonly Param[] = []): Promise<Row[]> {
    return this.db.all(numbered(sql), params.length ? [...params] : undefined);
  }

  async run(sql: string, params: readonly Param[] = []): Promise<number> {
    return this.db.run(numbered(sql), params.length ? [...params] : undefined).changes;
  }

  private inTransaction<T>(begin: string, work: (tx: Queryable) => Promise<T>): Promise<T> {
    const result = this.queue.then(async () => {
      this.db.exec(begin);
      try {
        const value = await work(this);
        this.db.exec('COMMIT');
        return value;
      } catch (err) {
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
        throw err;
      }
    });
    this.queue = result.catch(() => undefined);
    return result;
  }

  exclusive<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.inTransaction('BEGIN IMMEDIATE', work);
  }

  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.inTransaction('BEGIN', work);
  }

  async close(): Promise<void> {
    await this.queue;
    if (this.handle?.isOpen) this.handle.close();
    this.handle = undefined;
  }
}
