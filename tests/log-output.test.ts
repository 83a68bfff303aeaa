// The log output: every line arrives, in order, and the writer keeps up with a busy event loop.
import { closeSync, mkdtempSync, openSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogOutput } from '../runtime/log-output.js';

/** One event-loop turn, with no time to spare: a busy loop. */
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('log output', () => {
  it('writes every line in order, and keeps up while the loop is busy', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'log-output-')), 'out.log');
    const fd = openSync(file, 'w');
    const out = createLogOutput(fd);
    const lines = 100_000;
    let written = 0;
    let worstLag = 0;
    for (let i = 0; i < lines; i++) {
      const line = `{"level":30,"n":${i},"msg":"request","pad":"${'x'.repeat(150)}"}\n`;
      out.stream.write(line);
      written += line.length;
      // About 47 KB of lines per turn of a busy loop: far more than a busy service logs (about 2 KB
      // a turn at 8 000 requests a second), and more than a writer that makes one 16 KB write a
      // turn can carry (its backlog grew to 12 MB here).
      if (i % 250 === 249) {
        await turn();
        worstLag = Math.max(worstLag, written - statSync(file).size);
      }
    }
    await out.close();
    closeSync(fd);
    const text = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    expect(text).toHaveLength(lines);
    expect(text.every((l, i) => JSON.parse(l).n === i)).toBe(true);
    expect(worstLag).toBeLessThan(2 * 1024 * 1024);
  }, 30_000);
});
