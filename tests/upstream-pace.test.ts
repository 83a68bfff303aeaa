// Each upstream's published request rate holds whatever the callers do (issue 13): a call beyond
// it waits when a permit frees soon, else answers 503 upstream_unavailable with svcRetryAfterMs,
// and sends nothing; answers from the cache take no permit. With Redis the rate is shared by
// every replica.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, type RedisLink } from '../runtime/redis.js';
import type { UpstreamDefinition } from '../runtime/upstream/catalogue.js';
import { MemoryPacer, RedisPacer } from '../runtime/upstream/pace.js';
import { FakeTransport, TEST_UPSTREAMS, clock, json, makeClient } from './helpers/upstream-fakes.js';
import { hasRedis, startRedis, type TestRedis } from './helpers/redis-server.js';

const capped = (requests: number, perSeconds: number): UpstreamDefinition[] => [
  ...TEST_UPSTREAMS,
  { id: 'capped', name: 'Capped Test API', baseUrl: 'https://capped.example.test', envVar: 'CAPPED_BASE_URL', auth: { type: 'none' }, docs: 'd', rateLimit: { requests, perSeconds, source: 'test' } },
];

describe('the sliding log', () => {
  it('allows `requests` in any window and says when the next permit frees', () => {
    const c = clock(0);
    const pacer = new MemoryPacer(c.now);
    const rule = { requests: 2, windowMs: 1000 };
    expect(pacer.take('u', rule)).toBe(0);
    c.advance(400);
    expect(pacer.take('u', rule)).toBe(0);
    c.advance(100);
    expect(pacer.take('u', rule)).toBe(500);
    // Refusals take nothing: at 1000 ms the first permit is free again, and only one.
    c.advance(500);
    expect(pacer.take('u', rule)).toBe(0);
    expect(pacer.take('u', rule)).toBe(400);
    expect(pacer.take('other', rule)).toBe(0);
  });
});

describe('an upstream with a published rate', () => {
  it('answers the call beyond the rate with 503 and svcRetryAfterMs, without sending it', async () => {
    const transport = new FakeTransport(json(200, { ok: true }));
    const { client } = makeClient(transport, { upstreams: capped(3, 60) });
    for (let i = 0; i < 3; i++) await client.request({ upstream: 'capped', path: `/x/${i}` }, undefined, 0);
    const refused = await client.request({ upstream: 'capped', path: '/x/3' }, undefined, 0).catch((e) => e);
    expect(refused).toMatchObject({ code: 'upstream_unavailable', status: 503, detailCode: 'upstream_rate_cap' });
    expect(refused.retryAfterMs).toBeGreaterThan(50_000);
    expect(refused.toBody().error.svcRetryAfterMs).toBe(refused.retryAfterMs);
    expect(refused.message).toMatch(/at most 3 requests per 60 s/);
    expect(transport.sends).toBe(3);
  });

  it('serves cached and coalesced answers without taking a permit', async () => {
    const transport = new FakeTransport(json(200, { ok: true }));
    const { client } = makeClient(transport, { upstreams: capped(1, 60) });
    await Promise.all([1, 2, 3].map(() => client.request({ upstream: 'capped', path: '/same' }, undefined, 600)));
    await client.request({ upstream: 'capped', path: '/same' }, undefined, 600);
    expect(transport.sends).toBe(1);
  });

  it('lets the call wait for a permit that frees within the short wait', async () => {
    const transport = new FakeTransport(json(200, { ok: true }));
    // The real clock: the call sleeps until the first request leaves the window.
    const { client } = makeClient(transport, { upstreams: capped(1, 0.3), now: Date.now });
    const started = Date.now();
    await client.request({ upstream: 'capped', path: '/a' }, undefined, 0);
    await client.request({ upstream: 'capped', path: '/b' }, undefined, 0);
    expect(transport.sends).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('does not limit upstreams that publish no rate', async () => {
    const transport = new FakeTransport(json(200, { ok: true }));
    const { client } = makeClient(transport);
    for (let i = 0; i < 50; i++) await client.request({ upstream: 'open', path: `/x/${i}` }, undefined, 0);
    expect(transport.sends).toBe(50);
  });
});

describe.runIf(hasRedis)('the rate shared by replicas through Redis', () => {
  let redis: TestRedis;
  const links: RedisLink[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  }, 20_000);
  afterAll(async () => {
    for (const link of links) await link.close();
    redis?.stop();
  });

  it('holds the rate across two replicas, and each falls back to its own log while Redis is away', async () => {
    const link = async () => {
      const l = connectRedis(redis.url, pino({ level: 'silent' }));
      links.push(l);
      for (let i = 0; !l.ready(); i++) {
        if (i > 400) throw new Error('Redis not ready');
        await new Promise((r) => setTimeout(r, 10));
      }
      return l;
    };
    const a = new RedisPacer(await link());
    const b = new RedisPacer(await link());
    const rule = { requests: 3, windowMs: 60_000 };
    const verdicts = [await a.take('shared', rule), await b.take('shared', rule), await a.take('shared', rule), await b.take('shared', rule), await a.take('shared', rule)];
    expect(verdicts.slice(0, 3)).toEqual([0, 0, 0]);
    expect(verdicts[3]).toBeGreaterThan(50_000);
    expect(verdicts[4]).toBeGreaterThan(50_000);
    await links[1].close();
    // b alone now: its own log, empty.
    expect(await b.take('shared', rule)).toBe(0);
  });
});
