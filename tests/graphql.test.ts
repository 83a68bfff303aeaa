// GraphQL answers its errors with HTTP 200: through the upstream layer such an answer is the
// upstream's error (502, detailCode graphql_errors), is not cached, and does not count against the
// upstream's breaker; `data` comes back as the call's data.
import { describe, expect, it } from 'vitest';
import { readGraphQL } from '../runtime/graphql.js';
import { FakeTransport, json, makeClient } from './helpers/upstream-fakes.js';

const call = { upstream: 'open', method: 'POST' as const, path: '/graphql', body: { query: '{ a }' }, idempotent: true, decode: readGraphQL('Open Test API') };

describe('GraphQL answers', () => {
  it('gives the data of an answer without errors, cached like a GET', async () => {
    const transport = new FakeTransport().script(json(200, { data: { a: 1 } }));
    const { client } = makeClient(transport);
    expect((await client.request(call, undefined, 60)).data).toEqual({ a: 1 });
    expect((await client.request(call, undefined, 60)).fromCache).toBe(true);
    expect(transport.sends).toBe(1);
  });

  it('turns errors on HTTP 200 into the upstream\'s error, uncached, the breaker untouched', async () => {
    const errors = json(200, { data: null, errors: [{ message: 'Quay:NSR:StopPlace:0 not found', path: ['stopPlace'] }] });
    const transport = new FakeTransport().script(errors, errors, json(200, { data: { a: 2 } }));
    const { client } = makeClient(transport);
    for (let i = 0; i < 2; i++) {
      const e = await client.request(call, undefined, 60).catch((err) => err);
      expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502, detailCode: 'graphql_errors' });
      expect(e.message).toContain('not found');
    }
    expect(client.breakerStates().open).toMatchObject({ state: 'closed', consecutiveFailures: 0 });
    expect((await client.request(call, undefined, 60)).data).toEqual({ a: 2 });
    expect(transport.sends).toBe(3);
  });

  it('refuses an answer without data', () => {
    expect(() => readGraphQL('X')(Buffer.from('{"data":null}'))).toThrow(/answered no data/);
  });
});
