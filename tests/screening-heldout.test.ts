// Precision and recall of screening.screen at its default threshold on the HELD-BACK labelled set
// tests/fixtures/screening-heldout.json: names written independently of the tuning set
// (tests/fixtures/screening-labelled.json) and committed before the matcher ever ran on them.
// The matcher is never tuned on this file; this test only guards against regressions: it fails
// when the figures fall below floors set a little under what was measured once (HELD_OUT in
// servers/screening/tools.ts). Counting is the tuning set's (tests/screening-labelled.test.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVALUATION, HELD_OUT } from '../servers/screening/tools.js';
import { KEYS, callTool, createTestApp } from './helpers/app.js';

interface Example {
  name: string;
  type?: 'person' | 'organisation';
  birthDate?: string;
  birthYear?: number;
  country?: string;
  expected: string | null;
  kind: 'variant' | 'near_miss';
  category: string;
  note: string;
}

const set = JSON.parse(readFileSync('tests/fixtures/screening-heldout.json', 'utf8')) as { about: string; examples: Example[] };
const tuning = JSON.parse(readFileSync('tests/fixtures/screening-labelled.json', 'utf8')) as { examples: Example[] };

/** The query part of an example: what is sent to screening.screen. */
const query = ({ expected: _e, kind: _k, category: _c, note: _n, ...args }: Example) => args;

/**
 * Regression floors, a little below the figures measured once on this set (HELD_OUT: precision
 * 0.977 with 84 TP and 2 FP, recall 0.955 with 4 FN): two more false positives, or two more
 * misses, fail the test.
 */
const FLOORS = { precision: 0.95, recall: 0.93 };

describe('screening precision and recall on the held-back set', () => {
  it('is a separate set: variants, near-misses, Nordic names and birth/country cases, none of the tuning queries', () => {
    expect(set.about).toMatch(/NEVER use this file to tune/);
    expect(set.examples.length).toBeGreaterThanOrEqual(100);
    expect(set.examples.filter((e) => e.kind === 'variant').length).toBeGreaterThanOrEqual(50);
    expect(set.examples.filter((e) => e.kind === 'near_miss').length).toBeGreaterThanOrEqual(40);
    expect(set.examples.filter((e) => e.category === 'nordic').length).toBeGreaterThanOrEqual(15);
    expect(set.examples.filter((e) => e.category === 'birth_country').length).toBeGreaterThanOrEqual(15);
    for (const e of set.examples) expect(e.kind === 'variant', e.name).toBe(e.expected !== null);
    const tuningQueries = new Set(tuning.examples.map((e) => JSON.stringify(query({ ...e, category: '' }))));
    for (const e of set.examples) expect(tuningQueries.has(JSON.stringify(query(e))), e.name).toBe(false);
  });

  it(`stays at or above precision ${FLOORS.precision} and recall ${FLOORS.recall} (measured: ${HELD_OUT.precision}, ${HELD_OUT.recall})`, async () => {
    const t = createTestApp();
    let tp = 0;
    let fp = 0;
    let fn = 0;
    const misses: string[] = [];
    for (const example of set.examples) {
      const args = query(example);
      const { expected } = example;
      const r = await callTool(t, 'screening', 'screening.screen', args, KEYS.team);
      expect(r.isError, JSON.stringify(r.data)).toBe(false);
      const candidates = r.data.candidates as { entityId: string; name: string; score: number }[];
      const ids = candidates.map((c) => c.entityId);
      if (expected !== null) {
        if (ids.includes(expected)) tp += 1;
        else {
          fn += 1;
          misses.push(`missed [${example.category}]: ${JSON.stringify(args)} (expected ${expected})`);
        }
      }
      if (ids.some((id) => id !== expected)) {
        fp += 1;
        misses.push(`false positive [${example.category}]: ${JSON.stringify(args)} -> ${candidates.map((c) => `${c.name} ${c.score}`).join(', ')}`);
      }
    }
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    console.log(
      `screening on ${set.examples.length} HELD-BACK names at threshold ${EVALUATION.threshold}: precision ${precision.toFixed(3)} (${tp} TP, ${fp} FP), recall ${recall.toFixed(3)} (${fn} FN)\n  ${misses.join('\n  ')}`,
    );
    expect(precision).toBeGreaterThanOrEqual(FLOORS.precision);
    expect(recall).toBeGreaterThanOrEqual(FLOORS.recall);
    expect(set.examples.length).toBe(HELD_OUT.examples);
  });
});
