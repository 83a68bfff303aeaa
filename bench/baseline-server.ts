// The baseline: a bare Hono route on @hono/node-server that answers a JSON body of a given size
// (the size of a cached brreg.enhet.lookup answer), with nothing else in the path.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const bytes = Number(process.env.BODY_BYTES ?? 1600);
const payload = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { text: 'x'.repeat(Math.max(0, bytes - 50)) } });
const app = new Hono();
app.post('/mcp/brreg', async (c) => {
  await c.req.text();
  return c.body(payload, 200, { 'content-type': 'application/json' });
});
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`READY http://127.0.0.1:${info.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
