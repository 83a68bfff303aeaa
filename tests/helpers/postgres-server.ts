// A throwaway PostgreSQL cluster on a free loopback port, for tests of the PostgreSQL store:
// initdb into a temporary directory with trust authentication, then the postgres server on
// 127.0.0.1 only (its socket in the same directory). Debian keeps the binaries in
// /usr/lib/postgresql/<version>/bin (.ci/run installs the `postgresql` package); `pgBinaries` finds
// them there or on PATH. PostgreSQL refuses to run as root, so under root the cluster runs as the
// `postgres` user (or `nobody`). The server can be killed and started again on the same data.
import { afterAll, beforeAll } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.js';

function findBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'postgres'))) return join(root, v, 'bin');
  const which = spawnSync('sh', ['-c', 'command -v initdb && command -v postgres']);
  const found = which.status === 0 ? which.stdout.toString().trim().split('\n') : [];
  return found.length === 2 ? join(found[0], '..') : undefined;
}

export const pgBinDir = findBinDir();
export const hasPostgres = pgBinDir !== undefined;
/** Skipped only outside CI when the binaries are missing; under CI a missing PostgreSQL fails the suite. */
export const skipPostgresTests = !hasPostgres && !process.env.CI;

function ids(user: string): { uid: number; gid: number } | undefined {
  const uid = spawnSync('id', ['-u', user]);
  const gid = spawnSync('id', ['-g', user]);
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout.toString().trim()), gid: Number(gid.stdout.toString().trim()) };
}

export interface TestPostgres {
  url: string;
  /** Kills the server at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Starts the server again on the same data and port. */
  restart(): Promise<void>;
  /** Kills it and removes its files. */
  stop(): Promise<void>;
  /** Creates a database of its own (for one suite or test) and answers its URL. */
  createDatabase(name: string): Promise<string>;
}

async function waitUntilReady(url: string, proc: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (proc.exitCode !== null) throw new Error(`postgres exited (${proc.exitCode}): ${log()}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`postgres did not become ready: ${log()}`);
}

export async function startPostgres(): Promise<TestPostgres> {
  if (!pgBinDir) throw new Error('PostgreSQL (initdb, postgres) is not installed: .ci/run installs Debian\'s postgresql package');
  const runAs = process.getuid?.() === 0 ? (ids('postgres') ?? ids('nobody')) : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'));
  const data = join(dir, 'data');
  if (runAs) {
    chownSync(dir, runAs.uid, runAs.gid);
    chmodSync(dir, 0o700);
  }
  const opts = { ...(runAs ?? {}), env: { ...process.env, LC_ALL: 'C', LANG: 'C' } };
  const init = spawnSync(join(pgBinDir, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], opts);
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr?.toString()}`);
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let proc: ChildProcess | undefined;
  let output = '';
  const launch = async () => {
    output = '';
    const args = ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'full_page_writes=off'];
    proc = spawn(join(pgBinDir!, 'postgres'), args, { ...opts, stdio: ['ignore', 'ignore', 'pipe'] });
    proc.stderr!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
    await waitUntilReady(url, proc, () => output);
  };
  const kill = async () => {
    const p = proc;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((r) => {
      p.once('exit', () => r());
      p.kill('SIGKILL');
    });
  };
  await launch();
  return {
    url,
    kill,
    restart: async () => {
      // Backends of the killed server leave by themselves when they notice; until then a new
      // server refuses the data directory, so starting is tried again for a while.
      for (let attempt = 0; ; attempt++) {
        try {
          await launch();
          return;
        } catch (err) {
          if (attempt >= 40) throw err;
          await new Promise((r) => setTimeout(r, 250));
        }
      }
    },
    stop: async () => {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
    createDatabase: async (name) => {
      const admin = new pg.Client(url);
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return url.replace(/\/postgres$/, `/${name}`);
    },
  };
}

/** One PostgreSQL server for the enclosing describe block, started before it and stopped after; the getter answers it. */
export function postgresForSuite(): () => TestPostgres {
  let server: TestPostgres | undefined;
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(() => server?.stop());
  return () => server!;
}
