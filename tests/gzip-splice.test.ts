// tools/list answers gzip-compressed to clients that accept it, spliced from bytes compressed once.
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipPrefix, gzipSpliced, gzipWithTail, prefersGzip } from '../runtime/http/gzip-splice.js';
import { createTestApp } from './helpers/app.js';
import { startServer } from '../runtime/server.js';
import { loadConfig } from '../runtime/config.js';
import { pino } from 'pino';
import { replay } from './helpers/app.js';

describe('gzip splice', () => {
  const cases: [string, Buffer, Buffer][] = [
    ['text and a short tail', Buffer.from('{"result":{"tools":[]},"jsonrpc":"2.0","id":'), Buffer.from('1}')],
    ['an empty fixed part', Buffer.alloc(0), Buffer.from('"x"}')],
    ['an empty tail', Buffer.from('abc'.repeat(1000)), Buffer.alloc(0)],
    ['incompressible bytes', randomBytes(200_000), randomBytes(300)],
    ['the longest tail', Buffer.from('fixed'), Buffer.alloc(65_535, 0x41)],
    ['multi-byte text', Buffer.from('Brønnøysundregistrene — æøå 😀'.repeat(50)), Buffer.from('"ø"}')],
  ];
  it.each(cases)('decompresses to the fixed part and the tail: %s', (_, fixed, tail) => {
    const prefix = gzipPrefix(fixed);
    const answer = Buffer.concat(gzipWithTail(prefix, tail));
    expect(gunzipSync(answer).equals(Buffer.concat([fixed, tail]))).toBe(true);
    // One prefix serves many tails.
    expect(gunzipSync(Buffer.concat(gzipWithTail(prefix, Buffer.from('42}')))).equals(Buffer.concat([fixed, Buffer.from('42}')]))).toBe(true);
  });

  it('refuses a tail longer than one stored block', () => {
    expect(() => gzipWithTail(gzipPrefix(Buffer.from('x')), Buffer.alloc(65_536))).toThrow(/65535/);
  });

  it('splices several compressed parts between stored bytes (a batch answer)', () => {
    const fixed = Buffer.from('{"result":{"tools":[…]},"jsonrpc":"2.0","id":'.repeat(40));
    const other = randomBytes(100_000);
    const known = new Map<Buffer, ReturnType<typeof gzipPrefix>>([fixed, other].map((b) => [b, gzipPrefix(b)] as const));
    const sequences: Buffer[][] = [
      [Buffer.from('['), fixed, Buffer.from('1}'), Buffer.from(','), fixed, Buffer.from('2}'), Buffer.from(']')],
      [fixed, other, fixed],
      [Buffer.from('['), Buffer.alloc(70_000, 0x41), other, Buffer.from(']')],
      [Buffer.from('only stored bytes')],
      [],
    ];
    for (const pieces of sequences) {
      const gz = Buffer.concat(gzipSpliced(pieces, (p) => known.get(p)));
      expect(gunzipSync(gz).equals(Buffer.concat(pieces))).toBe(true);
    }
  });

  it.each([
    ['gzip, deflate', true],
    ['gzip, deflate, br', true],
    ['br;q=1, gzip;q=0.8', true],
    ['*', true],
    ['gzip;q=0', false],
    ['identity', false],
    ['br', false],
    ['gzip;q=0.5, identity;q=1', false],
    ['', false],
    [undefined, false],
  ])('Accept-Encoding %j prefers gzip: %s', (header, expected) => {
    expect(prefersGzip(header)).toBe(expected);
  });
});

describe('tools/list with Accept-Encoding', () => {
  const list = (id: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' });
  const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

  it('answers gzip through the Hono route, the same JSON as without, and says Vary', async () => {
    const t = createTestApp();
    const plain = await t.fetch('/mcp/brreg', { method: 'POST', headers: mcpHeaders, body: list('a"b') });
    const zipped = await t.fetch('/mcp/brreg', { method: 'POST', headers: { ...mcpHeaders, 'accept-encoding': 'gzip, deflate' }, body: list('a"b') });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    const text = gunzipSync(bytes).toString('utf8');
    expect(text).toBe(await plain.text());
    expect(JSON.parse(text).id).toBe('a"b');
    expect(bytes.length * 4).toBeLessThan(Buffer.byteLength(text));
  });

  it('answers gzip on the Node fast path with a right Content-Length, for a batch too', async () => {
    const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', UPSTREAM_MODE: 'replay', DATABASE_PATH: ':memory:' });
    const running = await startServer(config, { logger: pino({ level: 'silent' }), transport: replay() });
    try {
      const raw = (body: string) =>
        new Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }>((resolve, reject) => {
          const req = request(`${running.url}/mcp/brreg`, { method: 'POST', headers: { ...mcpHeaders, 'accept-encoding': 'gzip' } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
          });
          req.on('error', reject);
          req.end(body);
        });
      const one = await raw(list(7));
      expect(one.status).toBe(200);
      expect(one.headers['content-encoding']).toBe('gzip');
      expect(Number(one.headers['content-length'])).toBe(one.bytes.length);
      const parsed = JSON.parse(gunzipSync(one.bytes).toString('utf8'));
      expect(parsed.id).toBe(7);
      expect(parsed.result.tools.length).toBeGreaterThan(10);
      // fetch (as the SDK client uses) asks for gzip and decompresses.
      const viaFetch = await fetch(`${running.url}/mcp/brreg`, { method: 'POST', headers: mcpHeaders, body: list(8) });
      expect((await viaFetch.json()).result.tools).toEqual(parsed.result.tools);
      const batch = await raw(`[${list(1)},${list(2)}]`);
      expect(batch.headers['content-encoding']).toBe('gzip');
      expect(Number(batch.headers['content-length'])).toBe(batch.bytes.length);
      expect(JSON.parse(gunzipSync(batch.bytes).toString('utf8')).map((m: { id: number }) => m.id)).toEqual([1, 2]);
    } finally {
      await running.close();
    }
  });
});
