// Rate-limit counters in Redis, so that a token's limit holds across replicas. Windows use
// rate-limiter-flexible's Redis limiter with an in-process insurance limiter: while Redis is away,
// each replica limits on its own and comes back to the shared counters when Redis returns.
// Concurrency slots are leases that a dead replica's slots outlive by at most one lease
// (runtime/ratelimit/redis-slots.ts), with the same fallback.
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { RedisLink } from '../redis.js';
import { RedisSlotLeases, type SlotLeaseOptions } from './redis-slots.js';
import { MemoryCounterStore, consumeVerdict, peekVerdict, type CounterStore, type LimitRule, type StoreState, type WindowVerdict } from './store.js';

/** The default lease of a concurrency slot (REDIS_SLOT_LEASE_SECONDS). */
const SLOT_LEASE_MS = 30_000;

export class RedisCounterStore implements CounterStore {
  private readonly limiters = new Map<string, RateLimiterRedis>();
  private readonly memory = new MemoryCounterStore();
  readonly slots: RedisSlotLeases;

  constructor(
    private readonly redis: RedisLink,
    slotOptions: SlotLeaseOptions = { leaseMs: SLOT_LEASE_MS },
  ) {
    this.slots = new RedisSlotLeases(redis, slotOptions);
  }

  private limiter(rule: LimitRule): RateLimiterRedis {
    const id = `${rule.points}/${rule.durationMs}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      const duration = rule.durationMs / 1000;
      limiter = new RateLimiterRedis({
        storeClient: this.redis.client,
        points: rule.points,
        duration,
        keyPrefix: `rl:${id}`,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ points: rule.points, duration, keyPrefix: `rl-ins:${id}` }),
      });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  async consume(key: string, rule: LimitRule, points = 1): Promise<WindowVerdict> {
    try {
      return await consumeVerdict(this.limiter(rule).consume(key, points));
    } catch {
      // Redis failed (a spent window is a verdict, not a failure): count in this process.
      return this.memory.consume(key, rule, points);
    }
  }

  async peek(key: string, rule: LimitRule): Promise<WindowVerdict> {
    try {
      return peekVerdict(await this.limiter(rule).get(key), rule);
    } catch {
      return this.memory.peek(key, rule);
    }
  }

  async acquireSlot(key: string, max: number): Promise<(() => void) | null> {
    if (!this.redis.ready()) return this.memory.acquireSlot(key, max);
    try {
      return await this.slots.acquire(key, max);
    } catch {
      return this.memory.acquireSlot(key, max);
    }
  }

  /** Still healthy while Redis is away: each replica then limits on its own. */
  describe(): StoreState {
    const d = this.redis.describe();
    return {
      backend: d.state === 'ready' ? 'redis' : 'memory (Redis unavailable)',
      healthy: true,
      shared: d.state === 'ready',
      redis: { state: d.state, since: d.since },
      slotLeaseSeconds: this.slots.leaseMs / 1000,
    };
  }
}
