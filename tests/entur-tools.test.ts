// The entur server over MCP and its connector routes, answered by recordings of Entur's Journey
// Planner v3 (tests/recordings/entur-journey-planner/, GraphQL POSTs matched by query and
// variables) and Geocoder v1 (tests/recordings/entur-geocoder/): departures.list, routes.plan and
// stops.autocomplete.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, Transport } from '../runtime/upstream/transport.js';
import { DEFAULT_CLIENT_NAME } from '../servers/entur/common.js';
import { KEYS, callTool, callToolError, createTestApp, replay, type TestApp } from './helpers/app.js';

const SLUG = 'entur';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const JP = 'entur-journey-planner';
const GC = 'entur-geocoder';
const sent = (t: TestApp, id: string) => t.services.upstream.sent.get(id) ?? 0;

async function ok(t: TestApp, name: string, args: unknown) {
  const r = await callTool(t, SLUG, name, args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}
const fails = (t: TestApp, name: string, args: unknown) => callToolError(t, SLUG, name, args);

/** The replay transport, keeping every request it was given. */
function watching(): { transport: Transport; requests: OutgoingRequest[] } {
  const requests: OutgoingRequest[] = [];
  return { requests, transport: { send: (req) => (requests.push(req), replay().send(req)) } };
}

describe('entur.departures.list', () => {
  const name = 'entur.departures.list';

  it('answers the example: the next departures from Oslo S, with real-time and cancellations', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { stopId: 'NSR:StopPlace:337' });
    expect(d).toMatchObject({ stopId: 'NSR:StopPlace:337', name: 'Oslo S', count: 5 });
    expect(d.departures[0]).toEqual({
      line: { id: 'VYG:Line:R11', publicCode: 'R11', name: 'Skien - Eidsvoll', transportMode: 'rail' },
      destination: 'Eidsvoll',
      aimed: '2026-11-22T13:04:00+01:00',
      expected: '2026-11-22T13:06:00+01:00',
      realtime: true,
      cancelled: false,
      quay: { id: 'NSR:Quay:571', publicCode: '8' },
      date: '2026-11-22',
      serviceJourneyId: 'VYG:ServiceJourney:1155-2023',
    });
    expect(d.departures[2]).toMatchObject({ line: { publicCode: 'RE10' }, realtime: false });
    expect(d.departures[3]).toMatchObject({ line: { publicCode: 'L1' }, cancelled: true });
  });

  it('sends n and range as numberOfDepartures and timeRange (defaults 10 and 7200)', async () => {
    const w = watching();
    const t = createTestApp({ transport: w.transport });
    await ok(t, name, { stopId: 'NSR:StopPlace:337' });
    const d = await ok(t, name, { stopId: 'NSR:StopPlace:337', n: 3, range: 600 });
    expect(d.count).toBe(2);
    const bodies = w.requests.map((r) => JSON.parse(r.body!));
    expect(bodies.map((b) => b.variables)).toEqual([
      { id: 'NSR:StopPlace:337', n: 10, range: 7200 },
      { id: 'NSR:StopPlace:337', n: 3, range: 600 },
    ]);
    expect(bodies[0].query).toMatch(/estimatedCalls\(numberOfDepartures: \$n, timeRange: \$range\)/);
    expect(w.requests.every((r) => r.method === 'POST' && r.url === 'https://api.entur.io/journey-planner/v3/graphql')).toBe(true);
  });

  it('answers on its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/entur/departures/NSR:StopPlace:337?n=3&range=600', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).departures).toHaveLength(2);
  });

  it('answers an empty list with a note when nothing departs within the range', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { stopId: 'NSR:StopPlace:59872', range: 60 });
    expect(d).toMatchObject({ stopId: 'NSR:StopPlace:59872', count: 0, departures: [] });
    expect(d.note).toMatch(/No departures from Oslo S within 60 seconds/);
  });

  it('answers 404 for a stop place the register does not have', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { stopId: 'NSR:StopPlace:99999999' });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    expect(e.message).toMatch(/NSR:StopPlace:99999999 is not a stop place/);
    const res = await t.fetch('/api/connectors/entur/departures/NSR:StopPlace:99999999', { headers: auth });
    expect(res.status).toBe(404);
  });

  it('treats errors[] on HTTP 200 as the upstream\'s error, not data', async () => {
    // range beyond a GraphQL Int is now refused before sending (tests/bounds-25.test.ts), so the
    // recorded errors[] answer is given to a request within the bounds.
    const recorded = JSON.parse(readFileSync('tests/recordings/entur-journey-planner/departures-graphql-errors.json', 'utf8')).response;
    const transport: Transport = { send: async () => ({ status: 200, headers: recorded.headers, body: Buffer.from(JSON.stringify(recorded.json)) }) };
    const t = createTestApp({ transport });
    const e = await fails(t, name, { stopId: 'NSR:StopPlace:337', range: 604_800 });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502, detailCode: 'graphql_errors' });
    expect(e.message).toMatch(/Variable 'range' has an invalid value/);
    expect(sent(t, JP)).toBe(1);
  });

  it("never retries Entur's 429 quota answer: one 429 is one request", async () => {
    const t = createTestApp();
    const e = await fails(t, name, { stopId: 'NSR:StopPlace:58404' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 503 });
    expect(e.message).toMatch(/rate limiting/);
    expect(sent(t, JP)).toBe(1);
  });

  it('reports an upstream failure as upstream_unavailable (502) after the retries', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { stopId: 'NSR:StopPlace:548' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t, JP)).toBe(3);
  });

  it.each([
    [{}, 'stopId', /required|expected string/i],
    [{ stopId: '337' }, 'stopId', /stop place id such as NSR:StopPlace:337/],
    [{ stopId: 'NSR:Quay:571' }, 'stopId', /stop place id/],
    [{ stopId: 'NSR:StopPlace:337', n: 2.5 }, 'n', /int/i],
    [{ stopId: 'NSR:StopPlace:337', range: 'long' }, 'range', /number/],
  ])('refuses %j naming the field, and calls nothing', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t, JP)).toBe(0);
  });
});

describe('entur.routes.plan', () => {
  const name = 'entur.routes.plan';

  it('answers the example: trips from a stop id to "lat,lon" coordinates', async () => {
    const w = watching();
    const t = createTestApp({ transport: w.transport });
    const d = await ok(t, name, { from: 'NSR:StopPlace:337', to: '59.9297,10.7149' });
    expect(d).toMatchObject({ from: 'NSR:StopPlace:337', to: '59.9297,10.7149', count: 2, routingErrors: [] });
    expect(d.trips[0]).toMatchObject({ start: '2026-11-22T13:02:10+01:00', end: '2026-11-22T13:17:40+01:00', durationSeconds: 930, walkDistanceMeters: 512.4 });
    expect(d.trips[0].legs.map((l: { mode: string }) => l.mode)).toEqual(['foot', 'metro', 'foot']);
    expect(d.trips[0].legs[1]).toEqual({
      mode: 'metro',
      from: 'Jernbanetorget',
      to: 'Majorstuen',
      start: '2026-11-22T13:06:00+01:00',
      end: '2026-11-22T13:13:00+01:00',
      durationSeconds: 420,
      distanceMeters: 3350.2,
      line: { id: 'RUT:Line:2', publicCode: '2', name: 'Ellingsrudåsen - Østerås' },
    });
    expect(d.trips[0].legs[0].line).toBeNull();
    // Stop ids go as place, coordinates as coordinates; n defaults to 3.
    expect(JSON.parse(w.requests[0].body!).variables).toEqual({ from: { place: 'NSR:StopPlace:337' }, to: { coordinates: { latitude: 59.9297, longitude: 10.7149 } }, n: 3 });
  });

  it('takes two stop ids and n as numTripPatterns, on the connector route too', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/entur/routes?from=NSR:StopPlace:337&to=NSR:StopPlace:58404&n=2', { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.count).toBe(2);
    expect(body.trips[1].legs[0]).toMatchObject({ mode: 'rail', from: 'Oslo S', to: 'Nationaltheatret', line: { publicCode: 'R11' } });
  });

  it('answers 404 when the planner does not know a place', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { from: 'NSR:StopPlace:337', to: 'NSR:StopPlace:99999999' });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    expect(e.message).toMatch(/does not know the place/);
  });

  it("answers an empty list with the planner's reason when there is no trip", async () => {
    const t = createTestApp();
    const d = await ok(t, name, { from: 'NSR:StopPlace:337', to: '78.2232, 15.6267' });
    expect(d).toMatchObject({ count: 0, trips: [], routingErrors: [{ code: 'outsideBounds' }] });
    expect(d.note).toMatch(/outside the bounds/);
  });

  it.each([
    [{ to: 'NSR:StopPlace:337' }, 'from', /required|expected string/i],
    [{ from: 'NSR:StopPlace:337' }, 'to', /required|expected string/i],
    [{ from: 'Oslo S', to: 'NSR:StopPlace:337' }, 'from', /stop id such as NSR:StopPlace:337 or coordinates "lat,lon"/],
    [{ from: 'NSR:StopPlace:337', to: '95.1,10.7' }, 'to', /latitude from -90 to 90/],
    [{ from: 'NSR:StopPlace:337', to: '59.9,190' }, 'to', /longitude from -180 to 180/],
    [{ from: 'NSR:StopPlace:337', to: 'NSR:StopPlace:58404', n: 'three' }, 'n', /number/],
  ])('refuses %j naming the field and the rule, and calls nothing', async (args, field, rule) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(rule);
    expect(sent(t, JP)).toBe(0);
  });
});

describe('entur.stops.autocomplete', () => {
  const name = 'entur.stops.autocomplete';

  it('answers the example: stops named Oslo S, from the geocoder', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { text: 'Oslo S', layers: 'venue' });
    expect(d).toMatchObject({ text: 'Oslo S', count: 2 });
    expect(d.places[0]).toEqual({
      id: 'NSR:StopPlace:59872',
      name: 'Oslo S',
      label: 'Oslo S, Oslo',
      layer: 'venue',
      categories: ['railStation', 'metroStation', 'onstreetBus', 'busStation', 'onstreetTram'],
      locality: 'Oslo',
      county: 'Oslo',
      lat: 59.910357,
      lon: 10.753051,
    });
    expect(sent(t, GC)).toBe(1);
    expect(sent(t, JP)).toBe(0);
  });

  it("maps Entur's recorded answer (a live capture) for size, lang and a list of layers", async () => {
    const t = createTestApp();
    const d = await ok(t, name, { text: 'sons sons', size: 10, lang: 'en', layers: 'address, venue,address' });
    expect(d.count).toBe(4);
    expect(d.places.map((p: { id: string }) => p.id)).toEqual(['KVE:TopographicPlace:0301-Sons gate', 'NSR:StopPlace:59639', 'NSR:StopPlace:58404', 'NSR:StopPlace:59649']);
    expect(d.places[0]).toMatchObject({ layer: 'address', categories: ['street'], label: 'Sons gate, Oslo' });
    expect(d.places[2]).toMatchObject({ name: 'Nationaltheatret', categories: ['railStation', 'onstreetBus', 'metroStation', 'onstreetTram'], lat: 59.914994, lon: 10.7322 });
  });

  it('answers on its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/entur/stops?text=Oslo%20S&layers=venue', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).places[0].id).toBe('NSR:StopPlace:59872');
  });

  it('answers an empty list with a note when nothing matches', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { text: 'zzxqy' });
    expect(d).toMatchObject({ count: 0, places: [] });
    expect(d.note).toMatch(/Nothing in Entur's geocoder matches "zzxqy"/);
  });

  it('is a separate upstream with its own base URL override; a failure there is a 502', async () => {
    const t = createTestApp({ env: { ENTUR_GEOCODER_BASE_URL: 'https://geocoder-down.test' } });
    const e = await fails(t, name, { text: 'Oslo S', layers: 'venue' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t, GC)).toBe(3);
    // The journey planner keeps its production base URL.
    expect(await ok(t, 'entur.departures.list', { stopId: 'NSR:StopPlace:337' })).toMatchObject({ name: 'Oslo S' });
  });

  it.each([
    [{}, 'text', /required|expected string/i],
    [{ text: '' }, 'text', /at least 1|>=1/],
    [{ text: 'Oslo', size: 0 }, 'size', /at least 1|>=1/],
    [{ text: 'Oslo', size: 51 }, 'size', /at most 50|<=50/],
    [{ text: 'Oslo', lang: 'sv' }, 'lang', /"no"|"en"/],
    [{ text: 'Oslo', layers: 'venue,street' }, 'layers', /comma list of venue, address, locality, county, country \(unknown: "street"\)/],
    [{ text: 'Oslo', layers: '' }, 'layers', /unknown: ""/],
  ])('refuses %j naming the field and the bound, and calls nothing', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t, GC)).toBe(0);
  });
});

describe('ET-Client-Name', () => {
  it("is sent on every request to both upstreams: the project's name by default", async () => {
    const w = watching();
    const t = createTestApp({ transport: w.transport });
    await ok(t, 'entur.departures.list', { stopId: 'NSR:StopPlace:337' });
    await ok(t, 'entur.routes.plan', { from: 'NSR:StopPlace:337', to: '59.9297,10.7149' });
    await ok(t, 'entur.stops.autocomplete', { text: 'Oslo S', layers: 'venue' });
    expect(w.requests.map((r) => r.upstreamId)).toEqual([JP, JP, GC]);
    for (const r of w.requests) expect(r.headers['ET-Client-Name'] ?? r.headers['et-client-name']).toBe(DEFAULT_CLIENT_NAME);
    expect(DEFAULT_CLIENT_NAME).toMatch(/^[a-z_]+-[a-z_]+$/);
  });

  it('is ET_CLIENT_NAME when the operator sets it', async () => {
    const w = watching();
    const t = createTestApp({ transport: w.transport, env: { ET_CLIENT_NAME: 'acme-travelbot' } });
    await ok(t, 'entur.stops.autocomplete', { text: 'Oslo S', layers: 'venue' });
    await ok(t, 'entur.departures.list', { stopId: 'NSR:StopPlace:337' });
    for (const r of w.requests) expect(r.headers['ET-Client-Name'] ?? r.headers['et-client-name']).toBe('acme-travelbot');
  });
});
