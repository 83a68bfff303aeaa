// The log output: every line arrives, in order, and the writer keeps up with a busy event loop.
import { closeSync, mkdtempSync, openSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogOutput } from '../runtime/log-output.js';

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
      // About 200 KB of lines per event-loop turn: a loop far busier than 50 connections make it.
      if (i % 1000 === 999) {
        await turn();
        worstLag = Math.max(worstLag, written - statSync(file).size);
      }
    }
    out.close();
    closeSync(fd);
    const text = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    expect(text).toHaveLength(lines);
    expect(text.every((l, i) => JSON.parse(l).n === i)).toBe(true);
    expect(worstLag).toBeLessThan(2 * 1024 * 1024);
  }, 30_000);
});
