// Concurrency slots in Redis are leases (issue 11 #4): a replica that dies holding slots stops
// renewing them, and they free themselves one lease later, however often the key's client retries
// meanwhile (each refused attempt used to renew the old counter's expiry). A live holder renews its
// lease and keeps its slot. Real redis-server; the replicas' clock is moved by hand.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisCounterStore } from '../runtime/ratelimit/redis-store.js';
import { connectRedis, type RedisLink } from '../runtime/redis.js';
import { createTestApp } from './helpers/app.js';
import { hasRedis, startRedis, type TestRedis } from './helpers/redis-server.js';

const LEASE_MS = 3_000;
const quiet = pino({ level: 'silent' });

async function ready(link: RedisLink): Promise<RedisLink> {
  for (let i = 0; !link.ready(); i++) {
    if (i > 400) throw new Error('Redis did not become ready');
    await new Promise((r) => setTimeout(r, 10));
  }
  return link;
}

describe.runIf(hasRedis)('concurrency slots as leases in Redis', () => {
  let redis: TestRedis;
  const links: RedisLink[] = [];
  let t = 1_000_000;
  const now = () => t;
  const replica = async () => {
    const link = await ready(connectRedis(redis.url, quiet));
    links.push(link);
    return { link, store: new RedisCounterStore(link, { leaseMs: LEASE_MS, now }) };
  };

  beforeAll(async () => {
    redis = await startRedis();
  }, 20_000);
  afterAll(async () => {
    for (const link of links) await link.close();
    redis?.stop();
  });

  it('frees the slots of a dead replica one lease after it took them, however often the key is refused meanwhile', async () => {
    const dying = await replica();
    const survivor = await replica();
    const held = [await dying.store.acquireSlot('c:dead', 2), await dying.store.acquireSlot('c:dead', 2)];
    expect(held.every((release) => typeof release === 'function')).toBe(true);
    // Killed: it never releases and never renews again.
    await dying.link.close();
    const leases = () => survivor.link.client.zrange('slots:c:dead', 0, -1, 'WITHSCORES');
    const before = await leases();
    expect(before.filter((_, i) => i % 2 === 1)).toEqual([String(t + LEASE_MS), String(t + LEASE_MS)]);

    const start = t;
    for (const at of [0, 1, 500, 1_000, 2_000, 2_500, 2_999]) {
      t = start + at;
      for (let retry = 0; retry < 5; retry++) expect(await survivor.store.acquireSlot('c:dead', 2)).toBeNull();
    }
    expect(await leases()).toEqual(before);

    t = start + LEASE_MS;
    const freed = await survivor.store.acquireSlot('c:dead', 2);
    expect(freed).toBeTypeOf('function');
    expect(await survivor.store.acquireSlot('c:dead', 2)).toBeTypeOf('function');
    expect(await survivor.store.acquireSlot('c:dead', 2)).toBeNull();
  });

  it('keeps the slot of a live holder that renews its lease, and frees it on release', async () => {
    const holder = await replica();
    const other = await replica();
    const release = await holder.store.acquireSlot('c:live', 1);
    expect(release).toBeTypeOf('function');
    t += LEASE_MS - 1_000;
    await holder.store.slots.renew();
    t += 2_000;
    // Past the first lease's end: the renewal holds it.
    expect(await other.store.acquireSlot('c:live', 1)).toBeNull();
    release!();
    release!();
    // A release is sent without waiting for it; a command after it on the same connection is
    // answered only once Redis has applied it, whereas the other replica's connection could overtake it.
    await holder.link.client.ping();
    const next = await other.store.acquireSlot('c:live', 1);
    expect(next).toBeTypeOf('function');
    next!();
    expect(holder.store.slots.holding()).toBe(0);
  });

  it('says the lease in /api/v1/health', async () => {
    const app = createTestApp({ env: { REDIS_URL: redis.url, REDIS_SLOT_LEASE_SECONDS: '7' } });
    try {
      for (let i = 0; !app.services.limiter.store.describe().shared; i++) {
        if (i > 400) throw new Error('Redis did not become ready');
        await new Promise((r) => setTimeout(r, 10));
      }
      const health = await (await app.fetch('/api/v1/health')).json();
      expect(health.checks.rateLimitStore).toMatchObject({ backend: 'redis', shared: true, slotLeaseSeconds: 7 });
    } finally {
      await app.services.close();
    }
  });
});
