// `npm run demo`: the service on recorded upstream answers (no network) with a working key.
import { generateKey } from '../auth/keys.js';
import { launch } from '../launch.js';
import { stopOnSignals } from '../server.js';
import { RECORDED_AT } from '../upstream/recordings.js';

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
const lines = [
  '',
  `Demo: ${registry.servers.length} MCP servers on recorded upstream answers (no network).`,
  `Landing page:  ${config.publicBaseUrl}/mcp`,
  `MCP server:    ${config.publicBaseUrl}/mcp/${first.slug}`,
  printedKey ? `API key (pro): ${printedKey}` : 'API keys: those of API_KEYS',
  '',
];
if (example) {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: example.name, arguments: example.def.example } });
  lines.push(
    'Try:',
    `  curl -s ${config.publicBaseUrl}/mcp/${first.slug} -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \\`,
    `    -H 'Authorization: Bearer ${printedKey ?? '<key>'}' -d '${body}'`,
    '',
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
stopOnSignals(running, (msg) => running.services.logger.info(msg));
