// The built service (`npm run build`, what `npm start` and `npm run demo` run) finds its worker
// threads: runtime/off-thread.ts looks for them in dist/workers/, where the build bundles every
// `*.worker.ts`. eusparql.query parses in such a worker, so a query that answers through the
// built demo proves the path end to end.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/free-port.js';
import { query } from '../servers/data-europa-sparql/tools.js';

const ROOT = resolve(import.meta.dirname, '..');
const KEY = 'dist-workers-test-key-0123456789abcdef';
let demo: ChildProcess | undefined;
let base = '';

beforeAll(async () => {
  execFileSync('npm', ['run', '-s', 'build'], { cwd: ROOT, stdio: 'ignore' });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  demo = spawn(process.execPath, [join(ROOT, 'dist/cli/demo.mjs')], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), PUBLIC_BASE_URL: base, API_KEYS: `${KEY}:pro`, DATABASE_PATH: ':memory:', REDIS_URL: '', DATABASE_URL: '', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((ready, failed) => {
    createInterface({ input: demo!.stdout! }).on('line', (line) => line.startsWith('Landing page:') && ready());
    demo!.once('exit', (code) => failed(new Error(`the built demo exited with ${code}`)));
  });
}, 120_000);

afterAll(() => {
  demo?.kill();
});

async function callTool(name: string, args: Record<string, unknown>) {
  const res = await fetch(`${base}/mcp/data-europa-sparql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${KEY}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  return (await res.json()) as { result: { isError?: boolean; structuredContent?: Record<string, unknown>; content: { text: string }[] } };
}

describe('the built service and its worker threads', () => {
  it('bundles every *.worker.ts of runtime/ and servers/ into dist/workers/', () => {
    const workers = ['runtime', 'servers'].flatMap((dir) =>
      (readdirSync(join(ROOT, dir), { recursive: true }) as string[]).filter((f) => f.endsWith('.worker.ts')).map((f) => join(dir, f)),
    );
    expect(workers).toContain(join('servers', 'data-europa-sparql', 'parse.worker.ts'));
    expect(workers).toContain(join('runtime', 'files', 'csv.worker.ts'));
    for (const worker of workers) expect(existsSync(join(ROOT, 'dist/workers', worker.replace(/\.ts$/, '.mjs'))), worker).toBe(true);
  });

  it('answers eusparql.query, parsed in the bundled worker', async () => {
    const { result } = await callTool('eusparql.query', query.example as Record<string, unknown>);
    expect(result.isError, result.content[0]?.text).toBeFalsy();
    expect(result.structuredContent?.queryType).toBe('SELECT');
  }, 60_000);
});
