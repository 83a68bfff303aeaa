// Every error of /api is a Problem (REST spec 2.1 and 7): unknown routes, wrong methods,
// validation errors of the OpenAPIHono routes, missing keys, rate limits, research (501); and the
// routes that need no key are exactly health, version, openapi.json and docs.
import { describe, expect, it } from 'vitest';
import { WINDOW_MS, type TierLimits } from '../runtime/ratelimit/limiter.js';
import { KEYS, createTestApp } from './helpers/app.js';

const auth = { authorization: `Bearer ${KEYS.pro}` };
const BASE = 'http://127.0.0.1:8787';

async function problem(res: Response) {
  expect(res.headers.get('content-type')).toBe('application/problem+json');
  const p = await res.json();
  expect(typeof p.type).toBe('string');
  expect(typeof p.title).toBe('string');
  expect(p.status).toBe(res.status);
  expect(typeof p.detail).toBe('string');
  expect(p.instance).toBe(`urn:uuid:${p.svcRequestId}`);
  expect(p.svcRequestId).toBe(res.headers.get('x-request-id'));
  return p;
}

describe('unknown routes', () => {
  const t = createTestApp();
  it.each(['/api/nope', '/api/v1/nope', '/api/v1', '/api/data', '/api/v2/companies', '/v1/connectors/nope/x'])('%s answers a 404 Problem', async (path) => {
    const res = await t.fetch(path, { headers: auth });
    expect(res.status).toBe(404);
    const p = await problem(res);
    expect(p.type).toBe(`${BASE}/errors/not-found`);
    expect(p.title).toBe('Not found');
  });
});

describe('wrong methods', () => {
  const t = createTestApp();
  it.each([
    ['DELETE', '/api/v1/sources', 'GET, HEAD'],
    ['POST', '/api/v1/sources/brreg', 'GET, HEAD'],
    ['PUT', '/api/data/brreg/enheter/923609016', 'GET, POST, HEAD'],
    ['PATCH', '/api/v1/diagnostics', 'GET, HEAD'],
    ['POST', '/api/v1/health', 'GET, HEAD'],
    ['DELETE', '/api/v1/version', 'GET, HEAD'],
    ['POST', '/api/openapi.json', 'GET, HEAD'],
    ['PUT', '/api/docs', 'GET, HEAD'],
  ])('%s %s answers a 405 Problem with Allow', async (method, path, allow) => {
    const res = await t.fetch(path, { method, headers: auth });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    const p = await problem(res);
    expect(p.type).toBe(`${BASE}/errors/method-not-allowed`);
    expect(p.title).toBe('Method not allowed');
    expect(p.detail).toContain(method);
  });
});

describe('validation errors of the OpenAPIHono routes', () => {
  const t = createTestApp();
  it('name the field, the bound and what was sent', async () => {
    const res = await t.fetch('/api/v1/sources?status=gone', { headers: auth });
    expect(res.status).toBe(400);
    const p = await problem(res);
    expect(p.type).toBe(`${BASE}/errors/invalid-input`);
    expect(p.title).toBe('Invalid input');
    expect(p.detail).toBe('Invalid query parameter: status: must be one of "connected", "planned", "scraping" (got "gone")');
    expect(p.fields).toEqual(['status']);
  });

  it('refuse unknown query parameters by name', async () => {
    const p = await problem(await t.fetch('/api/v1/sources?colour=red', { headers: auth }));
    expect(p.detail).toContain('unknown field "colour"');
  });

  it('check path parameters', async () => {
    const res = await t.fetch('/api/v1/sources/Not_A_Key', { headers: auth });
    expect(res.status).toBe(400);
    const p = await problem(res);
    expect(p.detail).toMatch(/^Invalid path parameter: key: must match/);
  });

  it('keep one title per type across different occurrences', async () => {
    const a = await problem(await t.fetch('/api/v1/sources?status=x', { headers: auth }));
    const b = await problem(await t.fetch('/api/data/brreg/..%2Fx', { headers: auth }));
    const c = await problem(await t.fetch('/api/connectors/brreg/enheter/123', { headers: auth }));
    expect(new Set([a.type, b.type, c.type]).size).toBe(1);
    expect(new Set([a.title, b.title, c.title])).toEqual(new Set(['Invalid input']));
  });
});

describe('keys', () => {
  const t = createTestApp();

  it('exactly health, version, openapi.json and docs need no key', async () => {
    for (const path of ['/api/v1/health', '/api/v1/version', '/api/openapi.json', '/api/docs']) {
      expect((await t.fetch(path)).status, path).toBe(200);
    }
    for (const path of ['/api/v1/sources', '/api/v1/diagnostics', '/api/v1/research', '/api/data/brreg/enheter/923609016', '/api/v1/health/', '/api/v1/version/x', '/api/docs/x', '/api/openapi.yaml']) {
      const res = await t.fetch(path);
      expect(res.status, path).toBe(401);
      const p = await problem(res);
      expect(p.type).toBe(`${BASE}/errors/unauthorized`);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  it('an unknown key is 401 and a key without api:read is 403', async () => {
    const unknown = await t.fetch('/api/v1/sources', { headers: { authorization: 'Bearer not-a-key-0000000000' } });
    expect(unknown.status).toBe(401);
    expect((await problem(unknown)).detail).toBe('The bearer key is not known.');
    const scoped = await t.fetch('/api/v1/sources', { headers: { authorization: `Bearer ${KEYS.mcpOnly}` } });
    expect(scoped.status).toBe(403);
    expect((await problem(scoped)).type).toBe(`${BASE}/errors/forbidden`);
  });

  it('429 carries svcRetryAfterMs, Retry-After and the X-RateLimit headers', async () => {
    const tight: TierLimits = { limit: 2, windowMs: WINDOW_MS, burst: 10, burstWindowMs: 1000, concurrent: 4 };
    const app = createTestApp({ tiers: { dev: tight, pro: tight, team: tight, enterprise: null } });
    expect((await app.fetch('/api/v1/diagnostics', { headers: auth })).status).toBe(200);
    expect((await app.fetch('/api/data/connectors/list', { headers: auth })).status).toBe(200);
    const res = await app.fetch('/api/v1/sources', { headers: auth });
    expect(res.status).toBe(429);
    const p = await problem(res);
    expect(p.type).toBe(`${BASE}/errors/rate-limit-exceeded`);
    expect(p.title).toBe('Rate limit exceeded');
    expect(p.svcRetryAfterMs).toBeGreaterThan(0);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('x-ratelimit-limit')).toBe('2');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('the X-RateLimit headers are on 200, 4xx and 5xx answers of keyed routes', async () => {
    for (const [path, status] of [
      ['/api/v1/sources', 200],
      ['/api/v1/sources?status=x', 400],
      ['/api/nope', 404],
      ['/api/data/lakselus/x', 503],
      ['/api/v1/research', 501],
    ] as const) {
      const res = await t.fetch(path, { headers: auth });
      expect(res.status, path).toBe(status);
      expect(res.headers.get('x-ratelimit-limit'), path).toBe('1000');
      expect(res.headers.get('x-ratelimit-reset'), path).toMatch(/^\d+$/);
    }
  });
});

describe('research', () => {
  const t = createTestApp();
  it.each([
    ['GET', '/api/v1/research'],
    ['POST', '/api/v1/research'],
    ['GET', '/api/v1/research/job-1'],
    ['DELETE', '/api/v1/research/job-1/reports/2'],
  ])('%s %s answers a 501 Problem', async (method, path) => {
    const res = await t.fetch(path, { method, headers: auth });
    expect(res.status).toBe(501);
    const p = await problem(res);
    expect(p.type).toBe(`${BASE}/errors/not-implemented`);
    expect(p.title).toBe('Not implemented');
    expect(p.detail).toMatch(/not available in a local development server/);
  });
});
