// `npm run demo`: the service on recorded upstream answers (no network) with a working key. The
// banner (./demo-banner.ts) says the answers are recordings, how many live captures and how many
// constructed.
import { generateKey } from '../auth/keys.js';
import { launch } from '../launch.js';
import { stopOnSignals } from '../server.js';
import { RECORDED_AT, recordingCensus } from '../upstream/recordings.js';
import { demoBanner } from './demo-banner.js';

const env: NodeJS.ProcessEnv = { FIXED_NOW: RECORDED_AT, ...process.env, UPSTREAM_MODE: 'replay' };
let printedKey: string | undefined;
if (!env.API_KEYS) {
  printedKey = generateKey();
  env.API_KEYS = `${printedKey}:pro`;
}
const running = await launch(env);
const { config, registry } = running.services;
const first = registry.servers[0];
const example = first.tools.find((t) => t.def.example !== undefined);
const lines = demoBanner({
  publicBaseUrl: config.publicBaseUrl,
  servers: registry.servers.length,
  firstSlug: first.slug,
  census: recordingCensus(config.recordingsDir),
  printedKey,
  example: example && { name: example.name, arguments: example.def.example },
});
process.stdout.write(`${lines.join('\n')}\n`);
stopOnSignals(running, (msg) => running.services.logger.info(msg));
