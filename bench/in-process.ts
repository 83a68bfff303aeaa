// The MCP endpoint and the request log line run in process, without sockets: the app the bench
// servers run (recorded upstream answers, an enterprise key under limits it never reaches), asked
// through the endpoint's own request interface. bench/micro.ts times it; bench/heap.ts watches
// its heap.
import { pino } from 'pino';
import { loadConfig } from '../runtime/config.js';
import { createAppParts } from '../runtime/http/app.js';
import { logRequest } from '../runtime/http/request.js';
import { createServices } from '../runtime/services.js';
import { SERVERS } from '../servers/index.js';

const KEY = 'bench-key-0000000000000001';

const MODERN_META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };

/** Each request's body, and the headers it adds to the common ones. */
export const REQUESTS: Record<string, { body: string; headers?: Record<string, string> }> = {
  call: { body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } } }) },
  'call at 2026-07-28': {
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { _meta: MODERN_META, name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } } }),
    headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'brreg.enhet.lookup' },
  },
  list: { body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) },
};

/** `quiet`: no log output at all; otherwise lines go to standard output, as in production. */
export function inProcessEndpoint(quiet = false) {
  const config = loadConfig({
    UPSTREAM_MODE: 'replay',
    FIXED_NOW: '2026-11-22T12:00:00Z',
    API_KEYS: `${KEY}:enterprise`,
    ENTERPRISE_RATE_LIMIT: '1000000000/100000000/100000',
    ANON_RATE_LIMIT: '1000000000',
    PORT: '0',
    LOG_LEVEL: 'info',
    DATABASE_PATH: ':memory:',
  });
  const services = createServices(config, { servers: SERVERS, ...(quiet && { logger: pino({ level: 'silent' }) }) });
  const { mcp } = createAppParts(services);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${KEY}`, host: '127.0.0.1' };

  /** One POST /mcp/brreg with `body` (and `extra` headers), and its log line. */
  async function request(body: string, reqId: string, extra: Record<string, string> = {}) {
    const started = performance.now();
    const stats = { upstreamCalls: 0, cacheHits: 0 };
    const log = {};
    const answer = await mcp.handle('brreg', { header: (n) => extra[n] ?? headers[n], readBody: async () => ({ text: body, tooLarge: false }), clientAddress: () => '127.0.0.1', reqId, stats, log });
    logRequest(services, { reqId, method: 'POST', path: '/mcp/brreg', status: answer.status, started, log, stats });
    return answer;
  }

  return { request, close: () => services.close() };
}
