// In-process cost of one MCP request without sockets: runs the endpoint and the log line in a loop
// and prints microseconds per request on stderr. `npx tsx bench/micro.ts > /dev/null` (the request
// lines go to stdout, as in production); QUIET=1 leaves the log out.
import { pino } from 'pino';
import { loadConfig } from '../runtime/config.js';
import { createAppParts } from '../runtime/http/app.js';
import { logRequest } from '../runtime/http/request.js';
import { createServices } from '../runtime/services.js';
import { SERVERS } from '../servers/index.js';

const KEY = 'bench-key-0000000000000001';
const config = loadConfig({ ...process.env, UPSTREAM_MODE: 'replay', FIXED_NOW: '2026-11-22T12:00:00Z', API_KEYS: `${KEY}:enterprise`, ENTERPRISE_RATE_LIMIT: '1000000000/100000000/100000', ANON_RATE_LIMIT: '1000000000', PORT: '0' });
const quiet = process.env.QUIET === '1';
const services = createServices(config, { servers: SERVERS, ...(quiet && { logger: pino({ level: 'silent' }) }) });
const parts = createAppParts(services);
const bodies = {
  call: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } } }),
  list: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
};
const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${KEY}`, host: '127.0.0.1:3000' };
async function once(body: string) {
  const started = performance.now();
  const stats = { upstreamCalls: 0, cacheHits: 0 };
  const log = {};
  const answer = await parts.mcp.handle('brreg', { header: (n) => headers[n], readBody: async () => ({ text: body, tooLarge: false }), clientAddress: () => '127.0.0.1', reqId: 'r1', stats, log });
  logRequest(services, { reqId: 'r1', method: 'POST', path: '/mcp/brreg', status: answer.status, started, log, stats });
  return answer;
}
for (const [name, body] of Object.entries(bodies)) {
  for (let i = 0; i < 20000; i++) await once(body);
  const n = 200000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await once(body);
  console.error(`${name}: ${(((performance.now() - t0) * 1000) / n).toFixed(2)} µs per request`);
}
await services.close();
process.exit(0);
