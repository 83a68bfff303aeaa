// A circuit breaker per upstream: after `threshold` consecutive failures it opens and answers at
// once; after `cooldownMs` it lets one probe through and closes again when the probe succeeds.
// Apart from that, a hold: an upstream that answers 429 with Retry-After is healthy but wants no
// requests for a while, so none are sent until then (its quota is this service's, not a caller's).

export type BreakerState = 'closed' | 'open' | 'half_open';

export interface BreakerSnapshot {
  state: BreakerState;
  consecutiveFailures: number;
  openedAt: string | null;
  retryAfterMs: number;
}

/** The longest hold honoured: past it the next request asks again (and is held again if still refused). */
export const MAX_HOLD_MS = 15 * 60_000;

export class CircuitBreaker {
  private state: BreakerState = 'closed';
  private failures = 0;
  private openedAt = 0;
  private probing = false;
  private heldUntil = 0;

  constructor(
    private readonly threshold = 5,
    private readonly cooldownMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** 'go' to send, 'probe' when this request is the half-open probe, or the ms to wait. */
  admit(): 'go' | 'probe' | number {
    if (this.state === 'closed') return 'go';
    const waited = this.now() - this.openedAt;
    if (this.state === 'open' && waited >= this.cooldownMs) this.state = 'half_open';
    if (this.state === 'half_open' && !this.probing) {
      this.probing = true;
      return 'probe';
    }
    // While a probe is out, suggest waiting a second rather than hammering.
    return this.state === 'half_open' ? 1000 : Math.max(1, this.cooldownMs - waited);
  }

  /** Ends a probe that produced no verdict on the upstream's health (for example an answer too large to read). */
  release(): void {
    if (this.state === 'half_open') this.probing = false;
  }

  /** The upstream asked for no requests during `ms` (429 with Retry-After). Neither a success nor a failure. */
  hold(ms: number): void {
    this.heldUntil = Math.max(this.heldUntil, this.now() + Math.min(ms, MAX_HOLD_MS));
  }

  /** Milliseconds left of a hold, or 0. */
  heldFor(): number {
    return Math.max(0, this.heldUntil - this.now());
  }

  success(): void {
    this.state = 'closed';
    this.failures = 0;
    this.probing = false;
  }

  failure(): void {
    this.failures += 1;
    if (this.state === 'half_open' || this.failures >= this.threshold) {
      this.state = 'open';
      this.openedAt = this.now();
    }
    this.probing = false;
  }

  snapshot(): BreakerSnapshot {
    const open = this.state !== 'closed';
    return {
      state: this.state === 'open' && this.now() - this.openedAt >= this.cooldownMs ? 'half_open' : this.state,
      consecutiveFailures: this.failures,
      openedAt: open ? new Date(this.openedAt).toISOString() : null,
      retryAfterMs: open ? Math.max(0, this.cooldownMs - (this.now() - this.openedAt)) : 0,
    };
  }
}
