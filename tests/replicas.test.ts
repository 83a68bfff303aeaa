// Several replicas as one service: a real Redis server and two app processes on different ports.
// A Dev key's window and burst hold across both; an upstream answer fetched through one replica is
// served by the other; killing Redis mid-run fails no request, health reports it, and the replicas
// return to Redis when it is back. Needs `redis-server` on PATH (.ci/run installs Debian's).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/free-port.js';

const KEYS = {
  window: 'replica-dev-window-000000001',
  burst: 'replica-dev-burst-0000000002',
  team: 'replica-team-key-00000000003',
};

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

let redis: ChildProcess | undefined;
let redisPort = 0;
let upstream: Server;
let upstreamHits = 0;
const replicas: { proc: ChildProcess; url: string }[] = [];


async function startRedis(): Promise<ChildProcess> {
  const proc = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    if (spawnSync('redis-cli', ['-p', String(redisPort), 'ping']).stdout?.toString().trim() === 'PONG') return proc;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('redis-server did not start');
}

function startReplica(): Promise<{ proc: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'runtime/main.ts'], {
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '0',
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        UPSTREAM_MODE: 'live',
        BRREG_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
        API_KEYS: `${KEYS.window}:dev,${KEYS.burst}:dev,${KEYS.team}:team`,
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
        DATABASE_PATH: ':memory:',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffer = '';
    proc.stdout!.on('data', (d: Buffer) => {
      buffer += d.toString();
      const line = buffer.split('\n').find((l) => l.includes('"listening"'));
      if (line) resolve({ proc, url: JSON.parse(line).url });
    });
    proc.on('exit', (code) => reject(new Error(`replica exited with ${code}`)));
  });
}

const get = (replica: number, key: string, orgnr = '923609016') =>
  fetch(`${replicas[replica].url}/api/connectors/brreg/enheter/${orgnr}`, { headers: { authorization: `Bearer ${key}` } });

describe.runIf(hasRedis)('two replicas sharing Redis', () => {
  beforeAll(async () => {
    const enhet = readFileSync('tests/recordings/brreg/enheter_923609016.json', 'utf8');
    const body = JSON.stringify(JSON.parse(enhet).response.json);
    upstream = createServer((req, res) => {
      upstreamHits += 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    redisPort = await freePort();
    redis = await startRedis();
    replicas.push(await startReplica(), await startReplica());
  }, 30_000);

  afterAll(async () => {
    for (const r of replicas) r.proc.kill('SIGTERM');
    redis?.kill('SIGKILL');
    await new Promise((r) => upstream.close(r));
  });

  it('serves an upstream answer fetched through one replica from the other', async () => {
    const before = upstreamHits;
    const a = await get(0, KEYS.team);
    expect(a.status).toBe(200);
    expect(upstreamHits).toBe(before + 1);
    const b = await get(1, KEYS.team);
    expect(b.status).toBe(200);
    expect(await b.json()).toEqual(await a.json());
    expect(upstreamHits).toBe(before + 1);
  });

  it('holds a Dev key to its burst (10 per second) across both replicas', async () => {
    // The burst window is a real second on two real processes. A measurement counts only when all
    // 24 requests were answered inside one second (else a fresh window may have begun mid-run and
    // the tally says nothing either way); a slow run is measured again in a fresh window, never
    // judged. Pairs go out at once, one to each replica: under the concurrency cap of 4.
    for (let attempt = 0; attempt < 8; attempt++) {
      await new Promise((r) => setTimeout(r, 1100));
      const started = Date.now();
      const answers: Response[] = [];
      for (let i = 0; i < 12; i++) answers.push(...(await Promise.all([get(0, KEYS.burst), get(1, KEYS.burst)])));
      if (Date.now() - started >= 1000) continue;
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(14);
      const reasons = await Promise.all(answers.filter((r) => r.status === 429).map(async (r) => ((await r.json()) as { detail: string }).detail));
      expect(reasons.every((d) => d.includes('(burst)'))).toBe(true);
      return;
    }
    throw new Error('no run of 24 requests fit in one second on this machine: the burst could not be measured');
  }, 60_000);

  it('holds a Dev key to its window (60 per minute) across both replicas', async () => {
    const statuses: number[] = [];
    const remaining: number[] = [];
    for (let i = 0; i < 70; i++) {
      const res = await get(i % 2, KEYS.window);
      statuses.push(res.status);
      remaining.push(Number(res.headers.get('x-ratelimit-remaining')));
      // 8 a second: under the burst, so only the window refuses.
      await new Promise((r) => setTimeout(r, 125));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.slice(60).every((s) => s === 429)).toBe(true);
    // One counter: Remaining falls by one per request whichever replica answered.
    expect(remaining.slice(0, 60)).toEqual(Array.from({ length: 60 }, (_, i) => 59 - i));
  }, 30_000);

  it('keeps answering when Redis dies mid-run, reports it, and returns to Redis', async () => {
    const failures: string[] = [];
    const results: number[] = [];
    for (let i = 0; i < 120; i++) {
      if (i === 40) redis!.kill('SIGKILL');
      try {
        const res = await get(i % 2, KEYS.team);
        results.push(res.status);
        if (res.status !== 200) failures.push(`${i}: ${res.status} ${await res.text()}`);
      } catch (err) {
        failures.push(`${i}: ${(err as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
    expect(results).toHaveLength(120);

    const health = await (await fetch(`${replicas[0].url}/api/v1/health`)).json();
    expect(health.checks.rateLimitStore).toMatchObject({ backend: 'memory (Redis unavailable)', shared: false, redis: { state: 'unavailable' } });
    expect(health.checks.responseCache.backend).toBe('memory (Redis unavailable)');

    redis = await startRedis();
    let state = '';
    for (let i = 0; i < 60 && state !== 'ready'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await (await fetch(`${replicas[1].url}/api/v1/health`)).json()).checks.rateLimitStore.redis.state;
    }
    expect(state).toBe('ready');
    expect((await get(1, KEYS.team)).status).toBe(200);
  }, 30_000);
});

describe.runIf(!hasRedis)('two replicas sharing Redis', () => {
  it('needs redis-server on PATH (.ci/run installs it)', () => {
    expect.fail('redis-server is not installed; install Debian redis-server to run the replica tests');
  });
});
