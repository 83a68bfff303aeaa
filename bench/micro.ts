// In-process cost per request of each path (no sockets): app.fetch on a Request, many times.
// `node --import tsx bench/micro.ts` — for profiling the host's own work apart from HTTP I/O.
import { pino } from 'pino';
import { Hono } from 'hono';
import { loadConfig } from '../runtime/config.js';
import { createApp } from '../runtime/http/app.js';
import { createServices } from '../runtime/services.js';
import { RECORDED_AT } from '../runtime/upstream/recordings.js';
import { SERVERS } from '../servers/index.js';

const KEY = 'bench-key-0000000000000001';
const services = createServices(
  loadConfig({ UPSTREAM_MODE: 'replay', FIXED_NOW: RECORDED_AT, API_KEYS: `${KEY}:enterprise`, ENTERPRISE_RATE_LIMIT: '1000000000/100000000/100000', ANON_RATE_LIMIT: '1000000000' }),
  { servers: SERVERS, logger: pino({ level: process.env.LOG === '1' ? 'info' : 'silent' }, pino.destination({ dest: '/dev/null', sync: false, minLength: 4096 })) },
);
const app = createApp(services);
const bare = new Hono();
const payload = 'x'.repeat(1900);
bare.post('/mcp/brreg', async (c) => {
  await c.req.text();
  return c.body(payload, 200, { 'content-type': 'application/json' });
});

const headers = { host: '127.0.0.1:8787', 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${KEY}` };
const bodies: Record<string, string> = {
  ping: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  list: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  call: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } } }),
};

async function time(name: string, target: { fetch: (r: Request) => Response | Promise<Response> }, body: string, n = 20000) {
  for (let i = 0; i < 2000; i++) await (await target.fetch(new Request('http://127.0.0.1:8787/mcp/brreg', { method: 'POST', headers, body }))).text();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await (await target.fetch(new Request('http://127.0.0.1:8787/mcp/brreg', { method: 'POST', headers, body }))).text();
  const us = ((performance.now() - t0) / n) * 1000;
  process.stdout.write(`${name.padEnd(10)} ${us.toFixed(1)} µs/request\n`);
}

await time('bare', bare, bodies.ping);
for (const k of ['ping', 'list', 'call']) await time(k, app, bodies[k]);
process.exit(0);
