// Issue 24's attack benchmark: each attack of items 1-6 against the real app (a child process, every
// upstream pointed at a fake on loopback in this process), while a victim (another key) calls a
// cached tools/call at a steady rate. Per attack it prints the victim's quiet median, its median,
// p99 and max during the attack and their ratio, the app's peak resident memory and the attack's
// own outcome. Run: `node --import tsx bench/attacks.ts [--only 1,3] [--json]`; `--help` lists the
// scale flags. Only loopback addresses; every loop is bounded in count and in time.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));

const FLAGS = {
  help: { type: 'boolean', default: false, help: 'this list' },
  only: { type: 'string', default: '1,2,3,4,5,6', help: 'attacks to run, comma-separated' },
  json: { type: 'boolean', default: false, help: 'also write bench/attacks-results.json' },
  dist: { type: 'boolean', default: false, help: 'run dist/main.mjs (npm run build first) instead of runtime/main.ts through tsx' },
  'quiet-seconds': { type: 'string', default: '5', help: 'victim alone before each attack' },
  'interval-ms': { type: 'string', default: '20', help: 'one victim call every this many ms' },
  'timeout-ms': { type: 'string', default: '30000', help: 'a victim call slower than this is a timeout (counted at this value)' },
  'sparql-depth': { type: 'string', default: '2000', help: '1: nesting levels of { } in the query' },
  'sparql-queries': { type: 'string', default: '200', help: '1: queries sent by 2 loops for at most --sparql-seconds, each other one nested --sparql-depth levels and the rest as large and deep as the tool accepts' },
  'sparql-seconds': { type: 'string', default: '10', help: '1: how long the queries are sent' },
  'audit-fill-seconds': { type: 'string', default: '20', help: '2: seconds of audited requests before the reads' },
  'audit-fill-rate': { type: 'string', default: '15000', help: '2: most fill requests per second (so at most rate × seconds)' },
  'audit-read-seconds': { type: 'string', default: '15', help: '2: seconds of filter and export reads' },
  'sanctions-entities': { type: 'string', default: '5000', help: '3: entities in the fake EU list' },
  'sanctions-batch': { type: 'string', default: '10', help: '3: names per screen request' },
  'sanctions-batches': { type: 'string', default: '20', help: '3: screen requests by 2 loops, from a Pro key (a Dev key has 60 names a minute)' },
  'register-max': { type: 'string', default: '1000', help: '4: most registrations sent' },
  'register-seconds': { type: 'string', default: '20', help: '4: seconds of registrations' },
  'csv-columns': { type: 'string', default: '200000', help: '5: columns of the Mattilsynet file (1000000 as in the issue)' },
  'csv-rows': { type: 'string', default: '8', help: '5: data rows of the file' },
  'cache-answers': { type: 'string', default: '32', help: '6: distinct cached upstream answers (128 as in the issue)' },
  'cache-answer-kib': { type: 'string', default: '1024', help: '6: size of each answer, KiB of {} objects' },
  'attack-seconds': { type: 'string', default: '50', help: 'no attack starts a new request after this many seconds' },
} as const;

const { values: flags } = parseArgs({ options: Object.fromEntries(Object.entries(FLAGS).map(([k, v]) => [k, { type: v.type, default: v.default }])) as never, strict: true, allowPositionals: false }) as {
  values: Record<string, string | boolean>;
};
if (flags.help) {
  for (const [k, v] of Object.entries(FLAGS)) process.stdout.write(`--${k.padEnd(20)} ${v.help} (default ${v.default})\n`);
  process.exit(0);
}
const num = (name: keyof typeof FLAGS) => {
  const n = Number(flags[name]);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name}: a number, got ${flags[name]}`);
  return n;
};
const QUIET_MS = num('quiet-seconds') * 1000;
const INTERVAL_MS = num('interval-ms');
const VICTIM_TIMEOUT_MS = num('timeout-ms');
const ATTACK_BUDGET_MS = num('attack-seconds') * 1000;

const KEYS = {
  victim: 'bench-victim-0000000000000001',
  dev: 'bench-dev-00000000000000000001',
  /** Only api:read: its MCP calls are scope refusals, audited but not counted against its window. */
  auditor: 'bench-auditor-000000000000001',
  pro: 'bench-pro-00000000000000000001',
};
const API_KEYS = `${KEYS.victim}:enterprise,${KEYS.dev}:dev,${KEYS.auditor}:dev:api:read,${KEYS.pro}:pro`;
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const VICTIM_CALL = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } } });
const toolCall = (name: string, args: unknown, id = 1) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const log = (message: string) => process.stderr.write(`[attacks] ${message}\n`);
const tally = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);
const mb = (bytes: number) => Math.round(bytes / 1048576);

// --- Fake upstream payloads ---------------------------------------------------------------------

/** A seeded generator, so every run screens the same list with the same names. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const CONSONANTS = 'bdghjklmnprstv';
const VOWELS = 'aeiou';
const SKIP = new Set(['al', 'el', 'de', 'da', 'di', 'do', 'la', 'le', 'ben', 'bin', 'abu', 'van', 'von', 'der', 'den', 'del', 'dos', 'ms', 'mr', 'dr']);
const cap = (w: string) => w[0].toUpperCase() + w.slice(1);
/** Two-letter (ka) and three-letter (kam) name-like words, the query's vocabulary. */
const SHORT2 = [...CONSONANTS].flatMap((c) => [...VOWELS].map((v) => c + v)).filter((w) => !SKIP.has(w));
const SHORT3 = SHORT2.flatMap((w) => [...'mnrs'].map((c) => w + c)).filter((w) => !SKIP.has(w));

/** 60 short name-like words in 200 characters: 39 of two letters and 21 of three. */
function craftedName(rand: () => number): string {
  const pick = (pool: string[], n: number) => [...pool].sort(() => rand() - 0.5).slice(0, n);
  const words = [...pick(SHORT2, 39), ...pick(SHORT3, 21)].sort(() => rand() - 0.5).map(cap);
  return words.join(' ').slice(0, 200);
}

const xmlAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * An FSF export (the layout of tests/recordings/eu-fsf/fsf-export.xml) of `count` synthetic
 * entities, persons and organisations, whose names mix short words (as many listed Korean, Chinese
 * and Arabic names do) with longer ones, so that a query of short words reaches many aliases.
 */
export function sanctionsXml(count: number): Buffer {
  const rand = random(24);
  const word = (n: number) => Array.from({ length: n }, (_, i) => (i % 2 ? VOWELS[Math.floor(rand() * 5)] : CONSONANTS[Math.floor(rand() * 14)])).join('');
  const short = () => {
    const pool = rand() < 0.5 ? SHORT2 : SHORT3;
    return pool[Math.floor(rand() * pool.length)];
  };
  const parts: string[] = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="2026-11-21T16:47:12.418+01:00" globalFileId="424242">\n'];
  let logical = 500_000;
  for (let i = 0; i < count; i++) {
    const person = rand() < 0.8;
    const aliases = Array.from({ length: 2 }, () => {
      // About a third of the names hold a short word: a crafted query then reaches about 1 100 of
      // 10 000 aliases, as the issue's did on a list of 5 000 entities (1 147).
      const middle = rand() < 0.35 ? cap(short()) : cap(word(4 + Math.floor(rand() * 3)));
      const words = person ? [cap(word(5 + Math.floor(rand() * 3))), middle, word(4 + Math.floor(rand() * 4)).toUpperCase()] : [middle, cap(word(6)), 'Trading LLC'];
      return words.join(' ');
    });
    parts.push(
      `  <sanctionEntity designationDate="2022-02-25" designationDetails="" unitedNationId="" euReferenceNumber="EU.${i}.24" logicalId="${100_000 + i}">\n`,
      `    <regulation regulationType="amendment" organisationType="council" publicationDate="2022-02-25" entryIntoForceDate="2022-02-25" numberTitle="2022/332 (OJ L53)" programme="UKR" logicalId="${logical++}">\n`,
      '      <publicationUrl>https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32022R0332</publicationUrl>\n    </regulation>\n',
      person ? '    <subjectType code="person" classificationCode="P"/>\n' : '    <subjectType code="enterprise" classificationCode="E"/>\n',
      ...aliases.map(
        (name) =>
          `    <nameAlias firstName="" middleName="" lastName="" wholeName="${xmlAttr(name)}" function="" gender="" title="" nameLanguage="" strong="true" regulationLanguage="en" logicalId="${logical++}"/>\n`,
      ),
      person ? `    <birthdate circa="false" calendarType="GREGORIAN" city="" zipCode="" birthdate="19${50 + (i % 40)}-01-0${1 + (i % 9)}" dayOfMonth="${1 + (i % 9)}" monthOfYear="1" year="19${50 + (i % 40)}" region="" place="" countryIso2Code="RU" countryDescription="RUSSIAN FEDERATION" regulationLanguage="en" logicalId="${logical++}"/>\n` : '',
      '  </sanctionEntity>\n',
    );
  }
  parts.push('</export>\n');
  return Buffer.from(parts.join(''));
}

const TILSYN_COLUMNS = ['tilsynsobjektid', 'orgnummer', 'navn', 'adrlinje1', 'adrlinje2', 'postnr', 'poststed', 'tilsynid', 'sakref', 'status', 'dato', 'total_karakter', 'tilsynsbesoektype'];

/** Mattilsynet's file with its own columns first, then `extra` more, and `rows` rows that fill every column. */
export function wideCsv(extra: number, rows: number): Buffer {
  const header = [...TILSYN_COLUMNS, ...Array.from({ length: extra }, (_, i) => `x${i}`)].join(';');
  const filler = ';v12345'.repeat(extra);
  const lines = Array.from({ length: rows }, (_, r) => `${9000 + r};923609016;Kafe ${r};Gate ${r};;0150;OSLO;T${r};S${r};;0101202${r % 10};1;A${filler}`);
  return Buffer.from(`\uFEFF${header}\n${lines.join('\n')}\n`);
}

/** A SPARQL JSON result whose bindings are `kib` KiB of empty objects: small on the wire, many objects once parsed. */
function bigSparqlAnswer(kib: number): Buffer {
  const head = '{"head":{"vars":["s"]},"results":{"bindings":[';
  const n = Math.floor((kib * 1024 - head.length - 3) / 3);
  return Buffer.from(`${head}{}${',{}'.repeat(n - 1)}]}}`);
}

// --- The fake upstream (every *_BASE_URL points here) -------------------------------------------

const brregEntity = Buffer.from(JSON.stringify(JSON.parse(readFileSync(join(ROOT, 'tests/recordings/brreg/enheter_923609016.json'), 'utf8')).response.json));
const EMPTY_SPARQL = Buffer.from('{"head":{"vars":["s"]},"results":{"bindings":[]}}');
const BIG_MARKER = 'bench-big-answer';
const payloads: { sanctions?: Buffer; csv?: Buffer; big?: Buffer } = {};
const served: Record<string, number> = {};

function answer(res: ServerResponse, status: number, type: string, body: Buffer) {
  res.writeHead(status, { 'content-type': type, 'content-length': body.length });
  res.end(body);
}

function fakeUpstream(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const text = `${url.searchParams.get('query') ?? ''}${Buffer.concat(chunks).toString()}`;
    let kind = 'other';
    if (url.pathname === '/sparql') {
      kind = text.includes(BIG_MARKER) && payloads.big ? 'sparql-big' : 'sparql';
      answer(res, 200, 'application/sparql-results+json', kind === 'sparql-big' ? payloads.big! : EMPTY_SPARQL);
    } else if (url.pathname.includes('xmlFullSanctionsList') && payloads.sanctions) {
      kind = 'sanctions';
      answer(res, 200, 'application/xml', payloads.sanctions);
    } else if (url.pathname.endsWith('smilefjes-tilsyn.csv') && payloads.csv) {
      kind = 'csv';
      answer(res, 200, 'text/csv; charset=utf-8', payloads.csv);
    } else if (url.pathname.startsWith('/enhetsregisteret/')) {
      kind = 'brreg';
      answer(res, 200, 'application/json', brregEntity);
    } else {
      answer(res, 404, 'application/json', Buffer.from('{"error":"not here"}'));
    }
    tally(served, kind);
  });
}

/** Every `*_BASE_URL` the code declares, so that no request of the app leaves loopback. */
function baseUrlVariables(): string[] {
  const names = new Set<string>(['MASKINPORTEN_BASE_URL']);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) for (const m of readFileSync(path, 'utf8').matchAll(/envVar:\s*'([A-Z0-9_]+_BASE_URL)'/g)) names.add(m[1]);
    }
  };
  walk(join(ROOT, 'servers'));
  walk(join(ROOT, 'runtime'));
  return [...names];
}

// --- The app, as a child process -----------------------------------------------------------------

interface App {
  url: string;
  proc: ChildProcess;
  dbPath: string;
  peakRssMB: number;
  rssMB: () => number;
  stderrTail: () => string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function readRssMB(pid: number): number {
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);
  } catch {
    return 0;
  }
}

async function startApp(dataDir: string, tag: string, fakeUrl: string): Promise<App> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dbPath = join(dataDir, `${tag}.sqlite`);
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'FIXED_NOW', 'ENTERPRISE_RATE_LIMIT', 'ANON_RATE_LIMIT']) delete env[name];
  Object.assign(env, {
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_BASE_URL: url,
    UPSTREAM_MODE: 'live',
    API_KEYS,
    DATABASE_PATH: dbPath,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
  });
  for (const name of baseUrlVariables()) env[name] = fakeUrl;
  const args = flags.dist ? ['--enable-source-maps', 'dist/main.mjs'] : ['--import', 'tsx', 'runtime/main.ts'];
  // Log lines go to /dev/null (written as in production, read by nobody); stderr is kept for errors.
  const proc = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const app: App = {
    url,
    proc,
    dbPath,
    peakRssMB: 0,
    rssMB: () => readRssMB(proc.pid!),
    stderrTail: () => stderr,
    stop: () =>
      new Promise<void>((resolve) => {
        clearInterval(sampler);
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        const kill = setTimeout(() => proc.kill('SIGKILL'), 10_000);
        proc.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        proc.kill('SIGTERM');
      }),
  };
  const sampler = setInterval(() => (app.peakRssMB = Math.max(app.peakRssMB, app.rssMB())), 100);
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if (proc.exitCode !== null) throw new Error(`the app exited with ${proc.exitCode}: ${stderr}`);
    try {
      const res = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      return app;
    } catch {
      await sleep(100);
    }
  }
  await app.stop();
  throw new Error(`the app did not answer within 60 s: ${stderr}`);
}

/** Bytes of the SQLite store (the file and any journal beside it). */
function storeBytes(dbPath: string): number {
  return ['', '-wal', '-journal', '-shm'].reduce((n, suffix) => n + (existsSync(dbPath + suffix) ? statSync(dbPath + suffix).size : 0), 0);
}

// --- Requests ------------------------------------------------------------------------------------

interface Outcome {
  status: string;
  ms: number;
  body: string;
  /** Retry-After of a 429, in milliseconds. */
  retryAfterMs?: number;
}

/** The error code of a tool's error result (structured, or in its text). */
function errorCode(result: { structuredContent?: { error?: { code?: string } }; content?: { text?: string }[] }): string {
  try {
    return result.structuredContent?.error?.code ?? JSON.parse(result.content?.[0]?.text ?? '{}').error?.code ?? '';
  } catch {
    return '';
  }
}

/** One request, its status as a label ("200", "200 isError", "429", "error: …"), its time and body. */
async function send(url: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Outcome> {
  const t0 = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 120_000) });
    const body = await res.text();
    let status = String(res.status);
    if (res.status === 200 && body.includes('"jsonrpc"')) {
      const event = /^data: (.*)$/m.exec(body);
      try {
        const rpc = JSON.parse(event ? event[1] : body);
        if (rpc.error) status += ` rpc ${rpc.error.data?.status ?? rpc.error.code}`;
        else if (rpc.result?.isError) status += ` isError ${errorCode(rpc.result)}`.trimEnd();
      } catch {
        status += ' unparsed';
      }
    }
    const retryAfter = res.headers.get('retry-after');
    return { status, ms: performance.now() - t0, body, ...(retryAfter !== null && { retryAfterMs: Number(retryAfter) * 1000 }) };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    return { status: e.name === 'TimeoutError' ? 'timeout' : `error ${e.cause?.code ?? e.name}`, ms: performance.now() - t0, body: '' };
  }
}

const mcp = (app: App, slug: string, key: string, body: string, timeoutMs?: number) =>
  send(`${app.url}/mcp/${slug}`, { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${key}` }, body, timeoutMs });

// --- The victim ----------------------------------------------------------------------------------

interface Sample {
  sentAt: number;
  ms: number;
  ok: boolean;
  timedOut: boolean;
}

/** Calls the cached lookup every INTERVAL_MS whether or not the last one answered (so a stall shows in full). */
class Victim {
  readonly samples: Sample[] = [];
  private timer?: NodeJS.Timeout;
  private inflight = new Set<Promise<void>>();
  skipped = 0;

  constructor(private readonly app: App) {}

  start(): void {
    this.timer = setInterval(() => {
      // Bounded: past 500 calls in flight the app is stalled for 10 s already; the calls in flight show it.
      if (this.inflight.size >= 500) {
        this.skipped++;
        return;
      }
      const sentAt = performance.now();
      const call = send(`${this.app.url}/mcp/brreg`, { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${KEYS.victim}` }, body: VICTIM_CALL, timeoutMs: VICTIM_TIMEOUT_MS }).then((o) => {
        const timedOut = o.status === 'timeout';
        this.samples.push({ sentAt, ms: timedOut ? VICTIM_TIMEOUT_MS : o.ms, ok: o.status === '200', timedOut });
      });
      this.inflight.add(call);
      void call.finally(() => this.inflight.delete(call));
    }, INTERVAL_MS);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.inflight]);
  }

  window(from: number, to: number) {
    const inside = this.samples.filter((s) => s.sentAt >= from && s.sentAt < to);
    const ms = inside.map((s) => s.ms).sort((a, b) => a - b);
    const at = (q: number) => (ms.length ? ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)] : NaN);
    return {
      calls: inside.length,
      median: at(0.5),
      p99: at(0.99),
      max: ms.length ? ms[ms.length - 1] : NaN,
      timeouts: inside.filter((s) => s.timedOut).length,
      errors: inside.filter((s) => !s.ok && !s.timedOut).length,
    };
  }
}

// --- The attacks ---------------------------------------------------------------------------------

interface Context {
  app: App;
}

interface Attack {
  id: number;
  name: string;
  /** Before the victim starts: payloads, warm-ups, anything not measured. Its notes join the outcome. */
  setup?: (ctx: Context) => Promise<Record<string, unknown>>;
  run: (ctx: Context) => Promise<Record<string, unknown>>;
}

/** `workers` loops, each sending `next()` until `count` requests have been sent or `ms` has passed. */
async function loop(workers: number, count: number, ms: number, next: (i: number) => Promise<Outcome>) {
  const statuses: Record<string, number> = {};
  /** The start of the first answer of each status other than 200 and 201, to show why. */
  const firstAnswer: Record<string, string> = {};
  let sent = 0;
  let slowest = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (sent < count && performance.now() - t0 < ms) {
        const o = await next(sent++);
        tally(statuses, o.status);
        if (!/^20[01]$/.test(o.status) && !(o.status in firstAnswer)) firstAnswer[o.status] = o.body.slice(0, 160);
        slowest = Math.max(slowest, o.ms);
        // A refusal says when to come back; waiting (at most 2 s) keeps the loop from spinning on 429s.
        if (o.retryAfterMs !== undefined) await sleep(Math.min(2000, o.retryAfterMs || 1000));
      }
    }),
  );
  return { sent, statuses, ...(Object.keys(firstAnswer).length > 0 && { firstAnswer }), slowestMs: Math.round(slowest), seconds: Math.round((performance.now() - t0) / 100) / 10 };
}

const nested = (depth: number, i: number) => `SELECT * WHERE ${'{ '.repeat(depth)}?s${i} ?p ?o ${'} '.repeat(depth)}`;

/** A query just inside eusparql.query's caps: 60 levels deep and about 32 000 characters of triple patterns. */
function atTheCaps(i: number): string {
  const pattern = (n: number) => `?s${i} <http://example.org/p${n}> "${'x'.repeat(40)}" . `;
  const open = 'SELECT * WHERE ' + '{ '.repeat(60);
  const close = '} '.repeat(60);
  let body = '';
  for (let n = 0; open.length + body.length + close.length < 31_500; n++) body += pattern(n);
  return open + body + close;
}

const ATTACKS: Attack[] = [
  {
    id: 1,
    name: `SPARQL nested ${num('sparql-depth')} levels`,
    run: async ({ app }) => {
      const depth = num('sparql-depth');
      // Every other query is the hostile one; the rest pass every check and parse (in a worker).
      const query = (i: number) => (i % 2 === 0 ? nested(depth, i) : atTheCaps(i));
      const r = await loop(2, num('sparql-queries'), Math.min(ATTACK_BUDGET_MS, num('sparql-seconds') * 1000), (i) =>
        mcp(app, 'data-europa-sparql', KEYS.pro, toolCall('eusparql.query', { query: query(i) }), 120_000),
      );
      return { queryChars: nested(depth, 0).length, atTheCapsChars: atTheCaps(1).length, ...r };
    },
  },
  {
    id: 2,
    name: 'audit filter + export',
    setup: async ({ app }) => {
      const seconds = num('audit-fill-seconds');
      log(`  filling the audit for ${seconds} s (scope refusals of a key with only api:read)`);
      const fill = await autocannon([
        '-j', '-n', '-c', '32', '-d', String(seconds), '-R', String(num('audit-fill-rate')), '-m', 'POST',
        '-H', 'content-type=application/json', '-H', 'accept=application/json, text/event-stream', '-H', `authorization=Bearer ${KEYS.auditor}`,
        '-b', VICTIM_CALL, `${app.url}/mcp/brreg`,
      ]);
      // The audit is written in batches every second: let the last ones land.
      await sleep(3000);
      return { fillRequests: fill.requests, fillStatuses: fill.statuses, storeMBAfterFill: mb(storeBytes(app.dbPath)) };
    },
    run: async ({ app }) => {
      const headers = { authorization: `Bearer ${KEYS.auditor}` };
      let exportBytes = 0;
      const filter = loop(1, 60, num('audit-read-seconds') * 1000, () => send(`${app.url}/api/v1/account/audit?route=/none&limit=1`, { headers }));
      const exports = loop(1, 30, num('audit-read-seconds') * 1000, async () => {
        const o = await send(`${app.url}/api/v1/account/export`, { headers });
        exportBytes = Math.max(exportBytes, Buffer.byteLength(o.body));
        return o;
      });
      const [f, e] = await Promise.all([filter, exports]);
      return { filter: f, export: e, exportMB: Math.round(exportBytes / 104857.6) / 10 };
    },
  },
  {
    id: 3,
    name: `sanctions screen, ${num('sanctions-entities')} entities`,
    setup: async ({ app }) => {
      payloads.sanctions = sanctionsXml(num('sanctions-entities'));
      // The list is loaded on first use: load it now, with another key.
      const warm = await send(`${app.url}/api/v1/sanctions/screen`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${KEYS.pro}` },
        body: JSON.stringify({ subjects: [{ name: 'Vladimir Putin' }] }),
      });
      if (warm.status !== '200') throw new Error(`the sanctions list did not load: ${warm.status} ${warm.body.slice(0, 300)}`);
      return { listMB: Math.round(payloads.sanctions.length / 104857.6) / 10, normalNameMs: Math.round(warm.ms) };
    },
    run: async ({ app }) => {
      const rand = random(3);
      const batch = num('sanctions-batch');
      let namesCompared = 0;
      const r = await loop(2, num('sanctions-batches'), ATTACK_BUDGET_MS, async () => {
        const o = await send(`${app.url}/api/v1/sanctions/screen`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${KEYS.pro}` },
          body: JSON.stringify({ subjects: Array.from({ length: batch }, () => ({ name: craftedName(rand) })) }),
        });
        namesCompared = Math.max(namesCompared, ...[...o.body.matchAll(/"namesCompared":(\d+)/g)].map((m) => Number(m[1])));
        return o;
      });
      const sample = craftedName(random(3));
      return { namesPerRequest: batch, craftedName: `${sample.length} characters, ${sample.split(' ').length} words: ${sample.slice(0, 24)}…`, namesComparedPerName: namesCompared, ...r };
    },
  },
  {
    id: 4,
    name: 'OAuth registration flood',
    run: async ({ app }) => {
      const before = storeBytes(app.dbPath);
      // The OAuth library reads at most 56 KiB of body: 1 000 redirect URIs, and a client_name that fills the rest.
      const client = { client_name: '', redirect_uris: Array.from({ length: 1000 }, (_, i) => `https://a.io/${i}`), token_endpoint_auth_method: 'none' };
      client.client_name = 'Bench client '.repeat(5000).slice(0, 56 * 1024 - 64 - JSON.stringify(client).length);
      const body = JSON.stringify(client);
      const r = await loop(8, num('register-max'), num('register-seconds') * 1000, () =>
        send(`${app.url}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
      );
      await sleep(500);
      return { bodyKB: Math.round(body.length / 1024), clientNameKB: Math.round(client.client_name.length / 1024), ...r, storeGrowthMB: mb(storeBytes(app.dbPath) - before) };
    },
  },
  {
    id: 5,
    name: `Mattilsynet CSV, ${num('csv-columns')} columns`,
    setup: async () => {
      payloads.csv = wideCsv(num('csv-columns'), num('csv-rows'));
      return { fileMB: mb(payloads.csv.length) };
    },
    run: async ({ app }) => {
      const r = await loop(1, 10, ATTACK_BUDGET_MS, async (i) => {
        if (i > 0) await sleep(500);
        return mcp(app, 'mattilsynet', KEYS.pro, toolCall('mattilsynet.inspeksjoner.sok', { q: 'oslo' }), 180_000);
      });
      return { ...r, downloads: served.csv ?? 0 };
    },
  },
  {
    id: 6,
    name: `response cache, ${num('cache-answers')} × ${num('cache-answer-kib')} KiB`,
    setup: async () => {
      payloads.big = bigSparqlAnswer(num('cache-answer-kib'));
      return {};
    },
    run: async ({ app }) => {
      const before = served['sparql-big'] ?? 0;
      const r = await loop(4, num('cache-answers'), ATTACK_BUDGET_MS, (i) =>
        mcp(app, 'data-europa-sparql', KEYS.pro, toolCall('eusparql.query', { query: `SELECT ?s WHERE { ?s ?p "${BIG_MARKER}-${i}" }`, limit: 1 }), 120_000),
      );
      return { ...r, upstreamAnswers: (served['sparql-big'] ?? 0) - before };
    },
  },
];

/** autocannon in a child process, so its load does not delay this process's victim timers. */
function autocannon(args: string[]): Promise<{ requests: number; statuses: Record<string, number> }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [join(ROOT, 'node_modules/autocannon/autocannon.js'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    proc.stderr.on('data', () => {});
    proc.on('exit', (code) => {
      try {
        const r = JSON.parse(out);
        resolve({ requests: r.requests.total, statuses: { '1xx': r['1xx'], '2xx': r['2xx'], '3xx': r['3xx'], '4xx': r['4xx'], '5xx': r['5xx'], errors: r.errors, timeouts: r.timeouts } });
      } catch {
        reject(new Error(`autocannon exited with ${code}: ${out.slice(0, 300)}`));
      }
    });
  });
}

// --- Run -----------------------------------------------------------------------------------------

interface Result {
  id: number;
  attack: string;
  quiet: ReturnType<Victim['window']>;
  during: ReturnType<Victim['window']>;
  ratio: number;
  attackSeconds: number;
  rssMB: { beforeAttack: number; peak: number };
  appExited: string | null;
  setup: Record<string, unknown>;
  outcome: Record<string, unknown>;
  error?: string;
}

async function runOne(attack: Attack, dataDir: string, fakeUrl: string): Promise<Result> {
  log(`${attack.id}. ${attack.name}: starting a fresh app`);
  const app = await startApp(dataDir, `attack-${attack.id}`, fakeUrl);
  const ctx: Context = { app };
  const victim = new Victim(app);
  try {
    // Warm the victim: the first call fetches, the next ones are answered from the cache.
    for (let i = 0; i < 5; i++) {
      const o = await send(`${app.url}/mcp/brreg`, { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${KEYS.victim}` }, body: VICTIM_CALL });
      if (o.status !== '200') throw new Error(`the victim's call answered ${o.status}: ${o.body.slice(0, 300)}`);
    }
    const setup = (await attack.setup?.(ctx)) ?? {};
    victim.start();
    const quietFrom = performance.now();
    await sleep(QUIET_MS);
    const rssBefore = app.rssMB();
    app.peakRssMB = rssBefore;
    const from = performance.now();
    log(`${attack.id}. ${attack.name}: attack`);
    let outcome: Record<string, unknown> = {};
    let error: string | undefined;
    try {
      outcome = await attack.run(ctx);
    } catch (err) {
      error = (err as Error).message;
    }
    const to = performance.now();
    await victim.stop();
    const quiet = victim.window(quietFrom, from);
    const during = victim.window(from, to);
    const exited = app.proc.exitCode !== null || app.proc.signalCode !== null ? `exit ${app.proc.exitCode ?? app.proc.signalCode}: ${app.stderrTail().slice(-300)}` : null;
    return {
      id: attack.id,
      attack: attack.name,
      quiet,
      during,
      ratio: during.median / quiet.median,
      attackSeconds: Math.round((to - from) / 100) / 10,
      rssMB: { beforeAttack: rssBefore, peak: app.peakRssMB },
      appExited: exited,
      setup,
      outcome,
      ...(error && { error }),
    };
  } finally {
    await victim.stop();
    await app.stop();
    delete payloads.csv;
    delete payloads.big;
    delete payloads.sanctions;
  }
}

const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms < 100 ? ms.toFixed(1) : String(Math.round(ms)));

function table(results: Result[]): string {
  const rows = results.map((r) => {
    const d = r.during;
    return `| ${r.id}. ${r.attack} | ${fmt(r.quiet.median)} | ${fmt(d.median)} | ${Number.isFinite(r.ratio) ? r.ratio.toFixed(1) : '-'} | ${fmt(d.p99)} | ${fmt(d.max)} | ${d.calls} / ${d.timeouts} / ${d.errors} | ${r.attackSeconds} | ${r.rssMB.beforeAttack} → ${r.rssMB.peak} |${r.appExited ? ' app died |' : ''}`;
  });
  const outcomes = results.map((r) => `- ${r.id}. ${r.attack}: ${JSON.stringify({ ...r.setup, ...r.outcome, ...(r.error && { error: r.error }), ...(r.appExited && { appExited: r.appExited }) })}`);
  return [
    '| attack | quiet median ms | attack median ms | ratio | attack p99 ms | attack max ms | victim calls / timeouts / errors | attack s | app RSS MB (before → peak) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    'Attack outcomes (statuses as "HTTP status [rpc <code> | isError <code>]"):',
    ...outcomes,
  ].join('\n');
}

const loadAtStart = os.loadavg()[0].toFixed(1);
const only = new Set(String(flags.only).split(',').map((s) => Number(s.trim())));
const dataDir = mkdtempSync(join(os.tmpdir(), 'bench-attacks-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
const fake = createServer(fakeUpstream);
await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
const results: Result[] = [];
for (const attack of ATTACKS.filter((a) => only.has(a.id))) {
  results.push(await runOne(attack, dataDir, fakeUrl));
  log(`${attack.id}. done: ratio ${results.at(-1)!.ratio.toFixed(1)}`);
}
fake.close();
const cpu = os.cpus();
const header = [
  `# Attack benchmark (issue 24), ${new Date().toISOString()}`,
  '',
  `- Tree: ${ROOT}; app: ${flags.dist ? 'dist/main.mjs' : 'runtime/main.ts through tsx'}, UPSTREAM_MODE=live, every *_BASE_URL on a fake at ${fakeUrl}`,
  `- Machine: ${cpu[0]?.model ?? 'unknown'} × ${cpu.length}, shared with other work (figures swing; load average at start ${loadAtStart}, at end ${os.loadavg()[0].toFixed(1)}); Node ${process.version}`,
  `- Victim: an enterprise key's cached brreg.enhet.lookup every ${INTERVAL_MS} ms (timeout ${VICTIM_TIMEOUT_MS} ms, counted at that value); quiet ${QUIET_MS / 1000} s before each attack on a fresh app; ratio = attack median / quiet median`,
  `- Command: node --import tsx bench/attacks.ts ${process.argv.slice(2).join(' ')}`,
  '',
].join('\n');
const report = `${header}${table(results)}\n`;
process.stdout.write(report);
if (flags.json) writeFileSync(join(ROOT, 'bench/attacks-results.json'), `${JSON.stringify({ date: new Date().toISOString(), flags, machine: `${cpu[0]?.model} × ${cpu.length}`, results }, null, 2)}\n`);
process.exit(0);
