import { REQUESTS, inProcessEndpoint } from './in-process.js';
const endpoint = inProcessEndpoint(process.env.QUIET === '1');
const { body, headers } = REQUESTS[process.env.REQ ?? 'call'];
for (let i = 0; i < 20000; i++) await endpoint.request(body, 'r1', headers);
const n = 600000;
const t0 = performance.now();
for (let i = 0; i < n; i++) await endpoint.request(body, 'r1', headers);
console.error(`${(((performance.now() - t0) * 1000) / n).toFixed(2)} µs per request`);
process.exit(0);
