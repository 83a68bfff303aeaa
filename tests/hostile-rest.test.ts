// Hostile input against every REST route of /api, property-based (fast-check), in process: company
// search and its alias, company lookup, events with random and tampered cursors, sources, source
// by key, diagnostics with odd Authorization headers, research, the data proxy (GET and POST) with
// random kilde and endepunkt, other methods, and unknown paths. No answer may be a 500, every error
// must be a Problem (spec 2.1) with a request id, every success JSON, and nothing may reject
// unhandled. Replay mode: unrecorded upstream requests are 502s whose misses are drained here.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, createTestApp } from './helpers/app.js';
import { expectRestAnswer, jsonText, hostileString, pairsJson, pathSegment, queryPairs, rawQuery, wellFormed, wrongType, type Pairs } from './helpers/hostile.js';
import { watchProcess } from './helpers/live-app.js';
import { takeReplayMisses } from './setup.js';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 60);
const t = createTestApp({ env: { ANON_RATE_LIMIT: '1000000' } });
const auth = { authorization: `Bearer ${KEYS.enterprise}` };
const watch = watchProcess();
const statuses = new Map<string, Set<number>>();

beforeAll(() => watch.start());
afterAll(() => watch.stop());

async function get(route: string, path: string, headers: Record<string, string> = auth) {
  const r = await expectRestAnswer(await t.fetch(path, { headers }), `GET ${path.slice(0, 300)}`, path);
  (statuses.get(route) ?? statuses.set(route, new Set()).get(route)!).add(r.status);
  return r;
}

/** A query value: valid-looking, at the bounds, or hostile. */
const anyValue = fc.oneof(
  hostileString(),
  wrongType(),
  fc.constantFrom('NO', 'DK', 'FI', 'SE', 'IS', 'no', 'EU', '0', '1', '20', '49', '50', '51', '99', '100', '101', '199', '200', '9999', '10000', '-1', '1.5', '1e2', ' 5', '+5', '00', ''),
);
const queryOf = (names: string[]) =>
  fc
    .tuple(
      fc.array(fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }), anyValue), { maxLength: 6 }),
      rawQuery(names),
    )
    .map(([pairs, raw]: [Pairs, string]) => {
      const q = queryPairs(pairs);
      return raw ? `${q || '?'}${q ? '&' : ''}${raw}` : q;
    });
const segment = pathSegment();
const run = (p: fc.IAsyncProperty<any>) => fc.assert(p, { numRuns: RUNS }).finally(() => takeReplayMisses());

describe('company routes', () => {
  it.each(['/api/v1/companies', '/api/v1/companies/search'])('%s with random q, country, limit, pageSize, page', async (route) => {
    await run(fc.asyncProperty(queryOf(['q', 'country', 'limit', 'pageSize', 'page']), async (q) => void (await get(route, `${route}${q}`))));
    expect(statuses.get(route)).toContain(400);
  });

  it('/api/v1/company/{orgnr} with random identifiers and countries', async () => {
    const ids = fc.oneof(segment, fc.constantFrom('923609016', '5560160680', '10403914', '0112038-9', '4101992479', '000000000', '999999999'));
    await run(fc.asyncProperty(ids, queryOf(['country']), async (id, q) => void (await get('lookup', `/api/v1/company/${id}${q}`))));
    expect(statuses.get('lookup')).toContain(400);
  });

  it('/api/v1/companies/{orgnr}/events with random, tampered and foreign cursors', async () => {
    const first = await get('events', '/api/v1/companies/923609016/events?limit=2');
    expect(first.status).toBe(200);
    const cursor: string = first.body.nextCursor;
    expect(typeof cursor).toBe('string');
    const tampered = fc.tuple(fc.nat({ max: cursor.length - 1 }), fc.constantFrom('A', 'z', '_', '-', '0', '=', '.', '%')).map(([i, c]) => encodeURIComponent(cursor.slice(0, i) + c + cursor.slice(i + 1)));
    const cursors = fc.oneof(
      hostileString().map((s) => encodeURIComponent(wellFormed(s))),
      fc.base64String({ maxLength: 200 }).map((s) => encodeURIComponent(s)),
      fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b).toString('base64url')),
      tampered,
      fc.constant(encodeURIComponent(cursor)),
      fc.constant(`${encodeURIComponent(cursor)}A`),
    );
    const ids = fc.oneof(fc.constantFrom('923609016', '931744682'), segment);
    await run(
      fc.asyncProperty(ids, cursors, queryOf(['limit', 'order']), async (id, c, q) => {
        const r = await get('events', `/api/v1/companies/${id}/events${q || '?'}${q ? '&' : ''}cursor=${c}`);
        if (r.status === 400 && typeof r.body.type === 'string' && r.body.type.endsWith('/errors/invalid-cursor')) expect(r.body.title).toBe('Invalid or expired cursor');
      }),
    );
    expect(statuses.get('events')).toContain(400);
  });
});

describe('sources, meta and research', () => {
  it('/api/v1/sources with random filters and extra parameters', async () => {
    expect((await get('sources', '/api/v1/sources?status=connected')).status).toBe(200);
    expect((await get('sources', '/api/v1/sources?status=nope')).status).toBe(400);
    await run(fc.asyncProperty(queryOf(['status', 'country', 'category']), async (q) => void (await get('sources', `/api/v1/sources${q}`))));
    expect([...statuses.get('sources')!]).toEqual(expect.arrayContaining([200, 400]));
  });

  it('/api/v1/sources/{key} with random keys', async () => {
    const keys = fc.oneof(segment, fc.constantFrom(...t.services.registry.servers.map((s) => s.sourceKey), 'ais', 'kostra', 'BRREG', 'brreg-', '-brreg'));
    expect((await get('source', '/api/v1/sources/brreg')).status).toBe(200);
    expect((await get('source', '/api/v1/sources/no-such-source')).status).toBe(404);
    await run(fc.asyncProperty(keys, queryOf(['x']), async (k, q) => void (await get('source', `/api/v1/sources/${k}${q}`))));
    expect([...statuses.get('source')!]).toEqual(expect.arrayContaining([200, 404]));
  });

  it('/api/v1/diagnostics with odd Authorization headers', async () => {
    const header = fc.oneof(
      fc.constant(`Bearer ${KEYS.enterprise}`),
      fc.constant(`bearer ${KEYS.enterprise}`),
      fc.constant(`Bearer  ${KEYS.enterprise}`),
      fc.constant(`Bearer ${KEYS.enterprise} extra`),
      fc.constant(`Basic ${Buffer.from(`${KEYS.enterprise}:`).toString('base64')}`),
      fc.constant('Bearer'),
      fc.constant('Bearer '),
      fc.string({ unit: 'grapheme-ascii', maxLength: 200 }).map((s) => `Bearer ${s}`),
      fc.string({ unit: 'grapheme-ascii', maxLength: 60 }),
      fc.constant(`Bearer ${'k'.repeat(8_000)}`),
    );
    expect((await get('diagnostics', '/api/v1/diagnostics')).status).toBe(200);
    expect((await get('diagnostics', '/api/v1/diagnostics', { authorization: 'Bearer nope' })).status).toBe(401);
    await run(
      fc.asyncProperty(header, async (h) => {
        // Header values must be ByteStrings without line breaks; the generators keep to that.
        const r = await get('diagnostics', '/api/v1/diagnostics', { authorization: h.replace(/[\r\n\0]/g, '') });
        expect([200, 401]).toContain(r.status);
      }),
    );
    expect([...statuses.get('diagnostics')!]).toEqual(expect.arrayContaining([200, 401]));
  });

  it('/api/v1/research and below answer 501 Problems whatever is sent', async () => {
    await run(
      fc.asyncProperty(fc.array(segment, { maxLength: 3 }), fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'), hostileString(), async (segs, method, body) => {
        const path = `/api/v1/research${segs.length ? `/${segs.join('/')}` : ''}`;
        const init = method === 'GET' ? { headers: auth } : { method, headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) };
        const r = await expectRestAnswer(await t.fetch(path, init), `${method} ${path.slice(0, 200)}`, path);
        // `..` and `.` segments are resolved by the URL parser and may leave /research.
        if (!segs.some((s) => /^(?:\.|%2e){1,2}$/i.test(s))) expect(r.status).toBe(501);
      }),
    );
  });
});

describe('the data proxy', () => {
  const kilde = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...t.services.registry.servers.map((s) => s.sourceKey), 'ais', 'kostra', 'metrics', 'connectors', 'audit', 'storage') },
    { weight: 1, arbitrary: segment },
  );
  const endepunkt = fc.array(fc.oneof(segment, fc.constantFrom('enheter', '923609016', 'enheter/923609016', 'konkurs', 'search', 'eu', 'health')), { minLength: 1, maxLength: 4 }).map((s) => s.join('/'));

  it('GET /api/data/{kilde}/{endepunkt} with random keys, paths and queries', async () => {
    expect((await get('proxy-get', '/api/data/brreg/enheter%2F..%2Fx')).status).toBe(400);
    expect((await get('proxy-get', '/api/data/no-such-key/x')).status).toBe(404);
    await run(fc.asyncProperty(kilde, endepunkt, queryOf(['q', 'size', 'page', 'navn', 'orgnr']), async (k, e, q) => void (await get('proxy-get', `/api/data/${k}/${e}${q}`))));
    expect([...statuses.get('proxy-get')!]).toEqual(expect.arrayContaining([400, 404]));
  });

  it('POST /api/data/{kilde}/{endepunkt} with random bodies and content types', async () => {
    const bodies = fc.oneof(
      fc.array(fc.tuple(fc.string({ maxLength: 10 }), fc.oneof(hostileString(), wrongType())), { maxLength: 4 }).map(pairsJson),
      fc.oneof(hostileString(), wrongType()).map(jsonText),
      fc.constantFrom('', '{', '{"a":', '[]', 'null', '{"__proto__":{"polluted":1}}', '\u0000', '{"a":1}{"b":2}'),
    );
    const types = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'application/problem+json', 'text/plain', 'application/x-www-form-urlencoded', '', 'APPLICATION/JSON', 'application/json;;;');
    await run(
      fc.asyncProperty(kilde, endepunkt, bodies, types, async (k, e, body, type) => {
        const headers: Record<string, string> = { ...auth, ...(type && { 'content-type': type }) };
        const r = await expectRestAnswer(await t.fetch(`/api/data/${k}/${e}`, { method: 'POST', headers, body }), `POST /api/data/${k}/${e} ${type} ${body.slice(0, 100)}`, `/api/data/${k}/${e}`);
        (statuses.get('proxy-post') ?? statuses.set('proxy-post', new Set()).get('proxy-post')!).add(r.status);
      }),
    );
    // A `__proto__` member in a body pollutes nothing.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect([...statuses.get('proxy-post')!]).toEqual(expect.arrayContaining([400]));
  });
});

describe('other methods and unknown paths under /api', () => {
  it('PUT, PATCH, DELETE and OPTIONS on every route, and random paths: Problems, never a 500', async () => {
    const known = ['/api/v1/companies', '/api/v1/companies/search', '/api/v1/company/923609016', '/api/v1/companies/923609016/events', '/api/v1/sources', '/api/v1/sources/brreg', '/api/v1/diagnostics', '/api/v1/health', '/api/v1/version', '/api/openapi.json', '/api/data/brreg/enheter/923609016', '/api/connectors/brreg/enheter/923609016'];
    const paths = fc.oneof(fc.constantFrom(...known), fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `/api/${s.join('/')}`), fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => `/api/v1/${s.join('/')}`));
    await run(
      fc.asyncProperty(paths, fc.constantFrom('GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'), async (path, method) => {
        const r = await expectRestAnswer(await t.fetch(path, { method, headers: auth }), `${method} ${path.slice(0, 200)}`, path);
        if (method !== 'GET' && known.includes(path)) expect([404, 405]).toContain(r.status);
      }),
    );
  });

  it('no unhandled rejection or uncaught exception fired', () => {
    expect(watch.seen).toEqual([]);
  });
});
