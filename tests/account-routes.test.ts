// The account routes (tag account) on a real SQLite file: a key's record and window, its own
// audit entries (newest first, signed cursors, filters, bounds), the export as JSON and NDJSON,
// and the store in /api/v1/health. Audit entries are flushed explicitly, so nothing waits on time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKey, hashKey } from '../runtime/auth/keys.js';
import { KEYS, callTool, createTestApp, type TestApp } from './helpers/app.js';

let dir: string;
let t: TestApp;
const stored = generateKey();
const storedId = hashKey(stored).slice(0, 12);
const other = KEYS.team;
const otherId = hashKey(other).slice(0, 12);

const get = (path: string, key = stored, headers: Record<string, string> = {}) => t.fetch(path, { headers: { authorization: `Bearer ${key}`, ...headers } });
const json = async (path: string, key = stored) => {
  const res = await get(path, key);
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'account-test-'));
  t = createTestApp({ env: { DATABASE_PATH: join(dir, 'opendata.sqlite') } });
  await t.services.store.insertKey({ id: storedId, hash: hashKey(stored), tier: 'pro', scopes: ['mcp:tools', 'api:read'], label: 'account test', createdAt: '2026-11-20T10:00:00.000Z' });
  // The stored key: 2 diagnostics, one unknown route (404), one MCP call, one connector call with an
  // unknown query parameter (400, whose value must not be stored).
  await get('/api/v1/diagnostics');
  await get('/api/v1/diagnostics');
  await get('/api/v1/no-such-route');
  await callTool(t, 'brreg', 'brreg.enhet.lookup', { orgnr: '923609016' }, stored);
  await get('/api/connectors/brreg/enheter/923609016?secretish=Kari+Nordmann');
  // Another key's requests, which the stored key must never see.
  await get('/api/v1/diagnostics', other);
  await get('/api/v1/version', other);
  await t.services.audit.flush();
});

afterAll(async () => {
  await t.services.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('GET /api/v1/account', () => {
  it('answers the key’s record (never its hash), limits and usage in the current window', async () => {
    const { status, body } = await json('/api/v1/account');
    expect(status).toBe(200);
    expect(body.key).toEqual({
      id: storedId,
      tier: 'pro',
      scopes: ['mcp:tools', 'api:read'],
      label: 'account test',
      createdAt: '2026-11-20T10:00:00.000Z',
      revokedAt: null,
      lastUsedAt: expect.stringMatching(/^20\d\d-/),
      source: 'store',
    });
    expect(body.limits).toEqual({ requestsPerWindow: 1000, windowSeconds: 60, burstPerSecond: 100, concurrent: 16 });
    expect(body.usage.used).toBeGreaterThanOrEqual(5);
    expect(body.usage.used + body.usage.remaining).toBe(1000);
    expect(JSON.stringify(body)).not.toContain(hashKey(stored));
  });

  it('a development key of API_KEYS says so', async () => {
    const { body } = await json('/api/v1/account', other);
    expect(body.key).toMatchObject({ id: otherId, tier: 'team', source: 'API_KEYS', createdAt: null });
  });

  it('needs a key', async () => {
    expect((await t.fetch('/api/v1/account')).status).toBe(401);
  });
});

describe('GET /api/v1/account/audit', () => {
  it('lists only the calling key’s entries, newest first, with route templates and no query values', async () => {
    const { status, body } = await json('/api/v1/account/audit');
    expect(status).toBe(200);
    const entries = body.entries as Array<Record<string, unknown>>;
    expect(entries.map((e) => e.route)).toEqual([
      '/api/connectors/brreg/enheter/{orgnr}',
      '/mcp/{slug}',
      'unmatched',
      '/api/v1/diagnostics',
      '/api/v1/diagnostics',
    ]);
    expect(entries[1]).toMatchObject({ method: 'POST', slug: 'brreg', tool: 'brreg.enhet.lookup', status: 200 });
    expect(entries[2]).toMatchObject({ method: 'GET', status: 404 });
    expect(Object.keys(entries[0]).sort()).toEqual(['durationMs', 'method', 'requestId', 'route', 'slug', 'status', 'time', 'tool']);
    const text = JSON.stringify(body);
    for (const secret of [stored, hashKey(stored), 'Kari', 'secretish', '923609016', otherId]) expect(text).not.toContain(secret);
    const other = await json('/api/v1/account/audit', KEYS.team);
    // /api/v1/version needs no key, so it is no keyed request of the other key.
    expect(other.body.entries.map((e: { route: string }) => e.route)).toEqual(['/api/v1/diagnostics']);
  });

  it('pages with signed cursors: every entry once, none left out', async () => {
    const routes: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { status: number; body: { entries: { requestId: string; route: string }[]; nextCursor: string | null; limit: number } } = await json(
        `/api/v1/account/audit?limit=2&to=2100-01-01${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.limit).toBe(2);
      routes.push(...res.body.entries.map((e) => e.route));
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(routes).toHaveLength(5);
  });

  it('a cursor is bound to its key and its filters', async () => {
    const first = await json('/api/v1/account/audit?limit=1');
    const cursor = first.body.nextCursor as string;
    const otherFilters = await json(`/api/v1/account/audit?limit=1&status=200&cursor=${cursor}`);
    expect(otherFilters.status).toBe(400);
    expect(otherFilters.body.type).toMatch(/\/errors\/invalid-cursor$/);
    const otherKey = await json(`/api/v1/account/audit?limit=1&cursor=${cursor}`, KEYS.team);
    expect(otherKey.status).toBe(400);
    const altered = await json(`/api/v1/account/audit?limit=1&cursor=${cursor.slice(0, -2)}xx`);
    expect(altered.status).toBe(400);
  });

  it('filters by status, status class, route and time span', async () => {
    const routesOf = async (query: string) => (await json(`/api/v1/account/audit?${query}`)).body.entries.map((e: { route: string }) => e.route);
    expect(await routesOf('status=404')).toEqual(['unmatched']);
    expect(await routesOf('status=2xx')).toEqual(['/mcp/{slug}', '/api/v1/diagnostics', '/api/v1/diagnostics']);
    expect(await routesOf('status=4xx')).toEqual(['/api/connectors/brreg/enheter/{orgnr}', 'unmatched']);
    expect(await routesOf(`route=${encodeURIComponent('/mcp/{slug}')}`)).toEqual(['/mcp/{slug}']);
    expect(await routesOf('from=2000-01-01&to=2000-01-02')).toEqual([]);
    expect(await routesOf('from=2000-01-01T00:00:00Z')).toHaveLength(5);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['status=99', 'status'],
    ['status=6xx', 'status'],
    ['from=yesterday', 'from'],
    ['to=2026-13-45', 'to'],
    ['from=2026-11-22&to=2026-11-21', 'to'],
    [`route=${'x'.repeat(201)}`, 'route'],
    ['cursor=not-a-cursor', 'cursor'],
  ])('%s is a 400 Problem naming %s', async (query, field) => {
    const res = await get(`/api/v1/account/audit?${query}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const body = await res.json();
    expect(body.detail).toContain(field);
  });
});

describe('GET /api/v1/account/export', () => {
  it('one JSON document by default, as an attachment, without the hash', async () => {
    const res = await get('/api/v1/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="account-${storedId}.json"`);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.key).toMatchObject({ id: storedId, tier: 'pro', source: 'store' });
    expect(body.auditEntries.length).toBeGreaterThanOrEqual(5);
    expect(body.auditEntries.every((e: { requestId: string }) => typeof e.requestId === 'string')).toBe(true);
    expect(text).not.toContain(hashKey(stored));
    expect(text).not.toContain(stored);
  });

  it('NDJSON for Accept: application/x-ndjson or format=ndjson: the key first, then one entry a line', async () => {
    for (const [path, headers] of [
      ['/api/v1/account/export', { accept: 'application/x-ndjson' }],
      ['/api/v1/account/export?format=ndjson', {}],
    ] as const) {
      const res = await get(path, stored, headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/x-ndjson');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="account-${storedId}.ndjson"`);
      const lines = (await res.text()).trim().split('\n').map((l) => JSON.parse(l));
      expect(lines[0]).toMatchObject({ type: 'key', id: storedId });
      expect(lines.length).toBeGreaterThanOrEqual(6);
      expect(lines.slice(1).every((l) => l.type === 'audit' && typeof l.route === 'string')).toBe(true);
    }
  });

  it('format=json wins over Accept; another format is a 400', async () => {
    const res = await get('/api/v1/account/export?format=json', stored, { accept: 'application/x-ndjson' });
    expect(res.headers.get('content-type')).toContain('application/json');
    await res.text();
    const bad = await get('/api/v1/account/export?format=csv');
    expect(bad.status).toBe(400);
    expect((await bad.json()).detail).toContain('format');
  });

  it('a long history streams whole (more than one page of the store)', async () => {
    const key = KEYS.enterprise;
    const id = hashKey(key).slice(0, 12);
    const at = Date.parse('2026-11-01T00:00:00Z');
    await t.services.store.appendAudit(Array.from({ length: 2_345 }, (_, i) => ({ at: at + i, keyId: id, method: 'GET', route: '/api/v1/sources', status: 200, durationMs: 1, requestId: `bulk-${i}` })));
    const res = await get('/api/v1/account/export?format=ndjson', key);
    const lines = (await res.text()).trim().split('\n');
    expect(lines).toHaveLength(1 + 2_345);
    const json = JSON.parse(await (await get('/api/v1/account/export', key)).text());
    expect(json.auditEntries).toHaveLength(2_345);
    expect(new Set(json.auditEntries.map((e: { requestId: string }) => e.requestId)).size).toBe(2_345);
  });
});

describe('the store in health and in the API description', () => {
  it('/api/v1/health reports the store', async () => {
    const body = await (await t.fetch('/api/v1/health')).json();
    expect(body.checks.store).toEqual({ kind: 'sqlite', where: join(dir, 'opendata.sqlite'), reachable: true, pendingAuditEntries: expect.any(Number), droppedAuditEntries: 0 });
  });

  it('/api/openapi.json documents the three routes under the account tag', async () => {
    const doc = await (await t.fetch('/api/openapi.json')).json();
    for (const path of ['/api/v1/account', '/api/v1/account/audit', '/api/v1/account/export']) expect(doc.paths[path].get.tags).toEqual(['account']);
    const names = doc.paths['/api/v1/account/audit'].get.parameters.map((p: { name: string }) => p.name);
    expect(names.sort()).toEqual(['cursor', 'from', 'limit', 'route', 'status', 'to']);
    expect(doc.tags.find((tag: { name: string }) => tag.name === 'account').description).not.toContain('not served');
  });
});
