// The outgoing request rate of each upstream that publishes one (UpstreamDefinition.rateLimit):
// at most `requests` requests in any window of `windowMs`. A sliding log, so the rate holds in
// every window, not only in aligned ones (fixed windows let twice the rate through across a
// window's edge). In process by default; with Redis one log per upstream is shared by every
// replica, so N replicas together still send no more than the upstream allows. While Redis is
// away each replica falls back to its own log (the rate then holds per replica; README "Several
// replicas").
import type { Maybe } from '../maybe.js';
import type { RedisLink } from '../redis.js';

export interface PaceRule {
  requests: number;
  windowMs: number;
}

export interface Pacer {
  /** Takes a permit to send one request now: 0 when taken, else the milliseconds until one frees (nothing is taken). */
  take(upstream: string, rule: PaceRule): Maybe<number>;
}

/** The send times of the last `requests` requests of each upstream, oldest first. */
export class MemoryPacer implements Pacer {
  private readonly logs = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  take(upstream: string, rule: PaceRule): number {
    const now = this.now();
    let log = this.logs.get(upstream);
    if (!log) this.logs.set(upstream, (log = []));
    let expired = 0;
    while (expired < log.length && log[expired] <= now - rule.windowMs) expired += 1;
    if (expired > 0) log.splice(0, expired);
    if (log.length < rule.requests) {
      log.push(now);
      return 0;
    }
    return Math.max(1, log[0] + rule.windowMs - now);
  }
}

/** KEYS[1]: the log. ARGV: now, window (ms), requests, member. 0 when taken, else ms until a permit frees. */
const TAKE = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], window)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)`;

/** One log per upstream in Redis, shared by replicas; the in-process log while Redis is away. */
export class RedisPacer implements Pacer {
  private serial = 0;
  private readonly fallback: MemoryPacer;

  constructor(
    private readonly redis: RedisLink,
    private readonly now: () => number = Date.now,
  ) {
    this.fallback = new MemoryPacer(now);
  }

  take(upstream: string, rule: PaceRule): Maybe<number> {
    if (!this.redis.ready()) return this.fallback.take(upstream, rule);
    const now = this.now();
    const member = `${now}:${process.pid}:${++this.serial}:${Math.random().toString(36).slice(2, 8)}`;
    return (this.redis.client.eval(TAKE, 1, `pace:${upstream}`, now, rule.windowMs, rule.requests, member) as Promise<number>).then(
      (wait) => Number(wait),
      () => this.fallback.take(upstream, rule),
    );
  }
}
