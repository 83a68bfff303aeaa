// The counter store behind rate limits: fixed windows and concurrency slots. The in-process store
// is a plain map of fixed windows, answered synchronously (it sits on every limited request); the
// Redis store (rate-limiter-flexible) implements the same interface for replicas, with the same
// window semantics: a window starts at its first request and every request counts, refused or not.
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { Maybe } from '../maybe.js';

export interface LimitRule {
  points: number;
  durationMs: number;
}

export interface WindowVerdict {
  allowed: boolean;
  remaining: number;
  /** Epoch milliseconds when the current window ends. */
  resetAtMs: number;
}

export interface StoreState {
  backend: string;
  healthy: boolean;
  /** Whether the counters are shared between replicas right now. */
  shared: boolean;
  redis?: { state: 'ready' | 'unavailable'; since: string };
  /**
   * Shared stores: a concurrency slot whose holder stopped renewing it (a replica that died) is
   * free again at most this long after the holder's last renewal.
   */
  slotLeaseSeconds?: number;
}


export interface CounterStore {
  /** Counts one request against `key` under `rule` (or `points` requests at once: a batch route). */
  consume(key: string, rule: LimitRule, points?: number): Maybe<WindowVerdict>;
  /** What is left of `key` under `rule`, without counting a request. */
  peek(key: string, rule: LimitRule): Maybe<WindowVerdict>;
  /** Takes one of `max` concurrency slots, or returns null when all are taken. */
  acquireSlot(key: string, max: number): Maybe<(() => void) | null>;
  /** Where the counters live, for /api/v1/health; `healthy` is false only when limits cannot be applied at all. */
  describe(): StoreState;
}

/**
 * The verdict of a rate-limiter-flexible `consume`: its result when the request is allowed, its
 * rejection (a RateLimiterRes) when the window is spent. Any other failure is thrown on.
 */
export async function consumeVerdict(consumed: Promise<RateLimiterRes>): Promise<WindowVerdict> {
  try {
    const res = await consumed;
    return { allowed: true, remaining: res.remainingPoints, resetAtMs: Date.now() + res.msBeforeNext };
  } catch (err) {
    if (err instanceof RateLimiterRes) return { allowed: false, remaining: 0, resetAtMs: Date.now() + err.msBeforeNext };
    throw err;
  }
}

/** What is left of a window, from a rate-limiter-flexible `get` (null: nothing counted in it yet). */
export function peekVerdict(res: RateLimiterRes | null, rule: LimitRule): WindowVerdict {
  if (!res) return { allowed: true, remaining: rule.points, resetAtMs: Date.now() + rule.durationMs };
  return { allowed: res.remainingPoints > 0, remaining: res.remainingPoints, resetAtMs: Date.now() + res.msBeforeNext };
}

interface Window {
  count: number;
  endsAt: number;
  /** The rule it counts under: another rule under the same name (a key that changed tier) starts a window of its own. */
  points: number;
  durationMs: number;
}

export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, Window>();
  private readonly slots = new Map<string, number>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    // Ended windows are dropped now and then, so keys of past clients do not pile up.
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, w] of this.windows) if (w.endsAt <= now) this.windows.delete(key);
  }

  /** Windows are found by the counter's name alone: callers keep their names, so the lookup hashes nothing new. */
  private window(key: string, rule: LimitRule, create: boolean): Window | undefined {
    let w = this.windows.get(key);
    const now = this.now();
    if (w && (w.endsAt <= now || w.points !== rule.points || w.durationMs !== rule.durationMs)) w = undefined;
    if (!w && create) {
      w = { count: 0, endsAt: now + rule.durationMs, points: rule.points, durationMs: rule.durationMs };
      this.windows.set(key, w);
    }
    return w;
  }

  consume(key: string, rule: LimitRule, points = 1): WindowVerdict {
    const w = this.window(key, rule, true)!;
    w.count += points;
    return { allowed: w.count <= rule.points, remaining: Math.max(0, rule.points - w.count), resetAtMs: w.endsAt };
  }

  peek(key: string, rule: LimitRule): WindowVerdict {
    const w = this.window(key, rule, false);
    if (!w) return { allowed: true, remaining: rule.points, resetAtMs: this.now() + rule.durationMs };
    return { allowed: w.count < rule.points, remaining: Math.max(0, rule.points - w.count), resetAtMs: w.endsAt };
  }

  acquireSlot(key: string, max: number): (() => void) | null {
    const used = this.slots.get(key) ?? 0;
    if (used >= max) return null;
    this.slots.set(key, used + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = (this.slots.get(key) ?? 1) - 1;
      if (now <= 0) this.slots.delete(key);
      else this.slots.set(key, now);
    };
  }

  describe(): StoreState {
    return { backend: 'memory', healthy: true, shared: false };
  }
}
