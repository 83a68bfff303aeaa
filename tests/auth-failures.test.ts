// Guessing keys is throttled: failed authentications (unknown keys) count against the client
// address with a limit of their own (AUTH_FAILURE_LIMIT per minute, default 20); past it the
// address is answered 429 with Retry-After for any request that presents a key, on MCP (a JSON-RPC
// error with data.code rate_limited) and REST (a Problem), until the minute ends.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RateLimiter, tierTable } from '../runtime/ratelimit/limiter.js';
import { MemoryCounterStore } from '../runtime/ratelimit/store.js';
import { KEYS, createTestApp, rpc } from './helpers/app.js';

const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } } };
const wrong = (i: number) => `wrong-key-${String(i).padStart(20, '0')}`;
const CONNECTOR = '/api/connectors/brreg/enheter/923609016';

// A clock that moves only when a test moves it: no window ends by itself during a test.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-01T10:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('MCP tools/call with unknown keys', () => {
  it('after the address allowance is spent, 100 wrong keys: 20 answered 401, the rest 429 with Retry-After', async () => {
    const t = createTestApp({ env: { ANON_RATE_LIMIT: '2' } });
    for (let i = 0; i < 3; i++) await rpc(t, 'brreg', { jsonrpc: '2.0', id: i, method: 'tools/list' });
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof rpc>> | undefined;
    for (let i = 0; i < 100; i++) {
      last = await rpc(t, 'brreg', call, wrong(i));
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(last!.headers.get('x-ratelimit-limit')).toBe('20');
    expect(last!.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(last!.body.id).toBe(7);
    expect(last!.body.error.message).toMatch(/unknown keys/);
    expect(last!.body.error.data).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(last!.body.error.data.svcRetryAfterMs).toBeGreaterThan(0);
  });

  it('a 401 for an unknown key shows how many failures are left', async () => {
    const t = createTestApp({ env: { AUTH_FAILURE_LIMIT: '3' } });
    const first = await rpc(t, 'brreg', call, wrong(1));
    expect(first.status).toBe(401);
    expect(first.headers.get('x-ratelimit-limit')).toBe('3');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('2');
  });

  it('past the limit the right key is refused too (else the answer would still tell right from wrong), until the minute ends', async () => {
    const t = createTestApp({ env: { AUTH_FAILURE_LIMIT: '3' } });
    expect((await rpc(t, 'brreg', call, KEYS.pro)).status).toBe(200);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await rpc(t, 'brreg', call, wrong(i))).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const right = await rpc(t, 'brreg', call, KEYS.pro);
    expect(right.status).toBe(429);
    expect(right.body.error.data.code).toBe('rate_limited');
    // Requests without a key are not key attempts: tools/list still answers.
    expect((await rpc(t, 'brreg', { jsonrpc: '2.0', id: 1, method: 'tools/list' })).status).toBe(200);
    vi.setSystemTime(new Date('2026-11-01T10:01:01Z'));
    expect((await rpc(t, 'brreg', call, KEYS.pro)).status).toBe(200);
    expect((await rpc(t, 'brreg', call, wrong(9))).status).toBe(401);
  });

  it('without a key, a spent address allowance answers 429, not 401', async () => {
    const t = createTestApp({ env: { ANON_RATE_LIMIT: '1' } });
    expect((await rpc(t, 'brreg', call)).status).toBe(401);
    const refused = await rpc(t, 'brreg', call);
    expect(refused.status).toBe(429);
    expect(refused.body.error.data.code).toBe('rate_limited');
  });
});

describe('REST routes with unknown keys', () => {
  const get = (t: ReturnType<typeof createTestApp>, key: string, path = CONNECTOR) => t.fetch(path, { headers: { authorization: `Bearer ${key}` } });

  it('20 wrong keys answer 401, the 21st a 429 Problem with Retry-After; then the right key too', async () => {
    const t = createTestApp();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await get(t, wrong(i))).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const refused = await get(t, wrong(20));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toBe('application/problem+json');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const problem = await refused.json();
    expect(problem).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(problem.svcRetryAfterMs).toBeGreaterThan(0);
    expect((await get(t, KEYS.pro)).status).toBe(429);
  });

  it('MCP and REST failures add up for the same address (one limit for the address)', async () => {
    const t = createTestApp({ env: { AUTH_FAILURE_LIMIT: '2' } });
    expect((await get(t, wrong(1))).status).toBe(401);
    expect((await rpc(t, 'brreg', call, wrong(2))).status).toBe(401);
    expect((await get(t, wrong(3))).status).toBe(429);
    expect((await rpc(t, 'brreg', call, wrong(4))).status).toBe(429);
  });

  it('the data backend (/v1) checks keys the same way', async () => {
    const t = createTestApp({ env: { AUTH_FAILURE_LIMIT: '1' } });
    expect((await get(t, wrong(1), '/v1/connectors/brreg/enheter/923609016')).status).toBe(401);
    expect((await get(t, wrong(2), '/v1/connectors/brreg/enheter/923609016')).status).toBe(429);
  });
});

describe('RateLimiter: failed authentications', () => {
  it('keeps addresses apart and uses the limit it is given', () => {
    const limiter = new RateLimiter(new MemoryCounterStore(), tierTable(undefined), 600, 2);
    expect(limiter.anyAuthBlocked).toBe(false);
    expect([1, 2, 3].map(() => (limiter.authFailure('a') as { allowed: boolean }).allowed)).toEqual([true, true, false]);
    expect(limiter.anyAuthBlocked).toBe(true);
    expect(limiter.authBlocked('a')).toMatchObject({ allowed: false, reason: 'auth_failures' });
    expect(limiter.authBlocked('b')).toBeUndefined();
  });
});
