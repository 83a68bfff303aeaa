// A throwaway redis-server on a free loopback port, for tests of the Redis-backed state. Needs
// `redis-server` and `redis-cli` on PATH (.ci/run installs Debian's); `hasRedis` says whether they are.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port.js';

export const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

export interface TestRedis {
  url: string;
  stop(): void;
}

export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  const proc: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 200; i++) {
    if (spawnSync('redis-cli', ['-p', String(port), 'ping']).stdout?.toString().trim() === 'PONG') {
      return { url: `redis://127.0.0.1:${port}`, stop: () => proc.kill('SIGKILL') };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  proc.kill('SIGKILL');
  throw new Error('redis-server did not start');
}
