// The counter store behind rate limits: fixed windows and concurrency slots. This in-process
// store uses rate-limiter-flexible; a Redis store implements the same interface for replicas.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

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
}

export interface CounterStore {
  /** Counts one request against `key` under `rule`. */
  consume(key: string, rule: LimitRule): Promise<WindowVerdict>;
  /** What is left of `key` under `rule`, without counting a request. */
  peek(key: string, rule: LimitRule): Promise<WindowVerdict>;
  /** Takes one of `max` concurrency slots, or returns null when all are taken. */
  acquireSlot(key: string, max: number): Promise<(() => void) | null>;
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

export class MemoryCounterStore implements CounterStore {
  private readonly limiters = new Map<string, RateLimiterMemory>();
  private readonly slots = new Map<string, number>();

  private limiter(rule: LimitRule): RateLimiterMemory {
    const id = `${rule.points}/${rule.durationMs}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterMemory({ points: rule.points, duration: rule.durationMs / 1000, keyPrefix: id });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  async consume(key: string, rule: LimitRule): Promise<WindowVerdict> {
    return consumeVerdict(this.limiter(rule).consume(key));
  }

  async peek(key: string, rule: LimitRule): Promise<WindowVerdict> {
    return peekVerdict(await this.limiter(rule).get(key), rule);
  }

  async acquireSlot(key: string, max: number): Promise<(() => void) | null> {
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
