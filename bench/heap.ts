// Heap after a full GC while the MCP endpoint and the request log line run in process (no
// sockets), every 200 000 tools/call: a leak shows as growth here long before it shows in the
// resident size, which the heap's own headroom blurs. Run with --expose-gc; prints one JSON line.
import { loadConfig } from '../runtime/config.js';
import { createAppParts } from '../runtime/http/app.js';
import { logRequest } from '../runtime/http/request.js';
import { createServices } from '../runtime/services.js';
import { SERVERS } from '../servers/index.js';

const KEY = 'bench-key-0000000000000001';
const config = loadConfig({ UPSTREAM_MODE: 'replay', FIXED_NOW: '2026-11-22T12:00:00Z', API_KEYS: `${KEY}:enterprise`, ENTERPRISE_RATE_LIMIT: '1000000000/100000000/100000', ANON_RATE_LIMIT: '1000000000', PORT: '0', LOG_LEVEL: 'info' });
// The service's own log output (standard output; the bench discards it), as in production.
const services = createServices(config, { servers: SERVERS });
const parts = createAppParts(services);
const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } } });
const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${KEY}`, host: '127.0.0.1' };
const gc = (globalThis as { gc?: () => void }).gc!;
const heapMB: number[] = [];
for (let round = 0; round < 3; round++) {
  for (let i = 0; i < 200_000; i++) {
    const started = performance.now();
    const stats = { upstreamCalls: 0, cacheHits: 0 };
    const log = {};
    const answer = await parts.mcp.handle('brreg', { header: (n) => headers[n], readBody: async () => ({ text: body, tooLarge: false }), clientAddress: () => '127.0.0.1', reqId: `r${i}`, stats, log });
    logRequest(services, { reqId: `r${i}`, method: 'POST', path: '/mcp/brreg', status: answer.status, started, log, stats });
    // Let I/O (the log writer) run, as a server's event loop does between requests.
    if (i % 1000 === 999) await new Promise((resolve) => setImmediate(resolve));
  }
  gc();
  await new Promise((resolve) => setTimeout(resolve, 100));
  gc();
  heapMB.push(Math.round((process.memoryUsage().heapUsed / 1048576) * 10) / 10);
}
await services.close();
process.stderr.write(`${JSON.stringify({ calls: [200_000, 400_000, 600_000], heapMB })}\n`);
process.exit(0);
