// `npm start`: serves live upstreams (or what UPSTREAM_MODE says) on HOST:PORT.
import { startupWarnings } from './config.js';
import { launch } from './launch.js';
import { stopOnSignals } from './server.js';

const running = await launch();
const { config, logger, keys, registry, store } = running.services;
logger.info({ url: running.url, metricsUrl: running.metricsUrl, publicBaseUrl: config.publicBaseUrl, upstreamMode: config.upstreamMode, servers: registry.servers.length }, 'listening');
for (const warning of startupWarnings(config)) logger.warn(warning);
if (keys.envSize === 0 && (await store.listKeys().catch(() => [])).every((k) => k.revokedAt)) {
  logger.warn(`no API keys configured: set API_KEYS, or create one with \`npm run keys -- create --tier dev\` (stored in ${store.kind} ${store.where})`);
}
stopOnSignals(running, (msg) => logger.info(msg));
