// The dawa server: its three BBR tools are deprecated by the spec (DAWA was shut down), so every
// call answers HTTP 410 api_sunset with the shutdown notice and Datafordeleren's BBR services as
// the alternative, whatever the input, over MCP and on the connector routes, calling nothing.
import { describe, expect, it } from 'vitest';
import { serverRecord } from '../runtime/catalogue.js';
import { KEYS, callToolError, createTestApp, rpc } from './helpers/app.js';

const SLUG = 'dawa';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const NOTICE = 'https://www.klimadatastyrelsen.dk/om-klimadatastyrelsen/nyheder/nyhedsarkiv/2026/jul/dawa-lukker-d-1-oktober-2026';

describe('the retired BBR tools', () => {
  it.each([
    ['bbr.bbr_building', { id: '0a3f50a0-75f0-32b8-e044-0003ba298018' }],
    ['bbr.bbr_building', {}],
    ['bbr.bbr_buildings', { kommunekode: '0101', limit: 20 }],
    ['bbr.bbr_buildings', { adgangsadresseid: '0a3f507a-e179-32b8-e044-0003ba298018' }],
    ['bbr.bbr_buildings', { kommunekode: 'abc', limit: 1000 }],
    ['bbr.bbr_ground', {}],
    ['bbr.bbr_ground', { anything: true }],
  ])('%s %j answers 410 api_sunset with the shutdown notice and the replacement', async (name, args) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e).toMatchObject({ code: 'api_sunset', status: 410, detailCode: 'api_sunset' });
    expect(e.message).toContain(`${name} is retired`);
    expect(e.message).toContain('1 October 2026');
    expect(e.message).toContain(NOTICE);
    expect(e.message).toMatch(/No data is returned/);
    expect(e.alternative).toMatch(/Datafordeleren's BBR services/);
    expect(e.alternative).toContain('https://datafordeler.dk/dataoversigt/bygnings-og-boligregistret-bbr/bbr-graphql/');
    expect([...t.services.upstream.sent.values()].reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('answers 410 on the connector routes too, valid input or not', async () => {
    const t = createTestApp();
    for (const path of ['/bygning?id=x', '/bygninger?kommunekode=0101', '/bygninger?kommunekode=1&limit=0', '/grunde']) {
      const res = await t.fetch(`/api/connectors/dawa${path}`, { headers: auth });
      expect(res.status, path).toBe(410);
      expect((await res.json()).detail ?? '').toMatch(/retired/);
    }
  });

  it("lists the spec's three tools as deprecated, with the spec's parameters", async () => {
    const t = createTestApp();
    const r = await rpc(t, SLUG, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = r.body.result.tools as { name: string; description: string; inputSchema: { properties: Record<string, Record<string, unknown>> }; _meta: Record<string, unknown> }[];
    expect(tools.map((x) => x.name)).toEqual(['bbr.bbr_building', 'bbr.bbr_buildings', 'bbr.bbr_ground']);
    for (const tool of tools) {
      expect(tool.description).toMatch(/Deprecated: always answers HTTP 410 api_sunset and no data/);
      expect(Object.values(tool._meta)).toContain('deprecated');
    }
    expect(tools[1].inputSchema.properties.kommunekode.pattern).toBe('^\\d{4}$');
    expect(tools[1].inputSchema.properties.limit).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
  });

  it('is a deprecated server in the catalogue, saying why, with no upstream', () => {
    const t = createTestApp();
    const server = t.services.registry.server(SLUG)!;
    const record = serverRecord(server);
    expect(record).toMatchObject({ slug: 'dawa', available: 'deprecated', owner: 'Klimadatastyrelsen' });
    expect(record.sourceStatus).toMatch(/shut down by Klimadatastyrelsen on 1 October 2026/);
    expect(record.tools.map((x) => x.status)).toEqual(['deprecated', 'deprecated', 'deprecated']);
    expect(server.def.upstreams).toEqual([]);
  });
});
