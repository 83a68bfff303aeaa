// SIGTERM against the real service as a child process (`node --import tsx runtime/main.ts`, PORT=0,
// live mode with every upstream at a local fake): a request whose upstream answers after a second
// is in flight when the signal arrives; it must complete with 200, new connections must be refused
// from the signal on, and the process must exit with code 0. Connections that carry no request
// being answered (one whose headers trickle in, one idle after its answer, one that sent nothing)
// are closed by the server at the signal, before the request in flight is answered: none of them
// may hold the exit until the forced one (25 s later, code 1).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS } from './helpers/app.js';
import { FakeUpstream, byPath, delayed, json } from './helpers/fake-upstream.js';
import { allUpstreamsAt, eventually } from './helpers/live-app.js';

const ENHET = (JSON.parse(readFileSync('tests/recordings/brreg/enheter_923609016.json', 'utf8')) as { response: { json: unknown } }).response.json;

let fake: FakeUpstream;
let child: ChildProcess | undefined;
let stdout = '';
let stderr = '';

beforeAll(async () => {
  fake = await FakeUpstream.start();
  fake.respond(byPath([[/^\/enhetsregisteret\/api\/enheter\/923609016$/, delayed(fake, 1_000, json(200, ENHET))]]));
});

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await fake.stop();
});

/** Resolves when a TCP connection to `port` is refused (true) or accepted (false). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

/** A raw connection to `port`; `closed` resolves when the server closes it, with the time. */
function rawConnection(port: number, send: string): Promise<{ closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => {
      if (send) s.write(send);
      resolve({ closed: new Promise((done) => s.once('close', () => done(Date.now()))) });
    });
    s.on('data', () => {});
    s.once('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? undefined : reject(err)));
  });
}

describe('SIGTERM', () => {
  it('finishes the request in flight with 200, closes every other connection at once, refuses new ones, and exits with 0', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'runtime/main.ts'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        HOST: '127.0.0.1',
        PORT: '0',
        UPSTREAM_MODE: 'live',
        LOG_LEVEL: 'info',
        API_KEYS: `${KEYS.pro}:pro`,
        ...allUpstreamsAt(fake.url),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child!.once('exit', (code, signal) => resolve({ code, signal })));
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));

    // The `listening` log line names the URL (the log is buffered: it may take a second).
    let url = '';
    await eventually(() => {
      const line = stdout.split('\n').find((l) => l.includes('"msg":"listening"'));
      expect(line, `stdout: ${stdout}\nstderr: ${stderr}`).toBeDefined();
      url = JSON.parse(line!).url;
    }, 15_000);
    const port = Number(new URL(url).port);
    expect(await refused(port)).toBe(false);

    // A slow request: its upstream answers after one second.
    const started = Date.now();
    const inFlight = fetch(`${url}/api/connectors/brreg/enheter/923609016`, { headers: { authorization: `Bearer ${KEYS.pro}` } }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
      at: Date.now(),
    }));
    await eventually(() => expect(fake.count('/enhetsregisteret/')).toBe(1), 5_000);

    // A slow-header client (half a request line and one header), a keep-alive connection idle after its answer, and a silent one.
    const slowHeaders = await rawConnection(port, 'GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const idle = await rawConnection(port, 'GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const silent = await rawConnection(port, '');
    await new Promise((r) => setTimeout(r, 200));

    const signalledAt = Date.now();
    child.kill('SIGTERM');
    // From the signal on, the port is closed: new connections are refused.
    await eventually(async () => expect(await refused(port)).toBe(true), 2_000, 10);
    expect(Date.now() - signalledAt).toBeLessThan(900);

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    // Each was closed by the server after the signal and before the request in flight was answered.
    for (const c of [slowHeaders, idle, silent]) {
      const closedAt = await c.closed;
      expect(closedAt).toBeGreaterThanOrEqual(signalledAt);
      expect(closedAt).toBeLessThanOrEqual(answer.at);
    }
    expect(answer.body.navn).toBe('EQUINOR ASA');
    // It really was in flight across the signal: answered after it, about a second after it began.
    expect(answer.at).toBeGreaterThan(signalledAt);
    expect(answer.at - started).toBeGreaterThanOrEqual(900);

    const { code, signal } = await Promise.race([exited, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no exit within 10 s; stdout: ${stdout}`)), 10_000))]);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(stdout).toContain('SIGTERM: no new requests; finishing those in flight');
    expect(stderr).not.toMatch(/Error|Unhandled/);
    expect(fake.count('/enhetsregisteret/')).toBe(1);
  }, 30_000);
});
