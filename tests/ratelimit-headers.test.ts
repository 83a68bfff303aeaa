// X-RateLimit-Limit, -Remaining and -Reset on every answer of a limited route, whatever its status
// (REST spec 8: all 200, 4xx and 5xx responses), and Retry-After only on 429. MCP is walked in
// process (the Hono route) and over a socket (the Node fast path); REST in process. Enterprise
// keys without ENTERPRISE_RATE_LIMIT are unlimited and say so: `unlimited`, and the end of the
// current minute as the reset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryCounterStore } from '../runtime/ratelimit/store.js';
import type { Transport } from '../runtime/upstream/transport.js';
import { RECORDED_AT } from '../runtime/upstream/recordings.js';
import { KEYS, createTestApp, replay } from './helpers/app.js';
import { startLive, type LiveApp } from './helpers/live-app.js';

const MAX_BODY = 4096;
const ALL_KEYS = [`${KEYS.dev}:dev`, `${KEYS.pro}:pro`, `${KEYS.enterprise}:enterprise`, `${KEYS.apiOnly}:pro:api:read`, `${KEYS.mcpOnly}:pro:mcp:tools`].join(',');
const MCP = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const rpc = (method: string, params?: unknown) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params !== undefined && { params }) });
const lookup = (orgnr = '923609016') => rpc('tools/call', { name: 'brreg.enhet.lookup', arguments: { orgnr } });

interface Case {
  name: string;
  status: number;
  path?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** What X-RateLimit-Limit says: a tier's limit, the address's allowance, the failure limit, or unlimited. */
  limit: string;
}

const MCP_CASES: Case[] = [
  { name: 'tools/call', status: 200, headers: { ...MCP, ...bearer(KEYS.pro) }, body: lookup(), limit: '1000' },
  { name: 'tools/list without a key', status: 200, headers: MCP, body: rpc('tools/list'), limit: '600' },
  { name: 'a notification', status: 202, headers: MCP, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), limit: '600' },
  { name: 'bad JSON', status: 400, headers: MCP, body: '{"jsonrpc":', limit: '600' },
  { name: 'bad JSON with a key', status: 400, headers: { ...MCP, ...bearer(KEYS.pro) }, body: '{"jsonrpc":', limit: '1000' },
  { name: 'not a JSON-RPC message', status: 400, headers: MCP, body: '{"foo":1}', limit: '600' },
  { name: 'an unsupported protocol version', status: 400, headers: { ...MCP, 'mcp-protocol-version': '1999-01-01' }, body: rpc('ping'), limit: '600' },
  { name: 'unknown slug', status: 404, path: '/mcp/no-such-server', headers: MCP, body: rpc('ping'), limit: '600' },
  { name: 'DELETE on an unknown slug', status: 404, path: '/mcp/no-such-server', method: 'DELETE', headers: MCP, limit: '600' },
  { name: 'DELETE', status: 405, method: 'DELETE', headers: MCP, limit: '600' },
  { name: 'GET without text/html', status: 405, method: 'GET', headers: { accept: 'application/json, text/event-stream' }, limit: '600' },
  { name: 'without Accept', status: 406, headers: { 'content-type': 'application/json' }, body: rpc('ping'), limit: '600' },
  { name: 'text/plain', status: 415, headers: { ...MCP, 'content-type': 'text/plain' }, body: rpc('ping'), limit: '600' },
  { name: 'a body over the cap', status: 413, headers: MCP, body: rpc('ping', { pad: 'x'.repeat(MAX_BODY) }), limit: '600' },
  { name: 'tools/call without a key', status: 401, headers: MCP, body: lookup(), limit: '600' },
  { name: 'tools/call with an unknown key', status: 401, headers: { ...MCP, ...bearer('not-a-key-0000000000000000') }, body: lookup(), limit: '20' },
  { name: 'tools/call with a key without mcp:tools', status: 403, headers: { ...MCP, ...bearer(KEYS.apiOnly) }, body: lookup(), limit: '1000' },
  { name: 'tools/call, enterprise', status: 200, headers: { ...MCP, ...bearer(KEYS.enterprise) }, body: lookup(), limit: 'unlimited' },
  { name: 'bad JSON, enterprise', status: 400, headers: { ...MCP, ...bearer(KEYS.enterprise) }, body: '{', limit: 'unlimited' },
  { name: 'a batch of calls, enterprise', status: 200, headers: { ...MCP, ...bearer(KEYS.enterprise) }, body: `[${lookup()},${rpc('ping').replace('"id":1', '"id":2')}]`, limit: 'unlimited' },
];

const REST_CASES: Case[] = [
  { name: 'a connector route', status: 200, path: '/api/connectors/brreg/enheter/923609016', headers: bearer(KEYS.pro), limit: '1000' },
  { name: 'invalid input', status: 400, path: '/api/connectors/brreg/enheter/12345', headers: bearer(KEYS.pro), limit: '1000' },
  { name: 'no key', status: 401, path: '/api/connectors/brreg/enheter/923609016', limit: '600' },
  { name: 'an unknown key', status: 401, path: '/api/connectors/brreg/enheter/923609016', headers: bearer('not-a-key-0000000000000000'), limit: '20' },
  { name: 'a key without api:read', status: 403, path: '/api/connectors/brreg/enheter/923609016', headers: bearer(KEYS.mcpOnly), limit: '1000' },
  { name: 'no such route', status: 404, path: '/api/no-such-route', headers: bearer(KEYS.pro), limit: '1000' },
  { name: 'a body over the cap', status: 413, path: '/api/connectors/brreg/enheter/923609016', method: 'POST', headers: { ...bearer(KEYS.pro), 'content-type': 'application/json' }, body: JSON.stringify({ pad: 'x'.repeat(MAX_BODY) }), limit: '1000' },
  { name: 'research (not implemented)', status: 501, path: '/api/v1/research', headers: bearer(KEYS.pro), limit: '1000' },
  { name: 'the landing page', status: 200, path: '/mcp', limit: '600' },
  { name: 'a connector route, enterprise', status: 200, path: '/api/connectors/brreg/enheter/923609016', headers: bearer(KEYS.enterprise), limit: 'unlimited' },
  { name: 'no such route, enterprise', status: 404, path: '/api/no-such-route', headers: bearer(KEYS.enterprise), limit: 'unlimited' },
];

type Answer = { status: number; headers: Headers };
type Send = (path: string, init: RequestInit & { headers?: Record<string, string> }) => Promise<Answer>;

function expectLimitHeaders(r: Answer, c: Case) {
  expect(r.status, c.name).toBe(c.status);
  expect(r.headers.get('x-ratelimit-limit'), c.name).toBe(c.limit);
  const remaining = r.headers.get('x-ratelimit-remaining');
  if (c.limit === 'unlimited') expect(remaining, c.name).toBe('unlimited');
  else expect(Number(remaining), `${c.name}: ${remaining}`).toBeGreaterThanOrEqual(0);
  const reset = Number(r.headers.get('x-ratelimit-reset'));
  expect(reset, c.name).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000));
  expect(reset, c.name).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 61);
  if (c.status === 429) expect(Number(r.headers.get('retry-after')), c.name).toBeGreaterThanOrEqual(1);
  else expect(r.headers.get('retry-after'), c.name).toBeNull();
}

async function walk(send: Send, cases: Case[], defaultPath: string) {
  for (const c of cases) {
    const r = await send(c.path ?? defaultPath, { method: c.method ?? (c.body === undefined ? 'GET' : 'POST'), headers: c.headers ?? {}, body: c.body });
    expectLimitHeaders(r, c);
  }
}

/** In-process counters on a clock that stands still from now on: no burst second ends during a test. */
const frozenStore = () => {
  const now = Date.now();
  return new MemoryCounterStore(() => now);
};

/** Sends a Dev key past its burst of 10 per second: the 11th answer is a 429. */
async function refusedDevRequest(send: Send, path: string, init: RequestInit & { headers: Record<string, string> }) {
  let r: Answer | undefined;
  for (let i = 0; i < 11; i++) r = await send(path, init);
  return r!;
}

describe('MCP: every status carries the rate-limit headers', () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLive({ UPSTREAM_MODE: 'replay', FIXED_NOW: RECORDED_AT, MAX_BODY_BYTES: String(MAX_BODY), API_KEYS: ALL_KEYS, ANON_RATE_LIMIT: '600' }, { transport: replay(), counterStore: frozenStore() });
  });
  afterAll(async () => {
    await live?.close();
  });

  it('in process (the Hono route)', async () => {
    const t = createTestApp({ env: { MAX_BODY_BYTES: String(MAX_BODY) } });
    await walk((p, init) => t.fetch(p, init), MCP_CASES, '/mcp/brreg');
  });

  it('over the socket (the Node fast path)', async () => {
    await walk((p, init) => live.fetch(p, init), MCP_CASES, '/mcp/brreg');
  });

  it('a 429, in process and over the socket', async () => {
    const t = createTestApp({ counterStore: frozenStore() });
    const init = { method: 'POST', headers: { ...MCP, ...bearer(KEYS.dev) }, body: lookup() };
    const c: Case = { name: '429', status: 429, limit: '60' };
    expectLimitHeaders(await refusedDevRequest((p, i) => t.fetch(p, i), '/mcp/brreg', init), c);
    expectLimitHeaders(await refusedDevRequest((p, i) => live.fetch(p, i), '/mcp/brreg', init), c);
  });
});

describe('REST: every status carries the rate-limit headers', () => {
  it('200, 400, 401, 403, 404, 413, 501, and for enterprise keys', async () => {
    const t = createTestApp({ env: { MAX_BODY_BYTES: String(MAX_BODY) } });
    await walk((p, init) => t.fetch(p, init), REST_CASES, '/api/v1/health');
  });

  it('429', async () => {
    const t = createTestApp({ counterStore: frozenStore() });
    const r = await refusedDevRequest((p, i) => t.fetch(p, i), '/api/connectors/brreg/enheter/923609016', { headers: bearer(KEYS.dev) });
    expectLimitHeaders(r, { name: '429', status: 429, limit: '60' });
  });

  it('502 when the upstream fails, for a limited and an unlimited key', async () => {
    const failing: Transport = { send: async () => ({ status: 503, headers: {}, body: Buffer.from('') }) };
    const t = createTestApp({ transport: failing });
    for (const [key, limit] of [[KEYS.pro, '1000'], [KEYS.enterprise, 'unlimited']] as const) {
      const r = await t.fetch('/api/connectors/brreg/enheter/923609016', { headers: bearer(key) });
      expectLimitHeaders(r, { name: `502 ${limit}`, status: 502, limit });
    }
  });
});
