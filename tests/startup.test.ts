// What a newcomer meets first, run as they run it (the commands as child processes, through tsx,
// in a folder of their own): a key made by `npm run keys -- create` works with `npm start` in the
// same folder, with no setting; `--help` prints usage; a mistake or a port already in use is one
// line on stderr and exit code 1, never a stack trace.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_KEYS_FILE } from '../runtime/auth/keys.js';
import { loadConfig } from '../runtime/config.js';
import { RECORDED_AT } from '../runtime/upstream/recordings.js';

const ROOT = resolve(import.meta.dirname, '..');
const TSX = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
const STACK_FRAME = /\n\s+at\s/;

/** The service's environment with nothing of the developer's: no key, key file or base URL. */
const BASE_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  API_KEYS: '',
  API_KEYS_FILE: '',
  PUBLIC_BASE_URL: '',
  REDIS_URL: '',
  DATABASE_URL: '',
  DATABASE_PATH: '',
  HOST: '127.0.0.1',
  UPSTREAM_MODE: 'replay',
  RECORDINGS_DIR: join(ROOT, 'tests/recordings'),
  FIXED_NOW: RECORDED_AT,
};

function command(script: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, ['--import', TSX, join(ROOT, script), ...args], { cwd, env: { ...BASE_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Runs a command to its end. */
function run(script: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = command(script, args, cwd, env);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => (stdout += d));
  child.stderr?.on('data', (d) => (stderr += d));
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })));
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'startup-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the store: one default for the command and the service', () => {
  it('both use .data/opendata.sqlite in the working directory, and import .keys.json from there', () => {
    expect(loadConfig({}).databasePath).toBe('.data/opendata.sqlite');
    expect(loadConfig({}).databaseUrl).toBeUndefined();
    expect(DEFAULT_KEYS_FILE).toBe('.keys.json');
    expect(loadConfig({}).apiKeysFile).toBe('.keys.json');
    expect(loadConfig({ API_KEYS_FILE: '/etc/keys.json' }).apiKeysFile).toBe('/etc/keys.json');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:pw@db/x' })).toThrow(/DATABASE_URL must be a postgres/);
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS/);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30', KEY_CACHE_SECONDS: '2' })).toMatchObject({ auditRetentionDays: 30, keyCacheMs: 2000 });
  });

  it('a key made by `keys create` is taken by the service started in the same folder, with no setting', async () => {
    const cwd = mkdtempSync(join(dir, 'newcomer-'));
    const created = await run('runtime/cli/keys.ts', ['create', '--tier', 'pro'], cwd);
    expect(created.code, created.stderr).toBe(0);
    const key = created.stdout.trim();
    expect(existsSync(join(cwd, '.data', 'opendata.sqlite'))).toBe(true);

    const service = command('runtime/main.ts', [], cwd, { PORT: '0' });
    const lines: Array<{ level: number; msg: string; url?: string }> = [];
    try {
      const url = await new Promise<string>((found, failed) => {
        createInterface({ input: service.stdout! }).on('line', (line) => {
          const entry = JSON.parse(line);
          lines.push(entry);
          if (entry.msg === 'listening') found(entry.url);
        });
        service.on('close', (code) => failed(new Error(`the service exited (${code}) before listening`)));
      });
      const res = await fetch(`${url}/api/v1/diagnostics`, { headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      expect((await res.json()).key).toMatchObject({ tier: 'pro' });
      expect(lines.map((l) => l.msg).join('\n')).not.toMatch(/no API keys configured/);
    } finally {
      service.kill('SIGTERM');
      await new Promise((done) => (service.exitCode === null ? service.on('close', done) : done(null)));
    }
  }, 90_000);
});

describe('the keys command', () => {
  it('--help prints usage and exits 0', async () => {
    const r = await run('runtime/cli/keys.ts', ['--help'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage: npm run keys -- <command>/);
    expect(r.stdout).toContain('create');
    expect(r.stdout).toContain('revoke <id>');
    expect(r.stderr).toBe('');
  }, 90_000);

  it('an unknown option or an unreadable key file is one line, exit code 1', async () => {
    const badFile = join(mkdtempSync(join(dir, 'bad-file-')), 'keys.json');
    writeFileSync(badFile, '{ not json');
    const [unknown, malformed] = await Promise.all([run('runtime/cli/keys.ts', ['create', '--teir', 'pro'], dir), run('runtime/cli/keys.ts', ['list'], dir, { API_KEYS_FILE: badFile })]);
    for (const r of [unknown, malformed]) {
      expect(r.code).toBe(1);
      // The one line of the error, besides the store's own line when it was just created.
      expect(r.stderr.trim().split('\n').filter((l) => !/^store sqlite .*: applied \d+ migration/.test(l)), r.stderr).toHaveLength(1);
      expect(r.stderr).not.toMatch(STACK_FRAME);
    }
    expect(unknown.stderr).toMatch(/Unknown option '--teir'/);
    expect(malformed.stderr).toContain(badFile);
  }, 90_000);
});

describe('the service at start-up', () => {
  let holder: Server;
  let port: number;
  beforeAll(async () => {
    holder = createServer();
    await new Promise<void>((done) => holder.listen(0, '127.0.0.1', done));
    port = (holder.address() as { port: number }).port;
  });
  afterAll(() => new Promise((done) => holder.close(done)));

  it('a port already in use is one line and exit code 1 (and a missing key file is no error)', async () => {
    const cwd = mkdtempSync(join(dir, 'empty-'));
    const r = await run('runtime/main.ts', [], cwd, { PORT: String(port) });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`port ${port} on 127.0.0.1 is already in use; set PORT to a free port (or stop the process that holds it)\n`);
  }, 90_000);

  it('a setting that does not parse is one line and exit code 1', async () => {
    const r = await run('runtime/main.ts', [], dir, { PORT: 'eighty' });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('cannot start: PORT must be an integer of at least 0, got "eighty"\n');
  }, 90_000);
});
