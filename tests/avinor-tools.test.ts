// The avinor server over MCP and its connector routes, answered by recordings of Avinor's XML feeds
// (tests/recordings/avinor/, ISO-8859-1 bodies; readable copies in xml/): flights.list,
// status.list, airlines.list and airports.list.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RecordingFile } from '../runtime/upstream/recordings.js';
import { KEYS, callTool, callToolError, createTestApp, type TestApp } from './helpers/app.js';

const SLUG = 'avinor';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('avinor') ?? 0;

async function ok(t: TestApp, name: string, args: unknown) {
  const r = await callTool(t, SLUG, name, args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}
const fails = (t: TestApp, name: string, args: unknown) => callToolError(t, SLUG, name, args);

describe('avinor.flights.list', () => {
  const name = 'avinor.flights.list';

  it('answers the example: every flight at OSL from 1 h back to 7 h ahead, in order of scheduled time', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { airport: 'OSL' });
    expect(d).toMatchObject({ airport: 'OSL', direction: null, from: '1', to: '7', lastUpdate: '2026-11-22T11:58:41.517302Z', total: 11, count: 11 });
    expect(d.flights.map((f: { flightId: string }) => f.flightId)).toEqual(['SK4155', 'DY743', 'DY620', 'WF141', 'KL1143', 'LH861', 'SK268', 'BA763', 'AY911', 'SK1469', 'QR175']);
    expect(d.flights[0]).toEqual({
      id: '1617001101',
      flightId: 'SK4155',
      airline: 'SK',
      direction: 'D',
      airport: 'BGO',
      via: [],
      scheduled: '2026-11-22T11:05:00Z',
      domInt: 'D',
      checkIn: '1 2',
      gate: 'C10',
      belt: null,
      status: { code: 'D', time: '2026-11-22T11:12:00Z' },
      delayed: true,
    });
    const byId = new Map(d.flights.map((f: { flightId: string }) => [f.flightId, f]));
    expect(byId.get('DY743')).toMatchObject({ direction: 'A', airport: 'TOS', belt: '4', status: { code: 'A', time: '2026-11-22T11:09:00Z' }, delayed: false });
    expect(byId.get('DY620')).toMatchObject({ status: { code: 'C', time: null } });
    expect(byId.get('WF141')).toMatchObject({ airport: 'FDE', via: ['SOG'], status: { code: 'E', time: '2026-11-22T12:35:00Z' } });
    expect(byId.get('LH861')).toMatchObject({ domInt: 'S', gate: 'E16', status: null, delayed: false });
    expect(byId.get('BA763')).toMatchObject({ domInt: 'I' });
    expect(sent(t)).toBe(1);
  });

  it('takes the airport in any case (the feed wants upper case)', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { airport: 'osl' });
    expect(d).toMatchObject({ airport: 'OSL', total: 11 });
  });

  it('passes direction, from and to as Avinor\'s direction, TimeFrom and TimeTo, on the connector route too', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/avinor/flights/OSL?direction=A&from=2&to=3', { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ airport: 'OSL', direction: 'A', from: '2', to: '3', total: 5 });
    expect(body.flights.every((f: { direction: string }) => f.direction === 'A')).toBe(true);
    expect(body.flights[0]).toMatchObject({ flightId: 'DY601', scheduled: '2026-11-22T10:20:00Z', belt: '2' });
  });

  it('takes from and to as JSON numbers too (the spec types them as strings)', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { airport: 'OSL', direction: 'A', from: 2, to: 3 });
    expect(d).toMatchObject({ from: '2', to: '3', total: 5 });
  });

  it('returns at most limit flights, the earliest first, and says how many the window holds', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { airport: 'OSL', limit: 3 });
    expect(d).toMatchObject({ total: 11, count: 3 });
    expect(d.flights.map((f: { flightId: string }) => f.flightId)).toEqual(['SK4155', 'DY743', 'DY620']);
  });

  it.each([
    [{}, 'airport', /required|expected string/i],
    [{ airport: 'OS' }, 'airport', /3-letter IATA airport code/],
    [{ airport: 'OSLO' }, 'airport', /3-letter IATA airport code/],
    [{ airport: 'OS1' }, 'airport', /3-letter IATA airport code/],
    [{ airport: 'OSL', direction: 'X' }, 'direction', /"D"|"A"/],
    [{ airport: 'OSL', from: '0' }, 'from', /1 to 7/],
    [{ airport: 'OSL', from: '8' }, 'from', /1 to 7/],
    [{ airport: 'OSL', to: '8' }, 'to', /1 to 7/],
    [{ airport: 'OSL', to: 8 }, 'to', /1 to 7/],
    [{ airport: 'OSL', to: '1.5' }, 'to', /1 to 7/],
    [{ airport: 'OSL', limit: 0 }, 'limit', /at least 1|>=1/],
    [{ airport: 'OSL', limit: 201 }, 'limit', /at most 200|<=200/],
  ])('refuses %j naming the field and the bound, and calls nothing', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });

  it('refuses an out-of-bounds limit on the connector route with a 400 Problem', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/avinor/flights/OSL?limit=500', { headers: auth });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect((await res.json()).detail).toMatch(/limit/);
  });

  it('answers an empty list with a note when the window has no flights', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { airport: 'LYR', direction: 'D', from: '1', to: '1' });
    expect(d).toMatchObject({ airport: 'LYR', direction: 'D', total: 0, count: 0, flights: [], lastUpdate: '2026-11-22T11:55:03.881020Z' });
    expect(d.note).toMatch(/no departures at LYR/);
  });

  it('reports an upstream failure as upstream_unavailable (502) after the retries', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { airport: 'SVG' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t)).toBe(3);
  });

  it("caches the feed for Avinor's three minutes, shared by flights.list and status.list", async () => {
    const t = createTestApp();
    const tool = t.services.registry.server(SLUG)!.toolsByName.get(name)!;
    expect(tool.def.cacheTtlSeconds).toBe(180);
    await ok(t, name, { airport: 'OSL' });
    await ok(t, name, { airport: 'osl', limit: 2 });
    expect(sent(t)).toBe(1);
    await ok(t, 'avinor.status.list', { airport: 'OSL' });
    // Only the status code list was fetched: the flight feed came from the cache.
    expect(sent(t)).toBe(2);
  });
});

describe('avinor.status.list', () => {
  const name = 'avinor.status.list';

  it("answers the example: the flights at OSL with a status, each code's meaning from Avinor's status list", async () => {
    const t = createTestApp();
    const d = await ok(t, name, { airport: 'OSL' });
    expect(d).toMatchObject({ airport: 'OSL', lastUpdate: '2026-11-22T11:58:41.517302Z', count: 7 });
    expect(d.codes).toEqual([
      { code: 'A', textEn: 'Arrived', textNo: 'Landet', count: 1 },
      { code: 'C', textEn: 'Cancelled', textNo: 'Innstilt', count: 1 },
      { code: 'D', textEn: 'Departed', textNo: 'Avreist', count: 1 },
      { code: 'E', textEn: 'New time', textNo: 'Ny tid', count: 3 },
      { code: 'N', textEn: 'New info', textNo: 'Ny info', count: 1 },
    ]);
    expect(d.flights.map((f: { flightId: string }) => f.flightId)).toEqual(['SK4155', 'DY743', 'DY620', 'WF141', 'KL1143', 'BA763', 'QR175']);
    expect(d.flights[3]).toEqual({
      flightId: 'WF141',
      airline: 'WF',
      direction: 'D',
      airport: 'FDE',
      scheduled: '2026-11-22T12:10:00Z',
      status: { code: 'E', time: '2026-11-22T12:35:00Z', textEn: 'New time', textNo: 'Ny tid' },
      delayed: true,
    });
    expect(d.flights[2].status).toEqual({ code: 'C', time: null, textEn: 'Cancelled', textNo: 'Innstilt' });
  });

  it('answers on its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/avinor/flights/OSL/status', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).count).toBe(7);
  });

  it('answers an empty list with a note, and every code with count 0, when no flight has a status yet', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { airport: 'SOG' });
    expect(d).toMatchObject({ airport: 'SOG', count: 0, flights: [] });
    expect(d.codes.map((c: { count: number }) => c.count)).toEqual([0, 0, 0, 0, 0]);
    expect(d.note).toMatch(/No flight at SOG/);
  });

  it('refuses a missing or malformed airport', async () => {
    const t = createTestApp();
    for (const args of [{}, { airport: 'X1Y' }]) {
      const e = await fails(t, name, args);
      expect(e.code).toBe('invalid_input');
      expect(e.message).toContain('airport:');
    }
    expect(sent(t)).toBe(0);
  });

  it('reports an upstream failure as upstream_unavailable (502)', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { airport: 'SVG' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });
});

describe('avinor.airlines.list and avinor.airports.list', () => {
  it("answer Avinor's name lists, read in the feeds' ISO-8859-1", async () => {
    const t = createTestApp();
    const airlines = await ok(t, 'avinor.airlines.list', {});
    expect(airlines.count).toBe(9);
    expect(airlines.airlines[0]).toEqual({ code: 'AA', name: 'American Airlines' });
    expect(airlines.airlines).toContainEqual({ code: 'WF', name: 'Widerøe' });
    const airports = await ok(t, 'avinor.airports.list', {});
    expect(airports.count).toBe(15);
    expect(airports.airports).toContainEqual({ code: 'CPH', name: 'København' });
    expect(airports.airports).toContainEqual({ code: 'HOV', name: 'Ørsta-Volda' });
  });

  it('answer on their connector routes, and are cached for a day', async () => {
    const t = createTestApp();
    for (const [path, key] of [['/api/connectors/avinor/airlines', 'airlines'], ['/api/connectors/avinor/airports', 'airports']]) {
      const res = await t.fetch(path, { headers: auth });
      expect(res.status, path).toBe(200);
      expect((await res.json())[key].length).toBeGreaterThan(0);
    }
    await ok(t, 'avinor.airlines.list', {});
    expect(sent(t)).toBe(2);
    expect(t.services.registry.server(SLUG)!.toolsByName.get('avinor.airlines.list')!.def.cacheTtlSeconds).toBe(86_400);
  });

  it('answer an empty list with a note', async () => {
    const t = createTestApp({ env: { AVINOR_BASE_URL: 'https://avinor-empty.test' } });
    const d = await ok(t, 'avinor.airlines.list', {});
    expect(d).toMatchObject({ count: 0, airlines: [] });
    expect(d.note).toMatch(/empty/);
  });

  it('report an upstream failure, or a page that is not the list, as upstream_unavailable (502)', async () => {
    const t = createTestApp({ env: { AVINOR_BASE_URL: 'https://avinor-down.test' } });
    expect(await fails(t, 'avinor.airlines.list', {})).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    const e = await fails(t, 'avinor.airports.list', {});
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502, detailCode: 'malformed_answer' });
    expect(e.message).toMatch(/not a list of airport names/);
  });

  it('take no input', async () => {
    const t = createTestApp();
    const e = await fails(t, 'avinor.airports.list', { q: 'Oslo' });
    expect(e.code).toBe('invalid_input');
  });
});

describe('avinor recordings', () => {
  it('carry exactly the ISO-8859-1 encoding of their readable copies', () => {
    const dir = 'tests/recordings/avinor';
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const rec = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as RecordingFile;
      const copy = /Readable copy: xml\/([\w.-]+\.xml)/.exec(rec.source ?? '')?.[1] ?? (file.startsWith('stand-in-airlineNames-empty') ? 'airlineNames-empty.xml' : undefined);
      if (!rec.response.base64) continue;
      expect(copy, file).toBeDefined();
      expect(Buffer.from(rec.response.base64, 'base64').equals(Buffer.from(readFileSync(`${dir}/xml/${copy}`, 'utf8'), 'latin1')), file).toBe(true);
    }
  });
});
