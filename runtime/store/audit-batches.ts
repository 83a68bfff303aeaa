// Audit entries are stored a batch to a row: one row per key per write, its entries one JSON
// array. Every keyed request writes an entry, and in SQLite compiled to WebAssembly a row costs
// about 7–10 µs however it is inserted (measured: bound parameters, a JSON array unpacked by
// json_each, literal VALUES), more than the rest of a cached tool call; a row per batch costs that
// once for hundreds of entries. Reading merges batches newest first (audit-scan.ts), so a page is
// exact whatever the batches: replicas writing the same key at the same time give batches whose
// spans overlap.
//
// What the filters filter on is stored beside each batch, in audit_batch_tags: one row per key,
// tag and batch end (`r:<route>`, `s:<status>`, `c:<class>` for each one present in the batch),
// so a filter reads only the batches that hold its route or status, never unpacking the others.
// A batch spans at most MAX_BATCH_SPAN_MS, so a time bound (`to`, a cursor) is a range of batch
// ends too.
import type { Param, Queryable, Row } from './driver.js';
import type { AuditEntry, StoreKind, StoredAuditEntry } from './types.js';

/**
 * An entry's id is its batch's id times this, plus its place in the batch: ids order entries as
 * the batches and places do, and stay below 2^53 for 2^33 batches. A batch never holds more.
 */
export const ENTRIES_PER_BATCH = 100_000;

/**
 * The longest time one batch spans (first to last entry). Batches span a second or so (a flush),
 * a minute and a bit when they carry a summary entry (dated at the start of its minute); entries
 * buffered through a store outage are split. Migration 4 split older rows that spanned more.
 */
export const MAX_BATCH_SPAN_MS = 120_000;

/**
 * One entry in a batch: its key is the batch's. Pruned entries become null, so places keep their
 * ids. A summary entry (audit-writer.ts) carries its count last.
 */
type Packed =
  | [at: number, method: string, route: string, slug: string | null, tool: string | null, status: number, durationMs: number, requestId: string, count?: number]
  | null;

export interface BatchRow {
  keyId: string;
  firstMs: number;
  lastMs: number;
  count: number;
  entries: string;
  /** What the filters look for in this batch: routeTag, statusTag, classTag of its entries. */
  tags: string[];
}

export const routeTag = (route: string) => `r:${route}`;
export const statusTag = (status: number) => `s:${status}`;
export const classTag = (statusClass: number) => `c:${statusClass}`;

const pack = (e: AuditEntry): Packed =>
  e.count === undefined
    ? [e.at, e.method, e.route, e.slug ?? null, e.tool ?? null, e.status, e.durationMs, e.requestId]
    : [e.at, e.method, e.route, e.slug ?? null, e.tool ?? null, e.status, e.durationMs, e.requestId, e.count];

function batchRow(keyId: string, part: AuditEntry[]): BatchRow {
  const routes = new Set<string>();
  const statuses = new Set<number>();
  for (const e of part) {
    routes.add(e.route);
    statuses.add(e.status);
  }
  const classes = new Set([...statuses].map((s) => Math.floor(s / 100)));
  const tags = [...[...routes].map(routeTag), ...[...statuses].map(statusTag), ...[...classes].map(classTag)];
  return { keyId, firstMs: part[0].at, lastMs: part[part.length - 1].at, count: part.length, entries: JSON.stringify(part.map(pack)), tags };
}

/** Groups entries by key, each group in time order, split at ENTRIES_PER_BATCH and at MAX_BATCH_SPAN_MS. */
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
    let start = 0;
    for (let i = 1; i <= group.length; i++) {
      if (i < group.length && i - start < ENTRIES_PER_BATCH && group[i].at - group[start].at <= MAX_BATCH_SPAN_MS) continue;
      rows.push(batchRow(keyId, group.slice(start, i)));
      start = i;
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
      ...(p[8] !== undefined && { count: p[8] }),
    });
  }
  return out;
}

/**
 * Deletes every entry older than `at`: whole batches by their newest entry, and in a batch that
 * spans `at`, the older places (set to null, so the others keep their ids). Answers how many.
 */
export async function pruneBefore(tx: Queryable, kind: StoreKind, at: number): Promise<number> {
  const [whole] = await tx.query('SELECT COALESCE(SUM(entry_count), 0) AS n FROM audit_batches WHERE last_ms < $1', [at]);
  await tx.run('DELETE FROM audit_batches WHERE last_ms < $1', [at]);
  // A tag's batch end is its batches' (trimming moves only a batch's start).
  await tx.run('DELETE FROM audit_batch_tags WHERE last_ms < $1', [at]);
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

/** Tag rows per INSERT: 3 parameters each. */
export const TAGS_PER_INSERT = 500;

/** `INSERT INTO audit_batch_tags ...` for `rows` tags; a tag already there (same key and batch end) is kept. */
export function insertTagsSql(rows: number): string {
  const tuples = Array.from({ length: rows }, (_, r) => `($${r * 3 + 1}, $${r * 3 + 2}, $${r * 3 + 3})`);
  return `INSERT INTO audit_batch_tags (key_id, tag, last_ms) VALUES ${tuples.join(', ')} ON CONFLICT DO NOTHING`;
}

/** The tag rows of `batches`, each once. */
export function tagParams(batches: readonly BatchRow[]): Param[][] {
  const seen = new Set<string>();
  const rows: Param[][] = [];
  for (const b of batches) {
    for (const tag of b.tags) {
      const id = `${b.keyId}\n${b.lastMs}\n${tag}`;
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push([b.keyId, tag, b.lastMs]);
    }
  }
  return rows;
}
