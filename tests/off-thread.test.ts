// runtime/off-thread.ts: a task answers from a worker thread, a task past its budget is ended (its
// worker terminated, the next task answered by a fresh one), and a full queue refuses at once.
import { afterAll, describe, expect, it } from 'vitest';
import { OffThread, OffThreadBusy, OffThreadTimeout } from '../runtime/off-thread.js';

const pool = new OffThread<number | 'spin', number>('tests/fixtures/off-thread/spin.worker.ts', { maxQueue: 2 });
afterAll(() => pool.close());

describe('OffThread', () => {
  it('runs a task in a worker and answers its result', async () => {
    expect(await pool.run(21, 10_000)).toBe(42);
  });

  it('ends a task that never finishes at its budget, and the pool still answers', async () => {
    await expect(pool.run('spin', 300)).rejects.toBeInstanceOf(OffThreadTimeout);
    expect(await pool.run(5, 10_000)).toBe(10);
  });

  it('refuses a task when maxQueue tasks are already waiting', async () => {
    const first = pool.run('spin', 300);
    const second = pool.run('spin', 300);
    await expect(pool.run(1, 300)).rejects.toBeInstanceOf(OffThreadBusy);
    await Promise.allSettled([first, second]);
  });
});

describe('OffThread cold start', () => {
  it("does not count a thread's start-up against the first task's budget", async () => {
    // A fresh pool: the thread starts (tsx compiles the worker) within the start allowance, and a
    // task with a 1 ms budget still answers, since it runs at once on the started thread.
    const cold = new OffThread<number | 'spin', number>('tests/fixtures/off-thread/spin.worker.ts', { startMs: 60_000 });
    try {
      expect(await cold.run(4, 1)).toBe(8);
    } finally {
      await cold.close();
    }
  });
});
