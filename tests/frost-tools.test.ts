// The frost server (MET Norway's Frost API) over MCP and its connector routes, answered by
// recordings (tests/recordings/frost/): not_configured without FROST_CLIENT_ID, HTTP Basic with the
// client id and an empty password with it.
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, Transport } from '../runtime/upstream/transport.js';
import { KEYS, callTool, callToolError, createTestApp, replay, rpc, type TestApp } from './helpers/app.js';

const SLUG = 'frost';
const CREDS = { FROST_CLIENT_ID: 'test-client-id' };
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('frost') ?? 0;
const app = () => createTestApp({ env: CREDS });

async function ok(t: TestApp, name: string, args: unknown) {
  const r = await callTool(t, SLUG, name, args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}

const TOOLS: [string, Record<string, unknown>, string][] = [
  ['frost.klima.normaler', { city: 'bergen' }, '/api/connectors/frost/klima/normaler?city=bergen'],
  ['frost.observasjoner', { stationIds: 'SN18700', elements: 'air_temperature', referencetime: '2026-11-20' }, '/api/connectors/frost/observasjoner?stationIds=SN18700&elements=air_temperature&referencetime=2026-11-20'],
  ['frost.stasjoner.sok', { q: 'Blindern' }, '/api/connectors/frost/stasjoner?q=Blindern'],
];

describe('frost without FROST_CLIENT_ID', () => {
  it.each(TOOLS)('%s answers 503 not_configured and sends nothing', async (name, args, route) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e).toMatchObject({ code: 'not_configured', status: 503, missing: ['FROST_CLIENT_ID'] });
    const res = await t.fetch(route, { headers: auth });
    expect(res.status).toBe(503);
    expect((await res.json()).code).toBe('not_configured');
    expect(sent(t)).toBe(0);
  });

  it('lists the three tools in the spec order, each saying it needs FROST_CLIENT_ID', async () => {
    const t = createTestApp();
    const r = await rpc(t, SLUG, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = r.body.result.tools as { name: string; description: string }[];
    expect(tools.map((x) => x.name)).toEqual(['frost.klima.normaler', 'frost.observasjoner', 'frost.stasjoner.sok']);
    for (const tool of tools) expect(tool.description).toMatch(/FROST_CLIENT_ID/);
  });
});

describe('frost with FROST_CLIENT_ID', () => {
  it('sends HTTP Basic with the client id as user name and an empty password', async () => {
    const requests: OutgoingRequest[] = [];
    const transport: Transport = { send: async (req) => (requests.push(req), replay().send(req)) };
    const t = createTestApp({ env: CREDS, transport });
    await ok(t, 'frost.klima.normaler', { city: 'bergen' });
    expect(requests).toHaveLength(1);
    expect(requests[0].headers.authorization).toBe(`Basic ${Buffer.from('test-client-id:').toString('base64')}`);
    const url = new URL(requests[0].url);
    expect(url.origin + url.pathname).toBe('https://frost.met.no/climatenormals/v0.jsonld');
    expect(Object.fromEntries(url.searchParams)).toEqual({ sources: 'SN50540', elements: 'mean(air_temperature P1M),sum(precipitation_amount P1M)', period: '1991/2020' });
  });

  it('reports a client id Frost refuses as not_configured', async () => {
    const t = app();
    const e = await callToolError(t, SLUG, 'frost.observasjoner', { stationIds: 'SN2', elements: 'air_temperature,sum(precipitation_amount P1D)', referencetime: '2026-11-20/2026-11-21' });
    expect(e.code).toBe('not_configured');
    expect(e.message).toMatch(/rejected the configured credentials \(HTTP 401\)/);
  });
});

describe('frost.klima.normaler', () => {
  const name = 'frost.klima.normaler';

  it('answers the example: the 1991-2020 monthly normals of Bergen (Florida)', async () => {
    const d = await ok(app(), name, { city: 'bergen' });
    expect(d.period).toBe('1991-2020');
    expect(d.cities).toHaveLength(1);
    const [bergen] = d.cities;
    expect(bergen).toMatchObject({ city: 'bergen', stationId: 'SN50540', stationName: 'Bergen - Florida' });
    expect(bergen.months).toHaveLength(12);
    expect(bergen.months[0]).toEqual({ month: 1, airTemperature: 2.1, precipitation: 266 });
    expect(bergen.months[6]).toEqual({ month: 7, airTemperature: 15.5, precipitation: 155 });
    expect(bergen.note).toBeUndefined();
  });

  it('answers all five cities when city is omitted, in one request, noting a station without normals', async () => {
    const t = app();
    const d = await ok(t, name, {});
    expect(d.cities.map((c: { city: string }) => c.city)).toEqual(['oslo', 'bergen', 'trondheim', 'stavanger', 'tromso']);
    expect(d.cities.map((c: { stationId: string }) => c.stationId)).toEqual(['SN18700', 'SN50540', 'SN68860', 'SN44560', 'SN90450']);
    expect(d.cities[0].months[0]).toEqual({ month: 1, airTemperature: -3.7, precipitation: 57 });
    expect(d.cities[4]).toMatchObject({ months: [], note: 'Frost has no 1991-2020 normals for Tromsø (SN90450).' });
    expect(sent(t)).toBe(1);
  });

  it("answers Frost's 404 (no normals for the combination) with an empty list and a note", async () => {
    const d = await ok(app(), name, { city: 'tromso' });
    expect(d.cities).toEqual([{ city: 'tromso', stationId: 'SN90450', stationName: 'Tromsø', months: [], note: 'Frost has no 1991-2020 normals for Tromsø (SN90450).' }]);
  });

  it('refuses a city outside the five, naming the field and the values', async () => {
    const e = await callToolError(app(), SLUG, name, { city: 'drammen' });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/^city: must be one of "oslo", "bergen", "trondheim", "stavanger", "tromso"/);
  });

  it('reports an upstream failure as 502', async () => {
    const e = await callToolError(app(), SLUG, name, { city: 'stavanger' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });
});

describe('frost.observasjoner', () => {
  const name = 'frost.observasjoner';
  const example = { stationIds: 'SN18700', elements: 'air_temperature,sum(precipitation_amount P1D)', referencetime: '2026-11-20/2026-11-21' };

  it('answers the example: observations at Blindern with unit, level and quality', async () => {
    const d = await ok(app(), name, example);
    expect(d).toMatchObject({ stationIds: ['SN18700'], elements: ['air_temperature', 'sum(precipitation_amount P1D)'], referencetime: '2026-11-20/2026-11-21', count: 4 });
    expect(d.series[0]).toEqual({
      stationId: 'SN18700',
      sourceId: 'SN18700:0',
      referenceTime: '2026-11-20T00:00:00.000Z',
      observations: [
        { elementId: 'air_temperature', value: -1.4, unit: 'degC', level: 'height_above_ground 2 m', timeOffset: 'PT0H', timeResolution: 'PT1H', qualityCode: 0 },
        { elementId: 'sum(precipitation_amount P1D)', value: 3.2, unit: 'mm', level: null, timeOffset: 'PT6H', timeResolution: 'P1D', qualityCode: 2 },
      ],
    });
  });

  it('normalises station ids (a bare number, lower case, spaces) to SN ids', async () => {
    const d = await ok(app(), name, { ...example, stationIds: ' sn18700 ' });
    expect(d.stationIds).toEqual(['SN18700']);
    const e = await ok(app(), name, { ...example, stationIds: '18700' });
    expect(e.count).toBe(4);
  });

  it("answers Frost's 404 (no data) with an empty list and a note", async () => {
    const d = await ok(app(), name, { ...example, stationIds: 'SN99999' });
    expect(d).toMatchObject({ count: 0, series: [] });
    expect(d.note).toMatch(/no observations/);
  });

  it.each([
    [{ elements: 'air_temperature', referencetime: '2026-11-20' }, 'stationIds', /required/],
    [{ stationIds: 'SN18700', referencetime: '2026-11-20' }, 'elements', /required/],
    [{ stationIds: 'SN18700', elements: 'air_temperature' }, 'referencetime', /required/],
    [{ ...example, referencetime: 'last week' }, 'referencetime', /ISO 8601 date or interval/],
    [{ ...example, stationIds: 'Blindern' }, 'stationIds', /Frost station ids/],
  ])('refuses %j naming the field', async (args, field, bound) => {
    const t = app();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });

  it('reports an upstream failure as 502', async () => {
    const e = await callToolError(app(), SLUG, name, { ...example, stationIds: 'SN1' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });
});

describe('frost.stasjoner.sok', () => {
  const name = 'frost.stasjoner.sok';

  it('answers the example: Blindern in Oslo, searched with wildcards', async () => {
    const d = await ok(app(), name, { county: 'Oslo', q: 'Blindern' });
    expect(d).toEqual({
      filter: { county: 'Oslo', q: 'Blindern' },
      total: 1,
      count: 1,
      stations: [{ id: 'SN18700', name: 'OSLO - BLINDERN', county: 'OSLO', municipality: 'OSLO', lat: 59.9423, lon: 10.72, masl: 94, validFrom: '1931-01-01T00:00:00.000Z', validTo: null, holders: ['MET.NO'] }],
    });
  });

  it('lists all stations without filters, applying limit (default 50, at most 500)', async () => {
    const t = app();
    const all = await ok(t, name, {});
    expect(all).toMatchObject({ filter: { county: null, q: null }, total: 3, count: 3 });
    expect(all.stations[2]).toMatchObject({ id: 'SN18020', validTo: '2004-12-31T00:00:00.000Z' });
    const two = await ok(t, name, { limit: 2 });
    expect(two).toMatchObject({ total: 3, count: 2 });
    expect(two.stations.map((s: { id: string }) => s.id)).toEqual(['SN18700', 'SN50540']);
    const res = await t.fetch('/api/connectors/frost/stasjoner?limit=1', { headers: auth });
    expect((await res.json()).count).toBe(1);
  });

  it('answers an empty list when nothing matches', async () => {
    const d = await ok(app(), name, { q: 'zzyzx' });
    expect(d).toMatchObject({ total: 0, count: 0, stations: [], note: 'No Frost weather station matches these filters.' });
  });

  it.each([
    [{ limit: 501 }, 'limit', /at most 500/],
    [{ limit: 2.5 }, 'limit', /integer/],
  ])('refuses %j naming the field and the bound', async (args, field, bound) => {
    const e = await callToolError(app(), SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
  });
});
