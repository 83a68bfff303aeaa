// Hostile HTTP against the real service on a real socket (runtime/server.ts, replay mode, a body
// cap of 64 KiB, fake credentials in its environment): bodies over the cap answer 413 on every
// face and the connection (or, where the service closes it on purpose, the server) serves the next
// request; JSON-RPC batches, notifications, garbage and invalid UTF-8 answer what the SDK answers;
// Host and Origin checks refuse DNS-rebinding attempts on MCP, REST and the landing page; odd
// request lines do no harm; a property-based run over every tool and REST route goes over the
// socket too; and no answer or log line shows a stack trace, a file path or a credential.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDED_AT } from '../runtime/upstream/recordings.js';
import { KEYS, createTestApp, replay } from './helpers/app.js';
import { argumentsFor, expectMcpAnswer, expectRestAnswer, pairsJson, pathSegment, queryPairs, jsonText, wellFormed } from './helpers/hostile.js';
import { BEARER, FAKE_SECRETS, MCP_HEADERS, expectNoLeak, startLive, watchProcess, type LiveApp } from './helpers/live-app.js';
import { RawConnection, rawOnce, type RawResponse } from './helpers/raw-http.js';
import { takeReplayMisses } from './setup.js';

const CAP = 64 * 1024;
const textOf = (v: unknown) => (typeof v === 'string' ? v : jsonText(v));
const watch = watchProcess();
let app: LiveApp;
let host: string;
/** Every raw answer, for the leak check at the end. */
const answers: string[] = [];

beforeAll(async () => {
  watch.start();
  app = await startLive({ UPSTREAM_MODE: 'replay', FIXED_NOW: RECORDED_AT, MAX_BODY_BYTES: String(CAP) }, { transport: replay() });
  host = new URL(app.url).host;
});

afterAll(async () => {
  await app?.close();
  watch.stop();
});

const keep = (r: RawResponse) => {
  answers.push(r.body);
  return r;
};
const auth = `Bearer ${KEYS.enterprise}`;
const big = (n: number) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(n) } });
const ORG = '923609016';

async function goodOn(c: RawConnection): Promise<void> {
  await c.request('GET', `/api/connectors/brreg/enheter/${ORG}`, { Host: host, Authorization: auth });
  const r = keep(await c.response());
  expect(r.status).toBe(200);
  expect(JSON.parse(r.body).navn).toBe('EQUINOR ASA');
}

describe('bodies over the cap (64 KiB) answer 413', () => {
  const restTargets = [
    ['connector POST', `/api/connectors/brreg/enheter/${ORG}`],
    ['data proxy POST', `/api/data/brreg/enheter/${ORG}`],
  ] as const;

  for (const chunked of [false, true]) {
    const how = chunked ? 'chunked' : 'with Content-Length';
    it.each(restTargets)(`%s ${how}: 413 Problem, and the same connection serves the next request`, async (_n, target) => {
      const c = await RawConnection.open(app.url);
      await c.request('POST', target, { Host: host, Authorization: auth, 'Content-Type': 'application/json' }, big(CAP * 3), { chunked });
      const r = keep(await c.response());
      expect(r.status).toBe(413);
      expect(r.headers['content-type']).toBe('application/problem+json');
      expect(JSON.parse(r.body)).toMatchObject({ status: 413, code: 'payload_too_large', title: 'Payload too large', svcRequestId: r.headers['x-request-id'] });
      expect(r.headers.connection).not.toBe('close');
      await goodOn(c);
      c.end();
    });

    it(`MCP POST ${how}: 413 JSON-RPC error; the service closes that connection on purpose, and a new one is served`, async () => {
      const c = await RawConnection.open(app.url);
      await c.request('POST', '/mcp/brreg', { Host: host, ...MCP_HEADERS }, big(CAP * 3), { chunked });
      const r = keep(await c.response());
      expect(r.status).toBe(413);
      expect(JSON.parse(r.body)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32000, message: `Payload Too Large: Request body must not exceed ${CAP} bytes` } });
      expect(r.headers.connection).toBe('close');
      expect(await c.closedWithin(2_000)).toBe(true);
      const next = await RawConnection.open(app.url);
      await goodOn(next);
      next.end();
    });
  }

  it('a body under the cap is read on every face (the proxy POST forwards it)', async () => {
    const viaProxy = keep(await rawOnce(app.url, 'POST', `/api/data/brreg/enheter/${ORG}`, { Host: host, Authorization: auth, 'Content-Type': 'application/json' }, '{}'));
    expect(viaProxy.status).toBe(200);
    expect(JSON.parse(viaProxy.body).navn).toBe('EQUINOR ASA');
    const viaRoute = keep(await rawOnce(app.url, 'POST', `/api/connectors/brreg/enheter/${ORG}`, { Host: host, Authorization: auth, 'Content-Type': 'application/json' }, JSON.stringify({ orgnr: ORG })));
    expect(viaRoute.status).toBe(200);
  });

  it('in process too (app.request): 413 on MCP, connector POST and proxy POST, with and without a length', async () => {
    const t = createTestApp({ env: { MAX_BODY_BYTES: String(CAP) } });
    const body = big(CAP * 2);
    const stream = () =>
      new ReadableStream<Uint8Array>({
        start(c) {
          for (let i = 0; i < 4; i++) c.enqueue(new TextEncoder().encode(body.slice(i * CAP * 0.5, (i + 1) * CAP * 0.5)));
          c.close();
        },
      });
    for (const withLength of [true, false]) {
      const init = (headers: Record<string, string>) => ({
        method: 'POST',
        headers: { ...headers, ...(withLength && { 'content-length': String(Buffer.byteLength(body)) }) },
        body: withLength ? body : stream(),
        duplex: 'half',
      }) as RequestInit & { headers: Record<string, string> };
      const mcp = await t.fetch('/mcp/brreg', init(MCP_HEADERS));
      expect(mcp.status).toBe(413);
      expect((await mcp.json()).error.code).toBe(-32000);
      for (const path of [`/api/connectors/brreg/enheter/${ORG}`, `/api/data/brreg/enheter/${ORG}`]) {
        const r = await t.fetch(path, init({ authorization: auth, 'content-type': 'application/json' }));
        expect(r.status, path).toBe(413);
        expect(await r.json()).toMatchObject({ status: 413, code: 'payload_too_large' });
      }
    }
  });

  it('a body exactly at the cap is read (not 413)', async () => {
    const body = JSON.stringify({ orgnr: ORG, pad: '' });
    const exact = body.replace('"pad":""', `"pad":"${'x'.repeat(CAP - body.length)}"`);
    expect(Buffer.byteLength(exact)).toBe(CAP);
    const r = keep(await rawOnce(app.url, 'POST', `/api/connectors/brreg/enheter/${ORG}`, { Host: host, Authorization: auth, 'Content-Type': 'application/json' }, exact));
    // Read and validated: the extra field is refused by name.
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body).detail).toMatch(/pad/);
  });

  it.each(restTargets)('%s: a chunked body that never ends is refused once past the cap, not read to its end', async (_n, target) => {
    const c = await RawConnection.open(app.url);
    await c.write(`POST ${target} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: ${auth}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`);
    // Two chunks past the cap, and then nothing, with the body left open: the answer can only come
    // from a server that stops at the cap (one that reads to the end waits for ever).
    const chunk = Buffer.alloc(16 * 1024, 0x20);
    for (let sent = 0; sent <= CAP + chunk.length && !c.closed; sent += chunk.length) {
      await c.write(Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]));
    }
    try {
      const r = keep(await c.response(10_000));
      expect(r.status).toBe(413);
    } finally {
      c.end();
    }
  });

  it('REST routes that take no body (research) answer as they do, and the connection survives the unread body', async () => {
    const c = await RawConnection.open(app.url);
    await c.request('POST', '/api/v1/research', { Host: host, Authorization: auth, 'Content-Type': 'application/json' }, big(CAP * 3));
    const r = keep(await c.response());
    expect(r.status).toBe(501);
    expect(r.headers['content-type']).toBe('application/problem+json');
    await goodOn(c);
    c.end();
  });

  it('a header block over the limit is refused by Node (431) and the process goes on', async () => {
    const r = await rawOnce(app.url, 'GET', '/api/v1/health', { Host: host, 'X-Big': 'x'.repeat(20_000) });
    expect(r.status).toBe(431);
    const h = await app.fetch('/api/v1/health');
    expect(h.status).toBe(200);
  });
});

/** The SDK's own transport (stateless, JSON answers, the same cap): what it answers to `body`. */
async function sdkAnswer(body: Buffer): Promise<{ status: number; body: unknown }> {
  const server = new McpServer({ name: 'brreg', version: '0.1.0' });
  server.registerTool('noop', { description: 'noop' }, async () => ({ content: [] }));
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: CAP });
  await server.connect(transport);
  const res = await transport.handleRequest(new Request('http://127.0.0.1/mcp', { method: 'POST', headers: MCP_HEADERS, body: new Uint8Array(body) }));
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : '' };
}

const rpc = (id: number | string, method: string) => ({ jsonrpc: '2.0', id, method });
const note = (method: string) => ({ jsonrpc: '2.0', method });

describe('JSON-RPC over the socket answers what the SDK answers', () => {
  const bytes = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v));
  // The batch cap (20 messages, the SDK's is 100) is a deliberate difference: tests/mcp-batch-limits.test.ts.
  const CASES: Array<[string, Buffer, number, unknown]> = [
    ['a batch of two pings', bytes([rpc(1, 'ping'), rpc('b', 'ping')]), 200, [{ result: {}, jsonrpc: '2.0', id: 1 }, { result: {}, jsonrpc: '2.0', id: 'b' }]],
    ['a batch of a ping and a notification', bytes([rpc(1, 'ping'), note('notifications/x')]), 200, { result: {}, jsonrpc: '2.0', id: 1 }],
    ['an empty batch', bytes([]), 202, ''],
    ['a notification alone', bytes(note('notifications/initialized')), 202, ''],
    ['a batch of notifications only', bytes([note('notifications/a'), note('notifications/b')]), 202, ''],
    ['a batch with a non-message', bytes([rpc(1, 'ping'), 5]), 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: Invalid JSON-RPC message' } }],
    ['an unknown method', bytes(rpc(3, 'resources/list')), 200, { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found' } }],
    ['garbage bytes', Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80, 0x7b]), 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: Invalid JSON' } }],
    ['invalid UTF-8 inside a string', Buffer.concat([bytes('{"jsonrpc":"2.0","id":1,"method":"ping'), Buffer.from([0xc3, 0x28, 0xff]), bytes('"}')]), 200, { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }],
    ['an overlong UTF-8 quote', Buffer.concat([bytes('{"jsonrpc":"2.0","id":1,"method":"ping'), Buffer.from([0xc0, 0xa2]), bytes('}')]), 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: Invalid JSON' } }],
    ['JSON with trailing garbage', bytes('{"jsonrpc":"2.0","id":1,"method":"ping"} x'), 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: Invalid JSON' } }],
    ['arrays 30 000 deep', bytes(`${'['.repeat(30_000)}${']'.repeat(30_000)}`), 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: Invalid JSON-RPC message' } }],
    ['an empty body', Buffer.alloc(0), 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: Invalid JSON' } }],
    ['NUL bytes', Buffer.alloc(64), 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: Invalid JSON' } }],
  ];

  it.each(CASES)('%s', async (_name, body, status, expected) => {
    const r = keep(await rawOnce(app.url, 'POST', '/mcp/brreg', { Host: host, ...MCP_HEADERS }, body));
    const ours = { status: r.status, body: r.body ? JSON.parse(r.body) : '' };
    expect(ours).toEqual({ status, body: expected });
    expect(ours).toEqual(await sdkAnswer(body));
  });

  it('a body with a UTF-8 byte order mark is read as the SDK reads it (the mark dropped)', async () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(rpc(1, 'ping')))]);
    const r = keep(await rawOnce(app.url, 'POST', '/mcp/brreg', { Host: host, ...MCP_HEADERS }, body));
    const expected = { status: 200, body: { result: {}, jsonrpc: '2.0', id: 1 } };
    expect({ status: r.status, body: JSON.parse(r.body) }).toEqual(expected);
    expect(await sdkAnswer(body)).toEqual(expected);
    // The connector route reads bodies the same way.
    const route = keep(await rawOnce(app.url, 'POST', `/api/connectors/brreg/enheter/${ORG}`, { Host: host, Authorization: auth, 'Content-Type': 'application/json' }, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ orgnr: ORG }))])));
    expect(route.status).toBe(200);
  });
});

describe('Host and Origin: DNS-rebinding attempts are refused on MCP, REST and the landing page', () => {
  const BAD_HOSTS = [
    'evil.example',
    'localhost.evil.example',
    '127.0.0.1.evil.example',
    'LOCALHOST.EVIL.EXAMPLE',
    'evil.example:80',
    'localhost.',
    '127.0.0.2',
    '0.0.0.0',
    '192.168.1.10',
    '[::ffff:127.0.0.1]',
    '[::2]',
    '',
    'localhost, evil.example',
    // Not plain host[:port]: userinfo, a path, a port out of range or not a number.
    'evil@127.0.0.1',
    'evil.example@localhost:8787',
    '127.0.0.1/evil',
    '127.0.0.1:99999',
    '127.0.0.1:http',
    '127.0.0.1:-1',
  ];
  const BAD_ORIGINS = ['null', 'http://evil.example', 'http://localhost.evil.example', 'https://127.0.0.1.evil.example', 'http://localhost.', 'http://[::ffff:127.0.0.1]', 'http://192.168.1.10:8080', 'chrome-extension://abcdef', 'not a url'];
  const SURFACES: Array<{ name: string; method: string; target: string; headers: Record<string, string>; body?: string; json: boolean }> = [
    { name: 'MCP', method: 'POST', target: '/mcp/brreg', headers: MCP_HEADERS, body: JSON.stringify(rpc(1, 'tools/list')), json: true },
    // Not /api/v1/health: a load balancer's probe passes whatever Host it sends.
    { name: 'REST', method: 'GET', target: '/api/v1/version', headers: {}, body: undefined, json: false },
    { name: 'landing page', method: 'GET', target: '/mcp', headers: { Accept: 'text/html' }, body: undefined, json: true },
  ];

  /** Host values the Node adapter of Hono finds malformed (it answers 400 with no body before the app runs). */
  const MALFORMED = new Set(['[::ffff:127.0.0.1]', '[::2]', '', 'localhost, evil.example', 'evil@127.0.0.1', 'evil.example@localhost:8787', '127.0.0.1/evil', '127.0.0.1:99999', '127.0.0.1:http', '127.0.0.1:-1']);

  const expectRefused = (r: RawResponse, json: boolean, what: string, adapterMay = false) => {
    if (adapterMay && r.status === 400) {
      expect(r.body, what).toBe('');
      return;
    }
    expect(r.status, `${what}: ${r.body}`).toBe(403);
    const body = JSON.parse(r.body);
    if (json) expect(body.error).toMatchObject({ code: -32000, message: expect.stringMatching(/^(Invalid|Missing) (Host|Origin)/) });
    else expect(body).toMatchObject({ status: 403, title: 'Forbidden', detail: expect.stringMatching(/^(Invalid|Missing) (Host|Origin)/) });
  };

  for (const s of SURFACES) {
    it.each(BAD_HOSTS)(`${s.name}: Host %j is refused with 403`, async (h) => {
      const r = keep(await rawOnce(app.url, s.method, s.target, { Host: h, ...s.headers }, s.body));
      // POST /mcp/<slug> takes the Node fast path, whose own check answers 403 for every bad Host.
      expectRefused(r, s.json, `Host ${h}`, s.name !== 'MCP' && MALFORMED.has(h));
    });

    it.each(BAD_ORIGINS)(`${s.name}: Origin %j is refused with 403`, async (o) => {
      const r = keep(await rawOnce(app.url, s.method, s.target, { Host: host, Origin: o, ...s.headers }, s.body));
      expectRefused(r, s.json, `Origin ${o}`);
    });

    it(`${s.name}: the service's own names pass in Host (any case, any port)`, async () => {
      // The Host port is not compared (a rebinding page's Host names the attacker's domain, whatever
      // the port; a port forward changes it), and `127.0.0.1.` is the same address to the URL parser.
      for (const h of [host, `LOCALHOST:${new URL(app.url).port}`, 'localhost', '127.0.0.1:1', '127.0.0.1.']) {
        const r = keep(await rawOnce(app.url, s.method, s.target, { Host: h, ...s.headers }, s.body));
        expect(r.status, `Host ${h}`).toBe(200);
      }
    });

    it(`${s.name}: an Origin passes only as one of the service's own origins, port included`, async () => {
      const port = new URL(app.url).port;
      for (const o of [`http://127.0.0.1:${port}`, `http://LOCALHOST:${port}`, `http://[::1]:${port}`]) {
        const r = keep(await rawOnce(app.url, s.method, s.target, { Host: host, Origin: o, ...s.headers }, s.body));
        expect(r.status, `Origin ${o}`).toBe(200);
      }
      for (const o of ['http://127.0.0.1:1', 'http://localhost', `https://127.0.0.1:${port}`, `http://127.0.0.1:${port}/`, `http://user@127.0.0.1:${port}`]) {
        const r = keep(await rawOnce(app.url, s.method, s.target, { Host: host, Origin: o, ...s.headers }, s.body));
        expectRefused(r, s.json, `Origin ${o}`);
      }
    });
  }

  it('a request without any Host header is refused', async () => {
    const c = await RawConnection.open(app.url);
    // HTTP/1.0 lets a client leave Host out; Node rejects HTTP/1.1 without one itself.
    await c.write('GET /api/v1/health HTTP/1.0\r\n\r\n');
    const r = keep(await c.response());
    // Refused by the Node adapter (400, no body) before the app's own check (403) would run.
    expect(r.status).toBe(400);
    expect(r.body).toBe('');
    c.end();
  });

  it('MCP without any Host header is refused by the service itself', async () => {
    const c = await RawConnection.open(app.url);
    await c.write(`POST /mcp/brreg HTTP/1.0\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 2\r\n\r\n{}`);
    const r = keep(await c.response());
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body).error.message).toBe('Missing Host header');
    c.end();
  });
});

describe('odd request lines and methods do no harm', () => {
  const ODD: Array<[string, string, number[]]> = [
    // Absolute-form: Node and the adapter take the path; the Host header (ours) is what is checked.
    // Browsers send this form only to proxies, never to an origin, so it is no rebinding route.
    ['GET', `http://evil.example/api/v1/diagnostics`, [200]],
    ['GET', `http://${'x'.repeat(10)}/mcp`, [200]],
    ['GET', '//evil.example/api/v1/health', [404]],
    ['OPTIONS', '*', [400]],
    ['TRACE', '/api/v1/health', [405]],
    // A known server URL with a method nobody routes: 404 (see the report).
    ['PROPFIND', '/mcp/brreg', [405]],
    ['GET', '/api/v1/%', [404]],
    ['GET', '/api/v1/companies?q=%E0%A4%A&limit=%', [400]],
    ['GET', `/api/v1/companies?${'q=a&'.repeat(2_000)}`, [400]],
    // `/mcp/../api/v1/health` once parsed.
    ['GET', '/mcp/%2e%2e/api/v1/health', [200]],
    ['POST', '/mcp/brreg%00', [404]],
    ['GET', '/api/connectors/brreg/enheter/%ED%A0%80', [400]],
  ];
  it.each(ODD)('%s %s', async (method, target, allowed) => {
    const r = keep(await rawOnce(app.url, method, target, { Host: host, Authorization: auth }));
    expect(allowed, `${r.status} ${r.body.slice(0, 200)}`).toContain(r.status);
    const h = await app.fetch('/api/v1/health');
    expect(h.status).toBe(200);
  });
});

describe('property-based input over the socket', () => {
  it('every tool through MCP and its connector route, a few runs each', async () => {
    const tools = app.running.services.registry.servers.flatMap((s) => s.tools);
    const oneCall = fc.constantFrom(...tools).chain((tool) => argumentsFor(tool.jsonSchema as never).map((pairs) => ({ tool, pairs })));
    await fc.assert(
      fc.asyncProperty(oneCall, fc.boolean(), async ({ tool, pairs }, viaMcp) => {
        if (viaMcp) {
          const body = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":${JSON.stringify(tool.name)},"arguments":${pairsJson(pairs)}}}`;
          const res = await fetch(`${app.url}/mcp/${tool.server.slug}`, { method: 'POST', headers: { ...MCP_HEADERS, ...BEARER }, body });
          await expectMcpAnswer(res, `${tool.name} ${body.slice(0, 200)}`);
        } else {
          const path = `/api/connectors/${tool.server.slug}${tool.def.route.replace(/:([A-Za-z]+)/g, (_, n) => encodeURIComponent(wellFormed(textOf(pairs.find(([k]) => k === n)?.[1] ?? 'x'))).slice(0, 500).replace(/%[0-9A-Fa-f]?$/, '') || 'x')}`;
          // Node refuses a request head over 16 KiB (431) before the app: keep the URL under that.
          const url = `${path}${queryPairs(pairs.filter(([k]) => !tool.routeParams.includes(k)))}`.slice(0, 8_000).replace(/%[0-9A-Fa-f]?$/, '');
          const res = await fetch(`${app.url}${url}`, { headers: BEARER });
          await expectRestAnswer(res, `GET ${path.slice(0, 200)}`, path);
        }
      }),
      { numRuns: 150 },
    );
    takeReplayMisses();
  });

  it('REST routes with random segments and queries', async () => {
    const routes = ['/api/v1/companies', '/api/v1/company/{x}', '/api/v1/companies/{x}/events', '/api/v1/sources', '/api/v1/sources/{x}', '/api/v1/diagnostics', '/api/data/brreg/{x}', '/api/data/{x}/{x}'];
    const q = fc.array(fc.tuple(fc.constantFrom('q', 'country', 'limit', 'page', 'pageSize', 'cursor', 'status', 'x'), fc.string({ maxLength: 20 })), { maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), pathSegment(), q, async (route, seg, pairs) => {
        const path = `${route.replaceAll('{x}', seg)}${queryPairs(pairs)}`;
        const res = await fetch(`${app.url}${path}`, { headers: BEARER });
        await expectRestAnswer(res, `GET ${path.slice(0, 200)}`, path);
      }),
      { numRuns: 150 },
    );
    takeReplayMisses();
  });
});

describe('the whole file', () => {
  it('no answer shows a stack trace, a file path or a credential; no log line a credential', () => {
    expect(answers.length).toBeGreaterThan(80);
    const secrets = [...Object.values(FAKE_SECRETS), KEYS.enterprise];
    for (const a of [...answers, ...app.bodies]) expectNoLeak(a, secrets);
    for (const line of app.logs) for (const s of secrets) expect(line.includes(s), `log line carries ${s}`).toBe(false);
  });

  it('no unhandled rejection or uncaught exception fired', () => {
    expect(watch.seen).toEqual([]);
  });
});
