// Rate-limit counters in Redis, so that a token's limit holds across replicas. Windows use
// rate-limiter-flexible's Redis limiter with an in-process insurance limiter: while Redis is away,
// each replica limits on its own and comes back to the shared counters when Redis returns.
// Concurrency slots are a counter per key (INCR/DECR with a safety expiry), with the same fallback.
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { RedisLink } from '../redis.js';
import { MemoryCounterStore, consumeVerdict, peekVerdict, type CounterStore, type LimitRule, type StoreState, type WindowVerdict } from './store.js';

/** A slot held longer than this is given back, in case its holder died without releasing it. */
const SLOT_TTL_SECONDS = 120;

export class RedisCounterStore implements CounterStore {
  private readonly limiters = new Map<string, RateLimiterRedis>();
  private readonly memory = new MemoryCounterStore();

  constructor(private readonly redis: RedisLink) {}

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

  async consume(key: string, rule: LimitRule): Promise<WindowVerdict> {
    try {
      return await consumeVerdict(this.limiter(rule).consume(key));
    } catch {
      // Redis failed (a spent window is a verdict, not a failure): count in this process.
      return this.memory.consume(key, rule);
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
    const redisKey = `slot:${key}`;
    let used: number;
    try {
      const [[, count]] = (await this.redis.client.multi().incr(redisKey).expire(redisKey, SLOT_TTL_SECONDS).exec()) as [[Error | null, number]];
      used = count;
    } catch {
      return this.memory.acquireSlot(key, max);
    }
    const release = () => {
      this.redis.client.decr(redisKey).catch(() => {});
    };
    if (used > max) {
      release();
      return null;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
    };
  }

  /** Still healthy while Redis is away: each replica then limits on its own. */
  describe(): StoreState {
    const d = this.redis.describe();
    return { backend: d.state === 'ready' ? 'redis' : 'memory (Redis unavailable)', healthy: true, shared: d.state === 'ready', redis: { state: d.state, since: d.since } };
  }
}
