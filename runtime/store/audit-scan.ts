// Reading a key's audit entries: pages (newest first, filtered), bounded scans, and the export.
// Batches are read by their newest entry, newest first. A filter on route, status or class reads
// only the batches whose tags (audit-batches.ts) say they hold it; what the tags cannot tell (a
// route and a status in different entries of one batch) is bounded by the scan budget, which
// answers a position to continue from instead of reading on.
import type { Param, Queryable, Row } from './driver.js';
import { ENTRIES_PER_BATCH, MAX_BATCH_SPAN_MS, classTag, routeTag, statusTag, unpack } from './audit-batches.js';
import type { AuditQuery, AuditScan, ScanBudget, StoreKind, StoredAuditEntry } from './types.js';

type Position = { at: number; id: number };

/** Batch rows read per statement. */
const BATCHES_PER_READ = 64;
/** Batch rows read per statement by the export: a chunk of work between two turns of the event loop. */
const EXPORT_BATCHES_PER_READ = 16;
/** Entries per chunk of the export. */
export const EXPORT_CHUNK_ENTRIES = 1_000;

const UNBOUNDED: ScanBudget = { batches: Infinity, entries: Infinity };

/** Newest first; ties in time by id, the order cursors continue in. */
const newestFirst = (a: StoredAuditEntry, b: StoredAuditEntry) => b.at - a.at || b.id - a.id;
const olderThan = (e: Position, p: Position) => e.at < p.at || (e.at === p.at && e.id < p.id);

/**
 * The position below which the batches not yet read hold every entry: batches are read in
 * (last_ms, id) descending order, so an unread batch's entries are no later than the last read
 * batch's end, and at that very time belong to a lower batch id.
 */
const frontierOf = (row: Row): Position => ({ at: Number(row.last_ms), id: Number(row.id) * ENTRIES_PER_BATCH });

function matches(e: StoredAuditEntry, q: AuditQuery): boolean {
  if (q.from !== undefined && e.at < q.from) return false;
  if (q.to !== undefined && e.at >= q.to) return false;
  if (q.status !== undefined && e.status !== q.status) return false;
  if (q.statusClass !== undefined && Math.floor(e.status / 100) !== q.statusClass) return false;
  if (q.route !== undefined && e.route !== q.route) return false;
  if (q.before && !olderThan(e, q.before)) return false;
  return true;
}

/** The tags a batch must have to hold a match; the first drives the read. */
function tagsOf(q: AuditQuery): string[] {
  const tags: string[] = [];
  if (q.route !== undefined) tags.push(routeTag(q.route));
  if (q.status !== undefined) tags.push(statusTag(q.status));
  else if (q.statusClass !== undefined) tags.push(classTag(q.statusClass));
  return tags;
}

/** Tag rows counted per tag to choose the one that drives a read (a bounded, index-only count). */
const TAG_COUNT_CAP = 4_096;

/**
 * The tags in the order to read them: the one with the fewest rows in range first (counted up to
 * TAG_COUNT_CAP), so a route and a status read along the rarer of the two. Undefined when one of
 * them is in no batch in range: nothing can match, and nothing is read.
 */
async function drivingOrder(db: Queryable, keyId: string, tags: string[], from: number | undefined, maxEnd: number): Promise<string[] | undefined> {
  if (tags.length < 2) return tags;
  const counted: Array<{ tag: string; n: number }> = [];
  for (const tag of tags) {
    const params: Param[] = [keyId, tag];
    const bind = (v: Param) => `$${params.push(v)}`;
    const where = ['key_id = $1', 'tag = $2'];
    if (from !== undefined) where.push(`last_ms >= ${bind(from)}`);
    if (maxEnd !== Infinity) where.push(`last_ms <= ${bind(maxEnd)}`);
    const [row] = await db.query(`SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM audit_batch_tags WHERE ${where.join(' AND ')} LIMIT ${TAG_COUNT_CAP}) x`, params);
    const n = Number(row.n);
    if (n === 0) return undefined;
    counted.push({ tag, n });
  }
  return counted.sort((a, b) => a.n - b.n).map((c) => c.tag);
}

/**
 * The batch rows that may hold entries of `q`, newest end first. The first statement reads a few
 * rows (a page mostly needs one or two batches), each next one twice as many up to
 * BATCHES_PER_READ, and never more than `cap()` (at least one). A batch spans at most
 * MAX_BATCH_SPAN_MS, so `to` and `before` bound the batch ends read, not only their starts: a
 * cursor deep in a long history seeks, it does not walk.
 */
async function* candidates(db: Queryable, kind: StoreKind, keyId: string, q: AuditQuery, cap: () => number, first = 4): AsyncGenerator<Row[]> {
  let growing = first / 2;
  const size = () => Math.max(1, Math.min((growing = Math.min(growing * 2, BATCHES_PER_READ)), cap()));
  let maxEnd = Infinity;
  if (q.to !== undefined) maxEnd = Math.min(maxEnd, q.to - 1 + MAX_BATCH_SPAN_MS);
  if (q.before) maxEnd = Math.min(maxEnd, q.before.at + MAX_BATCH_SPAN_MS);
  const tags = await drivingOrder(db, keyId, tagsOf(q), q.from, maxEnd);
  if (!tags) return;
  // Without a tag, the key's batches; with tags, only the batches ending where the first tag (and
  // each other one) is recorded, looked up per tag row: CROSS JOIN keeps that order in SQLite,
  // LATERAL with OFFSET 0 in PostgreSQL (which would otherwise merge-join along the key's batches).
  const join =
    kind === 'postgres'
      ? 'audit_batch_tags t CROSS JOIN LATERAL (SELECT * FROM audit_batches WHERE key_id = t.key_id AND last_ms = t.last_ms OFFSET 0) b'
      : 'audit_batch_tags t CROSS JOIN audit_batches b';
  const from = tags.length === 0 ? 'audit_batches b' : join;
  const end = tags.length === 0 ? 'b.last_ms' : 't.last_ms';
  let after: { lastMs: number; id: number } | undefined;
  for (;;) {
    const params: Param[] = [keyId];
    const bind = (v: Param) => `$${params.push(v)}`;
    const where = ['b.key_id = $1'];
    if (tags.length > 0) {
      where.push('t.key_id = $1', `t.tag = ${bind(tags[0])}`);
      if (kind !== 'postgres') where.push('b.key_id = t.key_id', 'b.last_ms = t.last_ms');
      for (const tag of tags.slice(1)) where.push(`EXISTS (SELECT 1 FROM audit_batch_tags u WHERE u.key_id = t.key_id AND u.tag = ${bind(tag)} AND u.last_ms = t.last_ms)`);
    }
    if (q.from !== undefined) where.push(`${end} >= ${bind(q.from)}`);
    if (maxEnd !== Infinity) where.push(`${end} <= ${bind(maxEnd)}`);
    if (q.to !== undefined) where.push(`b.first_ms < ${bind(q.to)}`);
    if (q.before) where.push(`b.first_ms <= ${bind(q.before.at)}`);
    if (after) {
      const lastMs = bind(after.lastMs);
      where.push(`(${end} < ${lastMs} OR (${end} = ${lastMs} AND b.id < ${bind(after.id)}))`);
    }
    const limit = size();
    const sql = `SELECT b.id, b.key_id, b.first_ms, b.last_ms, b.entries FROM ${from} WHERE ${where.join(' AND ')} ORDER BY ${end} DESC, b.id DESC LIMIT ${limit}`;
    const rows = await db.query(sql, params);
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
    const last = rows[rows.length - 1];
    after = { lastMs: Number(last.last_ms), id: Number(last.id) };
  }
}

/**
 * A key's entries matching `q`, newest first, reading at most `budget` (then `resumeAt` says
 * where to continue). Once `limit` entries are found, a batch whose newest entry is older than
 * the limit-th found can hold nothing that belongs on the page, and reading stops there. A scan
 * continued from `before` stops for its budget only past `before`'s own batch, so each
 * continuation moves on, even when overlapping batches are read again.
 */
export async function auditScan(db: Queryable, kind: StoreKind, keyId: string, q: AuditQuery, budget: ScanBudget): Promise<AuditScan> {
  const scan: AuditScan = { entries: [], batchesRead: 0, entriesUnpacked: 0 };
  if (q.limit <= 0) return scan;
  const found: StoredAuditEntry[] = [];
  let processed = 0;
  const movedOn = (row: Row) => {
    if (!q.before) return true;
    const lastMs = Number(row.last_ms);
    return lastMs < q.before.at || (lastMs === q.before.at && Number(row.id) < Math.floor(q.before.id / ENTRIES_PER_BATCH));
  };
  const cap = () => budget.batches - processed;
  for await (const rows of candidates(db, kind, keyId, q, cap)) {
    scan.batchesRead += rows.length;
    for (const row of rows) {
      if (found.length >= q.limit) {
        found.sort(newestFirst).length = q.limit;
        if (Number(row.last_ms) < found[q.limit - 1].at) return { ...scan, entries: found };
      }
      const entries = unpack(row);
      processed += 1;
      scan.entriesUnpacked += entries.length;
      for (const e of entries) if (matches(e, q)) found.push(e);
      if ((processed >= budget.batches || scan.entriesUnpacked >= budget.entries) && movedOn(row)) {
        const frontier = frontierOf(row);
        const sure = found.filter((e) => !olderThan(e, frontier)).sort(newestFirst);
        if (sure.length >= q.limit) return { ...scan, entries: sure.slice(0, q.limit) };
        return { ...scan, entries: sure, resumeAt: frontier };
      }
    }
  }
  found.sort(newestFirst);
  if (found.length > q.limit) found.length = q.limit;
  return { ...scan, entries: found };
}

/** A key's entries matching `q`, newest first, exact whatever it takes to read (tests, the keys command). */
export async function auditPage(db: Queryable, kind: StoreKind, keyId: string, q: AuditQuery): Promise<StoredAuditEntry[]> {
  return (await auditScan(db, kind, keyId, q, UNBOUNDED)).entries;
}

/**
 * Every entry of a key, newest first, in chunks of at most EXPORT_CHUNK_ENTRIES: each batch is
 * read and unpacked once, and an entry is handed on once no batch still unread can come before
 * it. Held back meanwhile are only the entries of batches that overlap in time.
 */
export async function* auditExport(db: Queryable, kind: StoreKind, keyId: string): AsyncGenerator<StoredAuditEntry[]> {
  let waiting: StoredAuditEntry[] = [];
  let ready: StoredAuditEntry[] = [];
  let unpackedSinceChunk = 0;
  for await (const rows of candidates(db, kind, keyId, { limit: Infinity }, () => EXPORT_BATCHES_PER_READ, EXPORT_BATCHES_PER_READ)) {
    for (const row of rows) {
      const entries = unpack(row);
      unpackedSinceChunk += entries.length;
      const frontier = frontierOf(row);
      const held: StoredAuditEntry[] = [];
      const sure: StoredAuditEntry[] = [];
      for (const e of waiting) (olderThan(e, frontier) ? held : sure).push(e);
      for (const e of entries) (olderThan(e, frontier) ? held : sure).push(e);
      waiting = held;
      for (const e of sure.sort(newestFirst)) ready.push(e);
      while (ready.length >= EXPORT_CHUNK_ENTRIES) yield ready.splice(0, EXPORT_CHUNK_ENTRIES);
      // Work is bounded between chunks even when little of it is ready yet.
      if (unpackedSinceChunk >= EXPORT_CHUNK_ENTRIES && ready.length > 0) {
        unpackedSinceChunk = 0;
        yield ready;
        ready = [];
      }
    }
  }
  for (const e of waiting.sort(newestFirst)) ready.push(e);
  while (ready.length > 0) yield ready.splice(0, EXPORT_CHUNK_ENTRIES);
}
