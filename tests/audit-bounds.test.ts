// Issue 24 item 2: what one key can make the audit store hold and read. A filter that matches
// nothing reads no batch however long the history (a side table of what each batch holds), any
// other filter stops at its scan budget with a cursor to continue; the export streams in chunks
// across event-loop turns and is bounded per key per hour; and a flood of refused requests is
// counted into one summary entry per key, minute, method, route and status. Work is counted
// (batch rows read, entries unpacked, event-loop turns), never timed. SQLite always, PostgreSQL
// where it is installed (always under CI).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKey, hashKey } from '../runtime/auth/keys.js';
import { AuditWriter } from '../runtime/store/audit-writer.js';
import type { Driver, Param, Queryable, Row } from '../runtime/store/driver.js';
import { PostgresDriver } from '../runtime/store/postgres.js';
import { SqlStore } from '../runtime/store/sql-store.js';
import { SqliteDriver } from '../runtime/store/sqlite.js';
import { MIGRATIONS, SQL } from '../runtime/store/sql.js';
import { batchParams, insertBatchesSql } from '../runtime/store/audit-batches.js';
import type { AuditEntry, Store, StoredAuditEntry } from '../runtime/store/types.js';
import { KEYS, createTestApp, type TestApp } from './helpers/app.js';
import { postgresForSuite, skipPostgresTests } from './helpers/postgres-server.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'audit-bounds-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BASE = Date.parse('2026-11-22T12:00:00Z');

function entry(keyId: string, at: number, extra: Partial<AuditEntry> = {}): AuditEntry {
  return { at, keyId, method: 'GET', route: '/api/v1/sources', status: 200, durationMs: 1, requestId: `req-${at}`, ...extra };
}

/** A driver that counts the audit batch rows (rows with their entries) it hands back. */
function counting(inner: Driver): Driver & { batchesRead: number } {
  const counted = (q: Queryable): Queryable => ({
    query: async (sql: string, params?: readonly Param[]) => {
      const rows: Row[] = await q.query(sql, params);
      for (const row of rows) if ('entries' in row) wrapper.batchesRead += 1;
      return rows;
    },
    run: (sql: string, params?: readonly Param[]) => q.run(sql, params),
  });
  const wrapper = {
    batchesRead: 0,
    kind: inner.kind,
    where: inner.where,
    ...counted(inner),
    exclusive: <T>(work: (tx: Queryable) => Promise<T>) => inner.exclusive((tx) => work(counted(tx))),
    transaction: <T>(work: (tx: Queryable) => Promise<T>) => inner.transaction((tx) => work(counted(tx))),
    close: () => inner.close(),
  };
  return wrapper;
}

/** Appends `batches` writes of one key, each a batch of `size` entries a millisecond apart. */
async function fill(store: Store, keyId: string, from: number, batches: number, size: number, extra: (b: number, i: number) => Partial<AuditEntry> = () => ({})) {
  for (let b = 0; b < batches; b++) {
    const start = BASE + (from + b) * 1000;
    await store.appendAudit(Array.from({ length: size }, (_, i) => entry(keyId, start + i, { requestId: `r${from + b}-${i}`, ...extra(from + b, i) })));
  }
}

type Fresh = () => Promise<Driver>;

function boundsSuite(fresh: Fresh) {
  const opened: Store[] = [];
  afterAll(async () => {
    for (const s of opened) await s.close().catch(() => undefined);
  });
  const open = async () => {
    const driver = counting(await fresh());
    const store = new SqlStore(driver);
    opened.push(store);
    await store.migrate();
    return { store, driver };
  };

  it('a filter that matches nothing reads no batch, however long the key’s history', async () => {
    const { store, driver } = await open();
    const none = [{ route: '/none' }, { status: 418 }, { statusClass: 1 }, { route: '/api/v1/sources', status: 404 }];
    const readFor = async (q: object) => {
      driver.batchesRead = 0;
      const page = await store.auditPage('flood0000001', { ...q, limit: 1 });
      expect(page).toEqual([]);
      return driver.batchesRead;
    };
    await fill(store, 'flood0000001', 0, 40, 20);
    const short = await Promise.all(none.map(readFor));
    await fill(store, 'flood0000001', 40, 160, 20);
    const long = await Promise.all(none.map(readFor));
    expect(short).toEqual([0, 0, 0, 0]);
    expect(long).toEqual([0, 0, 0, 0]);
  });

  it('a filter reads only the batches that hold what it filters on, and pages stay exact', async () => {
    const { store, driver } = await open();
    // 120 batches; every 10th holds one 503 of /mcp/{slug}, the others only 200s of /api/v1/sources.
    await fill(store, 'rare00000001', 0, 120, 10, (b, i) => (b % 10 === 0 && i === 3 ? { route: '/mcp/{slug}', status: 503 } : {}));
    driver.batchesRead = 0;
    const all: StoredAuditEntry[] = [];
    let before: { at: number; id: number } | undefined;
    for (;;) {
      const page = await store.auditPage('rare00000001', { route: '/mcp/{slug}', limit: 5, before });
      if (page.length === 0) break;
      all.push(...page);
      before = { at: page[page.length - 1].at, id: page[page.length - 1].id };
    }
    expect(all).toHaveLength(12);
    expect(all.every((e) => e.status === 503)).toBe(true);
    expect(all).toEqual([...all].sort((x, y) => y.at - x.at || y.id - x.id));
    // Four pages (5, 5, 2, 0), each reading only the 12 batches with the route, fewer once paged past.
    expect(driver.batchesRead).toBeLessThanOrEqual(4 * 12);
    for (const q of [{ status: 503 }, { statusClass: 5 }]) {
      driver.batchesRead = 0;
      expect(await store.auditPage('rare00000001', { ...q, limit: 100 })).toHaveLength(12);
      expect(driver.batchesRead).toBe(12);
    }
  });

  it('a scan stops at its budget with a position to continue from; continuing finds every match once', async () => {
    const { store, driver } = await open();
    // Every batch holds /mcp/{slug} (200) and a 500 (/api/v1/sources): both tags, yet only every
    // 25th batch has an entry with both, so the side table cannot tell and the budget must.
    await fill(store, 'combo0000001', 0, 100, 4, (b, i) => (i === 0 ? { route: '/mcp/{slug}', status: b % 25 === 0 ? 500 : 200 } : i === 1 ? { status: 500 } : {}));
    const q = { route: '/mcp/{slug}', status: 500, limit: 10 };
    const found: StoredAuditEntry[] = [];
    let before: { at: number; id: number } | undefined;
    let scans = 0;
    for (;;) {
      driver.batchesRead = 0;
      const scan = await store.auditScan('combo0000001', { ...q, before }, { batches: 16, entries: 1_000_000 });
      scans += 1;
      expect(scan.batchesRead).toBeLessThanOrEqual(16);
      expect(driver.batchesRead).toBeLessThanOrEqual(16);
      found.push(...scan.entries);
      if (!scan.resumeAt) break;
      before = scan.resumeAt;
      expect(scans).toBeLessThan(20);
    }
    expect(scans).toBeGreaterThan(4);
    expect(found.map((e) => e.requestId)).toEqual(['r75-0', 'r50-0', 'r25-0', 'r0-0']);
    // An entry budget too: a scan unpacks whole batches, and stops once it has unpacked that many.
    const small = await store.auditScan('combo0000001', q, { batches: 1_000, entries: 10 });
    expect(small.entriesUnpacked).toBeLessThanOrEqual(12);
    expect(small.resumeAt).toBeDefined();
  });

  it('the export reads each batch once, in chunks, newest first and exact across overlapping batches', async () => {
    const { store, driver } = await open();
    // Two "replicas" whose batches overlap in time.
    for (let w = 0; w < 30; w++) {
      const start = BASE + Math.floor(w / 2) * 30;
      await store.appendAudit(Array.from({ length: 50 }, (_, i) => entry('exp000000001', start + ((i * 7 + w) % 40), { requestId: `x${w}-${i}` })));
    }
    const exact = await store.auditPage('exp000000001', { limit: 10_000 });
    driver.batchesRead = 0;
    const chunks: StoredAuditEntry[][] = [];
    for await (const chunk of store.auditExport('exp000000001')) chunks.push(chunk);
    expect(chunks.flat()).toEqual(exact);
    expect(chunks.length).toBeGreaterThan(1);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThanOrEqual(1_000);
    expect(driver.batchesRead).toBe(30);
  });

  it('migration 4 fills in the tags of the batches there were, and splits batches that spanned more than 120 s', async () => {
    const driver = counting(await fresh());
    await driver.exclusive(async (tx) => {
      await tx.run(SQL.createMigrations);
      for (const m of MIGRATIONS.filter((m) => m.version <= 3)) {
        for (const statement of m.statements[driver.kind]) await tx.run(statement);
        await tx.run(SQL.recordMigration, [m.version, m.name, '2026-11-20T00:00:00.000Z']);
      }
      // Batches as version 3 wrote them: one of an outage, spanning ten minutes, and a short one.
      const rows = [
        { keyId: 'old000000001', firstMs: BASE, lastMs: BASE + 600_000, count: 3, tags: [], entries: JSON.stringify([[BASE, 'GET', '/a', null, null, 200, 1, 'o1'], null, [BASE + 600_000, 'POST', '/mcp/{slug}', 'brreg', 't', 503, 2, 'o3']]) },
        { keyId: 'old000000001', firstMs: BASE + 700_000, lastMs: BASE + 700_001, count: 2, tags: [], entries: JSON.stringify([[BASE + 700_000, 'GET', '/a', null, null, 404, 1, 'o4'], [BASE + 700_001, 'GET', '/b', null, null, 200, 1, 'o5']]) },
      ];
      await tx.run(insertBatchesSql(rows.length), rows.flatMap((b) => batchParams(driver.kind, b)));
    });
    const store = new SqlStore(driver);
    opened.push(store);
    expect(await store.migrate()).toBe(MIGRATIONS.length - 3);
    const ids = async (q: object) => (await store.auditPage('old000000001', { ...q, limit: 10 })).map((e) => e.requestId);
    expect(await ids({})).toEqual(['o5', 'o4', 'o3', 'o1']);
    expect(await ids({ route: '/mcp/{slug}' })).toEqual(['o3']);
    expect(await ids({ status: 404 })).toEqual(['o4']);
    expect(await ids({ statusClass: 2 })).toEqual(['o5', 'o1']);
    expect(await ids({ to: BASE + 1 })).toEqual(['o1']);
    expect(await ids({ route: '/none' })).toEqual([]);
  });

  it('a summary entry keeps its count', async () => {
    const { store } = await open();
    await store.appendAudit([entry('sum000000001', BASE, { status: 429, count: 5_000 }), entry('sum000000001', BASE + 1)]);
    const page = await store.auditPage('sum000000001', { limit: 10 });
    expect(page.map((e) => e.count)).toEqual([undefined, 5_000]);
  });
}

describe('SQLite file', () => {
  let n = 0;
  boundsSuite(async () => new SqliteDriver(join(dir, `bounds-${(n += 1)}`, 'opendata.sqlite')));
});

describe.skipIf(skipPostgresTests)('PostgreSQL server', () => {
  const server = postgresForSuite();
  let n = 0;
  boundsSuite(async () => {
    return new PostgresDriver(await server().createDatabase(`bounds_${(n += 1)}`), () => {});
  });
});

describe('the audit writer', () => {
  function collecting() {
    const written: AuditEntry[] = [];
    const store = { appendAudit: async (entries: readonly AuditEntry[]) => void written.push(...entries), touchKeys: async () => {} } as unknown as Store;
    return { written, store };
  }

  it('counts a flood of refused requests into one summary entry per key, minute, method, route and status', async () => {
    const { written, store } = collecting();
    let now = BASE;
    const writer = new AuditWriter(store, { retentionDays: 90, now: () => now, keyEntriesPerMinute: 100 });
    for (let i = 0; i < 20_000; i++) writer.record(entry('flood0000001', BASE + (i % 50_000), { status: 429, requestId: `f${i}`, durationMs: i % 7 }));
    for (let i = 0; i < 10; i++) writer.record(entry('flood0000001', BASE + 5, { status: 200, requestId: `ok${i}` }));
    await writer.flush();
    // Individual entries are written at once; summaries when their minute is over.
    expect(written.map((e) => e.requestId)).toEqual(Array.from({ length: 10 }, (_, i) => `ok${i}`));
    now = BASE + 60_000;
    await writer.flush();
    expect(written).toHaveLength(11);
    expect(written[10]).toMatchObject({ keyId: 'flood0000001', status: 429, route: '/api/v1/sources', count: 20_000, requestId: 'f0', at: BASE, durationMs: 6 });
    expect(writer.stats()).toMatchObject({ pending: 0, dropped: 0 });
  });

  it('keeps at most keyEntriesPerMinute entries of a key a minute, and counts the rest', async () => {
    const { written, store } = collecting();
    const writer = new AuditWriter(store, { retentionDays: 90, now: () => BASE, keyEntriesPerMinute: 100 });
    for (let i = 0; i < 5_000; i++) writer.record(entry('busy00000001', BASE + (i % 1000), { status: i % 2 ? 403 : 404, route: i % 3 ? '/a' : '/b', requestId: `b${i}` }));
    // Another key is not affected by the first one's flood.
    writer.record(entry('calm00000001', BASE, { requestId: 'calm' }));
    await writer.stop();
    const busy = written.filter((e) => e.keyId === 'busy00000001');
    expect(busy.filter((e) => e.count === undefined)).toHaveLength(100);
    const summaries = busy.filter((e) => e.count !== undefined);
    expect(summaries).toHaveLength(4);
    expect(summaries.reduce((n, e) => n + e.count!, 0)).toBe(4_900);
    expect(written.filter((e) => e.keyId === 'calm00000001').map((e) => e.count)).toEqual([undefined]);
  });

  it('bounds the summaries of a key a minute too, counting what it cannot keep as dropped', async () => {
    const { written, store } = collecting();
    const writer = new AuditWriter(store, { retentionDays: 90, now: () => BASE, keyEntriesPerMinute: 10, summariesPerMinute: 8 });
    // 34 methods × statuses from 400 to 499: far more groups than a minute may keep.
    for (let s = 400; s < 500; s++) writer.record(entry('many00000001', BASE, { status: s, method: `M${s % 34}` }));
    await writer.stop();
    expect(written.length).toBeLessThanOrEqual(10 + 8);
    expect(writer.stats().dropped).toBe(100 - written.reduce((n, e) => n + (e.count ?? 1), 0));
  });
});

describe('the account routes', () => {
  let t: TestApp;
  let driver: Driver & { batchesRead: number };
  const key = generateKey();
  const keyId = hashKey(key).slice(0, 12);
  const get = (path: string, k = key, headers: Record<string, string> = {}) => t.fetch(path, { headers: { authorization: `Bearer ${k}`, ...headers } });

  beforeAll(async () => {
    driver = counting(new SqliteDriver(join(dir, 'app', 'opendata.sqlite')));
    // The writer's clock runs two minutes ahead, so a flush closes the minute of the requests.
    t = createTestApp({ store: new SqlStore(driver), clock: () => Date.now() + 120_000 });
    await t.services.store.insertKey({ id: keyId, hash: hashKey(key), tier: 'pro', scopes: ['mcp:tools', 'api:read'], createdAt: '2026-11-20T10:00:00.000Z' });
    await fill(t.services.store, keyId, 0, 300, 20);
  });
  afterAll(() => t.services.close());

  it('GET /api/v1/account/audit?route=/none&limit=1 answers an empty last page without reading a batch', async () => {
    driver.batchesRead = 0;
    const res = await get('/api/v1/account/audit?route=/none&limit=1');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ entries: [], limit: 1, nextCursor: null });
    expect(driver.batchesRead).toBe(0);
  });

  it('a filter the side table cannot answer alone stops at the scan budget with a cursor, and the cursors find every match', async () => {
    // status=200 with the route of no 200: every batch has both tags (200s, and a 404 of /mcp/{slug}).
    await fill(t.services.store, keyId, 300, 1, 20);
    await t.services.store.appendAudit([entry(keyId, BASE + 10, { route: '/mcp/{slug}', status: 404 })]);
    const reads: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      driver.batchesRead = 0;
      const res = await get(`/api/v1/account/audit?route=${encodeURIComponent('/mcp/{slug}')}&status=200&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { entries: unknown[]; nextCursor: string | null };
      expect(body.entries).toEqual([]);
      reads.push(driver.batchesRead);
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    expect(Math.max(...reads)).toBeLessThanOrEqual(256);
    expect(cursor).toBeNull();
  });

  it('a summary entry shows its count; other entries have no count field', async () => {
    await t.services.store.appendAudit([entry(keyId, Date.now(), { status: 429, count: 1234, requestId: 'summary' })]);
    const body = await (await get('/api/v1/account/audit?status=429&limit=5')).json();
    expect(body.entries[0]).toMatchObject({ status: 429, count: 1234, requestId: 'summary' });
    const plain = await (await get('/api/v1/account/audit?status=200&limit=1')).json();
    expect(plain.entries[0].count).toBeUndefined();
  });

  it('the export streams in chunks across event-loop turns, every entry once', async () => {
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns += 1;
      if (ticking) setImmediate(tick);
    };
    const res = await get('/api/v1/account/export?format=ndjson');
    expect(res.status).toBe(200);
    setImmediate(tick);
    const lines = (await res.text()).trim().split('\n');
    ticking = false;
    expect(lines.length).toBe(1 + 300 * 20 + 20 + 1 + 1);
    // 6 000 entries in chunks of at most 1 000 entries, each chunk in a turn of its own.
    expect(turns).toBeGreaterThanOrEqual(6);
  });

  it('a key may export a few times an hour; past that, 429 with Retry-After naming the limit', async () => {
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 10; i++) {
      const res = await get('/api/v1/account/export?format=ndjson');
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
      else await res.text();
    }
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(4);
    expect(refused).toBeDefined();
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    const problem = await refused!.json();
    expect(problem.type).toMatch(/\/errors\/rate-limit-exceeded$/);
    expect(problem.detail).toMatch(/export: at most \d+ exports? per key per hour/);
    // Another key's export is not affected.
    const other = await get('/api/v1/account/export?format=ndjson', KEYS.team);
    expect(other.status).toBe(200);
    await other.text();
  });

  it('a flood of refused requests leaves a bounded number of entries, their count told', async () => {
    const devId = hashKey(KEYS.dev).slice(0, 12);
    const statuses: number[] = [];
    for (let i = 0; i < 400; i++) statuses.push((await get('/api/v1/diagnostics', KEYS.dev)).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(300);
    await t.services.audit.flush();
    const entries = await t.services.store.auditPage(devId, { limit: 1_000 });
    expect(entries.length).toBeLessThanOrEqual(statuses.filter((s) => s !== 429).length + 1);
    expect(entries.reduce((n, e) => n + (e.count ?? 1), 0)).toBe(400);
  });
});
