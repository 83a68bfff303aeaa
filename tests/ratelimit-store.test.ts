// The in-process counter store: fixed windows that start at their first request, every request
// counted (refused ones too), reset when the window ends; concurrency slots freed on release.
import { describe, expect, it } from 'vitest';
import { MemoryCounterStore } from '../runtime/ratelimit/store.js';

describe('MemoryCounterStore', () => {
  const rule = { points: 3, durationMs: 1000 };

  it('allows `points` requests per window, then refuses until the window ends', () => {
    let now = 10_000;
    const store = new MemoryCounterStore(() => now);
    const verdicts = Array.from({ length: 5 }, () => store.consume('k', rule));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false, false]);
    expect(verdicts.map((v) => v.remaining)).toEqual([2, 1, 0, 0, 0]);
    expect(verdicts.every((v) => v.resetAtMs === 11_000)).toBe(true);
    now = 10_999;
    expect(store.consume('k', rule).allowed).toBe(false);
    now = 11_000;
    expect(store.consume('k', rule)).toEqual({ allowed: true, remaining: 2, resetAtMs: 12_000 });
  });

  it('keeps keys and rules apart, and peeks without counting', () => {
    const store = new MemoryCounterStore(() => 0);
    store.consume('a', rule);
    expect(store.peek('a', rule)).toEqual({ allowed: true, remaining: 2, resetAtMs: 1000 });
    expect(store.peek('a', rule).remaining).toBe(2);
    expect(store.peek('b', rule).remaining).toBe(3);
    expect(store.consume('a', { points: 10, durationMs: 1000 }).remaining).toBe(9);
    // A key whose tier changed counts in a window of its new rule's own, from its first request.
    expect(store.consume('a', { points: 10, durationMs: 1000 }).remaining).toBe(8);
    expect(store.peek('a', { points: 10, durationMs: 5000 })).toEqual({ allowed: true, remaining: 10, resetAtMs: 5000 });
  });

  it('hands out at most `max` concurrency slots and takes each back once', () => {
    const store = new MemoryCounterStore();
    const first = store.acquireSlot('c', 2)!;
    const second = store.acquireSlot('c', 2)!;
    expect(store.acquireSlot('c', 2)).toBeNull();
    first();
    first();
    const third = store.acquireSlot('c', 2);
    expect(third).not.toBeNull();
    expect(store.acquireSlot('c', 2)).toBeNull();
    second();
    third!();
  });
});
