// Meta routes against the real app: health (no key, no limit; liveness, readiness and every
// upstream's breaker), version (no key), diagnostics (for a key: tier, limits, what is left and
// the request id).
import { describe, expect, it } from 'vitest';
import { MemoryCounterStore } from '../runtime/ratelimit/store.js';
import { TransportError, type OutgoingRequest, type RawResponse, type Transport } from '../runtime/upstream/transport.js';
import { KEYS, createTestApp, replay } from './helpers/app.js';

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

describe('GET /api/v1/health', () => {
  it('answers without a key, live and ready, with every upstream’s breaker', async () => {
    const t = createTestApp({ env: { GIT_COMMIT: 'abc1234' } });
    const res = await t.fetch('/api/v1/health');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ status: 'ok', live: true, ready: true, commit: 'abc1234', upstreamsNotClosed: [] });
    expect(body.checks.rateLimitStore).toEqual({ backend: 'memory', healthy: true, shared: false });
    expect(body.checks.dataBackend).toBe('in-process');
    expect(body.checks.registry.servers).toBe(t.services.registry.servers.length);
    expect(Object.keys(body.upstreams)).toEqual(expect.arrayContaining(['brreg', 'cvr', 'prh', 'data-backend']));
    expect(body.upstreams.brreg).toEqual({ state: 'closed', consecutiveFailures: 0, openedAt: null, retryAfterMs: 0 });
  });

  it('spends no rate limit, so a load balancer can probe it as often as it likes', async () => {
    const t = createTestApp({ env: { ANON_RATE_LIMIT: '2' } });
    for (let i = 0; i < 5; i++) expect((await t.fetch('/api/v1/health')).status).toBe(200);
    // The version route, also keyless, does spend the address's allowance.
    expect((await t.fetch('/api/v1/version')).status).toBe(200);
    expect((await t.fetch('/api/v1/version')).status).toBe(200);
    expect((await t.fetch('/api/v1/version')).status).toBe(429);
  });

  it('says degraded, naming the upstream, while a breaker is open', async () => {
    class Failing implements Transport {
      send(req: OutgoingRequest): Promise<RawResponse> {
        if (req.upstreamId === 'brreg') return Promise.reject(new TransportError('connect', 'down'));
        return replay().send(req);
      }
    }
    const t = createTestApp({ transport: new Failing() });
    for (let i = 0; i < 5; i++) await t.fetch('/api/connectors/brreg/enheter/923609016', { headers: auth(KEYS.pro) });
    const body = await (await t.fetch('/api/v1/health')).json();
    expect(body.status).toBe('degraded');
    expect(body.ready).toBe(true);
    expect(body.upstreamsNotClosed).toEqual(['brreg']);
    expect(body.upstreams.brreg.state).toBe('open');
  });

  it('answers a 503 Problem when not ready', async () => {
    const store = new MemoryCounterStore();
    store.describe = () => ({ backend: 'redis', healthy: false, shared: false });
    const t = createTestApp({ counterStore: store });
    const res = await t.fetch('/api/v1/health');
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const p = await res.json();
    expect(p).toMatchObject({ type: 'http://127.0.0.1:8787/errors/not-ready', title: 'Service not ready', status: 503, live: true, ready: false });
    expect(p.detail).toMatch(/rate-limit store \(redis\) is unreachable/);
    expect(p.checks.rateLimitStore.healthy).toBe(false);
  });
});

describe('GET /api/v1/version', () => {
  it('answers the service version, commit and API description version 0.1.0 without a key', async () => {
    const t = createTestApp({ env: { GIT_COMMIT: 'deadbeef' } });
    const res = await t.fetch('/api/v1/version');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ name: 'nordic-open-data-host', commit: 'deadbeef', apiVersion: '0.1.0', apiStatus: 'draft' });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('GET /api/v1/diagnostics', () => {
  it('needs a key', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/v1/diagnostics');
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
  });

  it('answers the key’s tier, its limits, what is left and the request id', async () => {
    const t = createTestApp();
    const first = await t.fetch('/api/v1/diagnostics', { headers: { ...auth(KEYS.dev), 'x-request-id': 'diag-request-0001' } });
    expect(first.status).toBe(200);
    const a = await first.json();
    expect(a.requestId).toBe('diag-request-0001');
    expect(a.key.tier).toBe('dev');
    expect(a.key.id).toMatch(/^[0-9a-f]{12}$/);
    expect(a.key.scopes).toEqual(['mcp:tools', 'api:read']);
    expect(a.limits).toEqual({ requestsPerWindow: 60, windowSeconds: 60, burstPerSecond: 10, concurrent: 4 });
    expect(a.remaining.window).toBe(59);
    expect(Number(first.headers.get('x-ratelimit-remaining'))).toBe(59);
    const b = await (await t.fetch('/api/v1/diagnostics', { headers: auth(KEYS.dev) })).json();
    expect(b.remaining.window).toBe(58);
    expect(b.requestId).not.toBe(a.requestId);
    expect(JSON.stringify(a)).not.toContain(KEYS.dev);
  });

  it('says null limits for an enterprise key by agreement', async () => {
    const t = createTestApp();
    const body = await (await t.fetch('/api/v1/diagnostics', { headers: auth(KEYS.enterprise) })).json();
    expect(body.key.tier).toBe('enterprise');
    expect(body.limits).toBeNull();
    expect(body.remaining).toBeNull();
  });
});
