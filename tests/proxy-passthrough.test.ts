// The upstream client's `passthrough` call option (the data proxy): the backend's status, headers
// and body come back unmapped and uncached, answers never trip the breaker or get retried, and
// only a backend that does not answer (or times out) fails, with a 503.
import { describe, expect, it } from 'vitest';
import { ToolError } from '../runtime/errors.js';
import type { RequestStats } from '../runtime/upstream/client.js';
import { FakeTransport, failure, json, makeClient, raw, rejection } from './helpers/upstream-fakes.js';

const stats = (): RequestStats => ({ upstreamCalls: 0, cacheHits: 0 });
const call = { upstream: 'open', path: '/v1/connectors/{kilde}/{rest*}', params: { kilde: 'brreg', rest: 'enheter/1' }, passthrough: true } as const;

describe('UpstreamClient: passthrough', () => {
  it.each([200, 400, 404, 410, 429, 500, 502, 503, 504])('answers HTTP %i as it is, body as bytes, with one send', async (status) => {
    const body = { status, detail: 'from the backend' };
    const { client, transport } = makeClient(new FakeTransport(json(status, body, { 'content-type': 'application/problem+json', 'retry-after': '7' })));
    const r = await client.request(call, stats());
    expect(r.status).toBe(status);
    expect(Buffer.isBuffer(r.data)).toBe(true);
    expect(JSON.parse((r.data as Buffer).toString('utf8'))).toEqual(body);
    expect(r.headers['content-type']).toBe('application/problem+json');
    expect(r.headers['retry-after']).toBe('7');
    expect(transport.sends).toBe(1);
  });

  it('passes a non-JSON body through untouched', async () => {
    const { client } = makeClient(new FakeTransport(raw(200, '<xml>ok</xml>', { 'content-type': 'application/xml' })));
    const r = await client.request(call, stats());
    expect((r.data as Buffer).toString()).toBe('<xml>ok</xml>');
  });

  it('builds the URL from the wildcard template', async () => {
    const { client, transport } = makeClient(new FakeTransport(json(200, {})));
    await client.request({ ...call, query: { size: ['5'] } }, stats());
    expect(transport.requests[0].url).toBe('https://open.example.test/api/v1/v1/connectors/brreg/enheter/1?size=5');
  });

  it('never caches, even with a lifetime', async () => {
    const { client, transport } = makeClient(new FakeTransport(json(200, { n: 1 })));
    await client.request({ ...call, ttlSeconds: 600 }, stats());
    const again = await client.request({ ...call, ttlSeconds: 600 }, stats());
    expect(again.fromCache).toBe(false);
    expect(transport.sends).toBe(2);
  });

  it('does not count answered 5xx against the breaker', async () => {
    const { client } = makeClient(new FakeTransport(json(503, {})));
    for (let i = 0; i < 8; i++) await client.request(call, stats());
    expect(client.breakerStates().open.state).toBe('closed');
  });

  it.each(['timeout', 'connect', 'reset'] as const)('a backend that does not answer (%s) is a 503 upstream_unavailable', async (kind) => {
    const { client, transport } = makeClient(new FakeTransport(failure(kind)));
    const err = await rejection(client.request(call, stats()));
    expect(err).toBeInstanceOf(ToolError);
    expect(err.code).toBe('upstream_unavailable');
    expect(err.status).toBe(503);
    // A GET is retried on transport failures like any idempotent request.
    expect(transport.sends).toBe(3);
  });

  it('a POST is sent once, even when the backend does not answer', async () => {
    const { client, transport } = makeClient(new FakeTransport(failure('timeout')));
    const err = await rejection(client.request({ ...call, method: 'POST', body: { q: 1 } }, stats()));
    expect(err.status).toBe(503);
    expect(transport.sends).toBe(1);
    expect(transport.requests[0].body).toBe('{"q":1}');
  });

  it('without passthrough the same answers are mapped as before', async () => {
    const { client } = makeClient(new FakeTransport(json(404, {})));
    const err = await rejection(client.request({ ...call, passthrough: undefined }, stats()));
    expect(err.code).toBe('not_found');
  });
});
