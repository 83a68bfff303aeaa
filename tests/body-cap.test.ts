// MAX_BODY_BYTES on every route that reads a body, over a real socket (runtime/server.ts, cap 64
// KiB): the landing page's POST /mcp reads through the same capped reader as MCP, connector and
// proxy routes, so a chunked body without Content-Length is refused (413) once past the cap while
// the client is still sending, instead of being read into memory to its end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDED_AT } from '../runtime/upstream/recordings.js';
import { KEYS, createTestApp, replay } from './helpers/app.js';
import { MCP_HEADERS, startLive, type LiveApp } from './helpers/live-app.js';
import { RawConnection, rawOnce } from './helpers/raw-http.js';

const CAP = 64 * 1024;
let app: LiveApp;
let host: string;

beforeAll(async () => {
  app = await startLive({ UPSTREAM_MODE: 'replay', FIXED_NOW: RECORDED_AT, MAX_BODY_BYTES: String(CAP) }, { transport: replay() });
  host = new URL(app.url).host;
});

afterAll(async () => {
  await app?.close();
});

const ORG = '923609016';
const auth = `Bearer ${KEYS.enterprise}`;
const TARGETS = [
  ['landing POST /mcp', '/mcp', { 'Content-Type': 'application/json' }],
  ['MCP POST', '/mcp/brreg', MCP_HEADERS],
  ['connector POST', `/api/connectors/brreg/enheter/${ORG}`, { Authorization: auth, 'Content-Type': 'application/json' }],
  ['data proxy POST', `/api/data/brreg/enheter/${ORG}`, { Authorization: auth, 'Content-Type': 'application/json' }],
  ['backend POST', `/v1/connectors/brreg/enheter/${ORG}`, { Authorization: auth, 'Content-Type': 'application/json' }],
] as const;

/** Sends a chunked body that never ends, one 16 KiB chunk per event-loop turn, until the answer comes. */
async function endlessChunked(target: string, headers: Record<string, string>) {
  const c = await RawConnection.open(app.url);
  const head = Object.entries({ Host: host, ...headers }).map(([k, v]) => `${k}: ${v}`);
  const start = '{"jsonrpc":"2.0","pad":"';
  await c.write(`POST ${target} HTTP/1.1\r\n${head.join('\r\n')}\r\nTransfer-Encoding: chunked\r\n\r\n${start.length.toString(16)}\r\n${start}\r\n`);
  let sent = 0;
  let answered = false;
  const chunk = Buffer.concat([Buffer.from('4000\r\n'), Buffer.alloc(0x4000, 0x78), Buffer.from('\r\n')]);
  const pump = async () => {
    while (!answered && !c.closed && sent < 512 * 1024 * 1024) {
      await c.write(chunk);
      sent += 0x4000;
    }
  };
  const pumping = pump();
  try {
    const r = await c.response(20_000);
    answered = true;
    return { r, sent };
  } finally {
    answered = true;
    c.end();
    await pumping;
  }
}

describe('every route that reads a body refuses one over MAX_BODY_BYTES', () => {
  it.each(TARGETS)('%s: a chunked body without Content-Length that never ends is answered 413', async (_name, target, headers) => {
    const { r, sent } = await endlessChunked(target, headers);
    expect(r.status).toBe(413);
    // The answer came while the body was still arriving: the service stopped at the cap.
    expect(sent).toBeLessThan(512 * 1024 * 1024);
  }, 30_000);

  it.each(TARGETS)('%s: a declared Content-Length over the cap is answered 413', async (_name, target, headers) => {
    const r = await rawOnce(app.url, 'POST', target, { Host: host, ...headers }, JSON.stringify({ pad: 'x'.repeat(CAP) }));
    expect(r.status).toBe(413);
  });

  it('the landing POST answers a body under the cap as before (HTML; a JSON-RPC body is pointed to the per-source URLs)', async () => {
    const rpc = await rawOnce(app.url, 'POST', '/mcp', { Host: host, 'Content-Type': 'application/json' }, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
    expect(rpc.status).toBe(200);
    expect(rpc.headers['content-type']).toMatch(/text\/html/);
    expect(rpc.body).toMatch(/not an MCP endpoint/);
    const exact = await rawOnce(app.url, 'POST', '/mcp', { Host: host }, Buffer.alloc(CAP, 0x20));
    expect(exact.status).toBe(200);
  });

  it('the landing POST answers 413 in process too (app.request), with and without a length', async () => {
    const t = createTestApp({ env: { MAX_BODY_BYTES: String(CAP) } });
    const sized = await t.fetch('/mcp', { method: 'POST', body: 'x'.repeat(CAP + 1) });
    expect(sized.status).toBe(413);
    expect(await sized.text()).toMatch(/at most 65536 bytes/);
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 8; i++) controller.enqueue(new Uint8Array(CAP / 4));
        controller.close();
      },
    });
    const chunked = await t.fetch('/mcp', { method: 'POST', body: stream, duplex: 'half' } as RequestInit & { headers?: Record<string, string> });
    expect(chunked.status).toBe(413);
  });
});
