// Rate-limit policy (REST spec section 8): per key a 60-second window, a burst cap per second and
// a concurrency cap; per client address a generous window for requests that need no key, and a
// window of its own for failed authentications (unknown keys), so that guessing keys is throttled.
import type { Tier } from '../auth/keys.js';
import { andThen, type Maybe } from '../maybe.js';
import type { CounterStore, LimitRule } from './store.js';

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
  reason?: 'window' | 'burst' | 'concurrency' | 'auth_failures';
  /** Frees the concurrency slot; call when the response is done. */
  release: () => void;
}

/** X-RateLimit-Limit and -Remaining of a key that has no limit (enterprise without ENTERPRISE_RATE_LIMIT). */
export const UNLIMITED = 'unlimited';

export const RATE_LIMIT_HEADER = 'X-RateLimit-Limit';

/** The message of a refusal, the same on MCP and REST. */
export function refusalMessage(d: Decision): string {
  const wait = d.retryAfterMs ?? 1000;
  if (d.reason === 'auth_failures') return `Too many unknown keys from this address (AUTH_FAILURE_LIMIT); retry after ${wait} ms`;
  return `Rate limit exceeded (${d.reason}); retry after ${wait} ms`;
}

const noop = () => {};

interface CounterNames {
  burst: string;
  window: string;
  slots: string;
}

/** Keys whose counter names are kept at once (far above the keys a service has). */
const MAX_NAMED_KEYS = 10_000;

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
  /** Addresses over the failed-authentication limit, and when their window ends (see authBlocked). */
  private readonly authBlocks = new Map<string, number>();
  private nextAuthSweep = 0;
  private minuteEndsAt = 0;
  private minuteEndText = '';

  constructor(
    readonly store: CounterStore,
    readonly tiers: Record<Tier, TierLimits | null>,
    readonly anonymousPerMinute: number,
    readonly authFailuresPerMinute = 20,
  ) {
    this.anonymousRule = { points: anonymousPerMinute, durationMs: WINDOW_MS };
  }

  /** The address allowance's window: one object, counted and peeked alike, not one a request. */
  private readonly anonymousRule: LimitRule;

  limitsFor(t: Tier): TierLimits | null {
    return this.tiers[t];
  }

  /**
   * Headers for a key without limits: `unlimited`, and the end of the current clock minute as the
   * reset (nothing is counted, so there is no window of the key's own). The reset text is made
   * once a minute: enterprise keys are the benchmarks' hot path.
   */
  private unlimitedHeaders(): Record<string, string> {
    const now = Date.now();
    if (now >= this.minuteEndsAt) {
      this.minuteEndsAt = (Math.floor(now / WINDOW_MS) + 1) * WINDOW_MS;
      this.minuteEndText = String(this.minuteEndsAt / 1000);
    }
    return { [RATE_LIMIT_HEADER]: UNLIMITED, 'X-RateLimit-Remaining': UNLIMITED, 'X-RateLimit-Reset': this.minuteEndText };
  }

  /**
   * One request of a key: burst first (so a burst refusal costs no window), then window, then a
   * concurrency slot. With the in-process store the decision is there at once, without a promise.
   */
  /**
   * A key's counter names, made once per key: a name made anew each request is a new string that
   * every map lookup must hash again (measured with callgrind: string hashing was among the
   * largest costs a keyed call adds to a bare route). Bounded: cleared past MAX_NAMED_KEYS.
   */
  private counterNames(keyId: string): CounterNames {
    let names = this.names.get(keyId);
    if (!names) {
      if (this.names.size >= MAX_NAMED_KEYS) this.names.clear();
      names = { burst: `b:${keyId}`, window: `w:${keyId}`, slots: `c:${keyId}` };
      this.names.set(keyId, names);
    }
    return names;
  }

  private readonly names = new Map<string, CounterNames>();

  /** A tier's two rules, one object each (the store may key its windows by them). */
  private rulesOf(limits: TierLimits): { burst: LimitRule; window: LimitRule } {
    let rules = this.rules.get(limits);
    if (!rules) {
      rules = { burst: { points: limits.burst, durationMs: limits.burstWindowMs }, window: { points: limits.limit, durationMs: limits.windowMs } };
      this.rules.set(limits, rules);
    }
    return rules;
  }

  private readonly rules = new WeakMap<TierLimits, { burst: LimitRule; window: LimitRule }>();

  checkKey(keyId: string, t: Tier): Maybe<Decision> {
    const limits = this.tiers[t];
    if (!limits) return { allowed: true, headers: this.unlimitedHeaders(), release: noop };
    const names = this.counterNames(keyId);
    const rules = this.rulesOf(limits);
    return andThen(this.store.consume(names.burst, rules.burst), (burst) => {
      if (!burst.allowed) {
        return andThen(this.peekWindow(keyId, limits), (peek) =>
          refuse(headersFor(limits.limit, peek.remaining, peek.resetAtMs), burst.resetAtMs - Date.now(), 'burst'),
        );
      }
      return andThen(this.store.consume(names.window, rules.window), (window) => {
        const headers = headersFor(limits.limit, window.remaining, window.resetAtMs);
        if (!window.allowed) return refuse(headers, window.resetAtMs - Date.now(), 'window');
        return andThen(this.store.acquireSlot(names.slots, limits.concurrent), (release): Decision => {
          if (!release) return refuse(headers, 1000, 'concurrency');
          return { allowed: true, headers, release };
        });
      });
    });
  }

  checkAnonymous(clientAddress: string): Maybe<Decision> {
    return andThen(this.store.consume(`a:${clientAddress}`, this.anonymousRule), (verdict) => {
      const headers = headersFor(this.anonymousPerMinute, verdict.remaining, verdict.resetAtMs);
      if (!verdict.allowed) return refuse(headers, verdict.resetAtMs - Date.now(), 'window');
      return { allowed: true, headers, release: noop };
    });
  }

  /**
   * Spends `points` more requests of a key's window at once, for a route whose one HTTP request
   * does the work of several (POST /api/v1/sanctions/screen counts each name it screens). The
   * HTTP request itself was counted by checkKey (window, burst, concurrency); this counts only
   * against the window, all or nothing: when fewer than `points` are left, nothing is spent and
   * the answer is a refusal until the window ends. Keys without limits spend nothing.
   */
  chargeKey(keyId: string, t: Tier, points: number): Maybe<Decision> {
    const limits = this.tiers[t];
    if (!limits) return { allowed: true, headers: this.unlimitedHeaders(), release: noop };
    return andThen(this.peekWindow(keyId, limits), (peek) => {
      if (points <= 0) return { allowed: true, headers: headersFor(limits.limit, peek.remaining, peek.resetAtMs), release: noop };
      if (peek.remaining < points) return refuse(headersFor(limits.limit, peek.remaining, peek.resetAtMs), peek.resetAtMs - Date.now(), 'window');
      return andThen(this.store.consume(this.counterNames(keyId).window, this.rulesOf(limits).window, points), (window): Decision => {
        const headers = headersFor(limits.limit, window.remaining, window.resetAtMs);
        // Another request of the key spent the window between the look and the charge.
        if (!window.allowed) return refuse(headers, window.resetAtMs - Date.now(), 'window');
        return { allowed: true, headers, release: noop };
      });
    });
  }

  /** What is left of a key's window without spending it. */
  peekWindow(keyId: string, limits: TierLimits): Maybe<{ remaining: number; resetAtMs: number }> {
    return this.store.peek(this.counterNames(keyId).window, this.rulesOf(limits).window);
  }

  /** A key's X-RateLimit-* headers without spending a request (answers that are not counted: 403, transport errors). */
  keyHeaders(keyId: string, t: Tier): Maybe<Record<string, string>> {
    const limits = this.tiers[t];
    if (!limits) return this.unlimitedHeaders();
    return andThen(this.peekWindow(keyId, limits), (peek) => headersFor(limits.limit, peek.remaining, peek.resetAtMs));
  }

  /** An address's X-RateLimit-* headers without spending a request. */
  anonymousHeaders(clientAddress: string): Maybe<Record<string, string>> {
    return andThen(this.store.peek(`a:${clientAddress}`, this.anonymousRule), (peek) =>
      headersFor(this.anonymousPerMinute, peek.remaining, peek.resetAtMs),
    );
  }

  /**
   * Counts one failed authentication (an unknown key) of `clientAddress`. Past the limit the
   * answer is refused, and so is every request of the address that presents a key until the
   * window ends (authBlocked), the right key included: otherwise a refusal for a wrong key and a
   * success for the right one would still tell a guesser which is which, at full speed.
   */
  authFailure(clientAddress: string): Maybe<Decision> {
    const limit = this.authFailuresPerMinute;
    return andThen(this.store.consume(`f:${clientAddress}`, { points: limit, durationMs: WINDOW_MS }), (verdict) => {
      const headers = headersFor(limit, verdict.remaining, verdict.resetAtMs);
      if (verdict.allowed) return { allowed: true, headers, release: noop };
      this.authBlocks.set(clientAddress, verdict.resetAtMs);
      return refuse(headers, verdict.resetAtMs - Date.now(), 'auth_failures');
    });
  }

  /** Whether any address is over its failed-authentication limit (checked first: free on the hot path). */
  get anyAuthBlocked(): boolean {
    return this.authBlocks.size > 0;
  }

  /**
   * The refusal for a request that presents a key while its address is over the failed-authentication
   * limit, else undefined. Local to this process: with Redis the count is shared, and each replica
   * blocks the address at its first failure past the limit.
   */
  authBlocked(clientAddress: string): Decision | undefined {
    const now = Date.now();
    if (now >= this.nextAuthSweep) {
      this.nextAuthSweep = now + 10_000;
      for (const [address, until] of this.authBlocks) if (until <= now) this.authBlocks.delete(address);
    }
    const until = this.authBlocks.get(clientAddress);
    if (until === undefined || until <= now) return undefined;
    return refuse(headersFor(this.authFailuresPerMinute, 0, until), until - now, 'auth_failures');
  }
}
