// Contract tests of the company routes of the unified tier (REST spec 4.2, 4.3, 6, 7) over the real
// HTTP stack (request context, bearer keys and rate limits, the REST app) with recorded upstream
// answers: NO, DK and FI searches, the update feed, and a lookup per country.
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requireKey } from '../runtime/http/api-auth.js';
import { requestContext, type AppEnv } from '../runtime/http/request.js';
import { restRoutes } from '../runtime/rest/index.js';
import { RECORDED_AT, ReplayTransport } from '../runtime/upstream/recordings.js';
import { BASE, KEYS, createTestApp, type TestAppOptions } from './helpers/app.js';

const auth = { authorization: `Bearer ${KEYS.pro}` };
const CVR_ENV = { CVR_ES_USER: 'test-user', CVR_ES_PASS: 'test-pass' };
const PROBLEM = 'application/problem+json';

/**
 * The app under test: the real app once runtime/http/app.ts mounts the REST routes at /api; until
 * then the same middleware chain (request context, bearer key and rate limit) in front of them.
 */
function api(options: TestAppOptions = {}) {
  const t = createTestApp(options);
  const mounted = readFileSync('runtime/http/app.ts', 'utf8').includes('restRoutes(');
  if (mounted) return t;
  const app = new Hono<AppEnv>();
  app.use('*', requestContext(t.services));
  app.use('/api/*', requireKey(t.services));
  app.route('/api', restRoutes(t.services));
  return {
    ...t,
    fetch: (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
      Promise.resolve(app.request(path, { ...init, headers: { host: '127.0.0.1:8787', ...(init.headers ?? {}) } })),
  };
}

async function get(path: string, options: TestAppOptions = {}, headers: Record<string, string> = auth) {
  const t = api(options);
  const res = await t.fetch(path, { headers });
  const body = await res.json();
  return { res, body, t };
}

async function problem(path: string, status: number, options: TestAppOptions = {}) {
  const { res, body, t } = await get(path, options);
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(res.headers.get('content-type')).toContain(PROBLEM);
  expect(body).toMatchObject({ status, title: expect.any(String), detail: expect.any(String), svcRequestId: expect.any(String) });
  expect(body.instance).toBe(`urn:uuid:${body.svcRequestId}`);
  return { body, t };
}

describe('GET /api/v1/companies (searchCompanies)', () => {
  it('searches Enhetsregisteret by default and answers the result of spec 2.3', async () => {
    const { res, body } = await get('/api/v1/companies?q=kiwi&limit=10');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBeTruthy();
    expect(body).toMatchObject({ total: 83, page: 0, pageSize: 10, country: 'NO' });
    expect(body.canonicalUrl).toBe(`${BASE}/api/v1/companies?q=kiwi&country=NO&page=0&pageSize=10`);
    expect(body.companies).toHaveLength(3);
    for (const hit of body.companies) {
      expect(Object.keys(hit).sort()).toEqual(['companyId', 'country', 'idType', 'name', 'orgForm', 'orgnr', 'status']);
      expect(hit.orgnr).toBe(hit.companyId);
      expect(hit.idType).toBe('NO_ORGNR');
    }
    expect(body.companies[1]).toEqual({ companyId: '995971275', idType: 'NO_ORGNR', orgnr: '995971275', name: 'KIWI BUTIKKDRIFT AS', country: 'NO', status: 'aktiv', orgForm: 'AS' });
  });

  it('answers the same at the alias /api/v1/companies/search', async () => {
    const t = api();
    const a = await (await t.fetch('/api/v1/companies?q=kiwi&pageSize=10', { headers: auth })).json();
    const res = await t.fetch('/api/v1/companies/search?q=kiwi&pageSize=10', { headers: auth });
    expect(res.status).toBe(200);
    const b = await res.json();
    expect(b).toEqual(a);
    expect(b.canonicalUrl).toBe(`${BASE}/api/v1/companies?q=kiwi&country=NO&page=0&pageSize=10`);
  });

  it('defaults to country NO, pageSize 20 and page 0', async () => {
    const { res, body } = await get('/api/v1/companies?q=qzxwvkjh');
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ total: 0, page: 0, pageSize: 20, country: 'NO', companies: [] });
  });

  it.each([
    ['limit=0', 1],
    ['limit=-7', 1],
    ['limit=500', 50],
    ['limit=99999999999999999999', 50],
    ['pageSize=0', 1],
    ['pageSize=99', 50],
    ['limit=10&pageSize=30', 10],
    ['pageSize=30&limit=10', 10],
    ['limit=60&pageSize=5', 50],
  ])('clamps %s to pageSize %i (limit wins over pageSize)', async (query, expected) => {
    // In-test scenario: an empty search answered for each page size; any other size would be an unrecorded request.
    const transport = new ReplayTransport([]);
    for (const size of [1, 10, 50]) {
      const url = `https://data.brreg.no/enhetsregisteret/api/enheter?navn=clampcheck&page=0&size=${size}`;
      transport.add({ request: { method: 'GET', url }, response: { status: 200, json: { _links: { self: { href: url } }, page: { size, totalElements: 0, totalPages: 0, number: 0 } } } });
    }
    const { res, body } = await get(`/api/v1/companies?q=clampcheck&${query}`, { transport });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.pageSize).toBe(expected);
    expect(body.canonicalUrl).toContain(`pageSize=${expected}`);
    expect(body.source.url).toContain(`size=${expected}`);
  });

  it.each([
    ['', 'q', /required/],
    ['q=', 'q', /at least 1/],
    ['q=x&limit=abc', 'limit', /must be an integer \(got "abc"\)/],
    ['q=x&limit=', 'limit', /must be an integer/],
    ['q=x&page=', 'page', /must be an integer/],
    ['q=x&pageSize=ten', 'pageSize', /must be an integer/],
    ['q=x&limit=2.5', 'limit', /must be an integer/],
    ['q=x&page=-1', 'page', /at least 0/],
    ['q=x&page=first', 'page', /must be an integer/],
    ['q=x&country=XX', 'country', /one of "NO", "DK", "FI"/],
  ])('answers 400 for "%s", naming %s', async (query, field, message) => {
    const { body } = await problem(`/api/v1/companies?${query}`, 400);
    expect(body.type).toBe(`${BASE}/errors/invalid-input`);
    expect(body.fields).toContain(field);
    expect(body.detail).toMatch(message);
  });

  it('answers 400 for country SE, saying Swedish companies are looked up by id at /api/v1/company/{orgnr}', async () => {
    for (const path of ['/api/v1/companies?q=volvo&country=SE', '/api/v1/companies/search?q=volvo&country=se']) {
      const { body } = await problem(path, 400);
      expect(body.detail).toMatch(/Swedish companies are looked up by organisation number at \/api\/v1\/company\/\{orgnr\}/);
      expect(body.fields).toEqual(['country']);
    }
  });

  it('answers 400 page-out-of-range (never 502) when page*pageSize >= 10000 for NO', async () => {
    for (const query of ['q=as&page=500', 'q=as&page=200&limit=50', 'q=as&page=10000&pageSize=1']) {
      const { body, t } = await problem(`/api/v1/companies?${query}`, 400);
      expect(body.type).toBe(`${BASE}/errors/page-out-of-range`);
      expect(body.title).toBe('Page out of range');
      expect(body.detail).toMatch(/page\*pageSize must be below 10000/);
      expect(t.services.upstream.sent.get('brreg') ?? 0).toBe(0);
    }
    // Just below the ceiling the register is asked for what it can serve.
    const { res, body } = await get('/api/v1/companies?q=as&page=333&pageSize=30');
    expect(res.status).toBe(200);
    expect(body.companies).toHaveLength(2);
  });

  it('searches the CVR register for DK, and answers 503 not_configured naming the variables without credentials', async () => {
    const ok = await get('/api/v1/companies?q=erhvervsstyrelsen&country=DK', { env: CVR_ENV });
    expect(ok.res.status).toBe(200);
    expect(ok.body).toMatchObject({ total: 1, country: 'DK', pageSize: 20 });
    expect(ok.body.companies).toEqual([{ companyId: '10150817', idType: 'DK_CVR', name: 'Erhvervsstyrelsen', country: 'DK', status: 'NORMAL', orgForm: 'STA' }]);
    const { body } = await problem('/api/v1/companies?q=erhvervsstyrelsen&country=DK', 503);
    expect(body.type).toBe(`${BASE}/errors/not-configured`);
    expect(body.detail).toMatch(/set CVR_ES_USER and CVR_ES_PASS/);
  });

  it('searches YTJ for FI', async () => {
    const { res, body } = await get('/api/v1/companies?q=nokia&country=FI');
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ total: 37, country: 'FI', page: 0, pageSize: 20 });
    expect(body.companies[0]).toEqual({ companyId: '0112038-9', idType: 'FI_YTUNNUS', name: 'Nokia Oyj', country: 'FI', status: 'registered', orgForm: '17' });
    expect(body.canonicalUrl).toBe(`${BASE}/api/v1/companies?q=nokia&country=FI&page=0&pageSize=20`);
  });

  it('answers 502 as a Problem when the register fails', async () => {
    const { body } = await problem('/api/v1/companies?q=feilsituasjon', 502);
    expect(body.type).toBe(`${BASE}/errors/upstream-unavailable`);
  });

  it('needs a bearer key', async () => {
    const { res, body } = await get('/api/v1/companies?q=kiwi', {}, {});
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain(PROBLEM);
    expect(body.status).toBe(401);
  });
});

describe('GET /api/v1/company/{orgnr}', () => {
  it.each([
    ['923609016', '', {}, { idType: 'NO_ORGNR', country: 'NO', name: 'EQUINOR ASA', orgnr: '923609016' }],
    ['10150817', '', CVR_ENV, { idType: 'DK_CVR', country: 'DK', name: 'Erhvervsstyrelsen' }],
    ['0114162-2', '', {}, { idType: 'FI_YTUNNUS', country: 'FI', name: 'Lindex Group Oyj' }],
    ['5299999994', '', { BOLAGSVERKET_CLIENT_ID: 'c', BOLAGSVERKET_CLIENT_SECRET: 's' }, { idType: 'SE_ORGNR', country: 'SE', name: 'Cykelbolaget AB' }],
    ['4510004700', '?country=IS', { RSK_API_KEY: 'k' }, { idType: 'IS_KENNITALA', country: 'IS', name: 'Dæmi ehf.' }],
  ])('answers the Company for %s%s', async (id, query, env, expected) => {
    const { res, body } = await get(`/api/v1/company/${id}${query}`, { env });
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ companyId: id, ...expected });
    for (const field of ['companyId', 'idType', 'country', 'name', 'status', 'state', 'orgForm', 'registeredDate', 'address', 'industry', 'sources']) {
      expect(body, field).toHaveProperty(field);
    }
    expect(body.sources[0]).toEqual({ register: expect.any(String), url: expect.any(String), fetchedAt: expect.any(String), fields: expect.any(Array) });
  });

  it.each([
    ['10150817', 'CVR_ES_USER and CVR_ES_PASS'],
    ['5299999994', 'BOLAGSVERKET_CLIENT_ID and BOLAGSVERKET_CLIENT_SECRET'],
    ['5902697199', 'RSK_API_KEY'],
  ])('answers 503 not_configured for %s without credentials, naming %s', async (id, vars) => {
    const { body } = await problem(`/api/v1/company/${id}`, 503);
    expect(body.code).toBe('not_configured');
    expect(body.detail).toContain(`set ${vars}`);
  });

  it('answers 400 for the ambiguous ten-digit case without country, and for a failed check digit', async () => {
    expect((await problem('/api/v1/company/4510004700', 400)).body.detail).toMatch(/country=SE or country=IS/);
    expect((await problem('/api/v1/company/923609017', 400)).body.fields).toEqual(['companyId']);
    expect((await problem('/api/v1/company/923609016?country=XX', 400)).body.fields).toEqual(['country']);
  });

  it('answers 404 for a valid number the register does not know', async () => {
    const { body } = await problem('/api/v1/company/899999924', 404);
    expect(body.type).toBe(`${BASE}/errors/not-found`);
    expect(body.detailCode).toBe('ORG_NOT_FOUND');
  });
});

describe('GET /api/v1/companies/{orgnr}/events', () => {
  const SECRET = { env: { CURSOR_SECRET: 'rest-events-secret' } };

  it('answers newest first with nextCursor, and the cursor gives the next page, the same every time', async () => {
    const t = api(SECRET);
    const r1 = await t.fetch('/api/v1/companies/923609016/events?limit=5', { headers: auth });
    expect(r1.status).toBe(200);
    const p1 = await r1.json();
    expect(p1.events.map((e: { updateId: number }) => e.updateId)).toEqual([25205460, 25107591, 25067148, 24866490, 24767418]);
    expect(p1.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const next = `/api/v1/companies/923609016/events?limit=5&cursor=${p1.nextCursor}`;
    const p2 = await (await t.fetch(next, { headers: auth })).json();
    const p2again = await (await t.fetch(next, { headers: auth })).json();
    expect(p2.events.map((e: { updateId: number }) => e.updateId)).toEqual([24610298, 24407437, 24146813]);
    expect(p2again.events).toEqual(p2.events);
    expect(p2.nextCursor).toBeNull();
  });

  it('answers oldest first with order=asc', async () => {
    const { res, body } = await get('/api/v1/companies/923609016/events?order=asc&limit=3', SECRET);
    expect(res.status).toBe(200);
    expect(body.events.map((e: { updateId: number }) => e.updateId)).toEqual([24146813, 24407437, 24610298]);
    expect(body.order).toBe('asc');
  });

  it('answers 400 invalid-cursor for a tampered, foreign or garbage cursor', async () => {
    const t = api(SECRET);
    const p1 = await (await t.fetch('/api/v1/companies/923609016/events?limit=3', { headers: auth })).json();
    const raw = Buffer.from(p1.nextCursor, 'base64url');
    raw[5] ^= 0xff;
    for (const cursor of [raw.toString('base64url'), 'not-a-cursor', `${p1.nextCursor}x`]) {
      const res = await t.fetch(`/api/v1/companies/923609016/events?limit=3&cursor=${encodeURIComponent(cursor)}`, { headers: auth });
      const body = await res.json();
      expect(res.status).toBe(400);
      expect(body.type).toBe(`${BASE}/errors/invalid-cursor`);
      expect(body.title).toBe('Invalid or expired cursor');
    }
    const other = await t.fetch(`/api/v1/companies/923609016/events?order=asc&cursor=${p1.nextCursor}`, { headers: auth });
    expect((await other.json()).type).toBe(`${BASE}/errors/invalid-cursor`);
  });

  it('answers 400 invalid-cursor for a cursor older than 24 hours', async () => {
    let now = new Date(RECORDED_AT);
    const t = api({ ...SECRET, now: () => now });
    const p1 = await (await t.fetch('/api/v1/companies/923609016/events?limit=3', { headers: auth })).json();
    now = new Date(now.getTime() + 24 * 3600_000 + 1000);
    const res = await t.fetch(`/api/v1/companies/923609016/events?limit=3&cursor=${p1.nextCursor}`, { headers: auth });
    const body = await res.json();
    expect(res.status).toBe(400);
    expect(body.type).toBe(`${BASE}/errors/invalid-cursor`);
    expect(body.detail).toMatch(/expired/);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=x', 'limit'],
    ['limit=', 'limit'],
    ['order=newest', 'order'],
  ])('answers 400 for %s', async (query, field) => {
    const { body } = await problem(`/api/v1/companies/923609016/events?${query}`, 400);
    expect(body.fields).toContain(field);
  });

  it('answers 400 for an invalid orgnr and 404 for one not in the register', async () => {
    expect((await problem('/api/v1/companies/923609017/events', 400)).body.fields).toEqual(['orgnr']);
    expect((await problem('/api/v1/companies/899999924/events', 404)).body.code).toBe('not_found');
  });
});

describe('OpenAPI description of the company routes', () => {
  it('declares searchCompanies with the spec parameters, tag companies and bearerAuth', () => {
    const t = createTestApp();
    const doc = restRoutes(t.services).getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '0.1.0' } });
    const op = doc.paths?.['/v1/companies']?.get;
    expect(op?.operationId).toBe('searchCompanies');
    expect(op?.tags).toEqual(['companies']);
    expect(op?.security).toEqual([{ bearerAuth: [] }]);
    const params = Object.fromEntries((op?.parameters ?? []).map((p) => [(p as { name: string }).name, p as unknown as { required?: boolean; schema: Record<string, unknown> }]));
    expect(Object.keys(params).sort()).toEqual(['country', 'limit', 'page', 'pageSize', 'q']);
    expect(params.q.required).toBe(true);
    expect(params.q.schema).toMatchObject({ type: 'string', minLength: 1 });
    expect(params.limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 50, default: 20 });
    expect(params.pageSize.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 50, default: 20 });
    expect(params.page.schema).toMatchObject({ minimum: 0, default: 0 });
    expect(params.country.schema).toMatchObject({ enum: ['NO', 'DK', 'FI'], default: 'NO' });
    expect(doc.paths?.['/v1/companies/search']?.get?.operationId).toBe('searchCompaniesAlias');
    expect(doc.paths?.['/v1/company/{orgnr}']?.get?.operationId).toBe('getCompany');
    expect(doc.paths?.['/v1/companies/{orgnr}/events']?.get?.operationId).toBe('listCompanyEvents');
    const company = doc.components?.schemas?.Company as { properties: Record<string, { description?: string }> };
    for (const field of ['companyId', 'idType', 'country', 'name', 'status', 'state', 'orgForm', 'registeredDate', 'address', 'industry', 'sources']) {
      expect(company.properties[field]?.description, field).toBeTruthy();
    }
    expect(doc.components?.schemas?.CompanySearchResult).toBeDefined();
  });
});
