// Revision 2026-07-28 beside the 2025 revisions on one endpoint. SDK 1.x does not speak this
// revision, so the reference here is the revision's own text (runtime/mcp/modern.ts cites the
// pages): a table of good and bad requests with the status, JSON-RPC code and id each must get,
// then the results' shapes, and that the 2025 answers did not change.
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TOOLS_LIST_TTL_MS } from '../runtime/mcp/dispatch.js';
import { decodeHeaderValue, isModern, withResultType } from '../runtime/mcp/modern.js';
import { createTestApp, KEYS, rpc } from './helpers/app.js';

const V = '2026-07-28';
const META = { 'io.modelcontextprotocol/protocolVersion': V, 'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
const modernHeaders = (method: string, name?: string): Record<string, string> => ({ 'mcp-protocol-version': V, 'mcp-method': method, ...(name !== undefined && { 'mcp-name': name }) });
const request = (id: number | string, method: string, params: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id, method, params: { _meta: META, ...params } });
const b64 = (s: string) => `=?base64?${Buffer.from(s).toString('base64')}?=`;

interface Case {
  name: string;
  body: unknown;
  headers: Record<string, string>;
  status: number;
  /** The JSON-RPC error code, or undefined for a result. */
  code?: number;
  /** The id the answer must carry; undefined: no id member. */
  id?: number | string;
}

const metaWithoutVersion = { 'io.modelcontextprotocol/clientInfo': META['io.modelcontextprotocol/clientInfo'], 'io.modelcontextprotocol/clientCapabilities': {} };
const CASES: Case[] = [
  { name: 'server/discover', body: request(1, 'server/discover'), headers: modernHeaders('server/discover'), status: 200, id: 1 },
  { name: 'tools/list', body: request('a', 'tools/list'), headers: modernHeaders('tools/list'), status: 200, id: 'a' },
  { name: 'header values with whitespace around them', body: request(2, 'tools/list'), headers: { 'mcp-protocol-version': ` ${V} `, 'mcp-method': '\ttools/list ' }, status: 200, id: 2 },
  { name: 'no clientInfo (a SHOULD)', body: { jsonrpc: '2.0', id: 3, method: 'server/discover', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': V, 'io.modelcontextprotocol/clientCapabilities': {} } } }, headers: modernHeaders('server/discover'), status: 200, id: 3 },
  { name: 'no _meta', body: { jsonrpc: '2.0', id: 4, method: 'server/discover', params: {} }, headers: modernHeaders('server/discover'), status: 400, code: -32602, id: 4 },
  { name: 'no params', body: { jsonrpc: '2.0', id: 4, method: 'tools/list' }, headers: modernHeaders('tools/list'), status: 400, code: -32602, id: 4 },
  { name: '_meta without protocolVersion', body: { jsonrpc: '2.0', id: 5, method: 'tools/list', params: { _meta: { ...metaWithoutVersion } } }, headers: modernHeaders('tools/list'), status: 400, code: -32602, id: 5 },
  { name: '_meta without clientCapabilities', body: { jsonrpc: '2.0', id: 6, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': V } } }, headers: modernHeaders('tools/list'), status: 400, code: -32602, id: 6 },
  { name: 'clientCapabilities not an object', body: request(7, 'tools/list', { _meta: { ...META, 'io.modelcontextprotocol/clientCapabilities': [] } }), headers: modernHeaders('tools/list'), status: 400, code: -32602, id: 7 },
  { name: 'clientInfo without version', body: request(7, 'tools/list', { _meta: { ...META, 'io.modelcontextprotocol/clientInfo': { name: 'x' } } }), headers: modernHeaders('tools/list'), status: 400, code: -32602, id: 7 },
  { name: 'unsupported version in header and _meta', body: request(8, 'server/discover', { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '1900-01-01' } }), headers: { ...modernHeaders('server/discover'), 'mcp-protocol-version': '1900-01-01' }, status: 400, code: -32022, id: 8 },
  { name: 'header version differs from _meta', body: request(9, 'server/discover', { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } }), headers: modernHeaders('server/discover'), status: 400, code: -32020, id: 9 },
  { name: '_meta version without the header', body: request(10, 'tools/list'), headers: { 'mcp-method': 'tools/list' }, status: 400, code: -32020, id: 10 },
  { name: 'no Mcp-Method', body: request(11, 'tools/list'), headers: { 'mcp-protocol-version': V }, status: 400, code: -32020, id: 11 },
  { name: 'Mcp-Method differs', body: request(12, 'tools/list'), headers: modernHeaders('server/discover'), status: 400, code: -32020, id: 12 },
  { name: 'Mcp-Method differs in case', body: request(12, 'tools/list'), headers: modernHeaders('TOOLS/LIST'), status: 400, code: -32020, id: 12 },
  { name: 'tools/call without Mcp-Name', body: request(13, 'tools/call', { name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } }), headers: modernHeaders('tools/call'), status: 400, code: -32020, id: 13 },
  { name: 'tools/call with another Mcp-Name', body: request(14, 'tools/call', { name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } }), headers: modernHeaders('tools/call', 'brreg.roller.lookup'), status: 400, code: -32020, id: 14 },
  { name: 'tools/call with a Base64 Mcp-Name', body: request(15, 'tools/call', { name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } }), headers: modernHeaders('tools/call', b64('brreg.enhet.lookup')), status: 200, id: 15 },
  { name: 'tools/call with a broken Base64 Mcp-Name', body: request(16, 'tools/call', { name: 'brreg.enhet.lookup', arguments: {} }), headers: modernHeaders('tools/call', '=?base64?%%%?='), status: 400, code: -32020, id: 16 },
  { name: 'initialize is gone', body: request(17, 'initialize', { protocolVersion: V, capabilities: {}, clientInfo: { name: 'x', version: '1' } }), headers: modernHeaders('initialize'), status: 404, code: -32601, id: 17 },
  { name: 'ping is gone', body: request(18, 'ping'), headers: modernHeaders('ping'), status: 404, code: -32601, id: 18 },
  { name: 'unknown method', body: request(19, 'prompts/list'), headers: modernHeaders('prompts/list'), status: 404, code: -32601, id: 19 },
  { name: 'a batch', body: [request(20, 'tools/list'), request(21, 'server/discover')], headers: modernHeaders('tools/list'), status: 400, code: -32600 },
  { name: 'null id', body: { ...request(0, 'tools/list'), id: null }, headers: modernHeaders('tools/list'), status: 400, code: -32600 },
];

describe('revision 2026-07-28: requests checked against the revision', () => {
  const t = createTestApp();
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const r = await rpc(t, 'brreg', c.body, KEYS.pro, c.headers);
    expect(r.status).toBe(c.status);
    expect(r.body.jsonrpc).toBe('2.0');
    if (c.id === undefined) expect('id' in r.body).toBe(false);
    else expect(r.body.id).toEqual(c.id);
    if (c.code === undefined) {
      expect(r.body.error).toBeUndefined();
      expect(r.body.result.resultType).toBe('complete');
    } else {
      expect(r.body.error.code).toBe(c.code);
    }
  });

  it('an unsupported version is answered with the versions served and the one requested', async () => {
    const r = await rpc(t, 'brreg', request(1, 'tools/list', { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '1900-01-01' } }), undefined, {
      ...modernHeaders('tools/list'),
      'mcp-protocol-version': '1900-01-01',
    });
    expect(r.body.error.data).toEqual({ supported: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'], requested: '1900-01-01' });
  });
});

describe('revision 2026-07-28: results', () => {
  const t = createTestApp();

  it('server/discover names the versions, capabilities, instructions, cache hints and the server', async () => {
    const r = await rpc(t, 'brreg', request(1, 'server/discover'), undefined, modernHeaders('server/discover'));
    const result = r.body.result;
    expect(result.supportedVersions).toEqual(expect.arrayContaining(['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26']));
    expect(result.capabilities).toEqual({ tools: { listChanged: false } });
    expect(result.instructions).toMatch(/Licence/);
    expect(result).toMatchObject({ resultType: 'complete', ttlMs: TOOLS_LIST_TTL_MS, cacheScope: 'public' });
    expect(result._meta['io.modelcontextprotocol/serverInfo']).toMatchObject({ name: 'brreg', version: expect.any(String) });
  });

  it('tools/list carries the same tools as for 2025 clients, in the same fixed order, with cache hints; gzip too', async () => {
    const legacy = await rpc(t, 'brreg', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const modern = await rpc(t, 'brreg', request(1, 'tools/list'), undefined, modernHeaders('tools/list'));
    expect(modern.body.result.tools).toEqual(legacy.body.result.tools);
    expect(modern.body.result.tools.map((x: { name: string }) => x.name)).toEqual(t.services.registry.servers.find((s) => s.slug === 'brreg')!.tools.map((x) => x.name));
    expect(modern.body.result).toMatchObject({ resultType: 'complete', ttlMs: TOOLS_LIST_TTL_MS, cacheScope: 'public' });
    expect(modern.headers.get('vary')).toBe('Accept-Encoding');

    const res = await t.fetch('/mcp/brreg', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'accept-encoding': 'gzip', ...modernHeaders('tools/list') },
      body: JSON.stringify(request(7, 'tools/list')),
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())).toEqual({ ...modern.body, id: 7 });
  });

  it('a remembered tools/call result is answered with one resultType at 2026-07-28 and none at 2025, in any order', async () => {
    const params = { name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } };
    const raw = async (modern: boolean, id: number) => {
      const res = await t.fetch('/mcp/brreg', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${KEYS.pro}`, ...(modern && modernHeaders('tools/call', params.name)) },
        body: JSON.stringify(modern ? request(id, 'tools/call', params) : { jsonrpc: '2.0', id, method: 'tools/call', params }),
      });
      return res.text();
    };
    // Fresh, then remembered (the same outcome object serves both eras), in both orders.
    for (const [n, modern] of [true, false, true, false, false, true].entries()) {
      const text = await raw(modern, n);
      expect(text.split('"resultType"').length - 1, text.slice(0, 80)).toBe(modern ? 1 : 0);
      expect(JSON.parse(text)).toMatchObject({ id: n, result: { structuredContent: { orgnr: '923609016' } } });
    }
  });

  it('tools/call answers as for 2025 clients plus resultType; it still needs a key', async () => {
    const params = { name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } };
    const legacy = await rpc(t, 'brreg', { jsonrpc: '2.0', id: 1, method: 'tools/call', params }, KEYS.pro);
    const modern = await rpc(t, 'brreg', request(1, 'tools/call', params), KEYS.pro, modernHeaders('tools/call', params.name));
    // The same answer; its provenance differs only in saying the second one came from the cache.
    expect(modern.body.result).toEqual({ ...legacy.body.result, resultType: 'complete', _meta: expect.any(Object) });
    expect(modern.body.result._meta['no.opendata/provenance']).toMatchObject({ cached: true, sources: legacy.body.result._meta['no.opendata/provenance'].sources.map((s: object) => ({ ...s, cached: true })) });

    const error = await rpc(t, 'brreg', request(2, 'tools/call', { name: 'brreg.enhet.lookup', arguments: { orgnr: 'x' } }), KEYS.pro, modernHeaders('tools/call', 'brreg.enhet.lookup'));
    expect(error.body.result).toMatchObject({ isError: true, resultType: 'complete' });

    const keyless = await rpc(t, 'brreg', request(3, 'tools/call', params), undefined, modernHeaders('tools/call', params.name));
    expect(keyless.status).toBe(401);
    expect(keyless.body.id).toBe(3);
  });

  it('a notification is accepted with 202 and no body', async () => {
    const res = await t.fetch('/mcp/brreg', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': V, 'mcp-method': 'notifications/x' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/x', params: { _meta: META } }),
    });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
  });
});

describe('revision 2026-07-28: the 2025 answers stay as they were', () => {
  const t = createTestApp();
  it('a 2025 tools/list and ping carry no resultType or cache hints', async () => {
    const list = await rpc(t, 'brreg', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, undefined, { 'mcp-protocol-version': '2025-11-25' });
    expect(Object.keys(list.body.result)).toEqual(['tools']);
    const ping = await rpc(t, 'brreg', { jsonrpc: '2.0', id: 1, method: 'ping' }, undefined, { 'mcp-protocol-version': '2025-06-18' });
    expect(ping.body.result).toEqual({});
  });
});

describe('revision 2026-07-28: how a request is told apart', () => {
  const meta = (v: string) => ({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': v } } });
  it.each([
    ['no header, no _meta version (2025-03-26)', { jsonrpc: '2.0', id: 1, method: 'ping' }, undefined, false],
    ['a 2025 header', { jsonrpc: '2.0', id: 1, method: 'ping' }, '2025-11-25', false],
    ['an unknown header without _meta (the 2025 error, as the SDK answers it)', { jsonrpc: '2.0', id: 1, method: 'ping' }, '1999-01-01', false],
    ['a 2025 _meta key with its own header', meta('2025-11-25'), '2025-11-25', false],
    ['a 2025 _meta progressToken', { jsonrpc: '2.0', id: 1, method: 'ping', params: { _meta: { progressToken: 1 } } }, '2025-11-25', false],
    ['the 2026-07-28 header', { jsonrpc: '2.0', id: 1, method: 'tools/list' }, V, true],
    ['a _meta version without header', meta(V), undefined, true],
    ['a _meta version the header contradicts', meta(V), '2025-11-25', true],
    ['an unknown _meta version', meta('1900-01-01'), '1900-01-01', true],
  ] as const)('%s', (_name, body, header, expected) => {
    expect(isModern(body, header)).toBe(expected);
  });
});

describe('revision 2026-07-28: helpers', () => {
  it('resultType is spliced into string and byte answers, empty results included', () => {
    expect(JSON.parse(withResultType('{"result":{},"jsonrpc":"2.0","id":1}'))).toEqual({ result: { resultType: 'complete' }, jsonrpc: '2.0', id: 1 });
    expect(JSON.parse(withResultType('{"result":{"a":1},"jsonrpc":"2.0","id":1}')).result).toEqual({ resultType: 'complete', a: 1 });
    expect(withResultType('{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"x"}}')).toBe('{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"x"}}');
    const bytes = withResultType([Buffer.from('{"result":{"content":[]'), Buffer.from('},"jsonrpc":"2.0","id":1}')]);
    expect(JSON.parse(Buffer.concat(bytes).toString()).result).toEqual({ resultType: 'complete', content: [] });
    // An answer made with the field already is left as it is.
    const made = [Buffer.from('{"result":{"resultType":"complete","content":[]'), Buffer.from('},"jsonrpc":"2.0","id":1}')];
    expect(withResultType(made)).toBe(made);
    expect(withResultType('{"result":{"resultType":"complete"},"id":1}')).toBe('{"result":{"resultType":"complete"},"id":1}');
  });

  it('Mcp-Name values in the Base64 sentinel form are decoded', () => {
    expect(decodeHeaderValue(b64('Hello, 世界'))).toBe('Hello, 世界');
    expect(decodeHeaderValue('plain')).toBe('plain');
    expect(decodeHeaderValue('=?base64?***?=')).toBeUndefined();
  });
});
