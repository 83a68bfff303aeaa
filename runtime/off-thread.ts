// Work that can still be slow after its input was capped (a parse whose cost grows faster than
// its input, a large published file) runs here, in a worker thread, within a time budget, so no
// request holds the event loop (DESIGN.md "Bounded work"). Past its budget a task's worker is
// terminated, which ends even a parse stuck in a loop, and the caller gets OffThreadTimeout.
//
// A worker is a module named `*.worker.ts` whose default export is the task function
// (piscina's convention). From the sources (tests, tsx) the .ts file runs under tsx; in the
// built service `npm run build` bundles each one to dist/workers/<its path>.mjs, found here
// next to the bundle that runs (dist/main.mjs or dist/cli/*.mjs).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import { Piscina } from 'piscina';

export class OffThreadTimeout extends Error {
  constructor(readonly budgetMs: number) {
    super(`took longer than its budget of ${budgetMs} ms`);
    this.name = 'OffThreadTimeout';
  }
}

const FROM_SOURCES = import.meta.url.endsWith('.ts');

/** The file a worker named by its path in the repository (`servers/x/parse.worker.ts`) runs from. */
export function workerFile(repoPath: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  if (FROM_SOURCES) return pathToFileURL(join(here, '..', repoPath)).href;
  const bundled = join('workers', repoPath.replace(/\.ts$/, '.mjs'));
  for (const root of [here, join(here, '..')]) {
    const file = join(root, bundled);
    if (existsSync(file)) return pathToFileURL(file).href;
  }
  throw new Error(`worker ${repoPath} is not built: run npm run build`);
}

export interface OffThreadOptions {
  /** Threads at most (default 1: slow work waits for itself, never for the cores the server needs). */
  maxThreads?: number;
  /** Tasks waiting at most; past it run() refuses at once rather than queue without bound. */
  maxQueue?: number;
  /**
   * Time a thread may take to start (loading its modules; from the sources, compiling them too),
   * added to the budget of the tasks that arrive while the pool has no thread: a cold start is the
   * pool's cost, not the task's (default 20 000 ms).
   */
  startMs?: number;
}

export class OffThreadBusy extends Error {
  constructor() {
    super('too many tasks are waiting');
    this.name = 'OffThreadBusy';
  }
}

/** A pool of worker threads for one worker module, started on first use and idle-stopped. */
export class OffThread<In, Out> {
  private pool: Piscina | undefined;
  private waiting = 0;
  /** While the pool starts a thread: when that start's allowance ends (performance.now()). */
  private startingUntil = 0;

  constructor(
    private readonly repoPath: string,
    private readonly options: OffThreadOptions = {},
  ) {}

  /** Runs one task; rejects with OffThreadTimeout past budgetMs, OffThreadBusy when the queue is full. */
  async run(input: In, budgetMs: number): Promise<Out> {
    const maxQueue = this.options.maxQueue ?? 16;
    if (this.waiting >= maxQueue) throw new OffThreadBusy();
    const pool = (this.pool ??= new Piscina({
      filename: workerFile(this.repoPath),
      minThreads: 0,
      maxThreads: this.options.maxThreads ?? 1,
      idleTimeout: 30_000,
      // tsx by its resolved address: a process started in another folder still finds it.
      execArgv: FROM_SOURCES ? ['--import', import.meta.resolve('tsx')] : [],
    }));
    const budget = new AbortController();
    // The budget starts when the task is handed over, so time spent queued counts too: a caller
    // never waits longer than its budget (plus a cold start's allowance), whatever runs before it.
    const now = performance.now();
    if (pool.threads.length === 0 && now >= this.startingUntil) this.startingUntil = now + (this.options.startMs ?? 20_000);
    const timer = setTimeout(() => budget.abort(), budgetMs + Math.max(0, this.startingUntil - now));
    this.waiting++;
    try {
      const answer = (await pool.run(input, { signal: budget.signal })) as Out;
      this.startingUntil = 0;
      return answer;
    } catch (err) {
      if (budget.signal.aborted) throw new OffThreadTimeout(budgetMs);
      throw err;
    } finally {
      clearTimeout(timer);
      this.waiting--;
    }
  }

  /** Stops the threads (tests, shutdown). */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }
}
