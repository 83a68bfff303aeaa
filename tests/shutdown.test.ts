// SIGTERM against the real service as a child process (`node --import tsx runtime/main.ts`, PORT=0,
// live mode with every upstream at a local fake): a request whose upstream answers only when the
// test lets it is in flight when the signal arrives; it must complete with 200, new connections
// must be refused from the signal on, and the process must exit with code 0. Connections that
// carry no request being answered (one whose headers trickle in, one idle after its answer, one
// that sent nothing) are closed by the server after the signal while the request in flight is
// still held: none of them may hold the exit until the forced one (25 s later, code 1).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS } from './helpers/app.js';
import { FakeUpstream, byPath, json, type Behaviour } from './helpers/fake-upstream.js';
import { allUpstreamsAt, eventually } from './helpers/live-app.js';

const ENHET = (JSON.parse(readFileSync('tests/recordings/brreg/enheter_923609016.json', 'utf8')) as { response: { json: unknown } }).response.json;

let fake: FakeUpstream;
let child: ChildProcess | undefined;
let stdout = '';
let stderr = '';
// The upstream's answer waits for the test (after the signal), not for a time.
let releaseUpstream!: () => void;
const upstreamReleased = new Promise<void>((resolve) => (releaseUpstream = resolve));
const whenReleased = (b: Behaviour): Behaviour => (req, res, seen) => void upstreamReleased.then(() => b(req, res, seen)).catch(() => res.destroy());

beforeAll(async () => {
  fake = await FakeUpstream.start();
  fake.respond(byPath([[/^\/enhetsregisteret\/api\/enheter\/923609016$/, whenReleased(json(200, ENHET))]]));
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

/** Set when the test sends SIGTERM. */
let signalled = false;

/**
 * A raw connection to `port`; `closed` resolves when the server closes it, with whether the signal
 * had been sent by then; `answered` when the first bytes of an answer arrive.
 */
function rawConnection(port: number, send: string): Promise<{ closed: Promise<boolean>; answered: Promise<void> }> {
  return new Promise((resolve, reject) => {
    let onData!: () => void;
    const answered = new Promise<void>((done) => (onData = done));
    const s = connect(port, '127.0.0.1', () => {
      if (send) s.write(send);
      resolve({ closed: new Promise((done) => s.once('close', () => done(signalled))), answered });
    });
    s.on('data', () => onData());
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
        DATABASE_PATH: ':memory:',
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

    // A slow request: its upstream answers when released.
    let answered = false;
    const inFlight = fetch(`${url}/api/connectors/brreg/enheter/923609016`, { headers: { authorization: `Bearer ${KEYS.pro}` } }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    void inFlight.then(() => (answered = true));
    await eventually(() => expect(fake.count('/enhetsregisteret/')).toBe(1), 5_000);

    // A slow-header client (half a request line and one header), a keep-alive connection idle after its answer, and a silent one.
    const slowHeaders = await rawConnection(port, 'GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const idle = await rawConnection(port, 'GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const silent = await rawConnection(port, '');
    await idle.answered;

    signalled = true;
    child.kill('SIGTERM');
    // From the signal on, the port is closed: new connections are refused while the request is
    // still in flight.
    await eventually(async () => expect(await refused(port)).toBe(true), 2_000, 10);
    // Each other connection is closed by the server after the signal, while the request in flight
    // is still held (its upstream has not been let answer yet).
    expect(await Promise.all([slowHeaders.closed, idle.closed, silent.closed])).toEqual([true, true, true]);
    expect(answered).toBe(false);
    releaseUpstream();

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.body.navn).toBe('EQUINOR ASA');

    const { code, signal } = await Promise.race([exited, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no exit within 10 s; stdout: ${stdout}`)), 10_000))]);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(stdout).toContain('SIGTERM: no new requests; finishing those in flight');
    expect(stderr).not.toMatch(/Error|Unhandled/);
    expect(fake.count('/enhetsregisteret/')).toBe(1);
  }, 30_000);
});
