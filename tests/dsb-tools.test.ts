// The dsb server over MCP and its connector routes, answered by recordings of brannstatistikk.no's
// mission-report search (tests/recordings/dsb-bris/): brann.by_kommune, brann.statistikk and
// bygningstyper.list.
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, Transport } from '../runtime/upstream/transport.js';
import { KEYS, callTool, callToolError, createTestApp, replay, type TestApp } from './helpers/app.js';

const SLUG = 'dsb';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('dsb-bris') ?? 0;

function watched(): { transport: Transport; bodies: Record<string, unknown>[]; urls: string[] } {
  const bodies: Record<string, unknown>[] = [];
  const urls: string[] = [];
  return {
    bodies,
    urls,
    transport: { send: (req: OutgoingRequest) => (urls.push(req.url), req.body !== undefined && bodies.push(JSON.parse(req.body)), replay().send(req)) },
  };
}

describe('dsb.brann.by_kommune', () => {
  const name = 'dsb.brann.by_kommune';

  it('answers the example: the last 12 months of missions in Stord', async () => {
    const w = watched();
    const t = createTestApp({ transport: w.transport });
    const r = await callTool(t, SLUG, name, { kommunenummer: '4614', limit: 5 });
    expect(r.isError).toBe(false);
    expect(w.bodies[0]).toMatchObject({ hitsToReturn: 5, skipped: 0, municipalities: { ids: ['4614'], isMissingValue: false }, periodStart: '2025-11-22', periodEnd: '2026-11-23' });
    expect(r.data).toMatchObject({ kommunenummer: '4614', periode: { fra: '2025-11-22', til: '2026-11-23' }, total: 412, count: 5, branner: 2, buildingTypeApplied: false });
    expect(r.data.oppdrag[0]).toEqual({
      id: '5a000001-4b1c-4f2e-9a7d-000000001001',
      type: 'Brann i bygning',
      tidspunkt: '2026-11-19T21:14:03Z',
      kommune: 'Stord',
      brannvesen: 'Stord brann og redning',
      brann: true,
    });
    expect(r.data.oppdrag[1]).toMatchObject({ type: 'ABA matlaging', brann: false });
    expect(r.data.note).toBeUndefined();
  });

  it('narrows to building fires for a buildingType, and says the category is not in the data', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { kommunenummer: '4614', limit: 5, buildingType: 'BOLIG' });
    expect(r.data.oppdrag.map((m: { type: string }) => m.type)).toEqual(['Brann i bygning']);
    expect(r.data.buildingTypeApplied).toBe(false);
    expect(r.data.note).toMatch(/do not say what kind of building/);
  });

  it('pages 200 missions at a time up to limit', async () => {
    const bodies: { hitsToReturn: number; skipped: number }[] = [];
    const pages: Transport = {
      send: async (req: OutgoingRequest) => {
        const b = JSON.parse(String(req.body));
        bodies.push(b);
        const missionReport = Array.from({ length: b.hitsToReturn }, (_, i) => ({ id: `m${b.skipped + i}`, revisedMissionType: 'ABA matlaging', callTimeUtc: '2026-01-01T00:00:00Z', municipality: 'Bergen', responsibleFireDepartmentName: 'Bergen brannvesen' }));
        return { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify({ totalHits: 1000, missionReport })) };
      },
    };
    const r = await callTool(createTestApp({ transport: pages }), SLUG, name, { kommunenummer: '4601', limit: 450 });
    expect(bodies.map((b) => [b.hitsToReturn, b.skipped])).toEqual([[200, 0], [200, 200], [50, 400]]);
    expect(r.data).toMatchObject({ total: 1000, count: 450 });
  });

  it('answers an empty list with a note for a municipality without missions', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { kommunenummer: '1856' });
    expect(r.data).toMatchObject({ total: 0, count: 0, oppdrag: [] });
    expect(r.data.note).toMatch(/No mission/);
  });

  it('answers 503 upstream_blocked when brannstatistikk.no refuses this service', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { kommunenummer: '4601' });
    expect(e).toMatchObject({ code: 'upstream_blocked', status: 503 });
  });

  it('reports an upstream failure as 502', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { kommunenummer: '5001' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });

  it.each([
    [{}, 'kommunenummer', /required|expected string/i],
    [{ kommunenummer: '461' }, 'kommunenummer', /4 digits/],
    [{ kommunenummer: '4614', limit: 0 }, 'limit', /1/],
    [{ kommunenummer: '4614', limit: 501 }, 'limit', /500/],
    [{ kommunenummer: '4614', buildingType: 'KONTOR' }, 'buildingType', /BOLIG/],
  ])('refuses %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });

  it('answers on its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/dsb/kommuner/4614/brann?limit=5', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).total).toBe(412);
  });
});

describe('dsb.brann.statistikk', () => {
  const name = 'dsb.brann.statistikk';

  it('answers the example: counts per mission type in Stord in 2025', async () => {
    const w = watched();
    const t = createTestApp({ transport: w.transport });
    const r = await callTool(t, SLUG, name, { municipality: '4614', year: 2025 });
    expect(r.isError).toBe(false);
    expect(w.bodies[0]).toMatchObject({ hitsToReturn: 200, skipped: 0, periodStart: '2025-01-01', periodEnd: '2026-01-01' });
    expect(r.data).toMatchObject({ filter: { municipality: '4614', county: null, year: 2025, buildingType: null }, total: 41, counted: 41, complete: true, branner: 9 });
    expect(r.data.perType.slice(0, 3)).toEqual([
      { type: 'ABA matlaging', antall: 9 },
      { type: 'Trafikkulykke', antall: 6 },
      { type: 'ABA ukjent', antall: 5 },
    ]);
    expect(r.data.perType.reduce((s: number, x: { antall: number }) => s + x.antall, 0)).toBe(41);
    expect(r.data.note).toBeUndefined();
  });

  it('counts every mission of a county, sent as the municipalities of the county in Kartverket\'s register, in pages of 200 (issue 25 items 6, 12)', async () => {
    const w = watched();
    const t = createTestApp({ transport: w.transport });
    const r = await callTool(t, SLUG, name, { county: '46', year: 2025, limit: 3 });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(w.urls[0]).toBe('https://ws.geonorge.no/kommuneinfo/v1/kommuner');
    expect(w.bodies.map((b) => [b.skipped, b.hitsToReturn])).toEqual([
      [0, 200],
      [200, 200],
    ]);
    expect(w.bodies[0]).toMatchObject({ municipalities: { ids: ['4601'], isMissingValue: false } });
    expect(w.bodies[0].counties).toBeUndefined();
    expect(r.data).toMatchObject({ total: 250, counted: 250, complete: true });
    // limit is how many types perType lists; the counts are over all 250 missions.
    expect(r.data.perType).toHaveLength(3);
    expect(r.data.typesTotal).toBe(8);
    expect(r.data.perType[0]).toEqual({ type: 'ABA matlaging', antall: 32 });
    expect(r.data.note ?? '').not.toMatch(/Counted/);
  });

  it('refuses filters matching more missions than it counts, naming the bound, after one page', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { year: 2025 });
    expect(e).toMatchObject({ code: 'invalid_input', status: 400 });
    expect(e.message).toMatch(/at most 12000 missions \(got 131072\)/);
    expect(e.fields).toEqual(['county', 'municipality']);
    expect(sent(t)).toBe(1);
  });

  it('counts only building fires for a buildingType', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { municipality: '4614', year: 2025, buildingType: 'NÆRING' });
    expect(r.data.perType).toEqual([{ type: 'Brann i bygning', antall: 4 }]);
    expect(r.data.filter.buildingType).toBe('NÆRING');
    expect(r.data.note).toMatch(/do not say what kind of building/);
  });

  it('answers 503 upstream_blocked when brannstatistikk.no blocks this service', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { municipality: '0301', year: 2025 });
    expect(e).toMatchObject({ code: 'upstream_blocked', status: 503 });
    const res = await t.fetch('/api/connectors/dsb/statistikk?municipality=0301&year=2025', { headers: auth });
    expect(res.status).toBe(503);
  });

  it.each([
    [{ county: '4' }, 'county', /2 digits/],
    [{ municipality: '46140' }, 'municipality', /4 digits/],
    [{ limit: 0 }, 'limit', /1/],
    [{ limit: 501 }, 'limit', /500/],
  ])('refuses %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });
});

describe('dsb.bygningstyper.list', () => {
  it('lists the seven building types of the spec, calling nothing', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, 'dsb.bygningstyper.list', {});
    expect(r.data.bygningstyper.map((b: { kode: string }) => b.kode)).toEqual(['BOLIG', 'FRITIDSBOLIG', 'NÆRING', 'PUBLIKUM', 'LANDBRUK', 'GARASJE', 'ANNEN']);
    expect(r.data.bygningstyper[1].navn).toMatch(/hytter/);
    expect(sent(t)).toBe(0);
  });
});
