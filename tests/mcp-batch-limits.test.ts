// JSON-RPC batches (revision 2025-03-26) and the rate limits: each message of a batch counts as a
// request of its own against the window, the burst and the concurrency cap (tools/call against
// the key, anything else against the address); what is over a limit is refused for its id with
// the rate-limit error and not run; X-RateLimit-Remaining shows what the batch spent; a batch
// holds at most MAX_BATCH_MESSAGES messages; batch answers with tools/list are gzip-compressed
// like single ones.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_BATCH_MESSAGES } from '../runtime/mcp/endpoint.js';
import { tierTable, type TierLimits } from '../runtime/ratelimit/limiter.js';
import { MemoryCounterStore, type CounterStore } from '../runtime/ratelimit/store.js';
import type { Transport } from '../runtime/upstream/transport.js';
import { KEYS, createTestApp, rpc, type TestAppOptions } from './helpers/app.js';

const NUMBERS = ['923609016', '974760673', '984851006', '915330193', '889640782'];
const call = (id: number, orgnr = NUMBERS[id % NUMBERS.length]) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'brreg.enhet.lookup', arguments: { orgnr } } });
const list = (id: number | string) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** An upstream that answers every lookup and counts the requests it got. */
function countingUpstream() {
  const sent: string[] = [];
  const transport: Transport = {
    send: async (req) => {
      sent.push(req.url);
      const orgnr = req.url.split('/').pop();
      return { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify({ organisasjonsnummer: orgnr, navn: 'X AS' })) };
    },
  };
  return { sent, transport };
}

function appWith(options: TestAppOptions = {}) {
  const upstream = countingUpstream();
  return { t: createTestApp({ transport: upstream.transport, ...options }), sent: upstream.sent };
}

type Message = { id: number | string; result?: unknown; error?: { code: number; message: string; data?: { status: number; code: string; svcRetryAfterMs: number } } };

function expectRefused(m: Message, reason: RegExp) {
  expect(m.result).toBeUndefined();
  expect(m.error?.code).toBe(-32000);
  expect(m.error?.message).toMatch(reason);
  expect(m.error?.data).toMatchObject({ status: 429, code: 'rate_limited' });
  expect(m.error!.data!.svcRetryAfterMs).toBeGreaterThan(0);
}

/** In-process counters on a clock that stands still, so that no window ends during a test. */
const frozenStore = () => new MemoryCounterStore(() => 1_900_000_000_000);

/** An asynchronous store (as Redis is) over the in-process one: the same verdicts, each a promise. */
function asyncStore(): CounterStore {
  const memory = frozenStore();
  return {
    consume: async (key, rule) => memory.consume(key, rule),
    peek: async (key, rule) => memory.peek(key, rule),
    acquireSlot: async (key, max) => memory.acquireSlot(key, max),
    describe: () => memory.describe(),
  };
}

describe('a batch of tools/call is counted per call', () => {
  for (const store of ['in-process', 'asynchronous'] as const) {
    it(`Dev key, 12 calls (${store} counters): 4 run (concurrency), 6 refused for concurrency, 2 for the burst; Remaining shows 10 spent`, async () => {
      const { t, sent } = appWith({ counterStore: store === 'asynchronous' ? asyncStore() : frozenStore() });
      const r = await rpc(t, 'brreg', range(12).map((i) => call(i)), KEYS.dev);
      expect(r.status).toBe(200);
      const answers = r.body as Message[];
      expect(answers.map((m) => m.id)).toEqual(range(12));
      for (const m of answers.slice(0, 4)) expect(m.result).toBeDefined();
      for (const m of answers.slice(4, 10)) expectRefused(m, /concurrency/);
      for (const m of answers.slice(10)) expectRefused(m, /burst/);
      // Only the calls that were allowed reached the upstream.
      expect(sent).toHaveLength(4);
      // The burst refusals spent no window (as for single requests); the ten others did.
      expect(r.headers.get('x-ratelimit-limit')).toBe('60');
      expect(r.headers.get('x-ratelimit-remaining')).toBe('50');
      expect(r.headers.get('retry-after')).toBeNull();
      // The burst is spent: the next call in the same second is refused.
      const next = await rpc(t, 'brreg', call(99), KEYS.dev);
      expect(next.status).toBe(429);
      expect(next.body.error.message).toMatch(/burst/);
    });
  }

  it('a small window: 5 of 8 run, the rest are refused for the window; a batch with nothing allowed is a 429 with Retry-After', async () => {
    const small: TierLimits = { limit: 5, windowMs: 60_000, burst: 100, burstWindowMs: 1000, concurrent: 100 };
    const { t, sent } = appWith({ tiers: { ...tierTable(undefined), dev: small } });
    const r = await rpc(t, 'brreg', range(8).map((i) => call(i)), KEYS.dev);
    expect(r.status).toBe(200);
    const answers = r.body as Message[];
    expect(answers.filter((m) => m.result !== undefined)).toHaveLength(5);
    for (const m of answers.slice(5)) expectRefused(m, /window/);
    expect(sent.length).toBeLessThanOrEqual(5);
    expect(r.headers.get('x-ratelimit-remaining')).toBe('0');

    const none = await rpc(t, 'brreg', [call(20), call(21)], KEYS.dev);
    expect(none.status).toBe(429);
    expect(Number(none.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((none.body as Message[]).map((m) => m.id)).toEqual([20, 21]);
    for (const m of none.body as Message[]) expectRefused(m, /window/);
  });

  it('a batch of calls and tools/list: calls count against the key, the rest against the address', async () => {
    const { t } = appWith();
    const r = await rpc(t, 'brreg', [call(1), list(2), call(3)], KEYS.pro);
    expect(r.status).toBe(200);
    expect((r.body as Message[]).every((m) => m.result !== undefined)).toBe(true);
    expect(r.headers.get('x-ratelimit-limit')).toBe('1000');
    expect(r.headers.get('x-ratelimit-remaining')).toBe('998');
    const anonymous = await rpc(t, 'brreg', list(4));
    expect(anonymous.headers.get('x-ratelimit-remaining')).toBe('598');
  });
});

describe('anonymous batches are counted per message against the address', () => {
  it('ANON_RATE_LIMIT=3: a batch of 5 tools/list gets 3 lists and 2 refusals, and the address is spent', async () => {
    const { t } = appWith({ env: { ANON_RATE_LIMIT: '3' } });
    const r = await rpc(t, 'brreg', range(5).map((i) => list(i)));
    expect(r.status).toBe(200);
    const answers = r.body as Message[];
    expect(answers.map((m) => m.id)).toEqual(range(5));
    for (const m of answers.slice(0, 3)) expect(m.result).toBeDefined();
    for (const m of answers.slice(3)) expectRefused(m, /window/);
    expect(r.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await rpc(t, 'brreg', list(9))).status).toBe(429);
  });
});

describe('batch size', () => {
  it(`holds at most ${MAX_BATCH_MESSAGES} messages`, async () => {
    const { t } = appWith();
    const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
    const over = await rpc(t, 'brreg', range(MAX_BATCH_MESSAGES + 1).map(ping));
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: `Invalid Request: Batch must not exceed ${MAX_BATCH_MESSAGES} messages` } });
    const full = await rpc(t, 'brreg', range(MAX_BATCH_MESSAGES).map(ping));
    expect(full.status).toBe(200);
    expect(full.body).toHaveLength(MAX_BATCH_MESSAGES);
    expect(full.headers.get('x-ratelimit-remaining')).toBe(String(600 - MAX_BATCH_MESSAGES));
  });
});

describe('batch answers are compressed like single ones', () => {
  const headers = (gzip: boolean) => ({ 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(gzip && { 'accept-encoding': 'gzip' }) });
  const post = (t: ReturnType<typeof createTestApp>, body: unknown, gzip: boolean) => t.fetch('/mcp/brreg', { method: 'POST', headers: headers(gzip), body: JSON.stringify(body) });

  it('a batch with tools/list is gzip-compressed when the client prefers it, to the same JSON', async () => {
    const { t } = appWith();
    const batch = [list('a'), { jsonrpc: '2.0', id: 'p', method: 'ping' }, list(7)];
    const plain = await post(t, batch, false);
    const zipped = await post(t, batch, true);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    const text = gunzipSync(bytes).toString('utf8');
    expect(text).toBe(await plain.text());
    expect(JSON.parse(text).map((m: Message) => m.id)).toEqual(['a', 'p', 7]);
    expect(bytes.length * 3).toBeLessThan(Buffer.byteLength(text));
  });

  it('a batch without tools/list is not (as a single ping or call is not)', async () => {
    const { t } = appWith();
    const r = await post(t, [{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: 2, method: 'ping' }], true);
    expect(r.headers.get('content-encoding')).toBeNull();
    expect((await r.json()).map((m: Message) => m.id)).toEqual([1, 2]);
  });
});
