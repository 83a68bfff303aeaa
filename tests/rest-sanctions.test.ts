// The sanctions routes of the unified tier (tag `sanctions`) through the real app, on the recorded
// EU list (tests/recordings/eu-fsf/): GET /api/v1/sanctions/search and /api/v1/sanctions/{entityId}
// answer exactly what the sanksjoner tools answer over MCP, POST /api/v1/sanctions/screen what
// screening.screen answers for each subject (same entities, same scores); the bounds and their
// Problems, 404, a 100-subject screen and the 101-subject refusal, birth date and country
// narrowing, keys, rate limits (each name counts against the window), methods, provenance headers,
// the OpenAPI entries and their examples, and hostile bodies.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { LOOKUP_EXAMPLE, MAX_SUBJECTS, SCREEN_EXAMPLE, SEARCH_EXAMPLE } from '../runtime/rest/sanctions.js';
import { resetSanctionsIndexes } from '../servers/_shared/sanctions-index/index.js';
import { KEYS, callTool, createTestApp, type TestApp } from './helpers/app.js';
import { expectRestAnswer, hostileString, wrongType } from './helpers/hostile.js';
import { hasRedis, startRedis, type TestRedis } from './helpers/redis-server.js';

const t = createTestApp();
const auth = (key = KEYS.team) => ({ authorization: `Bearer ${key}` });

async function get(path: string, key = KEYS.team, app: TestApp = t) {
  const res = await app.fetch(path, { headers: auth(key) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

async function post(body: unknown, key = KEYS.team, app: TestApp = t) {
  const res = await app.fetch('/api/v1/sanctions/screen', {
    method: 'POST',
    headers: { ...auth(key), 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

const mcp = async (slug: string, name: string, args: Record<string, unknown>) => {
  const r = await callTool(t, slug, name, args, KEYS.team);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
};

/** A tool answer as one result of a screen: without the notice and the list, said once for all. */
const asResult = (index: number, answer: Record<string, unknown>) => {
  const { notice: _notice, list: _list, ...rest } = answer;
  return { index, ...rest };
};

function expectProblem(r: { status: number; headers: Headers; body: any }, status: number, field?: string, ...parts: string[]) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.headers.get('content-type')).toBe('application/problem+json');
  expect(r.body).toMatchObject({ status, svcRequestId: expect.any(String), instance: expect.stringMatching(/^urn:uuid:/) });
  if (field !== undefined) expect(r.body.fields).toContain(field);
  for (const part of parts) expect(r.body.detail).toContain(part);
}

function expectProvenance(headers: Headers) {
  const provenance = JSON.parse(headers.get('x-data-provenance') ?? 'null');
  expect(provenance).toMatchObject({ license: expect.stringContaining('EU consolidated list'), sources: expect.any(Array) });
  expect(headers.get('x-data-cache')).toMatch(/^(hit|miss)$/);
}

describe('GET /api/v1/sanctions/search', () => {
  it.each([
    { q: 'Putin' },
    { q: 'Sergei Lavrov' },
    { q: 'EU.27.28' },
    { type: 'vessel' },
    { regime: 'terr', limit: 3 },
    { q: 'al', type: 'person' },
    { regime: 'NONE' },
  ])('answers what sanctions.eu.search answers: %j', async (args) => {
    const query = new URLSearchParams(Object.entries(args).map(([k, v]) => [k, String(v)]));
    const r = await get(`/api/v1/sanctions/search?${query}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json');
    expect(r.body).toEqual(await mcp('sanksjoner', 'sanctions.eu.search', args));
    expectProvenance(r.headers);
  });

  it('pages with nextCursor, and the cursors work on either face', async () => {
    const first = await get('/api/v1/sanctions/search?regime=TERR&limit=4');
    expect(first.body.count).toBe(4);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await get(`/api/v1/sanctions/search?regime=TERR&limit=4&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.status).toBe(200);
    expect(second.body.offset).toBe(4);
    expect(second.body).toEqual(await mcp('sanksjoner', 'sanctions.eu.search', { regime: 'TERR', limit: 4, cursor: first.body.nextCursor }));
    const ids = [...first.body.entities, ...second.body.entities].map((e: { entityId: string }) => e.entityId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keeps the tool’s bounds, each a 400 Problem naming the field and the bound', async () => {
    expectProblem(await get('/api/v1/sanctions/search'), 400, 'q', 'at least one of q, type, regime');
    expectProblem(await get('/api/v1/sanctions/search?limit=20'), 400, 'q', 'at least one of q, type, regime');
    expectProblem(await get('/api/v1/sanctions/search?q=P'), 400, 'q', 'at least 2 characters');
    expectProblem(await get(`/api/v1/sanctions/search?q=${'a'.repeat(201)}`), 400, 'q', 'at most 200 characters');
    expectProblem(await get('/api/v1/sanctions/search?q=Putin&limit=0'), 400, 'limit', 'at least 1');
    expectProblem(await get('/api/v1/sanctions/search?q=Putin&limit=101'), 400, 'limit', 'at most 100');
    expectProblem(await get('/api/v1/sanctions/search?q=Putin&limit=abc'), 400, 'limit');
    expectProblem(await get('/api/v1/sanctions/search?type=ship'), 400, 'type', '"person", "organisation", "vessel"');
    expectProblem(await get('/api/v1/sanctions/search?q=Putin&q=Lavrov'), 400, undefined, 'q: must be given once');
  });

  it('refuses a cursor that is not one, or belongs to another search, with type invalid-cursor', async () => {
    const bad = await get('/api/v1/sanctions/search?q=Putin&cursor=not-a-cursor');
    expectProblem(bad, 400, 'cursor');
    expect(bad.body.type).toBe('http://127.0.0.1:8787/errors/invalid-cursor');
    const first = await get('/api/v1/sanctions/search?regime=TERR&limit=2');
    const other = await get(`/api/v1/sanctions/search?regime=UKR&limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expectProblem(other, 400, 'cursor', 'a search with other q, type or regime');
    expect(other.body.type).toBe('http://127.0.0.1:8787/errors/invalid-cursor');
  });

  it('ignores query parameters it does not name, as the other /api/v1 routes do', async () => {
    const r = await get('/api/v1/sanctions/search?q=Putin&utm_source=x');
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(1);
  });
});

describe('GET /api/v1/sanctions/{entityId}', () => {
  it.each(['135909', '13', '2954', '118001', 'EU.27.28'])('answers what sanctions.eu.lookup answers: %s', async (entityId) => {
    const r = await get(`/api/v1/sanctions/${encodeURIComponent(entityId)}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual(await mcp('sanksjoner', 'sanctions.eu.lookup', { entityId }));
    expectProvenance(r.headers);
  });

  it('answers the EU reference number with its entity', async () => {
    expect((await get('/api/v1/sanctions/EU.27.28')).body).toMatchObject({ entityId: '13', name: 'Saddam Hussein Al-Tikriti' });
  });

  it('is a 404 Problem for an entity the list does not hold, a 400 for what is no entityId', async () => {
    const missing = await get('/api/v1/sanctions/999999');
    expectProblem(missing, 404, undefined, 'has no entity 999999');
    expect(missing.body).toMatchObject({ type: 'http://127.0.0.1:8787/errors/not-found', code: 'not_found', detailCode: 'ENTITY_NOT_FOUND' });
    expectProblem(await get('/api/v1/sanctions/EU.9.99.999'), 404);
    expectProblem(await get('/api/v1/sanctions/putin'), 400, 'entityId', 'EU reference number');
  });
});

describe('POST /api/v1/sanctions/screen', () => {
  it('screens one subject: the answer of screening.screen as the only result', async () => {
    const subject = { name: 'Vladimir Putin', birthYear: 1952 };
    const r = await post(subject);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const tool = await mcp('screening', 'screening.screen', subject);
    expect(r.body).toEqual({ count: 1, potentialMatches: 1, results: [asResult(0, tool)], notice: tool.notice, list: tool.list });
    expect(r.body.results[0].candidates[0]).toMatchObject({
      entityId: '135909',
      name: 'Vladimir Vladimirovich PUTIN',
      programmes: ['UKR'],
      matchedName: 'Vladimir Vladimirovich PUTIN',
      score: 0.96,
    });
    expectProvenance(r.headers);
  });

  it('answers with the entry and the alias each candidate matched', async () => {
    const r = await post({ subjects: [{ name: 'Asma al-Akhras' }, { name: 'Tariq Aziz' }, { name: 'Sberbank', type: 'organisation' }] });
    expect(r.status).toBe(200);
    const [asma, tariq, sberbank] = r.body.results.map((x: any) => x.candidates[0]);
    expect(asma).toMatchObject({ entityId: '13405', name: 'Asma AL-ASSAD', programmes: ['SYR'], matchedName: expect.stringMatching(/AL-AKHRAS$/) });
    expect(tariq).toMatchObject({ entityId: '83', name: 'Tarek Mikhail Aziz', programmes: ['IRQ'], matchedName: 'Tariq Aziz' });
    expect(sberbank).toMatchObject({ entityId: '139214', name: 'Public Joint Stock Company Sberbank of Russia', type: 'organisation', programmes: ['UKR'] });
    for (const c of [asma, tariq, sberbank]) expect(c.score).toBeGreaterThanOrEqual(0.85);
    // The matched alias is one of the entity's names in its full record.
    const record = await get('/api/v1/sanctions/13405');
    expect(record.body.names.map((n: { wholeName: string }) => n.wholeName)).toContain(asma.matchedName);
  });

  it(`screens ${MAX_SUBJECTS} subjects in one request, each answered as screening.screen answers it, in order`, async () => {
    const labelled = JSON.parse(readFileSync('tests/fixtures/screening-labelled.json', 'utf8')).examples as Array<Record<string, unknown>>;
    const subjects = labelled.slice(0, MAX_SUBJECTS).map(({ expected: _e, kind: _k, note: _n, ...args }) => args);
    expect(subjects).toHaveLength(100);
    const r = await post({ subjects });
    expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
    expect(r.body.count).toBe(100);
    expect(r.body.results.map((x: { index: number }) => x.index)).toEqual(subjects.map((_, i) => i));
    let matches = 0;
    for (const [i, subject] of subjects.entries()) {
      const tool = await mcp('screening', 'screening.screen', subject);
      expect(r.body.results[i], JSON.stringify(subject)).toEqual(asResult(i, tool));
      if (tool.decision === 'potential_match') matches += 1;
    }
    expect(r.body.potentialMatches).toBe(matches);
    expect(matches).toBeGreaterThan(50);
    expect(r.body.list).toMatchObject({ entityCount: 45, globalFileId: '186731', stale: false });
    expectProvenance(r.headers);
  });

  it(`refuses ${MAX_SUBJECTS + 1} subjects, and none, with a 400 naming subjects and the bound`, async () => {
    const many = Array.from({ length: MAX_SUBJECTS + 1 }, (_, i) => ({ name: `Name Number${i}` }));
    const r = await post({ subjects: many });
    expectProblem(r, 400, 'subjects', `must hold 1 to ${MAX_SUBJECTS} subjects (got ${MAX_SUBJECTS + 1})`);
    expect(r.body.maxSubjects).toBe(MAX_SUBJECTS);
    expectProblem(await post({ subjects: [] }), 400, 'subjects', '(got 0)');
  });

  it('validates every subject before screening any: the Problem names the subject by its position and the bound', async () => {
    const ok = { name: 'Vladimir Putin' };
    expectProblem(await post({ subjects: [ok, ok, ok, { name: '' }] }), 400, 'subjects.3.name', 'subjects.3.name: must be at least 2 characters (got "")');
    expectProblem(await post({ subjects: [ok, { name: '   ' }] }), 400, 'subjects.1.name', 'at least 2 characters');
    expectProblem(await post({ subjects: [ok, { name: 'Oleg Deripaska', birthDate: '02.01.1968' }] }), 400, 'subjects.1.birthDate', 'must be a date YYYY-MM-DD (got "02.01.1968")');
    expectProblem(await post({ subjects: [{ name: 'Oleg Deripaska', birthDate: '1968-02-30' }] }), 400, 'subjects.0.birthDate', 'is not a calendar date');
    expectProblem(await post({ subjects: [ok, { name: 'X Y', birthYear: 1800 }] }), 400, 'subjects.1.birthYear', 'at least 1900');
    expectProblem(await post({ subjects: [ok, { name: 'X Y', country: 'Norway' }] }), 400, 'subjects.1.country', 'ISO 3166 alpha-2');
    expectProblem(await post({ subjects: [ok, { name: 'X Y', type: 'vessel' }] }), 400, 'subjects.1.type', '"person", "organisation"');
    expectProblem(await post({ subjects: [ok, { name: 'X Y', threshold: 0.2 }] }), 400, 'subjects.1.threshold', 'at least 0.5');
    expectProblem(await post({ subjects: [ok, { name: 'Acme AS', type: 'organisation', birthYear: 1970 }] }), 400, 'subjects.1.birthYear', 'persons only');
    expectProblem(await post({ subjects: [ok, { name: 'X Y', nationality: 'NO' }] }), 400, undefined, 'unknown field "nationality"');
    expectProblem(await post({ subjects: [ok, 'Vladimir Putin'] }), 400, 'subjects.1', 'must be of type object');
    expectProblem(await post({ subjects: 'Vladimir Putin' }), 400, 'subjects', 'must be of type array');
    expectProblem(await post({ subjects: [ok], threshold: 0.9 }), 400, undefined, 'unknown field "threshold"');
  });

  it('names the field of a single subject without a position', async () => {
    expectProblem(await post({ name: '' }), 400, 'name', 'name: must be at least 2 characters');
    expectProblem(await post({ name: 'Oleg Deripaska', birthDate: '1968-1-2' }), 400, 'birthDate', 'must be a date YYYY-MM-DD');
    expectProblem(await post({}), 400, 'name', 'is required');
  });

  it('refuses a body that is not a JSON object', async () => {
    expectProblem(await post('{"name": "Putin"'), 400, undefined, 'not valid JSON');
    expectProblem(await post([{ name: 'Vladimir Putin' }]), 400, undefined, 'must be a JSON object');
    expectProblem(await post(''), 400, undefined, 'must be a JSON object');
  });

  it('narrows by birth date and country', async () => {
    const r = await post({
      subjects: [
        { name: 'Vladimir Putin' },
        { name: 'Vladimir Putin', birthDate: '1952-10-07' },
        { name: 'Vladimir Putin', birthDate: '1985-06-01' },
        { name: 'Igor Sechin', country: 'RU' },
        { name: 'Igor Sechin', country: 'NO' },
        { name: 'Ramzan Kadyrov', birthYear: 1976, country: 'RU' },
        { name: 'Ramzan Kadyrov', birthYear: 1990 },
      ],
    });
    expect(r.status).toBe(200);
    const [plain, born, namesake, sechinRu, sechinNo, kadyrov, kadyrovYoung] = r.body.results;
    const top = (x: any) => x.candidates[0];
    expect(top(plain)).toMatchObject({ entityId: '135909', matchedFields: ['name'] });
    expect(top(born)).toMatchObject({ entityId: '135909', matchedFields: ['name', 'birthDate'] });
    expect(top(born).score).toBeGreaterThan(top(plain).score);
    expect(top(born).reasons).toContain('birth date 1952-10-07 is on the list');
    expect(namesake).toMatchObject({ decision: 'no_match', candidates: [] });
    expect(top(sechinRu)).toMatchObject({ entityId: '136066', matchedFields: ['name', 'country'] });
    expect(top(sechinNo).score).toBeLessThan(top(sechinRu).score);
    expect(top(sechinNo).reasons.join(' ')).toContain('country NO is not among');
    expect(top(kadyrov)).toMatchObject({ entityId: '136058', matchedFields: ['name', 'birthYear', 'country'] });
    expect(kadyrovYoung).toMatchObject({ decision: 'no_match' });
    expect(r.body.potentialMatches).toBe(5);
  });

  it('passes each subject’s own limit and threshold to the matcher', async () => {
    const r = await post({ subjects: [{ name: 'Sergei', threshold: 0.5, limit: 2 }, { name: 'Sergei' }] });
    expect(r.status).toBe(200);
    expect(r.body.results[0]).toMatchObject({ threshold: 0.5 });
    expect(r.body.results[0].candidates.length).toBeLessThanOrEqual(2);
    expect(r.body.results[0]).toEqual(asResult(0, await mcp('screening', 'screening.screen', { name: 'Sergei', threshold: 0.5, limit: 2 })));
  });
});

describe('keys and methods', () => {
  it('refuses keys without api:read (403) and requests without a key (401), on every route', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/sanctions/search?q=Putin'],
      ['GET', '/api/v1/sanctions/135909'],
      ['POST', '/api/v1/sanctions/screen'],
    ]) {
      const init = { method, ...(method === 'POST' && { body: JSON.stringify({ name: 'Vladimir Putin' }) }) };
      const forbidden = await t.fetch(path, { ...init, headers: { ...auth(KEYS.mcpOnly), 'content-type': 'application/json' } });
      expect(forbidden.status, path).toBe(403);
      expect((await forbidden.json()).detail).toContain('api:read');
      const anonymous = await t.fetch(path, { ...init, headers: { 'content-type': 'application/json' } });
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.headers.get('content-type')).toBe('application/problem+json');
    }
  });

  it('answers another method with 405 and Allow', async () => {
    const screenGet = await t.fetch('/api/v1/sanctions/screen', { headers: auth() });
    expect(screenGet.status).toBe(405);
    expect(screenGet.headers.get('allow')).toBe('POST');
    const searchPost = await t.fetch('/api/v1/sanctions/search', { method: 'POST', headers: auth(), body: '{}' });
    expect(searchPost.status).toBe(405);
    expect(searchPost.headers.get('allow')).toBe('GET, HEAD');
    const lookupDelete = await t.fetch('/api/v1/sanctions/135909', { method: 'DELETE', headers: auth() });
    expect(lookupDelete.status).toBe(405);
    expect(lookupDelete.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('rate limits: each screened name counts as one request of the key’s window', () => {
  const names = (n: number) => Array.from({ length: n }, (_, i) => ({ name: i % 2 ? 'Vladimir Putin' : 'Kari Nordmann' }));

  it('spends one request per name, refuses a batch larger than what is left without spending more, and the rest still passes', async () => {
    const app = createTestApp();
    const first = await post({ subjects: names(10) }, KEYS.dev, app);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-ratelimit-limit')).toBe('60');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('50');

    const single = await post({ name: 'Vladimir Putin' }, KEYS.dev, app);
    expect(single.headers.get('x-ratelimit-remaining')).toBe('49');

    const tooMany = await post({ subjects: names(50) }, KEYS.dev, app);
    expectProblem(tooMany, 429, undefined, 'count as 50 requests', "window had 49 left");
    expect(tooMany.body.type).toBe('http://127.0.0.1:8787/errors/rate-limit-exceeded');
    expect(tooMany.body.svcRetryAfterMs).toBeGreaterThan(0);
    expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThan(0);
    // Only the HTTP request itself was counted.
    expect(tooMany.headers.get('x-ratelimit-remaining')).toBe('48');

    const rest = await post({ subjects: names(48) }, KEYS.dev, app);
    expect(rest.status).toBe(200);
    expect(rest.body.count).toBe(48);
    expect(rest.headers.get('x-ratelimit-remaining')).toBe('0');
    expectProblem(await post({ name: 'Vladimir Putin' }, KEYS.dev, app), 429);
  });

  it('refuses with a 400 a batch larger than the key’s whole window (a dev key: 60), spending one request', async () => {
    const app = createTestApp();
    const r = await post({ subjects: names(61) }, KEYS.dev, app);
    expectProblem(r, 400, 'subjects', 'a dev key screens at most 60 names per 60 s', '(got 61)');
    expect(r.body).toMatchObject({ detailCode: 'batch_over_window', maxSubjects: 60 });
    expect(r.headers.get('x-ratelimit-remaining')).toBe('59');
    // 59 are left: a batch of 60 must wait, one of 59 passes.
    expectProblem(await post({ subjects: names(60) }, KEYS.dev, app), 429);
    expect((await post({ subjects: names(58) }, KEYS.dev, app)).headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('spends the window of a pro key by the names screened; a GET counts one', async () => {
    const app = createTestApp();
    const r = await post({ subjects: names(100) }, KEYS.pro, app);
    expect(r.status).toBe(200);
    expect(r.headers.get('x-ratelimit-remaining')).toBe('900');
    expect((await get('/api/v1/sanctions/search?q=Putin', KEYS.pro, app)).headers.get('x-ratelimit-remaining')).toBe('899');
  });

  it('leaves an enterprise key without limits unlimited', async () => {
    const app = createTestApp();
    const r = await post({ subjects: names(100) }, KEYS.enterprise, app);
    expect(r.status).toBe(200);
    expect(r.headers.get('x-ratelimit-remaining')).toBe('unlimited');
  });
});

describe.runIf(hasRedis)('rate limits of a screen across replicas sharing Redis', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis?.stop());

  const ready = async (app: TestApp) => {
    for (let i = 0; !app.services.limiter.store.describe().shared; i++) {
      if (i > 400) throw new Error('Redis did not become ready');
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('a batch on one replica spends the window the other one sees', async () => {
    const [a, b] = [createTestApp({ env: { REDIS_URL: redis.url } }), createTestApp({ env: { REDIS_URL: redis.url } })];
    try {
      await Promise.all([ready(a), ready(b)]);
      const names = (n: number) => Array.from({ length: n }, () => ({ name: 'Vladimir Putin' }));
      const first = await post({ subjects: names(30) }, KEYS.dev, a);
      expect(first.status).toBe(200);
      expect(first.headers.get('x-ratelimit-remaining')).toBe('30');
      const refused = await post({ subjects: names(31) }, KEYS.dev, b);
      expectProblem(refused, 429, undefined, 'window had 30 left');
      expect(refused.headers.get('x-ratelimit-remaining')).toBe('29');
      const rest = await post({ subjects: names(29) }, KEYS.dev, b);
      expect(rest.status).toBe(200);
      expect(rest.headers.get('x-ratelimit-remaining')).toBe('0');
      expectProblem(await get('/api/v1/sanctions/135909', KEYS.dev, a), 429);
    } finally {
      await Promise.all([a.services.close(), b.services.close()]);
    }
  });
});

describe('when the list cannot be loaded', () => {
  beforeEach(() => resetSanctionsIndexes());

  it('every route answers the list’s Problem, and a screen spends no more than its request', async () => {
    const app = createTestApp({ env: { SANCTIONS_BASE_URL: 'https://fsf-blocked.test/fsd/fsf' } });
    const screen = await post({ subjects: [{ name: 'Vladimir Putin' }, { name: 'Sergei Lavrov' }] }, KEYS.dev, app);
    expectProblem(screen, 503);
    expect(screen.body.code).toBe('upstream_blocked');
    expect(screen.headers.get('x-ratelimit-remaining')).toBe('59');
    expectProblem(await get('/api/v1/sanctions/search?q=Putin', KEYS.dev, app), 503);
    expectProblem(await get('/api/v1/sanctions/135909', KEYS.dev, app), 503);
  });
});

describe('/api/openapi.json', () => {
  it('documents the three routes under tag sanctions, with parameters, bodies, answers and Problems', async () => {
    const doc = await (await t.fetch('/api/openapi.json')).json();
    const tag = doc.tags.find((x: { name: string }) => x.name === 'sanctions');
    expect(tag.description).not.toMatch(/no REST route|not served/);
    const search = doc.paths['/api/v1/sanctions/search'].get;
    const lookup = doc.paths['/api/v1/sanctions/{entityId}'].get;
    const screen = doc.paths['/api/v1/sanctions/screen'].post;
    expect(search).toMatchObject({ operationId: 'searchSanctions', tags: ['sanctions'], security: [{ bearerAuth: [] }] });
    expect(lookup).toMatchObject({ operationId: 'getSanctionedEntity', tags: ['sanctions'] });
    expect(screen).toMatchObject({ operationId: 'screenSanctions', tags: ['sanctions'] });

    const param = (name: string) => search.parameters.find((p: { name: string }) => p.name === name);
    expect(search.parameters.map((p: { name: string }) => p.name)).toEqual(['q', 'type', 'regime', 'limit', 'cursor']);
    expect(param('q')).toMatchObject({ in: 'query', required: false, schema: { minLength: 2, maxLength: 200, example: 'Putin' }, description: expect.stringContaining('Name words') });
    expect(param('type').schema.enum).toEqual(['person', 'organisation', 'vessel']);
    expect(param('limit').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 50 });
    expect(lookup.parameters).toEqual([expect.objectContaining({ name: 'entityId', in: 'path', required: true, description: expect.stringContaining('EU reference number') })]);
    expect(lookup.parameters[0].schema).toMatchObject({ pattern: '^(\\d{1,12}|[Ee][Uu]\\.[0-9A-Za-z.]{1,30})$', example: '135909' });

    const body = screen.requestBody.content['application/json'];
    expect(screen.requestBody.required).toBe(true);
    expect(body.schema.anyOf.map((s: { $ref: string }) => s.$ref)).toEqual(['#/components/schemas/ScreeningSubject', '#/components/schemas/ScreeningBatch']);
    expect(Object.keys(body.examples)).toEqual(['one', 'batch']);
    const subject = doc.components.schemas.ScreeningSubject;
    expect(subject.required).toEqual(['name']);
    expect(subject.properties).toMatchObject({ name: { minLength: 2, maxLength: 200 }, birthDate: { pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, country: { pattern: '^[A-Za-z]{2}$' } });
    expect(doc.components.schemas.ScreeningBatch.properties.subjects).toMatchObject({ minItems: 1, maxItems: MAX_SUBJECTS });
    expect(doc.components.schemas.ScreeningResult.properties.candidates.items.required).toEqual(expect.arrayContaining(['entityId', 'name', 'score', 'matchedName', 'programmes']));

    for (const [op, statuses] of [
      [search, ['200', '400', '401', '403', '429', '502', '503']],
      [lookup, ['200', '400', '401', '403', '404', '429', '502', '503']],
      [screen, ['200', '400', '401', '403', '413', '429', '502', '503']],
    ] as const) {
      expect(Object.keys(op.responses).sort()).toEqual([...statuses].sort());
      expect(op.responses['200'].content['application/json'].example).toBeDefined();
      for (const status of statuses.filter((s) => s !== '200')) {
        expect(op.responses[status].content['application/problem+json'].schema).toEqual({ $ref: '#/components/schemas/Problem' });
      }
    }
  });

  it('gives examples that meet the answers’ schemas', () => {
    const tool = (slug: string, name: string) => t.services.registry.server(slug)!.toolsByName.get(name)!.def.output as z.ZodObject;
    expect(tool('sanksjoner', 'sanctions.eu.search').safeParse(SEARCH_EXAMPLE).error).toBeUndefined();
    expect(tool('sanksjoner', 'sanctions.eu.lookup').safeParse(LOOKUP_EXAMPLE).error).toBeUndefined();
    const screen = tool('screening', 'screening.screen');
    for (const { index: _index, ...result } of SCREEN_EXAMPLE.results) {
      expect(screen.safeParse({ ...result, notice: SCREEN_EXAMPLE.notice, list: SCREEN_EXAMPLE.list }).error).toBeUndefined();
    }
  });
});

describe('hostile bodies', () => {
  it('never answer a 500: every refusal is a Problem, every success one result per subject', async () => {
    const app = createTestApp();
    const subject = fc.oneof(
      fc.record({ name: fc.oneof(hostileString(), fc.constantFrom('Vladimir Putin', 'Øyvind', '')) }, { requiredKeys: [] }),
      fc.dictionary(fc.constantFrom('name', 'type', 'birthDate', 'birthYear', 'country', 'limit', 'threshold', 'x'), fc.oneof(hostileString(), wrongType())),
      wrongType(),
    );
    const body = fc.oneof(subject, fc.record({ subjects: fc.oneof(fc.array(subject, { maxLength: 5 }), wrongType()) }));
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await app.fetch('/api/v1/sanctions/screen', { method: 'POST', headers: { ...auth(KEYS.enterprise), 'content-type': 'application/json' }, body: JSON.stringify(b) ?? 'null' });
        const r = await expectRestAnswer(res, `POST screen ${JSON.stringify(b)?.slice(0, 200)}`);
        if (r.status === 200) expect(r.body.results).toHaveLength(Array.isArray((b as { subjects?: unknown }).subjects) ? (b as { subjects: unknown[] }).subjects.length : 1);
        else expect([400, 413]).toContain(r.status);
      }),
      { numRuns: 60 },
    );
  });
});
