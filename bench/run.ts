// `npm run bench`: the host against its own bare stack, on one machine in one run. Every server
// under test is a separate process; autocannon drives it from this one. Upstream answers are
// recorded (no network). Prints a table and writes bench/results.md.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import os from 'node:os';
import autocannon from 'autocannon';
import { printContextCost } from './context-cost.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
/**
 * Rounds over all request scenarios, interleaved; the table shows each scenario's median round,
 * and its ratio to the baseline as the median of the rounds' own ratios (this machine's speed
 * swings by a third between rounds: a ratio of two medians taken minutes apart swings with it).
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const KEY = 'bench-key-0000000000000001';
const DATA_DIR = mkdtempSync(join(os.tmpdir(), 'bench-store-'));
process.on('exit', () => rmSync(DATA_DIR, { recursive: true, force: true }));
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/**
 * On a machine with two or more cores, servers run on core 0 and this process (autocannon) on
 * core 1, so that the load generator and the server under test do not take turns on one core.
 * BENCH_PIN=0 turns it off; without taskset it is off.
 */
function canPin(): boolean {
  if (process.env.BENCH_PIN === '0' || os.cpus().length < 2) return false;
  try {
    execFileSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const PINNED = canPin();
const serverCommand = (args: string[]): [string, string[]] => (PINNED ? ['taskset', ['-c', '0', process.execPath, ...args]] : [process.execPath, args]);

interface Child {
  proc: ChildProcess;
  url: string;
}

function startChild(args: string[], env: Record<string, string>, ready: (line: string) => string | undefined): Promise<Child> {
  return new Promise((resolve, reject) => {
    const [command, argv] = serverCommand(args);
    const proc = spawn(command, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let buffer = '';
    const onData = (d: Buffer) => {
      buffer += d.toString();
      for (const line of buffer.split('\n')) {
        const url = ready(line);
        if (url) {
          proc.stdout!.off('data', onData);
          proc.stdout!.resume();
          resolve({ proc, url });
          return;
        }
      }
    };
    proc.stdout!.on('data', onData);
    proc.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

/** Sends SIGTERM and resolves when the process has exited. */
function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
  });
}

const readyLine = (line: string) => /^READY (\S+)/.exec(line)?.[1];
const listeningLine = (line: string) => {
  if (!line.includes('"listening"')) return undefined;
  return (JSON.parse(line) as { url: string }).url;
};

function appEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    PORT: '0',
    UPSTREAM_MODE: 'replay',
    FIXED_NOW: '2026-11-22T12:00:00Z',
    API_KEYS: `${KEY}:enterprise`,
    // The limiter runs on every call, with ceilings the benchmark never reaches.
    ENTERPRISE_RATE_LIMIT: '1000000000/100000000/100000',
    ANON_RATE_LIMIT: '1000000000',
    LOG_LEVEL: 'info',
    // Keys and audit in a SQLite file, as in production (in memory, every audit row would stay in
    // the process and the memory figures would grow with the calls); removed when the run ends.
    DATABASE_PATH: join(DATA_DIR, `${Math.random().toString(36).slice(2)}.sqlite`),
    ...extra,
  };
}

const startApp = (extra?: Record<string, string>) => startChild(['--enable-source-maps', 'dist/main.mjs'], appEnv(extra), listeningLine);

function rssMB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
}

/** CPU time (user + system) a process has used, in microseconds. */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second).
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

interface Row {
  name: string;
  rps: number;
  /** Server CPU time per request: steadier than req/s on a small machine. */
  cpuUs: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(name: string, pid: number, opts: autocannon.Options): Promise<Row> {
  process.stderr.write(`[bench] ${name}\n`);
  await autocannon({ ...opts, duration: 2, connections: CONNECTIONS }); // warm-up
  const cpuBefore = cpuMicros(pid);
  const r = await autocannon({ ...opts, duration: DURATION, connections: CONNECTIONS });
  const cpuUs = Math.round((cpuMicros(pid) - cpuBefore) / Math.max(1, r.requests.total));
  return { name, rps: Math.round(r.requests.average), cpuUs, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // wrk prints its version and exits 1; only a missing binary is ENOENT.
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

interface LatencyRow {
  name: string;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  non2xx: number;
}

/** wrk's "6.30ms", "812.00us", "1.02s" in milliseconds. */
function wrkMs(value: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(value);
  if (!m) return NaN;
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
}

/** The same load from wrk (a load generator in C): latency without a JavaScript client's own pauses. */
function wrkLoad(name: string, opts: { url: string; body: string; headers: Record<string, string> }): LatencyRow {
  process.stderr.write(`[bench] wrk: ${name}\n`);
  const env = { ...process.env, WRK_BODY: opts.body, WRK_HEADERS: Object.entries(opts.headers).map(([k, v]) => `${k}: ${v}`).join('\n') };
  const args = ['-t1', `-c${CONNECTIONS}`, '--latency', '-s', 'bench/wrk-post.lua', opts.url];
  const run = (seconds: number) => {
    const argv = [`-d${seconds}`, ...args];
    return execFileSync(PINNED ? 'taskset' : 'wrk', PINNED ? ['-c', '1', 'wrk', ...argv] : argv, { env, encoding: 'utf8' });
  };
  run(2); // warm-up
  const out = run(DURATION);
  const pct = (p: string) => wrkMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '');
  return {
    name,
    rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1])),
    p50: pct('50'),
    p90: pct('90'),
    p99: pct('99'),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
  };
}

const toolsCall = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } } });
const toolsList = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
// Revision 2026-07-28: the version and client capabilities in each request's _meta, the method and
// name mirrored in headers.
const MODERN = '2026-07-28';
const modernMeta = { 'io.modelcontextprotocol/protocolVersion': MODERN, 'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
const modernCall = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { _meta: modernMeta, name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } } });
const modernHeaders = { ...MCP_HEADERS, 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'brreg.enhet.lookup' };

async function post(url: string, body: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(url, { method: 'POST', headers: { ...MCP_HEADERS, ...headers }, body });
  return res.text();
}

/** A JSON-RPC answer, sent as JSON or as one SSE event (the SDK's 2025 fallback streams). */
function rpcBody(text: string): { result?: { structuredContent?: unknown; isError?: boolean } } {
  const event = /^data: (.*)$/m.exec(text);
  return JSON.parse(event ? event[1] : text);
}

/** A row measures nothing unless its server answers the tool's data as the app does: checked once before any load. */
function expectSameResult(label: string, expected: string, actual: string): void {
  const want = JSON.stringify(rpcBody(expected).result?.structuredContent);
  const got = rpcBody(actual).result;
  if (got?.isError || JSON.stringify(got?.structuredContent) !== want) throw new Error(`${label}: not the app's answer: ${actual.slice(0, 300)}`);
}

async function coldStart(): Promise<{ ms: number; rss: number; proc: ChildProcess; url: string }> {
  const t0 = performance.now();
  const [command, argv] = serverCommand(['dist/main.mjs']);
  const proc = spawn(command, argv, { env: { ...process.env, ...appEnv({ PORT: '18999', LOG_LEVEL: 'warn' }) }, stdio: 'ignore' });
  const url = 'http://127.0.0.1:18999';
  for (;;) {
    try {
      const res = await fetch(`${url}/mcp/brreg`, { method: 'POST', headers: MCP_HEADERS, body: toolsList });
      if (res.ok) {
        await res.text();
        break;
      }
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  return { ms: Math.round(performance.now() - t0), rss: rssMB(proc.pid!), proc, url };
}

async function coalescing(): Promise<{ calls: number; upstreamRequests: number }> {
  const upstream = await startChild(['--import', 'tsx', 'bench/fake-upstream.ts'], { DELAY_MS: '200' }, readyLine);
  const app = await startApp({ UPSTREAM_MODE: 'live', BRREG_BASE_URL: upstream.url });
  const calls = 100;
  await Promise.all(Array.from({ length: calls }, () => post(`${app.url}/mcp/brreg`, toolsCall, { authorization: `Bearer ${KEY}` })));
  const { count } = (await (await fetch(`${upstream.url}/__count`)).json()) as { count: number };
  // Both gone before anything else is timed.
  await Promise.all([app, upstream].map(({ proc }) => stop(proc)));
  return { calls, upstreamRequests: count };
}

function heapAfterGc(): Promise<{ calls: number[]; heapMB: number[] }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/heap.ts'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    proc.stderr.on('data', (d) => (err += d));
    proc.on('exit', (code) => (code === 0 ? resolve(JSON.parse(err.trim().split('\n').pop()!)) : reject(new Error(`heap.ts failed: ${err}`))));
  });
}

function startup(factor: number): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/startup.ts'], { env: { ...process.env, FACTOR: String(factor) }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`startup ${factor} failed`))));
  });
}

const step = (message: string) => process.stderr.write(`[bench] ${message}\n`);

const catalogue = JSON.parse(readFileSync('catalogue.json', 'utf8')) as { servers: { slug: string; tools: unknown[] }[] };
const largest = catalogue.servers.reduce((a, b) => (b.tools.length > a.tools.length ? b : a));

step('starting the app and the baseline');
const app = await startApp();
const answer = await post(`${app.url}/mcp/brreg`, toolsCall, { authorization: `Bearer ${KEY}` });
const listed = await post(`${app.url}/mcp/${largest.slug}`, toolsList);
const baseline = await startChild(['--import', 'tsx', 'bench/baseline-server.ts'], { BODY_BYTES: String(Buffer.byteLength(answer)) }, readyLine);
// Not targets: the bare route again with a body as large as the tools/list answer, to show how
// much of tools/list's cost is its bytes; and plain node:http without Hono, the floor of any
// Node server on this machine.
const sizedBaseline = await startChild(['--import', 'tsx', 'bench/baseline-server.ts'], { BODY_BYTES: String(Buffer.byteLength(listed)) }, readyLine);
const nodeFloor = await startChild(['--import', 'tsx', 'bench/baseline-server.ts'], { BODY_BYTES: String(Buffer.byteLength(answer)), STACK: 'node' }, readyLine);
// The other candidate of issue 12: brreg's tools behind the SDK's v2 handler (bench/sdk-v2-server.ts),
// with the same services, key, rate limits, tool run and log line as the app.
const sdkV2 = await startChild(['--import', 'tsx', 'bench/sdk-v2-server.ts'], appEnv(), readyLine);
expectSameResult('SDK v2 handler, revision 2025-11-25', answer, await post(`${sdkV2.url}/mcp/brreg`, toolsCall, { authorization: `Bearer ${KEY}` }));
expectSameResult('SDK v2 handler, revision 2026-07-28', answer, await post(`${sdkV2.url}/mcp/brreg`, modernCall, { ...modernHeaders, authorization: `Bearer ${KEY}` }));

type Scenario = [name: string, pid: number, opts: autocannon.Options];
const keyed = { authorization: `Bearer ${KEY}` };
const baselineRun: Scenario = ['baseline: bare Hono JSON route', baseline.proc.pid!, { url: `${baseline.url}/mcp/brreg`, method: 'POST', headers: MCP_HEADERS, body: toolsCall }];
const callRun: Scenario = ['MCP tools/call brreg.enhet.lookup (cached)', app.proc.pid!, { url: `${app.url}/mcp/brreg`, method: 'POST', headers: { ...MCP_HEADERS, ...keyed }, body: toolsCall }];
const listRun: Scenario = [`MCP tools/list ${largest.slug} (${largest.tools.length} tools)`, app.proc.pid!, { url: `${app.url}/mcp/${largest.slug}`, method: 'POST', headers: MCP_HEADERS, body: toolsList }];
const floorRun: Scenario = ['for comparison: plain node:http, no Hono, nothing in the path', nodeFloor.proc.pid!, { url: `${nodeFloor.url}/mcp/brreg`, method: 'POST', headers: MCP_HEADERS, body: toolsCall }];
// The two targets (tools/call at both eras) run right after the baseline in every round, so that
// each is compared with a baseline measured moments before it.
const scenarios: Scenario[] = [
  baselineRun,
  callRun,
  ['MCP tools/call brreg.enhet.lookup at revision 2026-07-28 (cached)', app.proc.pid!, { url: `${app.url}/mcp/brreg`, method: 'POST', headers: { ...modernHeaders, ...keyed }, body: modernCall }],
  listRun,
  [
    `MCP tools/list ${largest.slug}, gzip (Accept-Encoding as Node's fetch sends it)`,
    app.proc.pid!,
    { url: `${app.url}/mcp/${largest.slug}`, method: 'POST', headers: { ...MCP_HEADERS, 'accept-encoding': 'gzip, deflate' }, body: toolsList },
  ],
  ['connector GET /api/connectors/brreg/enheter/923609016', app.proc.pid!, { url: `${app.url}/api/connectors/brreg/enheter/923609016`, headers: keyed }],
];
const companies = await fetch(`${app.url}/api/v1/companies?q=kiwi&limit=10`, { headers: keyed });
if (companies.status === 200) {
  scenarios.push(['GET /api/v1/companies?q=kiwi&limit=10 (cached)', app.proc.pid!, { url: `${app.url}/api/v1/companies?q=kiwi&limit=10`, headers: keyed }]);
}
scenarios.push(
  ['SDK v2 handler: tools/call brreg.enhet.lookup (cached)', sdkV2.proc.pid!, { url: `${sdkV2.url}/mcp/brreg`, method: 'POST', headers: { ...MCP_HEADERS, ...keyed }, body: toolsCall }],
  ['SDK v2 handler: tools/call brreg.enhet.lookup at revision 2026-07-28 (cached)', sdkV2.proc.pid!, { url: `${sdkV2.url}/mcp/brreg`, method: 'POST', headers: { ...modernHeaders, ...keyed }, body: modernCall }],
  ['SDK v2 handler: tools/list brreg', sdkV2.proc.pid!, { url: `${sdkV2.url}/mcp/brreg`, method: 'POST', headers: MCP_HEADERS, body: toolsList }],
);
scenarios.push([`for comparison: bare Hono route with a ${Buffer.byteLength(listed)}-byte body (tools/list's size)`, sizedBaseline.proc.pid!, { url: `${sizedBaseline.url}/mcp/brreg`, method: 'POST', headers: MCP_HEADERS, body: toolsList }]);
scenarios.push(floorRun);
// Interleaved rounds, so that a slow moment of the machine does not fall on one scenario only.
const runs: Row[][] = scenarios.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, [name, pid, opts]] of scenarios.entries()) runs[i].push(await load(`${name} (round ${round + 1})`, pid, opts));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows: Row[] = scenarios.map(([name], i) => {
  const r = runs[i];
  const mid = [...r].sort((a, b) => a.rps - b.rps)[Math.floor(r.length / 2)];
  return { ...mid, name, cpuUs: median(r.map((x) => x.cpuUs)), p99: median(r.map((x) => x.p99)), errors: r.reduce((n, x) => n + x.errors, 0), non2xx: r.reduce((n, x) => n + x.non2xx, 0) };
});
/** Each round's requests per second over the same round's baseline. */
const roundRatios = runs.map((r) => r.map((x, round) => x.rps / runs[0][round].rps));
const ratioOf = (i: number) => median(roundRatios[i]);
const spread = scenarios
  .map(([name], i) => `| ${name} | ${runs[i].map((r) => r.rps).join(' / ')} | ${roundRatios[i].map((q) => `${(q * 100).toFixed(0)} %`).join(' / ')} |`)
  .join('\n');

// Latency from wrk, for the targets' p99: interleaved rounds as above, median round by p99.
const WRK = hasWrk();
const latencyScenarios = [baselineRun, callRun, listRun, floorRun];
const latencyRows: LatencyRow[] = [];
if (WRK) {
  const wrkRuns: LatencyRow[][] = latencyScenarios.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, [name, , opts]] of latencyScenarios.entries()) {
      wrkRuns[i].push(wrkLoad(`${name} (round ${round + 1})`, { url: opts.url as string, body: opts.body as string, headers: opts.headers as Record<string, string> }));
    }
  }
  for (const [i, [name]] of latencyScenarios.entries()) latencyRows.push({ ...[...wrkRuns[i]].sort((a, b) => a.p99 - b.p99)[Math.floor(ROUNDS / 2)], name });
} else {
  step('wrk not found: no wrk latency section (apt-get install wrk)');
}
// Every server is gone before the cold start is timed: one still shutting down on the same core
// made the first start after the load runs the slowest (990 and 1 263 ms against 587-783).
await Promise.all([baseline, sizedBaseline, nodeFloor, sdkV2, app].map(({ proc }) => stop(proc)));

step('cold start and memory');
// Three cold starts, one after the other: one sample on a shared machine is noise. The last
// process stays up for the memory rounds.
const coldMs: number[] = [];
let cold!: Awaited<ReturnType<typeof coldStart>>;
for (let i = 0; i < 3; i++) {
  if (cold) await stop(cold.proc);
  cold = await coldStart();
  coldMs.push(cold.ms);
}
const rssAfterStart = cold.rss;
// Five rounds of 100 000: the first shows the heap settling, the rest whether it keeps growing.
const rssAfter: number[] = [];
for (let round = 0; round < 5; round++) {
  await autocannon({ url: `${cold.url}/mcp/brreg`, method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${KEY}` }, body: toolsCall, amount: 100_000, connections: CONNECTIONS });
  rssAfter.push(rssMB(cold.proc.pid!));
}
await stop(cold.proc);

step('heap after GC, in process');
const heap = await heapAfterGc();

step('coalescing');
const coalesce = await coalescing();
step('catalogue growth');
const growth = [await startup(1), await startup(10)];

const table = [
  '| benchmark | req/s | p50 ms | p99 ms | vs baseline | server CPU µs/request | errors | non-2xx |',
  '|---|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map((r, i) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${(ratioOf(i) * 100).toFixed(0)} % | ${r.cpuUs} | ${r.errors} | ${r.non2xx} |`),
].join('\n');
const cpu = os.cpus();
const report = `# Benchmark results

- Date: ${new Date().toISOString()}
- Machine: ${cpu[0]?.model ?? 'unknown'} × ${cpu.length}, ${Math.round(os.totalmem() / 1073741824)} GiB, ${os.type()} ${os.release()}
- Node ${process.version}; autocannon, ${CONNECTIONS} connections, ${DURATION} s per run after a 2 s warm-up, ${ROUNDS} interleaved rounds; the table shows each scenario's median round (median p99 and CPU); "vs baseline" is the median of the rounds' own ratios to the baseline of the same round
- ${PINNED ? 'Servers pinned to core 0, autocannon to core 1 (taskset)' : 'Not pinned: servers and autocannon share the cores'}
- Server CPU per request is the server process's user + system time over the run divided by the requests answered
- Command: \`npm run bench\` (BENCH_SECONDS=${DURATION}, BENCH_CONNECTIONS=${CONNECTIONS}, BENCH_ROUNDS=${ROUNDS}, BENCH_PIN=${PINNED ? 1 : 0})

## Requests

${table}

Requests per second of every round, and each round's ratio to that round's baseline:

| benchmark | req/s by round | vs baseline by round |
|---|---|---|
${spread}

${
  WRK
    ? `## Latency with wrk

The same requests from wrk (\`wrk -t1 -c${CONNECTIONS} --latency\`, ${DURATION} s after a 2 s warm-up${PINNED ? ', on core 1' : ''}), a load generator written in C; median round by p99 of ${ROUNDS}.

| benchmark | req/s | p50 ms | p90 ms | p99 ms | non-2xx |
|---|---:|---:|---:|---:|---:|
${latencyRows.map((r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.non2xx} |`).join('\n')}

`
    : ''
}## Start-up and memory

| measure | value |
|---|---:|
| cold start: process start to first answered tools/list, median of 3 (${coldMs.join(' / ')}) | ${median(coldMs)} ms |
| resident memory after start | ${rssAfterStart} MB |
${rssAfter.map((mb, i) => `| resident memory after ${(i + 1) * 100} 000 tools/call | ${mb} MB |`).join('\n')}
${heap.heapMB.map((mb, i) => `| heap after a full GC, endpoint and log line in process (bench/heap.ts), after ${heap.calls[i] / 1000} 000 calls | ${mb} MB |`).join('\n')}

## Coalescing

${coalesce.calls} concurrent identical tools/call with a cold cache (upstream answering after 200 ms) caused **${coalesce.upstreamRequests}** upstream request(s).

## Catalogue growth (registry, services and app built in a fresh process)

| servers | tools | build ms | RSS MB | heap MB |
|---:|---:|---:|---:|---:|
${growth.map((g) => `| ${g.servers} | ${g.tools} | ${g.buildMs} | ${g.rssMB} | ${g.heapMB} |`).join('\n')}
`;
writeFileSync('bench/results.md', report);
process.stdout.write(`${report}\n`);
// Context cost: bytes of tools/list per server and per tool (bench/context-cost.ts), no load involved.
printContextCost();
process.exit(0);
