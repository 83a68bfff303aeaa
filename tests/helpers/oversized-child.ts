// Run as a child process by tests/upstream-client.test.ts: asks LiveTransport for an answer whose
// Content-Length is over the cap, prints the outcome, then checks that the process survives.
// (Run in a child because an unhandled stream error here would take the test runner down.)
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LiveTransport, TransportError } from '../../runtime/upstream/transport.js';

const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': '2000' });
  res.end(Buffer.alloc(2000, 1));
});
server.listen(0, '127.0.0.1', async () => {
  const { port } = server.address() as AddressInfo;
  const transport = new LiveTransport();
  try {
    const res = await transport.send({ method: 'GET', url: `http://127.0.0.1:${port}/big`, headers: {}, timeoutMs: 2000, maxBodyBytes: 1000, upstreamId: 'local' });
    process.stdout.write(`answered ${res.status} ${res.body.length}\n`);
  } catch (err) {
    process.stdout.write(`caught ${err instanceof TransportError ? err.kind : String(err)}\n`);
  }
  setTimeout(async () => {
    process.stdout.write('still alive\n');
    await transport.close();
    server.closeAllConnections();
    server.close();
  }, 150);
});
