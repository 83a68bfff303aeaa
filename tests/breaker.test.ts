// CircuitBreaker on a fake clock: threshold, cooldown, one probe at a time, snapshot fields.
import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from '../runtime/upstream/breaker.js';

function setup(threshold = 3, cooldownMs = 1000) {
  let t = Date.parse('2026-11-22T12:00:00Z');
  const breaker = new CircuitBreaker(threshold, cooldownMs, () => t);
  return {
    breaker,
    advance: (ms: number) => {
      t += ms;
    },
    at: () => new Date(t).toISOString(),
  };
}

describe('CircuitBreaker', () => {
  it('starts closed and admits', () => {
    const { breaker } = setup();
    expect(breaker.admit()).toBe('go');
    expect(breaker.snapshot()).toEqual({ state: 'closed', consecutiveFailures: 0, openedAt: null, retryAfterMs: 0 });
  });

  it('stays closed below the threshold and opens at it', () => {
    const { breaker, at } = setup(3, 1000);
    breaker.failure();
    breaker.failure();
    expect(breaker.admit()).toBe('go');
    expect(breaker.snapshot()).toEqual({ state: 'closed', consecutiveFailures: 2, openedAt: null, retryAfterMs: 0 });
    const openedAt = at();
    breaker.failure();
    expect(breaker.admit()).toBe(1000);
    expect(breaker.snapshot()).toEqual({ state: 'open', consecutiveFailures: 3, openedAt, retryAfterMs: 1000 });
  });

  it('the default threshold is 5', () => {
    const breaker = new CircuitBreaker();
    for (let i = 0; i < 4; i += 1) breaker.failure();
    expect(breaker.admit()).toBe('go');
    breaker.failure();
    expect(typeof breaker.admit()).toBe('number');
  });

  it('a success resets the count of consecutive failures', () => {
    const { breaker } = setup(3);
    breaker.failure();
    breaker.failure();
    breaker.success();
    breaker.failure();
    breaker.failure();
    expect(breaker.admit()).toBe('go');
    expect(breaker.snapshot().consecutiveFailures).toBe(2);
  });

  it('counts down the wait while open', () => {
    const { breaker, advance } = setup(1, 1000);
    breaker.failure();
    advance(250);
    expect(breaker.admit()).toBe(750);
    expect(breaker.snapshot()).toMatchObject({ state: 'open', retryAfterMs: 750 });
    advance(749);
    expect(breaker.admit()).toBe(1);
  });

  it('after the cooldown admits exactly one probe; the rest wait', () => {
    const { breaker, advance } = setup(1, 1000);
    breaker.failure();
    advance(1000);
    expect(breaker.snapshot().state).toBe('half_open');
    expect(breaker.admit()).toBe('probe');
    const second = breaker.admit();
    expect(typeof second).toBe('number');
    expect(second).toBeGreaterThanOrEqual(1);
    expect(typeof breaker.admit()).toBe('number');
    expect(breaker.snapshot()).toMatchObject({ state: 'half_open', consecutiveFailures: 1 });
  });

  it('a successful probe closes it', () => {
    const { breaker, advance } = setup(2, 1000);
    breaker.failure();
    breaker.failure();
    advance(1200);
    expect(breaker.admit()).toBe('probe');
    breaker.success();
    expect(breaker.snapshot()).toEqual({ state: 'closed', consecutiveFailures: 0, openedAt: null, retryAfterMs: 0 });
    expect(breaker.admit()).toBe('go');
    expect(breaker.admit()).toBe('go');
  });

  it('a failed probe opens it again for a whole cooldown, then allows a new probe', () => {
    const { breaker, advance, at } = setup(2, 1000);
    breaker.failure();
    breaker.failure();
    advance(1500);
    expect(breaker.admit()).toBe('probe');
    const reopenedAt = at();
    breaker.failure();
    expect(breaker.snapshot()).toEqual({ state: 'open', consecutiveFailures: 3, openedAt: reopenedAt, retryAfterMs: 1000 });
    expect(breaker.admit()).toBe(1000);
    advance(1000);
    expect(breaker.admit()).toBe('probe');
  });

  it('a single failure in half-open reopens it even below the threshold', () => {
    const { breaker, advance } = setup(5, 1000);
    for (let i = 0; i < 5; i += 1) breaker.failure();
    advance(1000);
    expect(breaker.admit()).toBe('probe');
    breaker.failure();
    expect(breaker.snapshot().state).toBe('open');
    expect(typeof breaker.admit()).toBe('number');
  });
});
