// A stand-in for data.brreg.no that answers every entity lookup after a delay and counts the
// requests it gets (GET /__count), for the coalescing benchmark.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const recording = JSON.parse(readFileSync('tests/recordings/brreg/enheter_923609016.json', 'utf8'));
const body = JSON.stringify(recording.response.json);
const delayMs = Number(process.env.DELAY_MS ?? 200);
let count = 0;
const server = createServer((req, res) => {
  if (req.url === '/__count') {
    res.end(JSON.stringify({ count }));
    return;
  }
  count += 1;
  setTimeout(() => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  }, delayMs);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(`READY http://127.0.0.1:${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
