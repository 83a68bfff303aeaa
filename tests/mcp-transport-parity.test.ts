// The host's MCP endpoint answers every transport-level case exactly as the SDK's own
// WebStandardStreamableHTTPServerTransport (stateless, JSON responses) does: same status, same
// JSON-RPC error code and message, same content type. A corpus of good and bad requests is sent
// to both, and the answers compared. One deliberate difference is left out: a batch holds at most
// 20 messages here, 100 in the SDK (tests/mcp-batch-limits.test.ts).
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app.js';

const MAX_BODY = 64 * 1024;
const GOOD_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const init = (id: number | string = 1, version = '2025-06-18') => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'parity', version: '1' } },
});

interface Case {
  name: string;
  headers?: Record<string, string>;
  body: string;
}

const json = (v: unknown) => JSON.stringify(v);

const CASES: Case[] = [
  { name: 'initialize', body: json(init()) },
  { name: 'initialize with string id', body: json(init('abc')) },
  { name: 'initialize with an old revision', body: json(init(1, '2024-11-05')) },
  { name: 'ping', body: json({ jsonrpc: '2.0', id: 2, method: 'ping' }) },
  { name: 'ping with params', body: json({ jsonrpc: '2.0', id: 2, method: 'ping', params: {} }) },
  { name: 'ping with _meta', body: json({ jsonrpc: '2.0', id: 2, method: 'ping', params: { _meta: { progressToken: 'p' } } }) },
  { name: 'unknown method', body: json({ jsonrpc: '2.0', id: 3, method: 'resources/list' }) },
  { name: 'prompts/list', body: json({ jsonrpc: '2.0', id: 3, method: 'prompts/list' }) },
  { name: 'notification only', body: json({ jsonrpc: '2.0', method: 'notifications/initialized' }) },
  { name: 'response only', body: json({ jsonrpc: '2.0', id: 9, result: {} }) },
  { name: 'error response only', body: json({ jsonrpc: '2.0', id: 9, error: { code: -1, message: 'x' } }) },
  { name: 'batch of two pings', body: json([{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: 2, method: 'ping' }]) },
  { name: 'batch ping and notification', body: json([{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', method: 'notifications/x' }]) },
  { name: 'batch of two initializes', body: json([init(1), init(2)]) },
  { name: 'initialize in a batch', body: json([init(1), { jsonrpc: '2.0', id: 2, method: 'ping' }]) },
  { name: 'empty batch', body: '[]' },
  { name: 'invalid JSON', body: '{"jsonrpc":' },
  { name: 'empty body', body: '' },
  { name: 'not a message', body: json({ foo: 1 }) },
  { name: 'wrong jsonrpc version', body: json({ jsonrpc: '1.0', id: 1, method: 'ping' }) },
  { name: 'fractional id', body: json({ jsonrpc: '2.0', id: 1.5, method: 'ping' }) },
  { name: 'null id', body: json({ jsonrpc: '2.0', id: null, method: 'ping' }) },
  { name: 'extra member', body: json({ jsonrpc: '2.0', id: 1, method: 'ping', extra: true }) },
  { name: 'params as array', body: json({ jsonrpc: '2.0', id: 1, method: 'ping', params: [1] }) },
  { name: 'method not a string', body: json({ jsonrpc: '2.0', id: 1, method: 5 }) },
  { name: 'a bare string', body: json('ping') },
  { name: 'a number', body: '42' },
  { name: 'null', body: 'null' },
  { name: 'unsupported protocol header', headers: { 'mcp-protocol-version': '1999-01-01' }, body: json({ jsonrpc: '2.0', id: 1, method: 'ping' }) },
  { name: 'supported protocol header', headers: { 'mcp-protocol-version': '2025-03-26' }, body: json({ jsonrpc: '2.0', id: 1, method: 'ping' }) },
  { name: 'initialize ignores the protocol header', headers: { 'mcp-protocol-version': '1999-01-01' }, body: json(init()) },
  { name: 'no Accept', headers: { accept: '' }, body: json({ jsonrpc: '2.0', id: 1, method: 'ping' }) },
  { name: 'Accept JSON only', headers: { accept: 'application/json' }, body: json({ jsonrpc: '2.0', id: 1, method: 'ping' }) },
  { name: 'Accept SSE only', headers: { accept: 'text/event-stream' }, body: json({ jsonrpc: '2.0', id: 1, method: 'ping' }) },
  { name: 'Content-Type text/plain', headers: { 'content-type': 'text/plain' }, body: json({ jsonrpc: '2.0', id: 1, method: 'ping' }) },
  { name: 'Content-Type with charset', headers: { 'content-type': 'application/json; charset=utf-8' }, body: json({ jsonrpc: '2.0', id: 1, method: 'ping' }) },
  { name: 'body over the cap', body: json({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(MAX_BODY) } }) },
];

async function reference(c: Case): Promise<Response> {
  const server = new McpServer({ name: 'brreg', version: '0.1.0' });
  server.registerTool('noop', { description: 'noop' }, async () => ({ content: [] }));
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: MAX_BODY });
  await server.connect(transport);
  const headers = { ...GOOD_HEADERS, ...c.headers };
  for (const [k, v] of Object.entries(headers)) if (v === '') delete (headers as Record<string, string>)[k];
  return transport.handleRequest(new Request('http://127.0.0.1:8787/mcp', { method: 'POST', headers, body: c.body }));
}

/** What must agree: status, content type, and per message the id, the error code and message, or that a result exists. */
async function summary(res: Response) {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : '';
  } catch {
    /* keep text */
  }
  const one = (m: Record<string, unknown>) =>
    m.error ? { id: m.id ?? null, error: { code: (m.error as { code: number }).code, message: (m.error as { message: string }).message } } : { id: m.id, result: m.result !== undefined };
  return {
    status: res.status,
    type: (res.headers.get('content-type') ?? '').split(';')[0],
    body: Array.isArray(body) ? body.map(one) : typeof body === 'object' && body ? one(body as Record<string, unknown>) : body,
  };
}

describe('transport parity with the SDK (stateless, JSON responses)', () => {
  const t = createTestApp({ env: { MAX_BODY_BYTES: String(MAX_BODY) } });
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const headers = { ...GOOD_HEADERS, ...c.headers };
    for (const [k, v] of Object.entries(headers)) if (v === '') delete (headers as Record<string, string>)[k];
    const ours = await summary(await t.fetch('/mcp/brreg', { method: 'POST', headers, body: c.body }));
    const theirs = await summary(await reference(c));
    expect(ours).toEqual(theirs);
  });
});
