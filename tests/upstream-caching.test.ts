// The upstream's own caching headers (issue 13: "honour Cache-Control/Expires and Last-Modified,
// conditional requests where the upstream supports them"): a stated lifetime decides how long an
// answer is served from the cache, and an expired answer with validators is revalidated with
// If-None-Match / If-Modified-Since, a 304 renewing the kept copy.
import { describe, expect, it } from 'vitest';
import { freshnessMs, validatorsOf } from '../runtime/upstream/freshness.js';
import { FakeTransport, json, makeClient, raw } from './helpers/upstream-fakes.js';

const HOUR = 3600;
const call = { upstream: 'open', path: '/items/1' };

describe('freshness of an answer', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('reads max-age and s-maxage, less Age', () => {
    expect(freshnessMs({ 'cache-control': 'public, max-age=60' }, now)).toBe(60_000);
    expect(freshnessMs({ 'cache-control': 'max-age=60, s-maxage=120' }, now)).toBe(120_000);
    expect(freshnessMs({ 'cache-control': 'max-age=60', age: '20' }, now)).toBe(40_000);
  });
  it('reads Expires against the answer\'s Date, else against now', () => {
    expect(freshnessMs({ expires: 'Sun, 22 Nov 2026 12:30:00 GMT', date: 'Sun, 22 Nov 2026 12:00:00 GMT' }, now + 999_999)).toBe(1_800_000);
    expect(freshnessMs({ expires: 'Sun, 22 Nov 2026 12:10:00 GMT' }, now)).toBe(600_000);
  });
  it('states nothing for no-cache, no-store, max-age=0, a past or unreadable Expires', () => {
    for (const headers of [{ 'cache-control': 'no-cache' }, { 'cache-control': 'no-store, max-age=600' }, { 'cache-control': 'max-age=0' }, { expires: '0' }, { expires: 'Sun, 22 Nov 2026 11:00:00 GMT' }, {}]) {
      expect(freshnessMs(headers as Record<string, string>, now), JSON.stringify(headers)).toBeUndefined();
    }
  });
  it('finds the validators', () => {
    expect(validatorsOf({ etag: '"a1"', 'last-modified': 'Sun, 22 Nov 2026 10:00:00 GMT' })).toEqual({ etag: '"a1"', lastModified: 'Sun, 22 Nov 2026 10:00:00 GMT' });
    expect(validatorsOf({ 'content-type': 'application/json' })).toBeUndefined();
  });
});

describe('the response cache follows the upstream', () => {
  it('serves an answer for its stated max-age, not the tool\'s longer lifetime, then revalidates it by ETag', async () => {
    const transport = new FakeTransport().script(
      json(200, { v: 1 }, { 'cache-control': 'max-age=60', etag: '"v1"' }),
      raw(304, '', { 'cache-control': 'max-age=60', etag: '"v1"' }),
    );
    const { client, clock } = makeClient(transport);
    expect((await client.request(call, undefined, HOUR)).data).toEqual({ v: 1 });
    clock.advance(59_000);
    expect((await client.request(call, undefined, HOUR)).fromCache).toBe(true);
    expect(transport.sends).toBe(1);
    clock.advance(2_000);
    const renewed = await client.request(call, undefined, HOUR);
    expect(transport.sends).toBe(2);
    expect(transport.requests[1].headers['if-none-match']).toBe('"v1"');
    expect(renewed).toMatchObject({ status: 200, data: { v: 1 }, fromCache: false, fetchedAt: clock.now() });
    // Fresh again for another minute from the 304.
    clock.advance(30_000);
    expect((await client.request(call, undefined, HOUR)).fromCache).toBe(true);
    expect(transport.sends).toBe(2);
  });

  it('keeps an answer for its stated Expires even when the tool\'s lifetime is shorter', async () => {
    const transport = new FakeTransport().script(json(200, { v: 1 }, { expires: 'Sun, 22 Nov 2026 12:30:00 GMT', date: 'Sun, 22 Nov 2026 12:00:00 GMT' }));
    const { client, clock } = makeClient(transport);
    await client.request(call, undefined, 60);
    clock.advance(20 * 60_000);
    expect((await client.request(call, undefined, 60)).fromCache).toBe(true);
    expect(transport.sends).toBe(1);
  });

  it('revalidates by Last-Modified with If-Modified-Since, and takes a changed answer whole', async () => {
    const lm = 'Sun, 22 Nov 2026 10:00:00 GMT';
    const transport = new FakeTransport().script(json(200, { v: 1 }, { 'last-modified': lm }), json(200, { v: 2 }, { 'last-modified': 'Sun, 22 Nov 2026 12:05:00 GMT' }));
    const { client, clock } = makeClient(transport);
    await client.request(call, undefined, 60);
    clock.advance(61_000);
    const next = await client.request(call, undefined, 60);
    expect(transport.requests[1].headers['if-modified-since']).toBe(lm);
    expect(next.data).toEqual({ v: 2 });
  });

  it('uses the tool\'s lifetime when the upstream says no-cache, and sends no conditional request without validators', async () => {
    const transport = new FakeTransport().script(json(200, { v: 1 }, { 'cache-control': 'no-cache' }), json(200, { v: 2 }));
    const { client, clock } = makeClient(transport);
    await client.request(call, undefined, 60);
    clock.advance(59_000);
    expect((await client.request(call, undefined, 60)).data).toEqual({ v: 1 });
    clock.advance(2_000);
    expect((await client.request(call, undefined, 60)).data).toEqual({ v: 2 });
    expect(transport.requests[1].headers['if-none-match']).toBeUndefined();
    expect(transport.requests[1].headers['if-modified-since']).toBeUndefined();
  });

  it('answers a caller that keeps its own copy (a file index) with 304 and no data', async () => {
    const transport = new FakeTransport().script(raw(304));
    const { client } = makeClient(transport);
    const r = await client.request({ ...call, ttlSeconds: 0, revalidate: { etag: '"f1"' } });
    expect(r).toMatchObject({ status: 304, data: null });
    expect(transport.requests[0].headers['if-none-match']).toBe('"f1"');
  });

  it('still refuses a 304 nobody asked for, as a redirect is', async () => {
    const transport = new FakeTransport().script(raw(304));
    const { client } = makeClient(transport);
    await expect(client.request({ ...call, ttlSeconds: 0 })).rejects.toMatchObject({ code: 'upstream_unavailable' });
  });
});

describe('a request body that is not JSON', () => {
  it('is sent as it stands with its content type, and cached by its text when idempotent', async () => {
    const transport = new FakeTransport().script(raw(200, '<ok/>', { 'content-type': 'text/xml' }));
    const { client } = makeClient(transport);
    const soap = { upstream: 'open', method: 'POST' as const, path: '/soap', accept: 'text' as const, idempotent: true, bodyText: { contentType: 'text/xml; charset=utf-8', text: '<Envelope/>' } };
    expect((await client.request(soap, undefined, 60)).data).toBe('<ok/>');
    expect((await client.request(soap, undefined, 60)).fromCache).toBe(true);
    expect(transport.requests[0]).toMatchObject({ method: 'POST', body: '<Envelope/>' });
    expect(transport.requests[0].headers['content-type']).toBe('text/xml; charset=utf-8');
  });
});

describe('an error status whose body the tool reads itself (call.answer)', () => {
  it('comes back as status and body, is not cached, not retried, and leaves the breaker alone', async () => {
    const fault = raw(500, '<Fault><faultstring>FinderException: not found</faultstring></Fault>', { 'content-type': 'text/xml' });
    const transport = new FakeTransport().script(fault, fault);
    const { client } = makeClient(transport);
    const soap = { upstream: 'open', path: '/soap', accept: 'text' as const, answer: [500] };
    for (let i = 0; i < 2; i++) expect(await client.request(soap, undefined, 60)).toMatchObject({ status: 500, data: expect.stringContaining('FinderException'), fromCache: false });
    expect(transport.sends).toBe(2);
    expect(client.breakerStates().open).toMatchObject({ state: 'closed', consecutiveFailures: 0 });
  });

  it('reads a JSON error envelope (CKAN 409) and still maps statuses it did not name', async () => {
    const transport = new FakeTransport().script(json(409, { success: false, error: { __type: 'Validation Error', rows: ['Must be an integer'] } }), json(409, {}));
    const { client } = makeClient(transport);
    expect((await client.request({ upstream: 'open', path: '/x', answer: [409] }, undefined, 60)).data).toMatchObject({ success: false });
    await expect(client.request({ upstream: 'open', path: '/y' }, undefined, 60)).rejects.toMatchObject({ code: 'upstream_unavailable' });
  });
});
