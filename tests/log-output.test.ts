// The log output: every line arrives, in order, and the writer keeps up with a busy event loop.
// The disk is the test's own: each asynchronous write the writer starts completes only when the
// test says so (one per event-loop turn), so the backlog depends on how the writer groups lines
// into writes, never on how fast this machine's disk or CPU is.
import fs, { closeSync, mkdtempSync, openSync, readFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogOutput } from '../runtime/log-output.js';

/** One event-loop turn. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

type WriteCallback = (err: NodeJS.ErrnoException | null, written: number) => void;

/** Holds the asynchronous writes made to `fd` until complete() is called; others pass through. */
function controlledDisk(fd: number) {
  const held: { bytes: Buffer; done: WriteCallback }[] = [];
  let completed = 0;
  const realWrite = fs.write;
  vi.spyOn(fs, 'write').mockImplementation(((target: number, ...rest: unknown[]) => {
    if (target !== fd) return (realWrite as (...args: unknown[]) => void)(target, ...rest);
    held.push({ bytes: Buffer.from(rest[0] as Buffer), done: rest[rest.length - 1] as WriteCallback });
  }) as typeof fs.write);
  return {
    /** Bytes the writer has had written. */
    get completed() {
      return completed;
    },
    /** Completes the oldest held write, whatever its size: a disk that finishes one write a turn. */
    completeOne() {
      const write = held.shift();
      if (!write) return;
      completed += writeSync(fd, write.bytes);
      write.done(null, write.bytes.length);
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('log output', () => {
  it('writes every line in order, and its backlog stays bounded when the disk finishes one write a turn', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'log-output-')), 'out.log');
    const fd = openSync(file, 'w');
    const disk = controlledDisk(fd);
    // No periodic flush during the test: only the lines themselves move data to the writer.
    const out = createLogOutput(fd, 3_600_000);
    const lines = 100_000;
    const linesPerTurn = 250;
    const lineOf = (i: number) => `{"level":30,"n":${i},"msg":"request","pad":"${'x'.repeat(150)}"}\n`;
    const bytesPerTurn = linesPerTurn * lineOf(lines).length;
    let logged = 0;
    let worstBacklog = 0;
    for (let i = 0; i < lines; i++) {
      const line = lineOf(i);
      out.stream.write(line);
      logged += line.length;
      // About 49 KB of lines per turn: far more than a busy service logs (about 2 KB a turn at
      // 8 000 requests a second).
      if (i % linesPerTurn === linesPerTurn - 1) {
        disk.completeOne();
        await turn();
        worstBacklog = Math.max(worstBacklog, logged - disk.completed);
      }
    }
    let closed = false;
    const closing = out.close().then(() => (closed = true));
    while (!closed) {
      disk.completeOne();
      await turn();
    }
    await closing;
    closeSync(fd);
    const text = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    expect(text).toHaveLength(lines);
    expect(text.every((l, i) => JSON.parse(l).n === i)).toBe(true);
    // Each write takes everything handed over (up to 1 MB), so what is unwritten after a turn is
    // that turn's lines plus what the log output had not yet handed over at the previous turn
    // (less than its 16 KB chunk). With 16 KB writes it grew to 13 MB.
    expect(worstBacklog).toBeLessThan(bytesPerTurn + 16 * 1024);
  });
});
