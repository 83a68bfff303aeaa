// PostgreSQL through node-postgres (`pg`): a small pool, short timeouts so that a database that is
// down fails a call quickly instead of holding requests, and BIGINT read as a number (audit
// times in epoch ms are far below 2^53).
import pg from 'pg';
import type { Driver, Param, Queryable } from './driver.js';
import { SQL } from './sql.js';

const INT8_OID = 20;

/** The URL without its password, for logs and /api/v1/health. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres (unparseable URL)';
  }
}

export class PostgresDriver implements Driver {
  readonly kind = 'postgres' as const;
  readonly where: string;
  private readonly pool: pg.Pool;

  constructor(url: string, onError: (err: Error) => void) {
    this.where = redactUrl(url);
    this.pool = new pg.Pool({
      connectionString: url,
      max: 5,
      connectionTimeoutMillis: 3_000,
      idleTimeoutMillis: 30_000,
      query_timeout: 10_000,
      types: { getTypeParser: ((oid: number, format?: string) => (oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser },
    });
    // An idle connection that breaks (the server restarted) is reported here; without a listener
    // the pool's 'error' event would end the process. The pool opens a new connection next time.
    this.pool.on('error', onError);
  }

  async query(sql: string, params: readonly Param[] = []) {
    return (await this.pool.query(sql, params as Param[])).rows;
  }

  async run(sql: string, params: readonly Param[] = []) {
    return (await this.pool.query(sql, params as Param[])).rowCount ?? 0;
  }

  private async inTransaction<T>(lock: boolean, work: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    const tx: Queryable = {
      query: async (sql, params = []) => (await client.query(sql, params as Param[])).rows,
      run: async (sql, params = []) => (await client.query(sql, params as Param[])).rowCount ?? 0,
    };
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      if (lock) await client.query(SQL.advisoryLock);
      const value = await work(tx);
      await client.query('COMMIT');
      return value;
    } catch (err) {
      broken = err as Error;
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      // A connection that failed mid-transaction is not given back for reuse.
      client.release(broken);
    }
  }

  exclusive<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.inTransaction(true, work);
  }

  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.inTransaction(false, work);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
