// The met server (MET Norway Locationforecast 2.0 and Sunrise 3.0) over MCP and its connector
// routes, answered by recordings (tests/recordings/met/). Also MET's terms: coordinates truncated
// to 4 decimals, the identifying User-Agent, and Expires / If-Modified-Since honoured.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutgoingRequest, RawResponse, Transport } from '../runtime/upstream/transport.js';
import { KEYS, callTool, callToolError, createTestApp, replay, type TestApp } from './helpers/app.js';

const SLUG = 'met';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('met') ?? 0;

/** The replay transport, with every request kept for the test to look at. */
function watched(answer?: (req: OutgoingRequest) => RawResponse | undefined) {
  const requests: OutgoingRequest[] = [];
  const transport: Transport = {
    send: async (req) => {
      requests.push(req);
      return answer?.(req) ?? replay().send(req);
    },
  };
  return { requests, transport };
}

async function ok(t: TestApp, name: string, args: unknown) {
  const r = await callTool(t, SLUG, name, args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}

describe('met.varsel.punkt', () => {
  const name = 'met.varsel.punkt';

  it('answers the example: the compact forecast for Oslo, mapped per time step', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { lat: 59.9139, lon: 10.7522, altitude: 23 });
    expect(d).toMatchObject({ lat: 59.9139, lon: 10.7522, altitude: 23, updatedAt: '2026-11-22T11:43:57Z', count: 5 });
    expect(d.units).toMatchObject({ air_temperature: 'celsius', wind_speed: 'm/s', precipitation_amount: 'mm' });
    expect(d.timeseries[0]).toEqual({
      time: '2026-11-22T12:00:00Z',
      instant: { air_pressure_at_sea_level: 1012.4, air_temperature: 1.8, cloud_area_fraction: 87.5, relative_humidity: 83.1, wind_from_direction: 204.6, wind_speed: 2.3 },
      next1h: { symbol: 'cloudy', details: { precipitation_amount: 0 } },
      next6h: { symbol: 'lightsnow', details: { precipitation_amount: 0.4 } },
      next12h: { symbol: 'snow', details: {} },
    });
    // Far ahead MET gives no 1-hour (and later no 6-hour) period.
    expect(d.timeseries[3].next1h).toBeNull();
    expect(d.timeseries[4]).toMatchObject({ next1h: null, next6h: null, next12h: { symbol: 'partlycloudy_day' } });
  });

  it('answers without altitude (MET uses its terrain height) and through its connector route', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { lat: 60.3929, lon: 5.3242 });
    expect(d).toMatchObject({ lat: 60.3929, lon: 5.3242, altitude: null, count: 5 });
    const res = await t.fetch('/api/connectors/met/varsel?lat=59.9139&lon=10.7522&altitude=23', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).timeseries[1].instant.air_temperature).toBe(1.6);
  });

  it('truncates the coordinates to 4 decimals before the call and sends the identifying User-Agent', async () => {
    const w = watched();
    const t = createTestApp({ transport: w.transport });
    const d = await ok(t, name, { lat: 59.91398765, lon: 10.75229999, altitude: 23 });
    expect(d).toMatchObject({ lat: 59.9139, lon: 10.7522 });
    expect(w.requests).toHaveLength(1);
    const url = new URL(w.requests[0].url);
    expect(url.origin + url.pathname).toBe('https://api.met.no/weatherapi/locationforecast/2.0/compact');
    expect(url.searchParams.get('lat')).toBe('59.9139');
    expect(url.searchParams.get('lon')).toBe('10.7522');
    const ua = w.requests[0].headers['user-agent'];
    expect(ua).toBe(t.services.config.userAgent);
    expect(ua).toMatch(/^nordic-open-data-host\/\S+ \(\+http/);
  });

  it.each([
    [{ lat: 90.5, lon: 10 }, 'lat', /at most 90/],
    [{ lat: 59, lon: -180.1 }, 'lon', /at least -180/],
    [{ lon: 10 }, 'lat', /required/],
    [{ lat: 59, lon: 10, altitude: 12.5 }, 'altitude', /must be an integer/],
  ])('refuses %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    const res = await t.fetch(`/api/connectors/met/varsel?${new URLSearchParams(Object.entries(args).map(([k, v]) => [k, String(v)]))}`, { headers: auth });
    expect(res.status).toBe(400);
    expect(sent(t)).toBe(0);
  });

  it('reports an upstream failure (MET\'s HTML error page) as 502 after retrying', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { lat: 1, lon: 1 });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t)).toBe(3);
  });
});

describe('MET caching: Expires and If-Modified-Since', () => {
  afterEach(() => vi.useRealTimers());

  it('sends nothing before Expires, then If-Modified-Since with the exact Last-Modified, and a 304 renews the answer', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
    const w = watched((req) =>
      req.headers['if-modified-since']
        ? { status: 304, headers: { date: new Date().toUTCString(), expires: new Date(Date.now() + 1800_000).toUTCString(), 'last-modified': 'Sun, 22 Nov 2026 11:43:57 GMT' }, body: Buffer.alloc(0) }
        : undefined,
    );
    const t = createTestApp({ transport: w.transport });
    const args = { lat: 59.9139, lon: 10.7522, altitude: 23 };
    const first = await ok(t, 'met.varsel.punkt', args);
    expect(w.requests).toHaveLength(1);
    expect(w.requests[0].headers['if-modified-since']).toBeUndefined();

    // 20 minutes later: the answer's Expires (12:30:41) has not passed, so MET is not asked.
    vi.setSystemTime(new Date('2026-11-22T12:20:00Z'));
    expect(await ok(t, 'met.varsel.punkt', args)).toEqual(first);
    expect(w.requests).toHaveLength(1);

    // After Expires: a conditional request with Last-Modified as MET sent it; 304 keeps the answer.
    vi.setSystemTime(new Date('2026-11-22T12:31:00Z'));
    expect(await ok(t, 'met.varsel.punkt', args)).toEqual(first);
    expect(w.requests).toHaveLength(2);
    expect(w.requests[1].headers['if-modified-since']).toBe('Sun, 22 Nov 2026 11:43:57 GMT');

    // The 304's own Expires (30 minutes on) is honoured in turn.
    vi.setSystemTime(new Date('2026-11-22T12:50:00Z'));
    await ok(t, 'met.varsel.punkt', args);
    expect(w.requests).toHaveLength(2);
  });
});

describe('met.varsel.komplett', () => {
  it('answers the example with the complete variant\'s extra details', async () => {
    const w = watched();
    const t = createTestApp({ transport: w.transport });
    const d = await ok(t, 'met.varsel.komplett', { lat: 59.9139, lon: 10.7522, altitude: 23 });
    expect(new URL(w.requests[0].url).pathname).toBe('/weatherapi/locationforecast/2.0/complete');
    expect(d.units.probability_of_thunder).toBe('%');
    expect(d.timeseries[0].instant).toMatchObject({ air_temperature: 1.8, dew_point_temperature: -1.1, air_temperature_percentile_90: 2.5, wind_speed_of_gust: 4.4 });
    expect(d.timeseries[0].next1h.details).toMatchObject({ probability_of_precipitation: 21.4, probability_of_thunder: 0 });
    expect(d.timeseries[0].next6h.details).toMatchObject({ air_temperature_max: 3, air_temperature_min: 0.2 });
    expect(d.timeseries[0].next12h).toEqual({ symbol: 'snow', details: { probability_of_precipitation: 38 } });
  });
});

describe('met.sun.tider', () => {
  const name = 'met.sun.tider';

  it('answers the example for today in UTC with offset +00:00', async () => {
    const w = watched();
    const t = createTestApp({ transport: w.transport });
    const d = await ok(t, name, { lat: 59.9139, lon: 10.7522 });
    expect(d).toEqual({
      lat: 59.9139,
      lon: 10.7522,
      date: '2026-11-22',
      offset: '+00:00',
      sunrise: { time: '2026-11-22T07:43+00:00', azimuth: 138.84 },
      sunset: { time: '2026-11-22T14:41+00:00', azimuth: 221.23 },
      solarnoon: { time: '2026-11-22T11:12+00:00', elevation: 9.95, visible: true },
      solarmidnight: { time: '2026-11-22T23:12+00:00', elevation: -50.23, visible: false },
      polar: null,
    });
    const url = new URL(w.requests[0].url);
    expect(url.searchParams.get('date')).toBe('2026-11-22');
    expect(url.searchParams.get('offset')).toBe('+00:00');
  });

  it('takes a date and an offset, also on its connector route', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { lat: 59.9139, lon: 10.7522, date: '2026-06-21', offset: '+02:00' });
    expect(d).toMatchObject({ sunrise: { time: '2026-06-21T03:54+02:00' }, sunset: { time: '2026-06-21T22:44+02:00' }, polar: null });
    const res = await t.fetch('/api/connectors/met/sol?lat=59.9139&lon=10.7522&date=2026-06-21&offset=%2B02:00', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).sunset.azimuth).toBe(325.48);
  });

  it('answers polar night in Tromsø plainly: no sunrise or sunset, and says so', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { lat: 69.6492, lon: 18.9553, date: '2026-12-21', offset: '+01:00' });
    expect(d).toMatchObject({ sunrise: { time: null, azimuth: null }, sunset: { time: null, azimuth: null }, polar: 'polar_night', solarnoon: { elevation: -3.3, visible: false } });
    expect(d.note).toMatch(/^Polar night: the sun does not rise/);
  });

  it('answers midnight sun in Tromsø plainly', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { lat: 69.6492, lon: 18.9553, date: '2026-06-21', offset: '+02:00' });
    expect(d).toMatchObject({ sunrise: { time: null }, sunset: { time: null }, polar: 'midnight_sun', solarmidnight: { elevation: 3.33, visible: true } });
    expect(d.note).toMatch(/^Midnight sun: the sun does not set/);
  });

  it('explains a date with a sunset but no sunrise (the sun rose the day before)', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { lat: 67.28, lon: 14.4049, date: '2026-07-10', offset: '+02:00' });
    expect(d).toMatchObject({ sunrise: { time: null }, sunset: { time: '2026-07-11T00:41+02:00' }, polar: null });
    expect(d.note).toMatch(/No sunrise on 2026-07-10/);
  });

  it.each([
    [{ lat: 59, lon: 10, offset: '+1' }, 'offset', /UTC offset/],
    [{ lat: 59, lon: 10, offset: '+15:00' }, 'offset', /UTC offset/],
    [{ lat: 59, lon: 10, date: '2026-02-30' }, 'date', /not a calendar date/],
    [{ lat: 59, lon: 10, date: '22.11.2026' }, 'date', /YYYY-MM-DD/],
    [{ lat: -91, lon: 10 }, 'lat', /at least -90/],
  ])('refuses %j naming the field', async (args, field, bound) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
  });

  it('reports an upstream failure as 502', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { lat: 1, lon: 1 });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });
});
