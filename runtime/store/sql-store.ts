// The Store over any Driver: the same statements for SQLite and PostgreSQL (sql.ts).
import type { Tier } from '../auth/keys.js';
import type { OAuthArtifactStore } from '../oauth/artifacts.js';
import type { Driver, Param, Queryable, Row } from './driver.js';
import { SqlArtifactStore } from './sql-artifacts.js';
import { MIGRATIONS, SQL, insertAuditJsonSql, insertAuditSql } from './sql.js';
import type { AuditEntry, AuditQuery, Store, StoredAuditEntry, StoredKey } from './types.js';

/** Rows per INSERT: 9 parameters each, far below either database's limit on parameters. */
const AUDIT_ROWS_PER_INSERT = 500;

const text = (v: unknown): string | undefined => (v === null || v === undefined ? undefined : String(v));

function keyOf(row: Row): StoredKey {
  return {
    id: String(row.id),
    hash: String(row.hash),
    tier: String(row.tier) as Tier,
    scopes: String(row.scopes).split(' ').filter(Boolean),
    label: text(row.label),
    createdAt: String(row.created_at),
    revokedAt: text(row.revoked_at),
    lastUsedAt: text(row.last_used_at),
  };
}

function auditOf(row: Row): StoredAuditEntry {
  return {
    id: Number(row.id),
    at: Number(row.at_ms),
    keyId: String(row.key_id),
    method: String(row.method),
    route: String(row.route),
    slug: text(row.slug),
    tool: text(row.tool),
    status: Number(row.status),
    durationMs: Number(row.duration_ms),
    requestId: String(row.request_id),
  };
}

/** Applies the missing migrations inside the driver's exclusive transaction; answers how many. */
async function applyMigrations(tx: Queryable, kind: Driver['kind'], now: () => Date): Promise<number> {
  await tx.run(SQL.createMigrations);
  const applied = new Set((await tx.query(SQL.appliedVersions)).map((r) => Number(r.version)));
  let count = 0;
  for (const m of MIGRATIONS) {
    if (applied.has(m.version)) continue;
    for (const statement of m.statements[kind]) await tx.run(statement);
    await tx.run(SQL.recordMigration, [m.version, m.name, now().toISOString()]);
    count += 1;
  }
  return count;
}

export class SqlStore implements Store {
  private ready?: Promise<unknown>;

  constructor(
    private readonly db: Driver,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get kind() {
    return this.db.kind;
  }

  get where() {
    return this.db.where;
  }

  async migrate(): Promise<number> {
    const applied = this.db.exclusive((tx) => applyMigrations(tx, this.db.kind, this.now));
    this.ready = applied;
    try {
      return await applied;
    } catch (err) {
      // Not migrated: the next use tries again (the database may be back by then).
      this.ready = undefined;
      throw err;
    }
  }

  /** Every operation runs on a migrated schema, whoever opened the store. */
  private async schema(): Promise<Driver> {
    if (!this.ready) await this.migrate();
    else await this.ready;
    return this.db;
  }

  async keyByHash(hash: string): Promise<StoredKey | undefined> {
    const [row] = await (await this.schema()).query(SQL.keyByHash, [hash]);
    return row ? keyOf(row) : undefined;
  }

  async keyById(id: string): Promise<StoredKey | undefined> {
    const [row] = await (await this.schema()).query(SQL.keyById, [id]);
    return row ? keyOf(row) : undefined;
  }

  oauthArtifacts(now?: () => number): OAuthArtifactStore {
    return new SqlArtifactStore(() => this.schema(), now);
  }

  async listKeys(): Promise<StoredKey[]> {
    return (await (await this.schema()).query(SQL.listKeys)).map(keyOf);
  }

  async insertKey(k: StoredKey): Promise<boolean> {
    const params: Param[] = [k.id, k.hash, k.tier, k.scopes.join(' '), k.label ?? null, k.createdAt, k.revokedAt ?? null, k.lastUsedAt ?? null];
    return (await (await this.schema()).run(SQL.insertKey, params)) > 0;
  }

  async revokeKey(id: string, at: string): Promise<boolean> {
    return (await (await this.schema()).run(SQL.revokeKey, [id, at])) > 0;
  }

  async touchKeys(lastUsed: ReadonlyMap<string, string>): Promise<void> {
    if (lastUsed.size === 0) return;
    await (await this.schema()).transaction(async (tx) => {
      for (const [id, at] of lastUsed) await tx.run(SQL.touchKey, [id, at]);
    });
  }

  async appendAudit(entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const row = (e: AuditEntry): Param[] => [e.at, e.keyId, e.method, e.route, e.slug ?? null, e.tool ?? null, e.status, e.durationMs, e.requestId];
    await (await this.schema()).transaction(async (tx) => {
      if (this.db.kind === 'sqlite') {
        await tx.run(insertAuditJsonSql, [JSON.stringify(entries.map(row))]);
        return;
      }
      for (let i = 0; i < entries.length; i += AUDIT_ROWS_PER_INSERT) {
        const chunk = entries.slice(i, i + AUDIT_ROWS_PER_INSERT);
        await tx.run(insertAuditSql(chunk.length), chunk.flatMap(row));
      }
    });
  }

  async auditPage(keyId: string, q: AuditQuery): Promise<StoredAuditEntry[]> {
    const params: Param[] = [keyId];
    const where = ['key_id = $1'];
    const add = (clause: (n: string) => string, ...values: Param[]) => {
      where.push(clause(values.map((v) => `$${params.push(v)}`).join(',')));
    };
    if (q.from !== undefined) add((n) => `at_ms >= ${n}`, q.from);
    if (q.to !== undefined) add((n) => `at_ms < ${n}`, q.to);
    if (q.status !== undefined) add((n) => `status = ${n}`, q.status);
    if (q.statusClass !== undefined) {
      const lo = `$${params.push(q.statusClass * 100)}`;
      const hi = `$${params.push(q.statusClass * 100 + 100)}`;
      where.push(`status >= ${lo} AND status < ${hi}`);
    }
    if (q.route !== undefined) add((n) => `route = ${n}`, q.route);
    if (q.before) {
      const at = `$${params.push(q.before.at)}`;
      const id = `$${params.push(q.before.id)}`;
      where.push(`(at_ms < ${at} OR (at_ms = ${at} AND id < ${id}))`);
    }
    const limit = `$${params.push(q.limit)}`;
    const sql = `${SQL.auditSelect} WHERE ${where.join(' AND ')} ORDER BY at_ms DESC, id DESC LIMIT ${limit}`;
    return (await (await this.schema()).query(sql, params)).map(auditOf);
  }

  async deleteAuditBefore(at: number): Promise<number> {
    return (await this.schema()).run(SQL.deleteAuditBefore, [at]);
  }

  async ping(): Promise<void> {
    await this.db.query(SQL.ping);
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
