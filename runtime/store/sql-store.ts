// The Store over any Driver: the same statements for SQLite and PostgreSQL (sql.ts).
import type { Tier } from '../auth/keys.js';
import type { OAuthArtifactStore } from '../oauth/artifacts.js';
import type { Driver, Param, Queryable, Row } from './driver.js';
import { SqlArtifactStore } from './sql-artifacts.js';
import { TAGS_PER_INSERT, batchParams, insertBatchesSql, insertTagsSql, pruneBefore, tagParams, toBatches } from './audit-batches.js';
import { auditExport, auditPage, auditScan } from './audit-scan.js';
import { MIGRATIONS, SQL } from './sql.js';
import type { AuditEntry, AuditQuery, AuditScan, ScanBudget, Store, StoredAuditEntry, StoredKey } from './types.js';

/** Batch rows per INSERT: 5 parameters each, far below either database's limit on parameters. */
const BATCHES_PER_INSERT = 500;

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
    const batches = toBatches(entries);
    await (await this.schema()).transaction(async (tx) => {
      for (let i = 0; i < batches.length; i += BATCHES_PER_INSERT) {
        const part = batches.slice(i, i + BATCHES_PER_INSERT);
        await tx.run(insertBatchesSql(part.length), part.flatMap((b) => batchParams(this.db.kind, b)));
      }
      const tags = tagParams(batches);
      for (let i = 0; i < tags.length; i += TAGS_PER_INSERT) {
        const part = tags.slice(i, i + TAGS_PER_INSERT);
        await tx.run(insertTagsSql(part.length), part.flat());
      }
    });
  }

  async auditPage(keyId: string, q: AuditQuery): Promise<StoredAuditEntry[]> {
    return auditPage(await this.schema(), this.db.kind, keyId, q);
  }

  async auditScan(keyId: string, q: AuditQuery, budget: ScanBudget): Promise<AuditScan> {
    return auditScan(await this.schema(), this.db.kind, keyId, q, budget);
  }

  async *auditExport(keyId: string): AsyncGenerator<StoredAuditEntry[]> {
    yield* auditExport(await this.schema(), this.db.kind, keyId);
  }

  async deleteAuditBefore(at: number): Promise<number> {
    return (await this.schema()).transaction((tx) => pruneBefore(tx, this.db.kind, at));
  }

  async ping(): Promise<void> {
    await this.db.query(SQL.ping);
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
