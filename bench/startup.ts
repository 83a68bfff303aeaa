// Start-up cost as the catalogue grows: builds the registry, services and app with the real
// servers repeated FACTOR times (generated copies with their own slugs and prefixes) and
// reports the time and the resident memory after a forced GC. Run with --expose-gc.
import { pino } from 'pino';
import { loadConfig } from '../runtime/config.js';
import type { ServerDefinition } from '../runtime/define.js';
import { createApp } from '../runtime/http/app.js';
import { createServices } from '../runtime/services.js';
import { SERVERS } from '../servers/index.js';

const factor = Number(process.env.FACTOR ?? 1);
const rssBefore = process.memoryUsage().rss;
const t0 = performance.now();
const servers: ServerDefinition[] = [];
for (let i = 0; i < factor; i++) {
  for (const s of SERVERS) servers.push(i === 0 ? s : { ...s, slug: `${s.slug}-copy${i}`, prefix: `${s.prefix}copy${i}`, sourceKey: `${s.sourceKey ?? s.slug}-copy${i}` });
}
const services = createServices(loadConfig({ UPSTREAM_MODE: 'replay', PORT: '0', DATABASE_PATH: ':memory:' }), { servers, logger: pino({ level: 'silent' }) });
createApp(services);
const ms = performance.now() - t0;
(globalThis as { gc?: () => void }).gc?.();
const tools = services.registry.servers.reduce((n, s) => n + s.tools.length, 0);
process.stdout.write(
  `${JSON.stringify({ factor, servers: services.registry.servers.length, tools, buildMs: Math.round(ms), rssMB: Math.round(process.memoryUsage().rss / 1048576), rssBeforeMB: Math.round(rssBefore / 1048576), heapMB: Math.round(process.memoryUsage().heapUsed / 1048576) })}\n`,
);
process.exit(0);
