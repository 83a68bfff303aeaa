// Heap after a full GC while the MCP endpoint and the request log line run in process (no
// sockets), every 200 000 tools/call: a leak shows as growth here long before it shows in the
// resident size, which the heap's own headroom blurs. Run with --expose-gc; prints one JSON line
// on stderr (the log lines go to stdout, which the bench discards).
import { REQUESTS, inProcessEndpoint } from './in-process.js';

const endpoint = inProcessEndpoint();
const gc = (globalThis as { gc?: () => void }).gc!;
const heapMB: number[] = [];
for (let round = 0; round < 3; round++) {
  for (let i = 0; i < 200_000; i++) {
    await endpoint.request(REQUESTS.call.body, `r${i}`);
    // Let I/O (the log writer) run, as a server's event loop does between requests.
    if (i % 1000 === 999) await new Promise((resolve) => setImmediate(resolve));
  }
  gc();
  await new Promise((resolve) => setTimeout(resolve, 100));
  gc();
  heapMB.push(Math.round((process.memoryUsage().heapUsed / 1048576) * 10) / 10);
}
await endpoint.close();
process.stderr.write(`${JSON.stringify({ calls: [200_000, 400_000, 600_000], heapMB })}\n`);
process.exit(0);
