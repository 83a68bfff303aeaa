// PostgreSQL killed mid-run under a running app (tests/helpers/postgres-server.ts): requests whose
// key verdict is in process keep succeeding, a key never seen is a 503 (it cannot be checked),
// audit entries wait in memory up to AUDIT_BUFFER_LIMIT and past it are counted as dropped, both
// shown in /api/v1/health; after a restart of the server the buffered entries are written.
// The verdict clock is injected; audit writes are flushed explicitly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKey, hashKey } from '../runtime/auth/keys.js';
import { callTool, createTestApp, type TestApp } from './helpers/app.js';
import { skipPostgresTests, startPostgres, type TestPostgres } from './helpers/postgres-server.js';

const BUFFER = 6;

describe.skipIf(skipPostgresTests)('PostgreSQL down and back under a running app', () => {
  let server: TestPostgres;
  let t: TestApp;
  let now = 1_000_000;
  const key = generateKey();
  const unseen = generateKey();
  const keyId = hashKey(key).slice(0, 12);

  const diagnostics = (k = key) => t.fetch('/api/v1/diagnostics', { headers: { authorization: `Bearer ${k}` } });
  const health = async () => (await t.fetch('/api/v1/health')).json();
  const storedEntries = async () => (await t.services.store.auditPage(keyId, { limit: 1000 })).length;

  beforeAll(async () => {
    server = await startPostgres();
    t = createTestApp({ env: { DATABASE_URL: server.url, AUDIT_BUFFER_LIMIT: String(BUFFER), KEY_CACHE_SECONDS: '5' }, clock: () => now });
    for (const k of [key, unseen]) {
      const hash = hashKey(k);
      await t.services.store.insertKey({ id: hash.slice(0, 12), hash, tier: 'pro', scopes: ['mcp:tools', 'api:read'], createdAt: '2026-11-22T12:00:00.000Z' });
    }
  }, 60_000);

  afterAll(async () => {
    await t?.services.close();
    await server?.stop();
  });

  it('up: a request is answered and audited, health reports the store reachable', async () => {
    expect((await diagnostics()).status).toBe(200);
    await t.services.audit.flush();
    expect(await storedEntries()).toBe(1);
    const body = await health();
    expect(body.status).toBe('ok');
    expect(body.checks.store).toMatchObject({ kind: 'postgres', reachable: true, pendingAuditEntries: 0, droppedAuditEntries: 0 });
    expect(body.checks.store.where).toContain('127.0.0.1');
  });

  it('killed: cached verdicts still pass, an unseen key is a 503, entries wait then overflow into dropped', async () => {
    await server.kill();
    // Within the verdict's 5 s, and well past it (the last verdict stands while the store is down).
    for (let i = 0; i < 3; i++) expect((await diagnostics()).status).toBe(200);
    now += 60_000;
    expect((await diagnostics()).status).toBe(200);
    const mcp = await callTool(t, 'brreg', 'brreg.enhet.lookup', { orgnr: '923609016' }, key);
    expect(mcp.isError).toBe(false);

    const refused = await diagnostics(unseen);
    expect(refused.status).toBe(503);
    // REST spec 8: Retry-After only on 429; a 503 says when in svcRetryAfterMs (issue 25 item 17).
    expect(refused.headers.get('retry-after')).toBeNull();
    const refusal = await refused.json();
    expect(refusal.svcRetryAfterMs).toBe(5000);
    expect(refusal.detail).toContain('key store cannot be reached');

    await t.services.audit.flush();
    expect(t.services.audit.stats()).toMatchObject({ pending: 5, dropped: 0, lastWriteOk: false });
    let body = await health();
    expect(body.status).toBe('degraded');
    expect(body.checks.store).toMatchObject({ reachable: false, pendingAuditEntries: 5, droppedAuditEntries: 0 });

    for (let i = 0; i < 4; i++) expect((await diagnostics()).status).toBe(200);
    body = await health();
    expect(body.checks.store).toMatchObject({ reachable: false, pendingAuditEntries: BUFFER, droppedAuditEntries: 3 });
  });

  it('restarted: the buffered entries are written, the dropped count stays reported', async () => {
    await server.restart();
    await t.services.audit.flush();
    expect(await storedEntries()).toBe(1 + BUFFER);
    const body = await health();
    expect(body.status).toBe('ok');
    expect(body.checks.store).toMatchObject({ reachable: true, pendingAuditEntries: 0, droppedAuditEntries: 3 });
    // The unseen key is checked now.
    expect((await diagnostics(unseen)).status).toBe(200);
  }, 60_000);
});
