// The smhi server (SMHI snow1g point forecast and metobs observations) over MCP and its connector
// routes, answered by recordings (tests/recordings/smhi-metfcst/, tests/recordings/smhi-metobs/).
import { describe, expect, it } from 'vitest';
import { KEYS, callTool, callToolError, createTestApp, type TestApp } from './helpers/app.js';

const SLUG = 'smhi';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp, id: string) => t.services.upstream.sent.get(id) ?? 0;

async function ok(t: TestApp, name: string, args: unknown) {
  const r = await callTool(t, SLUG, name, args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}

describe('smhi.forecast', () => {
  const name = 'smhi.forecast';

  it('answers the example from snow1g, with SMHI\'s missing value 9999 as null', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { lat: 59.3293, lon: 18.0686 });
    expect(d).toMatchObject({ lat: 59.3293, lon: 18.0686, gridPoint: { lon: 18.067982, lat: 59.329563 }, referenceTime: '2026-11-22T11:00:00Z', createdTime: '2026-11-22T11:47:12Z', count: 3 });
    expect(d.timeSeries[0]).toMatchObject({ time: '2026-11-22T12:00:00Z', intervalStart: '2026-11-22T11:00:00Z' });
    expect(d.timeSeries[0].values).toMatchObject({ air_temperature: 3.1, wind_speed: 4.2, symbol_code: 6, precipitation_amount_mean: 0.2, precipitation_frozen_part: -9 });
    // 9999 is SMHI's missing-value sentinel (and "no cloud base" in clear weather), never a value.
    expect(d.timeSeries[0].values.cloud_base_altitude).toBeNull();
    expect(d.timeSeries[1].values).toMatchObject({ relative_humidity: null, symbol_code: 18 });
    const values = d.timeSeries.flatMap((s: { values: Record<string, unknown> }) => Object.values(s.values));
    expect(values).not.toContain(9999);
  });

  it('answers on its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/smhi/prognos?lat=59.3293&lon=18.0686', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).timeSeries[2].values.air_temperature).toBe(-1.2);
  });

  it('answers not_found for a point outside SMHI\'s model area', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { lat: 0, lon: 0 });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    expect(e.message).toMatch(/outside SMHI's model area/);
  });

  it('reports an upstream failure as 502', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { lat: 62, lon: 15 });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });

  it.each([
    [{ lon: 18 }, 'lat', /required/],
    [{ lat: 59 }, 'lon', /required/],
    [{ lat: 100, lon: 18 }, 'lat', /at most 90/],
  ])('refuses %j naming the field', async (args, field, bound) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t, 'smhi-metfcst')).toBe(0);
  });
});

describe('smhi.observations', () => {
  const name = 'smhi.observations';

  it('answers the example: latest-day by default, instant values with quality', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { parameter: 1, stationId: 98210 });
    expect(d).toMatchObject({
      parameter: { key: '1', name: 'Lufttemperatur', summary: 'momentanvärde, 1 gång/tim', unit: 'degree celsius' },
      station: { key: '98210', name: 'Stockholm', height: 44, lat: 59.3417, lon: 18.0549 },
      period: 'latest-day',
      count: 4,
      total: 4,
    });
    expect(d.values[0]).toEqual({ time: '2026-11-21T13:00:00.000Z', from: null, to: null, value: 2.9, quality: 'G' });
    expect(d.values[2]).toMatchObject({ value: 2.4, quality: 'Y' });
  });

  it('reads interval values of a daily parameter (latest-months) on its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/smhi/observationer/2/98210?period=latest-months', { headers: auth });
    expect(res.status).toBe(200);
    const d = await res.json();
    expect(d).toMatchObject({ period: 'latest-months', count: 3, parameter: { key: '2' } });
    expect(d.values[2]).toEqual({ time: '2026-11-21', from: '2026-11-21T00:00:01.000Z', to: '2026-11-22T00:00:00.000Z', value: -0.9, quality: 'G' });
  });

  it('answers an empty list with a note when the station reported nothing in the period', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { parameter: 1, stationId: 98210, period: 'latest-hour' });
    expect(d).toMatchObject({ count: 0, values: [] });
    expect(d.note).toMatch(/reported no values/);
  });

  it("reads the corrected archive's CSV and answers its newest 1000 values", async () => {
    const t = createTestApp();
    const d = await ok(t, name, { parameter: 1, stationId: 98210, period: 'corrected-archive' });
    expect(d).toMatchObject({
      parameter: { key: '1', name: 'Lufttemperatur', summary: 'momentanvärde, 1 gång/tim', unit: 'degree celsius' },
      station: { key: '98210', name: 'Stockholm', height: 44, lat: 59.3417, lon: 18.0549 },
      period: 'corrected-archive',
      count: 1000,
      total: 1203,
    });
    expect(d.values[999].time).toBe(new Date(Date.parse('2026-08-01T00:00:00Z') + 1202 * 3600_000).toISOString().replace('.000Z', 'Z'));
    expect(d.values[0].time).toBe(new Date(Date.parse('2026-08-01T00:00:00Z') + 203 * 3600_000).toISOString().replace('.000Z', 'Z'));
    expect(typeof d.values[0].value).toBe('number');
    expect(d.note).toMatch(/newest 1000/);
  });

  it('answers not_found for a station that does not measure the parameter', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { parameter: 1, stationId: 12345 });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    expect(e.message).toMatch(/no parameter 1 at station 12345/);
  });

  it('reports an upstream failure as 502', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { parameter: 1, stationId: 99999 });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });

  it.each([
    [{ stationId: 98210 }, 'parameter', /required/],
    [{ parameter: 1 }, 'stationId', /required/],
    [{ parameter: 1, stationId: 98210, period: 'latest-week' }, 'period', /one of "latest-hour", "latest-day", "latest-months", "corrected-archive"/],
    [{ parameter: 1.5, stationId: 98210 }, 'parameter', /integer/],
  ])('refuses %j naming the field', async (args, field, bound) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
  });
});

describe('smhi.parameters and smhi.stations', () => {
  it('lists the parameters sorted by id', async () => {
    const t = createTestApp();
    const d = await ok(t, 'smhi.parameters', {});
    expect(d.count).toBe(6);
    expect(d.parameters.map((p: { key: string }) => p.key)).toEqual(['1', '2', '4', '5', '7', '21']);
    expect(d.parameters[0]).toEqual({ key: '1', title: 'Lufttemperatur', summary: 'momentanvärde, 1 gång/tim', unit: 'degree celsius' });
    const res = await t.fetch('/api/connectors/smhi/parametrar', { headers: auth });
    expect((await res.json()).count).toBe(6);
  });

  it('lists the stations of a parameter with their active state and period', async () => {
    const t = createTestApp();
    const d = await ok(t, 'smhi.stations', { parameter: 1 });
    expect(d).toMatchObject({ parameter: { key: '1', title: 'Lufttemperatur: Välj station (sedan tidsutsnitt)', unit: 'degree celsius' }, count: 3, activeCount: 2 });
    expect(d.stations[0]).toEqual({ id: '188800', name: 'Abisko', owner: 'SMHI', height: 388, lat: 68.3557, lon: 18.8206, active: false, from: '1913-01-01T06:00:00.000Z', to: '2018-07-31T23:59:59.000Z' });
  });

  it('answers not_found for an unknown parameter, and requires parameter', async () => {
    const t = createTestApp();
    expect(await callToolError(t, SLUG, 'smhi.stations', { parameter: 999 })).toMatchObject({ code: 'not_found', status: 404 });
    const e = await callToolError(t, SLUG, 'smhi.stations', {});
    expect(e.message).toMatch(/^parameter: is required/);
  });
});
