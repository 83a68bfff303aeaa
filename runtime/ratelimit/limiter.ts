// Rate-limit policy (REST spec section 8): per key a 60-second window, a burst cap per second and
// a concurrency cap; per client address a generous window for requests that need no key.
import type { Tier } from '../auth/keys.js';
import { andThen, type Maybe } from '../maybe.js';
import type { CounterStore } from './store.js';

export interface TierLimits {
  /** Requests per window. */
  limit: number;
  windowMs: number;
  /** Requests per `burstWindowMs` (one second). */
  burst: number;
  burstWindowMs: number;
  concurrent: number;
}

export const WINDOW_MS = 60_000;
export const BURST_WINDOW_MS = 1_000;

const tier = (limit: number, burst: number, concurrent: number): TierLimits => ({
  limit,
  windowMs: WINDOW_MS,
  burst,
  burstWindowMs: BURST_WINDOW_MS,
  concurrent,
});

/** Dev, Pro and Team from the spec; Enterprise is by agreement (ENTERPRISE_RATE_LIMIT), unlimited by default. */
export function tierTable(enterprise: string | undefined): Record<Tier, TierLimits | null> {
  return {
    dev: tier(60, 10, 4),
    pro: tier(1000, 100, 16),
    team: tier(10000, 500, 64),
    enterprise: parseEnterprise(enterprise),
  };
}

/** `limit/burst/concurrent`, for example `100000/2000/256`; empty or `unlimited` means no limit. */
export function parseEnterprise(value: string | undefined): TierLimits | null {
  if (!value || value === 'unlimited') return null;
  const parts = value.split('/').map(Number);
  if (parts.length !== 3 || parts.some((n) => !Number.isInteger(n) || n < 1)) {
    throw new Error('ENTERPRISE_RATE_LIMIT must be limit/burst/concurrent with positive integers, or "unlimited"');
  }
  return tier(parts[0], parts[1], parts[2]);
}

export interface Decision {
  allowed: boolean;
  /** X-RateLimit-* (and Retry-After when refused); a new object per decision, which the caller may add to. */
  headers: Record<string, string>;
  retryAfterMs?: number;
  reason?: 'window' | 'burst' | 'concurrency';
  /** Frees the concurrency slot; call when the response is done. */
  release: () => void;
}

const noop = () => {};

function headersFor(limit: number, remaining: number, resetAtMs: number): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(Math.max(0, remaining)),
    'X-RateLimit-Reset': String(Math.ceil(resetAtMs / 1000)),
  };
}

function refuse(headers: Record<string, string>, retryAfterMs: number, reason: Decision['reason']): Decision {
  const wait = Math.max(1, Math.ceil(retryAfterMs));
  return { allowed: false, headers: { ...headers, 'Retry-After': String(Math.ceil(wait / 1000)) }, retryAfterMs: wait, reason, release: noop };
}

export class RateLimiter {
  constructor(
    readonly store: CounterStore,
    readonly tiers: Record<Tier, TierLimits | null>,
    readonly anonymousPerMinute: number,
  ) {}

  limitsFor(t: Tier): TierLimits | null {
    return this.tiers[t];
  }

  /**
   * One request of a key: burst first (so a burst refusal costs no window), then window, then a
   * concurrency slot. With the in-process store the decision is there at once, without a promise.
   */
  checkKey(keyId: string, t: Tier): Maybe<Decision> {
    const limits = this.tiers[t];
    if (!limits) return { allowed: true, headers: {}, release: noop };
    return andThen(this.store.consume(`b:${keyId}`, { points: limits.burst, durationMs: limits.burstWindowMs }), (burst) => {
      if (!burst.allowed) {
        return andThen(this.peekWindow(keyId, limits), (peek) =>
          refuse(headersFor(limits.limit, peek.remaining, peek.resetAtMs), burst.resetAtMs - Date.now(), 'burst'),
        );
      }
      return andThen(this.store.consume(`w:${keyId}`, { points: limits.limit, durationMs: limits.windowMs }), (window) => {
        const headers = headersFor(limits.limit, window.remaining, window.resetAtMs);
        if (!window.allowed) return refuse(headers, window.resetAtMs - Date.now(), 'window');
        return andThen(this.store.acquireSlot(`c:${keyId}`, limits.concurrent), (release): Decision => {
          if (!release) return refuse(headers, 1000, 'concurrency');
          return { allowed: true, headers, release };
        });
      });
    });
  }

  checkAnonymous(clientAddress: string): Maybe<Decision> {
    return andThen(this.store.consume(`a:${clientAddress}`, { points: this.anonymousPerMinute, durationMs: WINDOW_MS }), (verdict) => {
      const headers = headersFor(this.anonymousPerMinute, verdict.remaining, verdict.resetAtMs);
      if (!verdict.allowed) return refuse(headers, verdict.resetAtMs - Date.now(), 'window');
      return { allowed: true, headers, release: noop };
    });
  }

  /** What is left of a key's window without spending it. */
  peekWindow(keyId: string, limits: TierLimits): Maybe<{ remaining: number; resetAtMs: number }> {
    return this.store.peek(`w:${keyId}`, { points: limits.limit, durationMs: limits.windowMs });
  }
}
