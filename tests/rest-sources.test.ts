// GET /api/v1/sources and /api/v1/sources/{key} against the real app: the same data as the
// sources server's tools over MCP, filters validated by the route's schema, 404 for an unknown key.
import { describe, expect, it } from 'vitest';
import { KEYS, callTool, createTestApp } from './helpers/app.js';

const auth = { authorization: `Bearer ${KEYS.pro}` };

describe('GET /api/v1/sources', () => {
  const t = createTestApp();

  it('answers every source with status, owner, country, licence, docs, server URL, tool count and health', async () => {
    const res = await t.fetch('/api/v1/sources', { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const body = await res.json();
    expect(body.total).toBe(body.sources.length);
    expect(body.counts.connected).toBe(t.services.registry.servers.length + 3);
    expect(body.counts.planned).toBeGreaterThan(0);
    for (const s of body.sources) {
      for (const field of ['key', 'name', 'status', 'owner', 'country', 'countries', 'license', 'docs', 'serverUrl', 'toolCount', 'health', 'dataUrl']) {
        expect(s, `${s.key}.${field}`).toHaveProperty(field);
      }
      if (s.server) expect(s.serverUrl).toBe(`http://127.0.0.1:8787/mcp/${s.server}`);
      expect(['ok', 'degraded', 'down', 'unknown']).toContain(s.health.status);
    }
    // Connected first, then planned; each group by key.
    const statuses = body.sources.map((s: { status: string }) => s.status);
    expect(statuses.indexOf('planned')).toBeGreaterThan(statuses.lastIndexOf('connected'));
  });

  it('is the same data as sources.list over MCP', async () => {
    for (const [query, args] of [
      ['', {}],
      ['?status=planned&country=NO', { status: 'planned', country: 'NO' }],
      ['?category=platform', { category: 'platform' }],
    ] as const) {
      const rest = await (await t.fetch(`/api/v1/sources${query}`, { headers: auth })).json();
      const mcp = await callTool(t, 'sources', 'sources.list', args);
      expect(rest, query).toEqual(mcp.data);
    }
  });

  it('filters: status, country, category', async () => {
    const body = await (await t.fetch('/api/v1/sources?status=connected&country=FI', { headers: auth })).json();
    expect(body.filters).toEqual({ status: 'connected', country: 'FI', category: null });
    for (const s of body.sources) {
      expect(s.status).toBe('connected');
      expect(s.countries).toContain('FI');
    }
    expect(body.sources.map((s: { key: string }) => s.key)).toContain('companies');
  });

  it('refuses an invalid filter with a Problem naming it', async () => {
    const res = await t.fetch('/api/v1/sources?country=Norway', { headers: auth });
    expect(res.status).toBe(400);
    const p = await res.json();
    expect(p.detail).toBe('Invalid query parameter: country: must be one of "NO", "SE", "DK", "FI", "IS", "EU" (got "Norway")');
  });

  it('needs a key', async () => {
    expect((await t.fetch('/api/v1/sources')).status).toBe(401);
  });
});

describe('GET /api/v1/sources/{key}', () => {
  const t = createTestApp();

  it('answers one source, the same as sources.get', async () => {
    const res = await t.fetch('/api/v1/sources/konkurs', { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ key: 'konkurs', server: 'brreg-konkurs', status: 'connected', category: 'non-agency' });
    expect(body.toolList.map((x: { name: string }) => x.name)).toContain('brreg_konkurs_get');
    expect(body).toEqual((await callTool(t, 'sources', 'sources.get', { key: 'konkurs' })).data);
  });

  it('answers 404 for an unknown key', async () => {
    const res = await t.fetch('/api/v1/sources/no-such-source', { headers: auth });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect((await res.json()).detail).toContain('no-such-source');
  });
});
