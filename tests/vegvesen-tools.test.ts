// The vegvesen server over MCP and its connector routes, answered by recordings of the vehicle
// lookup (tests/recordings/vegvesen-kjoretoy/) and Trafikkdata's GraphQL API
// (tests/recordings/vegvesen-trafikkdata/).
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, Transport } from '../runtime/upstream/transport.js';
import { KEYS, callTool, callToolError, createTestApp, replay, rpc, type TestApp } from './helpers/app.js';

const SLUG = 'vegvesen';
const CREDS = { SVV_API_KEY: 'test-svv-key' };
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp, id: string) => t.services.upstream.sent.get(id) ?? 0;

function watched(env?: Record<string, string>) {
  const requests: OutgoingRequest[] = [];
  const transport: Transport = { send: async (req) => (requests.push(req), replay().send(req)) };
  return { requests, t: createTestApp({ env, transport }) };
}

async function ok(t: TestApp, name: string, args: unknown) {
  const r = await callTool(t, SLUG, name, args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}

describe('vegvesen.kjoretoy.oppslag', () => {
  const name = 'vegvesen.kjoretoy.oppslag';

  it('answers 503 not_configured without SVV_API_KEY and sends nothing', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { regnr: 'EK 39085' });
    expect(e).toMatchObject({ code: 'not_configured', status: 503, missing: ['SVV_API_KEY'] });
    const res = await t.fetch('/api/connectors/vegvesen/kjoretoy/EK39085', { headers: auth });
    expect(res.status).toBe(503);
    expect(sent(t, 'vegvesen-kjoretoy')).toBe(0);
    const list = await rpc(t, SLUG, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = list.body.result.tools as { name: string; _meta: Record<string, unknown> }[];
    expect(tools.map((x) => x.name)).toEqual(['vegvesen.kjoretoy.oppslag', 'vegvesen.trafikk.punkter', 'vegvesen.trafikk.stasjoner', 'vegvesen.trafikk.volum']);
  });

  it('answers the example with the key sent as SVV-Authorization: Apikey <key>, the plate normalised', async () => {
    const { t, requests } = watched(CREDS);
    const d = await ok(t, name, { regnr: 'ek 390 85' });
    expect(requests).toHaveLength(1);
    expect(requests[0].headers['SVV-Authorization']).toBe('Apikey test-svv-key');
    expect(requests[0].url).toBe('https://akfell-datautlevering.atlas.vegvesen.no/enkeltoppslag/kjoretoydata?kjennemerke=EK39085');
    expect(d).toEqual({
      regnr: 'EK39085',
      kjennemerke: 'EK 39085',
      understellsnummer: 'WVWZZZAUZH8950429',
      merke: 'VOLKSWAGEN',
      modell: 'GOLF',
      kjoretoygruppe: 'Personbil',
      karosseri: 'Stasjonsvogn (AC)',
      farge: 'Grå',
      drivstoff: ['Elektrisk'],
      effektKw: 100,
      girkasse: 'Automat',
      euroklasse: '0-utslipp',
      sitteplasser: 5,
      egenvektKg: 1540,
      tillattTotalvektKg: 2020,
      lengdeMm: 4270,
      forstegangsregistrert: '2017-06-06',
      registreringsstatus: 'Registrert',
      euKontroll: { sistGodkjent: '2021-05-20', kontrollfrist: '2023-05-31' },
    });
    const res = await t.fetch('/api/connectors/vegvesen/kjoretoy/EK39085', { headers: auth });
    expect(res.status).toBe(200);
  });

  it('answers not_found for a plate that is not registered (204)', async () => {
    const t = createTestApp({ env: CREDS });
    const e = await callToolError(t, SLUG, name, { regnr: 'AB12345' });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    expect(e.message).toMatch(/AB12345/);
  });

  it('reports an upstream failure as 502 and a refused key as not_configured', async () => {
    const t = createTestApp({ env: CREDS });
    expect(await callToolError(t, SLUG, name, { regnr: 'ZZ99999' })).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    const e = await callToolError(t, SLUG, name, { regnr: 'XY11111' });
    expect(e.code).toBe('not_configured');
    expect(e.message).toMatch(/rejected the configured credentials \(HTTP 403\)/);
  });

  it.each(['E 39085', 'EK3908', 'EK390851', '12 34567', 'ÆØ 12345'])('refuses regnr %j naming the field and the format', async (regnr) => {
    const t = createTestApp({ env: CREDS });
    const e = await callToolError(t, SLUG, name, { regnr });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/^regnr: must be a Norwegian registration number of 2 letters and 5 digits/);
  });
});

describe('vegvesen.trafikk.punkter and trafikk.stasjoner', () => {
  it('answers the example: points of one municipality, sorted by name, limited', async () => {
    const { t, requests } = watched();
    const d = await ok(t, 'vegvesen.trafikk.punkter', { municipality: '0301', limit: 3 });
    expect(d).toMatchObject({ municipality: '0301', total: 4, count: 3 });
    expect(d.points.map((p: { name: string }) => p.name)).toEqual(['Akerselva sykkel', 'Alnabru', 'Kirkeveien ved Majorstuen']);
    expect(d.points[2]).toEqual({
      id: '03819V384137',
      name: 'Kirkeveien ved Majorstuen',
      type: 'VEHICLE',
      status: 'OPERATIONAL',
      frequency: 'PERIODIC',
      road: 'KV4040 S1D1 m200',
      municipality: { number: '0301', name: 'Oslo' },
      county: { number: '03', name: 'Oslo' },
      lat: 59.9297,
      lon: 10.7131,
    });
    expect(requests[0]).toMatchObject({ method: 'POST', url: 'https://trafikkdata-api.atlas.vegvesen.no/' });
  });

  it('lists every point without a municipality (default limit 100), and an empty list for one without points', async () => {
    const t = createTestApp();
    const all = await ok(t, 'vegvesen.trafikk.punkter', {});
    expect(all).toMatchObject({ municipality: null, total: 7, count: 7 });
    const none = await ok(t, 'vegvesen.trafikk.punkter', { municipality: '1101' });
    expect(none).toMatchObject({ total: 0, count: 0, points: [] });
    // The point list is asked once and shared by both tools.
    await ok(t, 'vegvesen.trafikk.stasjoner', {});
    expect(sent(t, 'vegvesen-trafikkdata')).toBe(1);
  });

  it.each([
    [{ limit: 0 }, 'limit', /at least 1/],
    [{ limit: 1001 }, 'limit', /at most 1000/],
    [{ municipality: '301' }, 'municipality', /4 digits/],
  ])('trafikk.punkter refuses %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, 'vegvesen.trafikk.punkter', args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
  });

  it('trafikk.stasjoner: the continuous stations in operation, antall of them (default 50)', async () => {
    const t = createTestApp();
    const d = await ok(t, 'vegvesen.trafikk.stasjoner', {});
    expect(d).toMatchObject({ total: 4, count: 4 });
    expect(d.stations.map((s: { id: string }) => s.id)).toEqual(['17949V1060643', '74808V805815', '97411V72313', '44656V72812']);
    expect(d.stations.every((s: { frequency: string; status: string }) => s.frequency === 'CONTINUOUS' && s.status === 'OPERATIONAL')).toBe(true);
    const two = await ok(t, 'vegvesen.trafikk.stasjoner', { antall: 2 });
    expect(two).toMatchObject({ total: 4, count: 2 });
    const res = await t.fetch('/api/connectors/vegvesen/trafikk/stasjoner?antall=1', { headers: auth });
    expect((await res.json()).count).toBe(1);
  });
});

describe('vegvesen.trafikk.volum', () => {
  const name = 'vegvesen.trafikk.volum';

  it('answers the example: hourly volumes of the last 7 days to today, following the cursor over pages', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { pointId: '44656V72812' });
    expect(d).toMatchObject({ pointId: '44656V72812', name: 'Strandgata', resolution: 'hour', from: '2026-11-15', to: '2026-11-22', count: 5, totalVolume: 561 });
    expect(d.volumes[0]).toEqual({ from: '2026-11-15T00:00:00+01:00', to: '2026-11-15T01:00:00+01:00', volume: 112, coverage: 100 });
    expect(d.volumes[2]).toMatchObject({ volume: null, coverage: 0 });
    expect(requests).toHaveLength(2);
    const bodies = requests.map((r) => JSON.parse(r.body!));
    expect(bodies[0].variables).toEqual({ id: '44656V72812', from: '2026-11-15T00:00:00+01:00', to: '2026-11-23T00:00:00+01:00' });
    expect(bodies[1].variables).toEqual({ id: '44656V72812', from: '2026-11-15T00:00:00+01:00', to: '2026-11-23T00:00:00+01:00', after: 'MTAw' });
    expect(bodies[0].query).toMatch(/byHour\(from: \$from, to: \$to, after: \$after\)/);
  });

  it('answers daily volumes, with the Norwegian offset of each date (summer time in June)', async () => {
    const { t, requests } = watched();
    const res = await t.fetch('/api/connectors/vegvesen/trafikk/volum/44656V72812?resolution=day&from=2026-06-01&to=2026-11-22', { headers: auth });
    expect(res.status).toBe(200);
    const d = await res.json();
    expect(d).toMatchObject({ resolution: 'day', count: 3, totalVolume: 8123 + 8544 + 6120 });
    expect(JSON.parse(requests[0].body!).variables.from).toBe('2026-06-01T00:00:00+02:00');
  });

  it('answers an empty list with a note, and not_found for an unknown point', async () => {
    const t = createTestApp();
    const empty = await ok(t, name, { pointId: '12345V12345', from: '2026-11-01', to: '2026-11-02' });
    expect(empty).toMatchObject({ count: 0, totalVolume: 0, volumes: [] });
    expect(empty.note).toMatch(/Nothing was counted/);
    const e = await callToolError(t, SLUG, name, { pointId: '99999V1' });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('reports GraphQL errors and an upstream failure as 502', async () => {
    const t = createTestApp();
    expect(await callToolError(t, SLUG, name, { pointId: '11111V11111' })).toMatchObject({ code: 'upstream_unavailable', status: 502, detailCode: 'graphql_errors' });
    expect(await callToolError(t, SLUG, name, { pointId: '22222V22222' })).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });

  it.each([
    [{ pointId: '44656V72812', from: '2026-10-01', to: '2026-11-02' }, /at most 31 days, both included, for resolution hour \(got 33 days\)/],
    [{ pointId: '44656V72812', from: '2025-11-20', to: '2026-11-22', resolution: 'day' }, /at most 366 days, both included, for resolution day \(got 368 days\)/],
    [{ pointId: '44656V72812', from: '2026-11-22', to: '2026-11-01' }, /from \(2026-11-22\) must not be after to \(2026-11-01\)/],
    // A lone from is measured against the default to (today, 2026-11-22).
    [{ pointId: '44656V72812', from: '2026-10-01' }, /at most 31 days, both included, for resolution hour \(got 53 days/],
  ])('refuses the span %j naming from, to and the bound', async (args, message) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(message);
    expect(e.message).toMatch(/from/);
    expect(sent(t, 'vegvesen-trafikkdata')).toBe(0);
  });

  it('accepts exactly 31 days hourly and 366 days daily (inclusive bounds)', async () => {
    const tool = createTestApp().services.registry.server(SLUG)!.toolsByName.get(name)!;
    expect(tool.schema.safeParse({ pointId: '1V1', from: '2026-10-01', to: '2026-10-31' }).success).toBe(true);
    expect(tool.schema.safeParse({ pointId: '1V1', from: '2026-10-01', to: '2026-11-01' }).success).toBe(false);
    expect(tool.schema.safeParse({ pointId: '1V1', from: '2025-11-22', to: '2026-11-22', resolution: 'day' }).success).toBe(true);
    expect(tool.schema.safeParse({ pointId: '1V1', from: '2025-11-21', to: '2026-11-22', resolution: 'day' }).success).toBe(false);
  });

  it.each([
    [{}, 'pointId', /required/],
    [{ pointId: 'Strandgata' }, 'pointId', /traffic registration point id/],
    [{ pointId: '44656V72812', resolution: 'week' }, 'resolution', /one of "hour", "day"/],
    [{ pointId: '44656V72812', from: '2026-13-01' }, 'from', /calendar date/],
  ])('refuses %j naming the field', async (args, field, bound) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
  });

  it('is cached for 6 hours, as the spec says', () => {
    const tool = createTestApp().services.registry.server(SLUG)!.toolsByName.get(name)!;
    expect(tool.def.cacheTtlSeconds).toBe(21_600);
  });
});
