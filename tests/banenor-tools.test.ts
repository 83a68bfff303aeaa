// The banenor server: lines.list (a static, sourced reference of 14 lines; no upstream is called)
// and the two tools the spec marks deprecated (HTTP 410 api_sunset).
import { describe, expect, it } from 'vitest';
import { KEYS, callTool, callToolError, createTestApp, rpc } from './helpers/app.js';

const SLUG = 'banenor';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const totalSent = (t: ReturnType<typeof createTestApp>) => [...t.services.upstream.sent.values()].reduce((a, b) => a + b, 0);

describe('banenor.lines.list', () => {
  it('answers the 14 lines with their figures and where they come from, calling nothing', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, 'banenor.lines.list', {});
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    const d = r.data;
    expect(d.count).toBe(14);
    expect(d.lines).toHaveLength(14);
    expect(d.figuresAsOf).toBe('2015-01');
    expect(d.kilde).toEqual({ register: expect.stringMatching(/Jernbaneverket/), url: 'http://www.jernbaneverket.no/Jernbanen/Jernbanen-i-tall/' });
    expect(d.note).toMatch(/static reference/);
    expect(d.lines[0]).toEqual({
      navn: 'Nordlandsbanen',
      fra: 'Trondheim',
      til: 'Bodø',
      lengdeKm: 729,
      dobbeltsporKm: 0,
      elektrifisert: false,
      bruer: 295,
      tunneler: 155,
      planoverganger: 688,
      stasjoner: 41,
    });
    const byName = new Map(d.lines.map((l: { navn: string }) => [l.navn, l]));
    expect(byName.get('Gardermobanen')).toMatchObject({ fra: 'Etterstad', til: 'Eidsvoll', lengdeKm: 64, dobbeltsporKm: 60, elektrifisert: true, planoverganger: 0 });
    expect(byName.get('Raumabanen')).toMatchObject({ fra: null, til: null, elektrifisert: false });
    // The rule the list follows: lines of at least 60 km with passenger stops, longest first.
    const lengths = d.lines.map((l: { lengdeKm: number }) => l.lengdeKm);
    expect(lengths).toEqual([...lengths].sort((a: number, b: number) => b - a));
    expect(d.lines.every((l: { lengdeKm: number; stasjoner: number }) => l.lengdeKm >= 60 && l.stasjoner > 0)).toBe(true);
    expect(totalSent(t)).toBe(0);
  });

  it('answers on its connector route and takes no input', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/banenor/lines', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).count).toBe(14);
    const e = await callToolError(t, SLUG, 'banenor.lines.list', { navn: 'Bergensbanen' });
    expect(e.code).toBe('invalid_input');
  });
});

describe('the deprecated banenor tools', () => {
  it.each([
    ['banenor.stations.list', '/api/connectors/banenor/stations', /stations\.list is retired/],
    ['banenor.station.detalj', '/api/connectors/banenor/station', /station\.detalj is retired/],
  ])('%s answers 410 api_sunset with an expiry message and no data', async (name, route, message) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, {});
    expect(e).toMatchObject({ code: 'api_sunset', status: 410 });
    expect(e.message).toMatch(message);
    expect(e.message).toMatch(/No data is returned/);
    expect(e.alternative).toMatch(/entur\.stops\.autocomplete/);
    expect((await callToolError(t, SLUG, name, { id: 'OSL' })).code).toBe('api_sunset');
    const res = await t.fetch(route, { headers: auth });
    expect(res.status).toBe(410);
    expect((await res.json()).code).toBe('api_sunset');
    expect(totalSent(t)).toBe(0);
  });

  it('are listed as deprecated after lines.list, in the order of the spec', async () => {
    const t = createTestApp();
    const r = await rpc(t, SLUG, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = r.body.result.tools as { name: string; description: string }[];
    expect(tools.map((x) => x.name)).toEqual(['banenor.lines.list', 'banenor.stations.list', 'banenor.station.detalj']);
    for (const tool of tools.slice(1)) expect(tool.description).toMatch(/Deprecated: always answers HTTP 410 api_sunset and no data/);
  });
});
