// The baseline: a bare Hono route on @hono/node-server that answers a JSON body of a given size
// (the size of a cached brreg.enhet.lookup answer), with nothing else in the path. STACK=node
// serves the same body from plain node:http instead, without Hono: the floor under any Node
// server, shown for comparison.
import { createServer } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const bytes = Number(process.env.BODY_BYTES ?? 1600);
const payload = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { text: 'x'.repeat(Math.max(0, bytes - 50)) } });
const ready = (port: number) => process.stdout.write(`READY http://127.0.0.1:${port}\n`);

let close: (done: () => void) => void;
if (process.env.STACK === 'node') {
  const body = Buffer.from(payload);
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, ['content-type', 'application/json', 'content-length', body.length]);
      res.end(body);
    });
  });
  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => ready((server.address() as { port: number }).port));
  close = (done) => server.close(done);
} else {
  const app = new Hono();
  app.post('/mcp/brreg', async (c) => {
    await c.req.text();
    return c.body(payload, 200, { 'content-type': 'application/json' });
  });
  const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' }, (info) => ready(info.port));
  close = (done) => server.close(done);
}
process.on('SIGTERM', () => close(() => process.exit(0)));
