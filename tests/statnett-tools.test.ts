// The statnett server: its three tools are deprecated in the spec (4.4), so each answers HTTP 410
// api_sunset with an expiry message and no data, over MCP and on its connector route, and calls
// no upstream.
import { describe, expect, it } from 'vitest';
import { KEYS, callToolError, createTestApp, rpc } from './helpers/app.js';

const SLUG = 'statnett';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const calls = (t: ReturnType<typeof createTestApp>) => [...t.services.upstream.sent.values()].reduce((a, b) => a + b, 0);

describe('statnett', () => {
  it.each([
    ['statnett.kapasitet.status', {}, '/api/connectors/statnett/kapasitet'],
    ['statnett.kraftflyt.live', {}, '/api/connectors/statnett/kraftflyt'],
    ['statnett.prisomrader.status', { dato: '2026-11-22' }, '/api/connectors/statnett/prisomrader?dato=2026-11-22'],
  ])('%s answers 410 api_sunset with an expiry message, an alternative and no data', async (name, args, route) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e).toMatchObject({ code: 'api_sunset', status: 410, detailCode: 'api_sunset' });
    expect(e.message).toBe(`${name} is retired: this service no longer has a Statnett data source. No data is returned.`);
    expect(e.alternative).toMatch(/transparency\.entsoe\.eu/);
    const res = await t.fetch(route, { headers: auth });
    expect(res.status).toBe(410);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const problem = await res.json();
    expect(problem.detail).toMatch(/is retired/);
    expect(Object.keys(problem)).not.toContain('data');
    expect(calls(t)).toBe(0);
  });

  it('answers the expiry whatever the date, even one that is not a date', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, 'statnett.prisomrader.status', { dato: '22.11.2026' });
    expect(e).toMatchObject({ code: 'api_sunset', status: 410 });
  });

  it('lists the three tools as deprecated, and the server as deprecated', async () => {
    const t = createTestApp();
    const r = await rpc(t, SLUG, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = r.body.result.tools as { name: string; description: string; _meta: Record<string, unknown> }[];
    expect(tools.map((x) => x.name)).toEqual(['statnett.kapasitet.status', 'statnett.kraftflyt.live', 'statnett.prisomrader.status']);
    for (const tool of tools) {
      expect(tool._meta['no.opendata/status']).toBe('deprecated');
      expect(tool.description).toMatch(/Deprecated: always answers HTTP 410 api_sunset and no data\.$/);
    }
    const catalogue = await (await t.fetch('/catalogue.json')).json();
    const record = catalogue.servers.find((s: { slug: string }) => s.slug === SLUG);
    expect(record).toMatchObject({ available: 'deprecated', sourceStatus: 'All tools of this server are retired (410 api_sunset).' });
  });
});
