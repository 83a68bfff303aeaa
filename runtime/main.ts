// `npm start`: serves live upstreams (or what UPSTREAM_MODE says) on HOST:PORT.
import { loadConfig } from './config.js';
import { startServer, stopOnSignals } from './server.js';

const config = loadConfig();
const running = await startServer(config);
running.services.logger.info(
  { url: running.url, metricsUrl: running.metricsUrl, publicBaseUrl: config.publicBaseUrl, upstreamMode: config.upstreamMode, servers: running.services.registry.servers.length },
  'listening',
);
if (running.services.keys.size === 0) {
  running.services.logger.warn('no API keys configured: set API_KEYS or create one with `npm run keys -- create --tier dev`');
}
stopOnSignals(running, (msg) => running.services.logger.info(msg));
