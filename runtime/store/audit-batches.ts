// Audit entries are stored a batch to a row: one row per key per write, its entries one JSON
// array. Every keyed request writes an entry, and in SQLite compiled to WebAssembly a row costs
// about 7–10 µs however it is inserted (measured: bound parameters, a JSON array unpacked by
// json_each, literal VALUES), more than the rest of a cached tool call; a row per batch costs that
// once for hundreds of entries. Reading merges batches newest first (auditPage below), so a
// page is exact whatever the batches: replicas writing the same key at the same time give
// batches whose spans overlap.
import type { Param, Queryable, Row } from './driver.js';
import type { AuditEntry, AuditQuery, StoreKind, StoredAuditEntry } from './types.js';

/**
 * An entry's id is its batch's id times this, plus its place in the batch: ids order entries as
 * the batches and places do, and stay below 2^53 for 2^33 batches. A batch never holds more.
 */
export const ENTRIES_PER_BATCH = 100_000;

/** One entry in a batch: its key is the batch's. Pruned entries become null, so places keep their ids. */
type Packed = [at: number, method: string, route: string, slug: string | null, tool: string | null, status: number, durationMs: number, requestId: string] | null;

export interface BatchRow {
  keyId: string;
  firstMs: number;
  lastMs: number;
  count: number;
  entries: string;
}

const pack = (e: AuditEntry): Packed => [e.at, e.method, e.route, e.slug ?? null, e.tool ?? null, e.status, e.durationMs, e.requestId];

/** Groups entries by key, each group in time order, split at ENTRIES_PER_BATCH. */
export function toBatches(entries: readonly AuditEntry[]): BatchRow[] {
  const byKey = new Map<string, AuditEntry[]>();
  for (const e of entries) {
    const group = byKey.get(e.keyId);
    if (group) group.push(e);
    else byKey.set(e.keyId, [e]);
  }
  const rows: BatchRow[] = [];
  for (const [keyId, group] of byKey) {
    // Recorded in the order requests ended; sorted so a batch's span and places follow the clock.
    group.sort((a, b) => a.at - b.at);
    for (let i = 0; i < group.length; i += ENTRIES_PER_BATCH) {
      const part = group.slice(i, i + ENTRIES_PER_BATCH);
      rows.push({ keyId, firstMs: part[0].at, lastMs: part[part.length - 1].at, count: part.length, entries: JSON.stringify(part.map(pack)) });
    }
  }
  return rows;
}

/**
 * The entries as the column takes them. SQLite: UTF-8 bytes in a BLOB, since node-sqlite3-wasm
 * copies bytes into WebAssembly memory at once but encodes a string a character at a time
 * (measured: 0.1 against 1.3–2.5 µs an entry). PostgreSQL: text.
 */
const entriesParam = (kind: StoreKind, json: string): Param => (kind === 'sqlite' ? Buffer.from(json) : json);

const entriesOf = (row: Row): Packed[] => {
  const v = row.entries;
  return JSON.parse(v instanceof Uint8Array ? Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('utf8') : String(v)) as Packed[];
};

/** The entries of one stored batch row (id, key_id, entries), pruned places left out. */
export function unpack(row: Row): StoredAuditEntry[] {
  const batchId = Number(row.id);
  const keyId = String(row.key_id);
  const packed = entriesOf(row);
  const out: StoredAuditEntry[] = [];
  for (let i = 0; i < packed.length; i++) {
    const p = packed[i];
    if (!p) continue;
    out.push({
      id: batchId * ENTRIES_PER_BATCH + i,
      at: p[0],
      keyId,
      method: p[1],
      route: p[2],
      ...(p[3] !== null && { slug: p[3] }),
      ...(p[4] !== null && { tool: p[4] }),
      status: p[5],
      durationMs: p[6],
      requestId: p[7],
    });
  }
  return out;
}

/** Newest first; ties in time by id, the order cursors continue in. */
const newestFirst = (a: StoredAuditEntry, b: StoredAuditEntry) => b.at - a.at || b.id - a.id;

function matches(e: StoredAuditEntry, q: AuditQuery): boolean {
  if (q.from !== undefined && e.at < q.from) return false;
  if (q.to !== undefined && e.at >= q.to) return false;
  if (q.status !== undefined && e.status !== q.status) return false;
  if (q.statusClass !== undefined && Math.floor(e.status / 100) !== q.statusClass) return false;
  if (q.route !== undefined && e.route !== q.route) return false;
  if (q.before && !(e.at < q.before.at || (e.at === q.before.at && e.id < q.before.id))) return false;
  return true;
}

/** Batch rows read per statement while a page is merged. */
const BATCHES_PER_READ = 64;

const COLUMNS = 'id, key_id, first_ms, last_ms, entries';

/**
 * A key's entries matching `q`, newest first. Batches are read by their newest entry, newest
 * first; once `limit` entries are found, a batch whose newest entry is older than the
 * limit-th found can hold nothing that belongs on the page, and reading stops there.
 */
export async function auditPage(db: Queryable, keyId: string, q: AuditQuery): Promise<StoredAuditEntry[]> {
  if (q.limit <= 0) return [];
  const found: StoredAuditEntry[] = [];
  let after: { lastMs: number; id: number } | undefined;
  for (;;) {
    const params: Param[] = [keyId];
    const where = ['key_id = $1'];
    const bind = (v: Param) => `$${params.push(v)}`;
    if (q.from !== undefined) where.push(`last_ms >= ${bind(q.from)}`);
    if (q.to !== undefined) where.push(`first_ms < ${bind(q.to)}`);
    if (q.before) where.push(`first_ms <= ${bind(q.before.at)}`);
    if (after) {
      const lastMs = bind(after.lastMs);
      where.push(`(last_ms < ${lastMs} OR (last_ms = ${lastMs} AND id < ${bind(after.id)}))`);
    }
    const sql = `SELECT ${COLUMNS} FROM audit_batches WHERE ${where.join(' AND ')} ORDER BY last_ms DESC, id DESC LIMIT ${BATCHES_PER_READ}`;
    const rows = await db.query(sql, params);
    for (const row of rows) {
      if (found.length >= q.limit) {
        found.sort(newestFirst).length = q.limit;
        if (Number(row.last_ms) < found[q.limit - 1].at) return found;
      }
      for (const e of unpack(row)) if (matches(e, q)) found.push(e);
    }
    if (rows.length < BATCHES_PER_READ) break;
    const last = rows[rows.length - 1];
    after = { lastMs: Number(last.last_ms), id: Number(last.id) };
  }
  found.sort(newestFirst);
  if (found.length > q.limit) found.length = q.limit;
  return found;
}

/**
 * Deletes every entry older than `at`: whole batches by their newest entry, and in a batch that
 * spans `at`, the older places (set to null, so the others keep their ids). Answers how many.
 */
export async function pruneBefore(tx: Queryable, kind: StoreKind, at: number): Promise<number> {
  const [whole] = await tx.query('SELECT COALESCE(SUM(entry_count), 0) AS n FROM audit_batches WHERE last_ms < $1', [at]);
  await tx.run('DELETE FROM audit_batches WHERE last_ms < $1', [at]);
  let removed = Number(whole.n);
  for (const row of await tx.query('SELECT id, entries FROM audit_batches WHERE first_ms < $1 AND last_ms >= $1', [at])) {
    const packed = entriesOf(row);
    let first = Infinity;
    let kept = 0;
    for (let i = 0; i < packed.length; i++) {
      const p = packed[i];
      if (!p) continue;
      if (p[0] < at) {
        packed[i] = null;
        removed += 1;
      } else {
        kept += 1;
        first = Math.min(first, p[0]);
      }
    }
    await tx.run('UPDATE audit_batches SET entries = $2, first_ms = $3, entry_count = $4 WHERE id = $1', [Number(row.id), entriesParam(kind, JSON.stringify(packed)), first, kept]);
  }
  return removed;
}

/** `INSERT INTO audit_batches (...) VALUES ($1, ...), (...)` for `rows` batches. */
export function insertBatchesSql(rows: number): string {
  const tuples = Array.from({ length: rows }, (_, r) => `(${[1, 2, 3, 4, 5].map((c) => `$${r * 5 + c}`).join(', ')})`);
  return `INSERT INTO audit_batches (key_id, first_ms, last_ms, entry_count, entries) VALUES ${tuples.join(', ')}`;
}

export const batchParams = (kind: StoreKind, b: BatchRow): Param[] => [b.keyId, b.firstMs, b.lastMs, b.count, entriesParam(kind, b.entries)];
