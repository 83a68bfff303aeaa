// Header verdicts remembered per text, within bounds.
import { describe, expect, it } from 'vitest';
import { rememberByText } from '../runtime/text-memo.js';

describe('rememberByText', () => {
  it('decides once per text, and again for long texts and after the cap', () => {
    const seen: string[] = [];
    const verdict = rememberByText((t) => (seen.push(t), t.length % 2 === 0), 2, 10);
    expect(verdict('ab')).toBe(true);
    expect(verdict('ab')).toBe(true);
    expect(verdict('abc')).toBe(false);
    expect(seen).toEqual(['ab', 'abc']);
    const long = 'x'.repeat(11);
    verdict(long);
    verdict(long);
    expect(seen.filter((t) => t === long)).toHaveLength(2);
    verdict('z'); // a third short text: the map starts over
    verdict('ab');
    expect(seen.filter((t) => t === 'ab')).toHaveLength(2);
  });

  it('remembers a verdict that is undefined', () => {
    let calls = 0;
    const verdict = rememberByText(() => (calls++, undefined));
    verdict('a');
    verdict('a');
    expect(calls).toBe(1);
  });
});
