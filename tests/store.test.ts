// The store of keys and audit entries, the same tests against a real SQLite file and a real
// PostgreSQL server (tests/helpers/postgres-server.ts): migrations applied twice and from two
// store instances at once, the keys command, a revocation on one replica refused by another
// within the verdict cache time (clock injected), the import of a key file, audit paging and
// filters, and retention.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeyStore } from '../runtime/auth/key-store.js';
import { DEFAULT_SCOPES, generateKey, hashKey, writeKeyFile, type KeyRecord } from '../runtime/auth/keys.js';
import { runKeysCommand } from '../runtime/cli/keys-command.js';
import { AuditWriter } from '../runtime/store/audit-writer.js';
import { openStore } from '../runtime/store/open.js';
import { prepareStore } from '../runtime/store/prepare.js';
import { PostgresDriver } from '../runtime/store/postgres.js';
import { MIGRATIONS, SQL } from '../runtime/store/sql.js';
import { SqliteDriver } from '../runtime/store/sqlite.js';
import type { AuditEntry, Store } from '../runtime/store/types.js';
import { postgresForSuite, skipPostgresTests } from './helpers/postgres-server.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'store-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Settings of a fresh, empty database of the kind under test. */
type Fresh = () => Promise<{ databaseUrl?: string; databasePath: string }>;

function record(key: string, tier: KeyRecord['tier'], extra: Partial<KeyRecord> = {}): KeyRecord {
  const hash = hashKey(key);
  return { id: hash.slice(0, 12), hash, tier, scopes: [...DEFAULT_SCOPES], createdAt: '2026-11-22T12:00:00.000Z', ...extra };
}

function entry(keyId: string, at: number, extra: Partial<AuditEntry> = {}): AuditEntry {
  return { at, keyId, method: 'GET', route: '/api/v1/company/{orgnr}', status: 200, durationMs: 1.5, requestId: `req-${at}`, ...extra };
}

/** The account route's filters over an entry, for comparing pages with the full order. */
function matchesFilter(e: AuditEntry, f: { status?: number; statusClass?: number; route?: string; from?: number; to?: number }): boolean {
  return (
    (f.status === undefined || e.status === f.status) &&
    (f.statusClass === undefined || Math.floor(e.status / 100) === f.statusClass) &&
    (f.route === undefined || e.route === f.route) &&
    (f.from === undefined || e.at >= f.from) &&
    (f.to === undefined || e.at < f.to)
  );
}

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) } };
}

function storeSuite(fresh: Fresh) {
  const opened: Store[] = [];
  const open = (settings: Awaited<ReturnType<Fresh>>) => {
    const s = openStore(settings);
    opened.push(s);
    return s;
  };
  afterAll(async () => {
    for (const s of opened) await s.close().catch(() => undefined);
  });

  it('applies the migrations once, run twice and from two instances at once', async () => {
    const settings = await fresh();
    const a = open(settings);
    const b = open(settings);
    const applied = await Promise.all([a.migrate(), b.migrate()]);
    expect(applied.sort()).toEqual([0, MIGRATIONS.length]);
    expect(await a.migrate()).toBe(0);
    expect(await open(settings).migrate()).toBe(0);
    expect(await b.listKeys()).toEqual([]);
  });

  it('the keys command creates, lists and revokes keys in the store', async () => {
    const store = open(await fresh());
    const env = { API_KEYS_FILE: join(dir, 'absent.json') };
    const created = io();
    expect(await runKeysCommand(['create', '--tier', 'team', '--scopes', 'api:read', '--label', 'nightly'], created.io, { store, env })).toBe(0);
    const key = created.out.join('').trim();
    const id = hashKey(key).slice(0, 12);
    expect(created.err.join('')).toContain(`Created key ${id}`);
    expect(await store.keyByHash(hashKey(key))).toMatchObject({ id, tier: 'team', scopes: ['api:read'], label: 'nightly' });

    const listed = io();
    expect(await runKeysCommand(['list'], listed.io, { store, env })).toBe(0);
    expect(listed.out.join('')).toMatch(new RegExp(`${id}\\s+team\\s+api:read\\s+active`));
    expect(listed.out.join('')).not.toContain(key);
    expect(listed.out.join('')).not.toContain(hashKey(key));

    const revoked = io();
    expect(await runKeysCommand(['revoke', id], revoked.io, { store, env, now: () => new Date('2026-11-23T08:00:00Z') })).toBe(0);
    expect(revoked.out.join('')).toBe(`revoked ${id}\n`);
    expect((await store.keyByHash(hashKey(key)))?.revokedAt).toBe('2026-11-23T08:00:00.000Z');

    const again = io();
    expect(await runKeysCommand(['revoke', id], again.io, { store, env })).toBe(1);
    expect(again.err.join('')).toContain('already revoked');
    const unknown = io();
    expect(await runKeysCommand(['revoke', 'nope00000000'], unknown.io, { store, env })).toBe(1);
    expect(unknown.err.join('')).toContain('no key with id nope00000000');
  });

  it('a key revoked through replica A is refused by replica B once its verdict is older than the cache time', async () => {
    const settings = await fresh();
    const a = open(settings);
    const b = open(settings);
    let now = 0;
    const onB = new KeyStore(undefined, b, { ttlMs: 5_000, now: () => now });
    const key = generateKey();
    await a.insertKey(record(key, 'pro'));
    expect(await onB.lookup(key)).toMatchObject({ tier: 'pro' });

    now = 1_000;
    expect(await runKeysCommand(['revoke', hashKey(key).slice(0, 12)], io().io, { store: a, env: { API_KEYS_FILE: join(dir, 'absent.json') } })).toBe(0);
    now = 4_999;
    expect(onB.lookup(key)).toMatchObject({ tier: 'pro' });
    now = 5_000;
    expect(await onB.lookup(key)).toBeUndefined();
    // A key created on A is taken by B at its first use.
    const fresh2 = generateKey();
    await a.insertKey(record(fresh2, 'dev'));
    expect(await onB.lookup(fresh2)).toMatchObject({ tier: 'dev' });
  });

  it('imports a key file once, saying how many keys it imported', async () => {
    const store = open(await fresh());
    const file = join(dir, `keys-${Math.random()}.json`);
    const live = generateKey();
    const gone = generateKey();
    writeKeyFile(file, [record(live, 'pro', { label: 'old file' }), record(gone, 'dev', { revokedAt: '2026-11-01T00:00:00.000Z' })]);
    const lines: string[] = [];
    await prepareStore(store, file, (l) => lines.push(l));
    await prepareStore(store, file, (l) => lines.push(l));
    expect(lines.filter((l) => l.includes('key file'))).toEqual([
      `key file ${file}: imported 2 of 2 keys into the store (0 were there already)`,
      `key file ${file}: imported 0 of 2 keys into the store (2 were there already)`,
    ]);
    expect(await store.listKeys()).toHaveLength(2);
    expect(await store.keyByHash(hashKey(live))).toMatchObject({ tier: 'pro', label: 'old file' });
    expect((await store.keyByHash(hashKey(gone)))?.revokedAt).toBe('2026-11-01T00:00:00.000Z');
    // A revocation made in the store is not undone by importing the file again.
    await store.revokeKey(hashKey(live).slice(0, 12), '2026-11-24T00:00:00.000Z');
    await prepareStore(store, file, () => {});
    expect((await store.keyByHash(hashKey(live)))?.revokedAt).toBe('2026-11-24T00:00:00.000Z');
  });

  it('pages a key’s audit entries newest first, filtered, and only its own', async () => {
    const store = open(await fresh());
    const base = Date.parse('2026-11-22T12:00:00Z');
    const mine = Array.from({ length: 7 }, (_, i) => entry('mine00000000', base + (i % 3) * 1000, { status: i === 4 ? 404 : 200, route: i === 6 ? '/mcp/{slug}' : '/api/v1/company/{orgnr}' }));
    await store.appendAudit([...mine, entry('other0000000', base + 500)]);
    const all = await store.auditPage('mine00000000', { limit: 100 });
    expect(all).toHaveLength(7);
    expect(all.every((e) => e.keyId === 'mine00000000')).toBe(true);
    expect(all).toEqual([...all].sort((x, y) => y.at - x.at || y.id - x.id));
    // Keyset pages: no entry twice, none left out, even within one millisecond.
    const seen: number[] = [];
    let before: { at: number; id: number } | undefined;
    for (;;) {
      const page = await store.auditPage('mine00000000', { limit: 2, before });
      if (page.length === 0) break;
      seen.push(...page.map((e) => e.id));
      before = { at: page[page.length - 1].at, id: page[page.length - 1].id };
    }
    expect(seen).toEqual(all.map((e) => e.id));
    expect(await store.auditPage('mine00000000', { limit: 100, status: 404 })).toHaveLength(1);
    expect(await store.auditPage('mine00000000', { limit: 100, statusClass: 2 })).toHaveLength(6);
    expect(await store.auditPage('mine00000000', { limit: 100, route: '/mcp/{slug}' })).toHaveLength(1);
    expect(await store.auditPage('mine00000000', { limit: 100, from: base + 1000, to: base + 2000 })).toHaveLength(2);
  });

  it('merges batches that overlap in time (two replicas writing one key) into exact pages, across many reads', async () => {
    const store = open(await fresh());
    const base = Date.parse('2026-11-22T12:00:00Z');
    // 150 writes (more than one read of batch rows) from two "replicas": each write spans
    // 40 ms and overlaps the other replica's; many entries share a millisecond.
    const written: AuditEntry[] = [];
    for (let w = 0; w < 150; w++) {
      const start = base + Math.floor(w / 2) * 30;
      const batch = Array.from({ length: 1 + (w % 4) }, (_, i) =>
        entry('busy00000000', start + ((i * 13 + w) % 40), { status: (w + i) % 5 === 0 ? 500 : 200, route: i % 2 ? '/mcp/{slug}' : '/api/v1/sources', requestId: `r${w}-${i}` }),
      );
      written.push(...batch);
      await store.appendAudit([...batch, entry('quiet0000000', start)]);
    }
    const all = await store.auditPage('busy00000000', { limit: 10_000 });
    expect(all.map((e) => e.requestId).sort()).toEqual(written.map((e) => e.requestId).sort());
    expect(all).toEqual([...all].sort((x, y) => y.at - x.at || y.id - x.id));
    expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    // Every page, every filter: the slice of the full order that the filter keeps.
    const filters = [{}, { status: 500 }, { statusClass: 2 }, { route: '/mcp/{slug}' }, { from: base + 500, to: base + 1500 }];
    for (const filter of filters) {
      const expected = all.filter((e) => matchesFilter(e, filter));
      for (const limit of [1, 7, 50]) {
        const seen: number[] = [];
        let before: { at: number; id: number } | undefined;
        for (;;) {
          const page = await store.auditPage('busy00000000', { ...filter, limit, before });
          if (page.length === 0) break;
          expect(page.length).toBeLessThanOrEqual(limit);
          seen.push(...page.map((e) => e.id));
          before = { at: page[page.length - 1].at, id: page[page.length - 1].id };
        }
        expect(seen, JSON.stringify({ filter, limit })).toEqual(expected.map((e) => e.id));
      }
    }
  });

  it('retention keeps the ids of the entries it leaves in a batch it trims', async () => {
    const store = open(await fresh());
    const now = Date.parse('2026-11-22T12:00:00Z');
    await store.appendAudit([entry('trim00000000', now - 3000), entry('trim00000000', now - 2000), entry('trim00000000', now - 1000)]);
    const before = await store.auditPage('trim00000000', { limit: 10 });
    expect(await store.deleteAuditBefore(now - 1500)).toBe(2);
    expect(await store.auditPage('trim00000000', { limit: 10 })).toEqual(before.slice(0, 1));
    expect(await store.auditPage('trim00000000', { limit: 10, to: now - 1200 })).toEqual([]);
    expect(await store.deleteAuditBefore(now - 1500)).toBe(0);
    expect(await store.deleteAuditBefore(now)).toBe(1);
    expect(await store.auditPage('trim00000000', { limit: 10 })).toEqual([]);
  });

  it('moves the entries of the first schema (a row each) into batches, in their order', async () => {
    const settings = await fresh();
    const driver = settings.databaseUrl ? new PostgresDriver(settings.databaseUrl, () => {}) : new SqliteDriver(settings.databasePath);
    await driver.exclusive(async (tx) => {
      await tx.run(SQL.createMigrations);
      for (const m of MIGRATIONS.filter((m) => m.version <= 2)) {
        for (const statement of m.statements[driver.kind]) await tx.run(statement);
        await tx.run(SQL.recordMigration, [m.version, m.name, '2026-11-20T00:00:00.000Z']);
      }
      const insert = 'INSERT INTO audit_log (at_ms, key_id, method, route, slug, tool, status, duration_ms, request_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)';
      await tx.run(insert, [1000, 'old000000001', 'POST', '/mcp/{slug}', 'brreg', 'brreg.enhet.lookup', 200, 2.5, 'first']);
      await tx.run(insert, [1000, 'old000000001', 'GET', '/api/v1/sources', null, null, 404, 0.75, 'second']);
      await tx.run(insert, [2000, 'other0000001', 'GET', '/api/v1/sources', null, null, 200, 1, 'third']);
    });
    await driver.close();
    const store = open(settings);
    expect(await store.migrate()).toBe(MIGRATIONS.length - 2);
    const moved = await store.auditPage('old000000001', { limit: 10 });
    expect(moved.map(({ id: _, ...e }) => e)).toEqual([
      { at: 1000, keyId: 'old000000001', method: 'GET', route: '/api/v1/sources', status: 404, durationMs: 0.75, requestId: 'second' },
      { at: 1000, keyId: 'old000000001', method: 'POST', route: '/mcp/{slug}', slug: 'brreg', tool: 'brreg.enhet.lookup', status: 200, durationMs: 2.5, requestId: 'first' },
    ]);
    expect(await store.auditPage('other0000001', { limit: 10 })).toHaveLength(1);
  });

  it('keeps OAuth artifacts by kind and hash: hidden once expired, consumed once, revoked by grant, swept', async () => {
    const store = open(await fresh());
    let now = 1_000_000;
    const artifacts = store.oauthArtifacts(() => now);
    const h = (c: string) => c.repeat(64);
    await artifacts.upsert({ kind: 'AccessToken', idHash: h('a'), grantIdHash: h('g'), payload: { accountId: 'k1', scope: 'mcp:tools' }, expiresAt: now + 1_000 });
    await artifacts.upsert({ kind: 'RefreshToken', idHash: h('b'), grantIdHash: h('g'), payload: { accountId: 'k1' }, expiresAt: now + 60_000 });
    await artifacts.upsert({ kind: 'Session', idHash: h('c'), uidHash: h('d'), payload: { uid: 'u1' }, expiresAt: now + 60_000 });
    await artifacts.upsert({ kind: 'Client', idHash: h('e'), payload: { client_id: 'c1' } });
    expect(await artifacts.find('AccessToken', h('a'))).toMatchObject({ grantIdHash: h('g'), payload: { accountId: 'k1', scope: 'mcp:tools' }, expiresAt: now + 1_000 });
    expect(await artifacts.find('RefreshToken', h('a'))).toBeUndefined();
    expect(await artifacts.findByUid('Session', h('d'))).toMatchObject({ idHash: h('c'), payload: { uid: 'u1' } });
    expect(await artifacts.find('Client', h('e'))).toMatchObject({ payload: { client_id: 'c1' } });
    expect((await artifacts.find('Client', h('e')))?.expiresAt).toBeUndefined();

    await artifacts.consume('RefreshToken', h('b'), 1234);
    expect((await artifacts.find('RefreshToken', h('b')))?.payload).toEqual({ accountId: 'k1', consumed: 1234 });
    // An upsert replaces the whole artifact, its consumption included.
    await artifacts.upsert({ kind: 'RefreshToken', idHash: h('b'), grantIdHash: h('g'), payload: { accountId: 'k2' }, expiresAt: now + 60_000 });
    expect((await artifacts.find('RefreshToken', h('b')))?.payload).toEqual({ accountId: 'k2' });

    now += 1_000;
    expect(await artifacts.find('AccessToken', h('a'))).toBeUndefined();
    expect(await artifacts.deleteExpired()).toBe(1);
    await artifacts.revokeByGrantId(h('g'));
    expect(await artifacts.find('RefreshToken', h('b'))).toBeUndefined();
    await artifacts.destroy('Session', h('c'));
    expect(await artifacts.findByUid('Session', h('d'))).toBeUndefined();
    expect(await artifacts.find('Client', h('e'))).toBeDefined();
  });

  it('retention deletes entries older than AUDIT_RETENTION_DAYS; last use moves forward only', async () => {
    const store = open(await fresh());
    const now = Date.parse('2026-11-22T12:00:00Z');
    const day = 86_400_000;
    await store.appendAudit([entry('k00000000001', now - 91 * day), entry('k00000000001', now - 89 * day), entry('k00000000001', now)]);
    const writer = new AuditWriter(store, { retentionDays: 90, now: () => now });
    expect(await writer.prune()).toBe(1);
    expect((await store.auditPage('k00000000001', { limit: 10 })).map((e) => e.at)).toEqual([now, now - 89 * day]);

    const key = generateKey();
    const rec = record(key, 'dev');
    await store.insertKey(rec);
    writer.record(entry(rec.id, now));
    writer.record(entry(rec.id, now - 5000));
    await writer.flush();
    expect((await store.keyByHash(rec.hash))?.lastUsedAt).toBe(new Date(now).toISOString());
    writer.record(entry(rec.id, now - 60_000));
    await writer.flush();
    expect((await store.keyByHash(rec.hash))?.lastUsedAt).toBe(new Date(now).toISOString());
    expect(writer.stats()).toMatchObject({ pending: 0, dropped: 0, written: 3 });
  });
}

describe('SQLite file', () => {
  let n = 0;
  storeSuite(async () => ({ databasePath: join(dir, `store-${(n += 1)}`, 'opendata.sqlite') }));

  it('two processes migrating one new file at once: one applies, neither fails', async () => {
    const env = { ...process.env, DATABASE_PATH: join(dir, 'procs', 'opendata.sqlite'), API_KEYS_FILE: join(dir, 'absent.json') };
    const migrate = () =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, ['--import', 'tsx', 'runtime/cli/migrate.ts'], { env, timeout: 30_000 }, (err, stdout, stderr) =>
          resolve({ code: err ? 1 : 0, stdout, stderr }),
        );
      });
    const runs = await Promise.all([migrate(), migrate()]);
    expect(runs.map((r) => r.code), runs.map((r) => r.stderr).join('\n')).toEqual([0, 0]);
    expect(runs.filter((r) => r.stdout.includes(`applied ${MIGRATIONS.length} migration`)).length).toBe(1);
    expect(runs.every((r) => r.stdout.includes('is up to date'))).toBe(true);
  }, 60_000);
});

describe.skipIf(skipPostgresTests)('PostgreSQL server', () => {
  const server = postgresForSuite();
  let n = 0;
  storeSuite(async () => {
    return { databaseUrl: await server().createDatabase(`store_${(n += 1)}`), databasePath: '' };
  });
});
