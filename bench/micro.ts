// In-process cost of one MCP request without sockets: runs the endpoint and the log line in a loop
// and prints microseconds per request on stderr. `npx tsx bench/micro.ts > /dev/null` (the request
// lines go to stdout, as in production); QUIET=1 leaves the log out.
import { REQUESTS, inProcessEndpoint } from './in-process.js';

const endpoint = inProcessEndpoint(process.env.QUIET === '1');
for (const [name, { body, headers }] of Object.entries(REQUESTS)) {
  for (let i = 0; i < 20000; i++) await endpoint.request(body, 'r1', headers);
  const n = 200000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await endpoint.request(body, 'r1', headers);
  console.error(`${name}: ${(((performance.now() - t0) * 1000) / n).toFixed(2)} µs per request`);
}
await endpoint.close();
process.exit(0);
