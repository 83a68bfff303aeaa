// An upstream's concurrency cap is shared fairly between callers (issue 11 #3): a caller with a
// backlog of slow requests holds every slot, another caller arrives, and at the next release the
// newcomer is served before the backlog. Deterministic: answers are resolved by hand, and the
// tests wait for events (a send, a grant), never for time.
import { describe, expect, it } from 'vitest';
import { FairSemaphore } from '../runtime/upstream/semaphore.js';
import type { RequestStats } from '../runtime/upstream/client.js';
import { UPSTREAMS } from './helpers/upstreams.js';
import { createTestApp, KEYS } from './helpers/app.js';
import { deferred, json, makeClient, FakeTransport, rejection } from './helpers/upstream-fakes.js';
import type { OutgoingRequest, RawResponse } from '../runtime/upstream/transport.js';

/** Lets every pending promise callback run (the event loop turns until nothing else is due now). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

async function until(condition: () => boolean): Promise<void> {
  for (let turns = 0; !condition(); turns++) {
    if (turns > 1000) throw new Error('condition not reached');
    await settle();
  }
}

/** A transport whose answers the test gives, one by one, in any order. */
class HeldTransport extends FakeTransport {
  readonly held: Array<{ req: OutgoingRequest; answer: (r: RawResponse) => void }> = [];
  constructor() {
    super((req) => {
      const d = deferred<RawResponse>();
      this.held.push({ req, answer: d.resolve });
      return d.promise;
    });
  }
  /** Answers the held request whose URL ends with `suffix`. */
  answer(suffix: string): void {
    const at = this.held.findIndex((h) => h.req.url.endsWith(suffix));
    if (at < 0) throw new Error(`no held request for ${suffix}`);
    const [h] = this.held.splice(at, 1);
    h.answer(json(200, { url: h.req.url }));
  }
  sentPaths(): string[] {
    return this.requests.map((r) => new URL(r.url).pathname);
  }
}

describe('FairSemaphore', () => {
  it('gives the next free slot to a newcomer before the queued requests of the caller holding every slot', async () => {
    const gate = new FairSemaphore(2);
    const order: string[] = [];
    const take = (caller: string, label: string) =>
      gate.acquire(caller).then((release) => {
        order.push(label);
        return release;
      });
    const a1 = await take('A', 'a1');
    const a2 = await take('A', 'a2');
    const queued = [take('A', 'a3'), take('A', 'a4'), take('A', 'a5')];
    const b1 = take('B', 'b1');
    await settle();
    expect(order).toEqual(['a1', 'a2']);
    expect(gate.snapshot()).toMatchObject({ active: 2, waiting: 4, callers: { A: { held: 2, waiting: 3 }, B: { held: 0, waiting: 1 } } });

    a1();
    await settle();
    expect(order).toEqual(['a1', 'a2', 'b1']);
    // A holds 1, B holds 1: equal, and A was served longest ago, so A's queue goes next, in order.
    a2();
    await settle();
    expect(order).toEqual(['a1', 'a2', 'b1', 'a3']);
    (await b1)();
    await settle();
    expect(order).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
    for (const q of queued.slice(0, 2)) (await q)();
    await settle();
    expect(order).toEqual(['a1', 'a2', 'b1', 'a3', 'a4', 'a5']);
    (await queued[2])();
    expect(gate.snapshot()).toEqual({ active: 0, waiting: 0, callers: {} });
  });

  it('serves waiting callers below their share before one at it, and round-robin among equals', async () => {
    const gate = new FairSemaphore(3);
    const order: string[] = [];
    const take = (caller: string) => gate.acquire(caller).then((release) => (order.push(caller), release));
    const held = [await take('A'), await take('A'), await take('A')];
    const waiting = [take('A'), take('B'), take('C'), take('B'), take('C')];
    for (const release of held) release();
    await settle();
    // Three slots, three callers: one each, the newcomers first.
    expect(order.slice(3)).toEqual(['B', 'C', 'A']);
    for (const w of waiting.slice(0, 3)) (await w)();
    await settle();
    expect(order.slice(6).sort()).toEqual(['B', 'C']);
  });

  it('lets a waiter give up: an aborted wait leaves the queue and takes no slot', async () => {
    const gate = new FairSemaphore(1);
    const first = await gate.acquire('A');
    const abort = new AbortController();
    const gaveUp = gate.acquire('B', abort.signal);
    const next = gate.acquire('C');
    abort.abort(new Error('deadline'));
    expect((await rejection(gaveUp)).message).toBe('deadline');
    first();
    (await next)();
    expect(gate.snapshot()).toEqual({ active: 0, waiting: 0, callers: {} });
  });
});

describe('upstream concurrency shared between callers', () => {
  const statsFor = (caller: string): RequestStats => ({ upstreamCalls: 0, cacheHits: 0, caller: () => caller });

  it('sends a second caller’s request at the next release, before the first caller’s queued ones', async () => {
    const transport = new HeldTransport();
    const { client } = makeClient(transport);
    const a = statsFor('key:A');
    const b = statsFor('key:B');
    // 'narrow' allows 2 at once: A takes both and queues two more; then B asks.
    const aCalls = [1, 2, 3, 4].map((i) => client.request({ upstream: 'narrow', path: `/a${i}` }, a));
    await until(() => transport.sends === 2);
    const bCall = client.request({ upstream: 'narrow', path: '/b1' }, b);
    await settle();
    expect(transport.sentPaths()).toEqual(['/a1', '/a2']);

    transport.answer('/a1');
    await until(() => transport.sends === 3);
    expect(transport.sentPaths()[2]).toBe('/b1');
    expect(transport.requests[2].caller).toBe('key:B');

    transport.answer('/a2');
    await until(() => transport.sends === 4);
    transport.answer('/b1');
    await until(() => transport.sends === 5);
    expect(transport.sentPaths()).toEqual(['/a1', '/a2', '/b1', '/a3', '/a4']);
    transport.answer('/a3');
    transport.answer('/a4');
    await Promise.all([...aCalls, bCall]);
    expect(a.upstreamCalls).toBe(4);
    expect(b.upstreamCalls).toBe(1);
  });

  it('takes no slot for a request coalesced onto one in flight', async () => {
    const transport = new HeldTransport();
    const { client } = makeClient(transport);
    const first = client.request({ upstream: 'narrow', path: '/same' }, statsFor('key:A'));
    const twin = client.request({ upstream: 'narrow', path: '/same' }, statsFor('key:B'));
    const other = client.request({ upstream: 'narrow', path: '/other' }, statsFor('key:B'));
    await until(() => transport.sends === 2);
    expect(transport.sentPaths()).toEqual(['/same', '/other']);
    transport.answer('/same');
    transport.answer('/other');
    expect((await twin).fromCache).toBe(true);
    await Promise.all([first, other]);
  });
});

describe('the caller of an HTTP request reaches the upstream layer', () => {
  it('serves a Team key at the next release while a Dev key’s requests fill the upstream', async () => {
    const transport = new HeldTransport();
    const upstreams = UPSTREAMS.map((u) => (u.id === 'brreg' ? { ...u, maxConcurrent: 2 } : u));
    const t = createTestApp({ transport, upstreams });
    const get = (key: string, orgnr: string) => t.fetch(`/api/connectors/brreg/enheter/${orgnr}`, { headers: { authorization: `Bearer ${key}` } });
    const dev = ['923609016', '923609024', '923609032'].map((orgnr) => get(KEYS.dev, orgnr));
    await until(() => transport.sends === 2);
    const team = get(KEYS.team, '923609040');
    await settle();
    expect(transport.held).toHaveLength(2);

    transport.answer('/923609016');
    await until(() => transport.sends === 3);
    expect(transport.sentPaths()[2]).toMatch(/923609040$/);
    const callers = transport.requests.map((r) => r.caller);
    expect(new Set(callers).size).toBe(2);
    expect(callers[0]).toMatch(/^key:/);

    for (const orgnr of ['923609024', '923609040']) transport.answer(`/${orgnr}`);
    await until(() => transport.sends === 4);
    transport.answer('/923609032');
    await Promise.all([...dev, team]);
  });
});
