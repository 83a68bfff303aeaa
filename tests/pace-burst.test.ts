// An upstream's published request rate holds on the wire, not only in the pacer's log (issue 24
// #13): with MET's 20 a second, a burst of 120 concurrent calls, some answered 503 and retried,
// never puts more than 20 requests on the wire in any window of 1000 ms, because each attempt takes
// its permit at the moment it is sent (after its concurrency slot), retries included. Fake timers
// drive the clock the pacer reads and the sends are logged by that same clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpstreamDefinition } from '../runtime/upstream/catalogue.js';
import type { OutgoingRequest } from '../runtime/upstream/transport.js';
import { FakeTransport, TEST_UPSTREAMS, json, makeClient } from './helpers/upstream-fakes.js';

const RULE = { requests: 20, windowMs: 1000 };
const UPSTREAMS: UpstreamDefinition[] = [
  ...TEST_UPSTREAMS,
  { id: 'met', name: 'MET-like Test API', baseUrl: 'https://met.example.test', envVar: 'MET_TEST_BASE_URL', auth: { type: 'none' }, docs: 'd', rateLimit: { requests: RULE.requests, perSeconds: RULE.windowMs / 1000, source: 'test' } },
];

/** The most sends in any window of `windowMs` starting at a send. */
function busiestWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (j < sorted.length && sorted[j] - sorted[i] < windowMs) j++;
    most = Math.max(most, j - i);
  }
  return most;
}

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-11-22T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * The first calls hold every concurrency slot for most of a second and the rest answer at once:
 * a permit taken before the slot would then be spent late, beside the next second's permits.
 */
const latency = (index: number) => (index < 8 ? 900 : 20);

describe('a burst against an upstream with a published rate', () => {
  it('never sends more than the rate in any window, retries of 503 answers included', async () => {
    const sentAt: number[] = [];
    const attempts = new Map<string, number>();
    const transport = new FakeTransport(async (req: OutgoingRequest) => {
      sentAt.push(Date.now());
      const n = (attempts.get(req.url) ?? 0) + 1;
      attempts.set(req.url, n);
      // The upstream is slow, so the burst queues for the concurrency slots, and every third
      // request fails once with a 503 that the client retries.
      const index = Number(req.url.split('/').pop());
      await new Promise((resolve) => setTimeout(resolve, latency(index)));
      return index % 3 === 0 && n === 1 ? json(503, { busy: true }) : json(200, { index });
    });
    const { client } = makeClient(transport, { upstreams: UPSTREAMS, now: Date.now, retryBaseMs: 50 });

    let settled = 0;
    const calls = Array.from({ length: 120 }, (_, i) =>
      client.request({ upstream: 'met', path: `/forecast/${i}` }, undefined, 0).then(
        (r) => ({ ok: true as const, r }),
        (e) => ({ ok: false as const, e }),
      ).finally(() => {
        settled += 1;
      }),
    );
    for (let elapsed = 0; settled < calls.length && elapsed < 60_000; elapsed += 10) await vi.advanceTimersByTimeAsync(10);
    const outcomes = await Promise.all(calls);

    expect(sentAt.length).toBeGreaterThan(RULE.requests);
    expect(busiestWindow(sentAt, RULE.windowMs)).toBeLessThanOrEqual(RULE.requests);
    // Some retries were sent (the 503s were not all turned away), and a call that could not get a
    // permit in time answered the rate-cap 503 rather than going out.
    expect(sentAt.length).toBeGreaterThan(new Set(attempts.keys()).size);
    for (const o of outcomes) if (!o.ok) expect(o.e).toMatchObject({ status: 503 });
  });
});
