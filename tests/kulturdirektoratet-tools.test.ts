// The kulturdirektoratet server (prefix kulturdir): Kulturdirektoratet publishes its grant decisions
// and schemes only in its web application, without an open API or data file, so the three tools of
// spec 4.6 keep their active status and answer 503 source_migrated (spec 7), saying where people can read the
// data, over MCP and the connector routes; the server is listed as not available; nothing is sent.
import { describe, expect, it } from 'vitest';
import { KEYS, callToolError, createTestApp, rpc } from './helpers/app.js';

const SLUG = 'kulturdirektoratet';
const auth = { headers: { authorization: `Bearer ${KEYS.pro}` } };

describe('kulturdirektoratet', () => {
  it('lists the three tools of spec 4.6 in order, active as the spec says, with the spec bounds in their schemas', async () => {
    const t = createTestApp();
    const r = await rpc(t, SLUG, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = r.body.result.tools as Array<{ name: string; description: string; inputSchema: any }>;
    expect(tools.map((x) => x.name)).toEqual(['kulturdir.grants.list', 'kulturdir.grants.by_year', 'kulturdir.ordninger.list']);
    expect(t.services.registry.server(SLUG)!.tools.map((x) => x.status)).toEqual(['active', 'active', 'active']);
    for (const tool of tools) expect(tool.description).toMatch(/answers 503 source_migrated/);
    expect(tools[0].inputSchema.properties.limit).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    expect(tools[1].inputSchema).toMatchObject({ required: ['year'], properties: { limit: { minimum: 1, maximum: 100, default: 100 } } });
    expect(tools[2].inputSchema.properties).toEqual({});
  });

  it.each([
    ['kulturdir.grants.list', { q: 'jazz', year: 2025, limit: 10 }, '/tilskudd?q=jazz', 'https://www.kulturdirektoratet.no/vedtak'],
    ['kulturdir.grants.by_year', { year: 2025 }, '/tilskudd/aar?year=2025', 'https://www.kulturdirektoratet.no/vedtak'],
    ['kulturdir.ordninger.list', {}, '/ordninger', 'https://www.kulturdirektoratet.no/tilskuddsordninger'],
  ])('%s answers 503 source_migrated with where to read the data (MCP and REST)', async (name, args, path, where) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e).toMatchObject({ code: 'source_migrated', status: 503, detailCode: 'source_migrated', alternative: where });
    expect(e.message).toContain('without an open API or open data file. Retrying does not help. No data is returned.');
    const res = await t.fetch(`/api/connectors/kulturdirektoratet${path}`, auth);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 503, title: 'Source migrated' });
  });

  it('is listed as degraded with no live tool, with the reason', async () => {
    const catalogue = await (await createTestApp().fetch('/catalogue.json')).json();
    const server = catalogue.servers.find((s: { slug: string }) => s.slug === SLUG);
    expect(server).toMatchObject({ available: 'degraded', liveEndpointCount: 0, degradedEndpointCount: 3, availabilityNote: expect.stringContaining('without an open API or open data file') });
  });
});
