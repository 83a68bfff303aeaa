// Rate limits of REST spec section 8 on tools/call and /api routes: burst, window and reset,
// concurrency, headers on every status, 429 with Retry-After and svcRetryAfterMs; and the
// per-address allowance for requests that need no key.
import { describe, expect, it } from 'vitest';
import type { TierLimits } from '../runtime/ratelimit/limiter.js';
import { tierTable } from '../runtime/ratelimit/limiter.js';
import type { Transport } from '../runtime/upstream/transport.js';
import { KEYS, createTestApp, rpc } from './helpers/app.js';

const call = (orgnr = '923609016') => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'brreg.enhet.lookup', arguments: { orgnr } } });
const api = (t: ReturnType<typeof createTestApp>, key: string, path = '/api/connectors/brreg/enheter/923609016') =>
  t.fetch(path, { headers: { authorization: `Bearer ${key}` } });

describe('tier table', () => {
  it('has the limits of the REST spec and unlimited enterprise by default', () => {
    const t = tierTable(undefined);
    expect(t.dev).toMatchObject({ limit: 60, windowMs: 60_000, burst: 10, concurrent: 4 });
    expect(t.pro).toMatchObject({ limit: 1000, burst: 100, concurrent: 16 });
    expect(t.team).toMatchObject({ limit: 10000, burst: 500, concurrent: 64 });
    expect(t.enterprise).toBeNull();
    expect(tierTable('5000/200/32').enterprise).toMatchObject({ limit: 5000, burst: 200, concurrent: 32 });
    expect(() => tierTable('lots')).toThrow(/ENTERPRISE_RATE_LIMIT/);
  });
});

describe('per-key limits', () => {
  it('refuses the 11th request of a burst with 429, Retry-After and svcRetryAfterMs', async () => {
    const t = createTestApp();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof rpc>> | undefined;
    for (let i = 0; i < 11; i++) {
      last = await rpc(t, 'brreg', call(), KEYS.dev);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(last!.body.error.data).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(last!.body.error.data.svcRetryAfterMs).toBeGreaterThan(0);
    expect(last!.headers.get('x-ratelimit-limit')).toBe('60');
  });

  it('counts down X-RateLimit-Remaining and resets after the window', async () => {
    const tiers = tierTable(undefined);
    const short: TierLimits = { limit: 3, windowMs: 1000, burst: 100, burstWindowMs: 1000, concurrent: 4 };
    const t = createTestApp({ tiers: { ...tiers, dev: short } });
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) remaining.push((await api(t, KEYS.dev)).headers.get('x-ratelimit-remaining')!);
    expect(remaining).toEqual(['2', '1', '0']);
    const refused = await api(t, KEYS.dev);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    const problem = await refused.json();
    expect(problem.type).toBe('http://127.0.0.1:8787/errors/rate-limit-exceeded');
    expect(problem.svcRetryAfterMs).toBeGreaterThan(0);
    const reset = Number(refused.headers.get('x-ratelimit-reset'));
    expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
    await new Promise((r) => setTimeout(r, 1100));
    const again = await api(t, KEYS.dev);
    expect(again.status).toBe(200);
    expect(again.headers.get('x-ratelimit-remaining')).toBe('2');
  });

  it('puts the headers on 4xx answers too', async () => {
    const t = createTestApp();
    const bad = await api(t, KEYS.pro, '/api/connectors/brreg/enheter/12345');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(bad.headers.get('x-ratelimit-remaining')).toBe('999');
    const missing = await api(t, KEYS.pro, '/api/connectors/brreg/no-such-route');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-ratelimit-remaining')).toBe('998');
    const mcpBad = await rpc(t, 'brreg', call('12345'), KEYS.pro);
    expect(mcpBad.headers.get('x-ratelimit-remaining')).toBe('997');
  });

  it('puts the headers on 5xx answers too', async () => {
    const failing: Transport = { send: async () => ({ status: 503, headers: {}, body: Buffer.from('') }) };
    const t = createTestApp({ transport: failing });
    const res = await api(t, KEYS.pro);
    expect(res.status).toBe(502);
    expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
  });

  it('refuses a request over the concurrency cap with 429', async () => {
    // The upstream answers only when the test lets it, so the four admitted requests are still in
    // flight when the fifth arrives, however fast this machine is.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow: Transport = {
      send: async (req) => {
        await released;
        const orgnr = req.url.split('/').pop();
        return { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify({ organisasjonsnummer: orgnr, navn: 'X AS' })) };
      },
    };
    const t = createTestApp({ transport: slow });
    // Different numbers so that coalescing does not merge them into one upstream request.
    const numbers = ['923609016', '974760673', '984851006', '915330193', '889640782'];
    const pending = numbers.map((n) => rpc(t, 'brreg', call(n), KEYS.dev));
    // Only a refused request can answer while the upstream holds the others.
    expect((await Promise.race(pending)).status).toBe(429);
    release();
    const answers = await Promise.all(pending);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.error.message).toMatch(/concurrency/);
    // A slot is freed when a request ends.
    const after = await rpc(t, 'brreg', call(), KEYS.dev);
    expect(after.status).toBe(200);
  });

  it('does not limit enterprise keys by default', async () => {
    const t = createTestApp();
    for (let i = 0; i < 15; i++) expect((await rpc(t, 'brreg', call(), KEYS.enterprise)).status).toBe(200);
  });
});

describe('requests that need no key', () => {
  it('limits discovery per client address with a configurable allowance', async () => {
    const t = createTestApp({ env: { ANON_RATE_LIMIT: '3' } });
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await rpc(t, 'brreg', list)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const page = await t.fetch('/mcp');
    expect(page.status).toBe(429);
  });

  it('defaults to 600 per minute and sends the headers on tools/list and the landing page', async () => {
    const t = createTestApp();
    const r = await rpc(t, 'brreg', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(r.headers.get('x-ratelimit-limit')).toBe('600');
    expect((await t.fetch('/mcp')).headers.get('x-ratelimit-limit')).toBe('600');
  });
});
