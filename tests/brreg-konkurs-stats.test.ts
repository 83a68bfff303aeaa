// Bankruptcy statistics (servers/brreg/konkurs-stats.ts) on the kbo-*.json recordings, which
// tests/recordings/brreg/kbo-generate.mjs writes. The clock is pinned to 2026-11-22T12:00:00Z.
import { describe, expect, it } from 'vitest';
import { countyOf, UNKNOWN_NO_ADDRESS, UNKNOWN_PRE_2024, UNKNOWN_UNRECOGNISED } from '../servers/brreg/counties.js';
import { KEYS, callTool, createTestApp, rpc, type TestApp } from './helpers/app.js';

const SHARED = ['brreg', 'brreg-konkurs'] as const;
const auth = { headers: { authorization: `Bearer ${KEYS.pro}` } };

/** Upstream requests sent by this app so far. */
const sent = (t: TestApp) => t.services.upstream.sent.get('brreg') ?? 0;

async function ok(t: TestApp, slug: string, name: string, args: unknown) {
  const r = await callTool(t, slug, name, args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}

async function refused(name: string, args: unknown, slug = 'brreg') {
  const r = await callTool(createTestApp(), slug, name, args);
  expect(r.isError).toBe(true);
  expect(r.data.error.code).toBe('invalid_input');
  return r.data.error.message as string;
}

// Illustrative month counts of the recordings, 2024-01 .. 2026-11.
const MONTHS_2024 = [406, 360, 397, 355, 394, 364, 229, 428, 462, 464, 447, 370];
const MONTHS_2025 = [525, 454, 490, 427, 463, 418, 258, 472, 498, 490, 463, 383];
const MONTHS_2026 = [531, 459, 495, 432, 468, 423, 261, 477, 504, 495, 343];
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('brreg.konkurs.by_county', () => {
  it.each(SHARED)('answers its example on %s: counts per county, all 16 listed, descending', async (slug) => {
    const t = createTestApp();
    const d = await ok(t, slug, 'brreg.konkurs.by_county', { year: 2026, nace: '47.761' });
    expect(d.period).toEqual({ fraAar: 2026, tilAar: 2026, from: '2026-01-01', to: '2026-12-31' });
    expect(d.filters).toEqual({ nace: '47.761' });
    expect(d).toMatchObject({ total: 7, counted: 7, truncated: false, note: null });
    expect(d.counties).toHaveLength(16);
    expect(d.counties.slice(0, 7)).toEqual([
      { fylkesnummer: '03', fylke: 'Oslo', count: 2 },
      { fylkesnummer: '11', fylke: 'Rogaland', count: 1 },
      { fylkesnummer: '32', fylke: 'Akershus', count: 1 },
      { fylkesnummer: '42', fylke: 'Agder', count: 1 },
      { fylkesnummer: '46', fylke: 'Vestland', count: 1 },
      { fylkesnummer: '50', fylke: 'Trøndelag', count: 1 },
      { fylkesnummer: '15', fylke: 'Møre og Romsdal', count: 0 },
    ]);
    expect(d.counties.map((c: { fylkesnummer: string }) => c.fylkesnummer)).toContain('21');
    expect(d.coverage).toMatchObject({ completeFrom: '2024-11-22', undercounted: false });
    expect(d.coverage.basis).toMatch(/organisasjonsform KBO/);
    expect(d.coverage.caveat).toMatch(/deleted .* wound up.*two years/);
    expect(sent(t)).toBe(1);
  });

  it.each(SHARED)('answers on the connector route of %s', async (slug) => {
    const t = createTestApp();
    const res = await t.fetch(`/api/connectors/${slug}/konkurs/by-county?year=2026&nace=47.761`, auth);
    expect(res.status).toBe(200);
    const d = await res.json();
    expect(d.total).toBe(7);
    expect(d.counties[0]).toEqual({ fylkesnummer: '03', fylke: 'Oslo', count: 2 });
  });

  it('accepts year with an equal fraAar and tilAar (year = fraAar = tilAar), the same answer as year alone', async () => {
    const t = createTestApp();
    const alone = await ok(t, 'brreg', 'brreg.konkurs.by_county', { year: 2026, nace: '47.761' });
    const both = await ok(t, 'brreg', 'brreg.konkurs.by_county', { year: 2026, fraAar: 2026, tilAar: 2026, nace: '47.761' });
    const til = await ok(t, 'brreg', 'brreg.konkurs.by_county', { year: 2026, tilAar: 2026, nace: '47.761' });
    expect(both).toEqual(alone);
    expect(til).toEqual(alone);
  });

  it('refuses year with a disagreeing fraAar or tilAar, naming the fields and the values', async () => {
    const message = await refused('brreg.konkurs.by_county', { year: 2026, fraAar: 2025 });
    expect(message).toBe(
      'year: year 2026 means fraAar = tilAar = 2026, so fraAar must equal it when sent along (got fraAar 2025); give year alone for one calendar year, or fraAar and tilAar without year for a range',
    );
    expect(await refused('brreg.konkurs.by_county', { year: 2026, fraAar: 2026, tilAar: 2027 })).toMatch(/^year: .*so tilAar must equal it .*\(got tilAar 2027\)/);
    expect(await refused('brreg.konkurs.by_county', { year: 2026, fraAar: 2024, tilAar: 2025 })).toMatch(/so fraAar and tilAar must equal it .*\(got fraAar 2024, tilAar 2025\)/);
  });

  it('rejects years outside 1900-9999, naming the field and the bound', async () => {
    expect(await refused('brreg.konkurs.by_county', { year: 1899 })).toBe('year: must be at least 1900 (got 1899)');
    expect(await refused('brreg.konkurs.by_county', { year: 10000 })).toBe('year: must be at most 9999 (got 10000)');
    expect(await refused('brreg.konkurs.by_county', { fraAar: 1899 })).toBe('fraAar: must be at least 1900 (got 1899)');
    expect(await refused('brreg.konkurs.by_county', { tilAar: 10000 })).toBe('tilAar: must be at most 9999 (got 10000)');
  });

  it('refuses fraAar after tilAar, also when tilAar is the default (the current year)', async () => {
    expect(await refused('brreg.konkurs.by_county', { fraAar: 2026, tilAar: 2025 })).toMatch(/^tilAar: must not be before fraAar/);
    expect(await refused('brreg.konkurs.by_county', { fraAar: 2030 })).toMatch(/fraAar 2030 is after tilAar 2026 \(tilAar defaults to the current year 2026/);
  });

  it('rejects a malformed NACE code by name', async () => {
    expect(await refused('brreg.konkurs.by_county', { year: 2026, nace: 'abc' })).toMatch(/^nace: must be a NACE code/);
  });

  it('reports an upstream failure (HTTP 500) as upstream_unavailable, 502 on the route', async () => {
    const t = createTestApp();
    const r = await callTool(t, 'brreg-konkurs', 'brreg.konkurs.by_county', { year: 2025, nace: '56.101' });
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(r.data.error.message).toMatch(/HTTP 500/);
    const res = await createTestApp().fetch('/api/connectors/brreg/konkurs/by-county?year=2025&nace=56.101', auth);
    expect(res.status).toBe(502);
    expect((await res.json()).code).toBe('upstream_unavailable');
  });
});

describe('brreg.konkurs.industry_breakdown', () => {
  it.each(SHARED)('answers its example on %s: descending by count, unknown code last', async (slug) => {
    const t = createTestApp();
    const d = await ok(t, slug, 'brreg.konkurs.industry_breakdown', { year: 2026, kommunenummer: '4203' });
    expect(d).toMatchObject({ total: 9, counted: 9, truncated: false, filters: { nace: null, kommunenummer: '4203' } });
    expect(d.industries).toEqual([
      { naeringskode: '43.120', beskrivelse: 'Grunnarbeid', count: 3 },
      { naeringskode: '56.101', beskrivelse: 'Drift av restauranter og kafeer', count: 2 },
      { naeringskode: '41.000', beskrivelse: 'Oppføring av bygninger', count: 1 },
      { naeringskode: '47.710', beskrivelse: 'Butikkhandel med klær', count: 1 },
      { naeringskode: '49.410', beskrivelse: 'Godstransport på vei', count: 1 },
      { naeringskode: null, beskrivelse: 'unknown (no industry code)', count: 1 },
    ]);
    expect(d.divisions).toEqual([
      { division: '43', count: 3 },
      { division: '56', count: 2 },
      { division: '41', count: 1 },
      { division: '47', count: 1 },
      { division: '49', count: 1 },
    ]);
    expect(d.coverage.undercounted).toBe(false);
  });

  it('answers an empty result (no _embedded upstream) with total 0 and empty lists', async () => {
    const t = createTestApp();
    const d = await ok(t, 'brreg', 'brreg.konkurs.industry_breakdown', { year: 2026, nace: '01', kommunenummer: '0301' });
    expect(d).toMatchObject({ total: 0, counted: 0, truncated: false, industries: [], divisions: [], note: null });
  });

  it('rejects years and municipality numbers out of bounds by name', async () => {
    expect(await refused('brreg.konkurs.industry_breakdown', { fraAar: 1899 })).toBe('fraAar: must be at least 1900 (got 1899)');
    expect(await refused('brreg.konkurs.industry_breakdown', { year: 10000 })).toBe('year: must be at most 9999 (got 10000)');
    expect(await refused('brreg.konkurs.industry_breakdown', { year: 2026, kommunenummer: '301' })).toMatch(/^kommunenummer: must be exactly 4 digits/);
  });

  it('accepts year with equal fraAar and tilAar, and refuses a disagreeing tilAar by name', async () => {
    const t = createTestApp();
    const alone = await ok(t, 'brreg', 'brreg.konkurs.industry_breakdown', { year: 2026, kommunenummer: '4203' });
    expect(await ok(t, 'brreg', 'brreg.konkurs.industry_breakdown', { year: 2026, fraAar: 2026, tilAar: 2026, kommunenummer: '4203' })).toEqual(alone);
    expect(await refused('brreg.konkurs.industry_breakdown', { year: 2026, tilAar: 2025 })).toMatch(/^year: .*tilAar must equal it .*\(got tilAar 2025\)/);
  });
});

describe('brreg.konkurs.monthly', () => {
  it.each(SHARED)('answers its example on %s: 24 exact month counts, yoy suppressed with a reason', async (slug) => {
    const t = createTestApp();
    const d = await ok(t, slug, 'brreg.konkurs.monthly', { months: 24 });
    expect(d).toMatchObject({ months: 24, from: '2024-12-01', to: '2026-11-30' });
    expect(d.series).toHaveLength(24);
    expect(d.series[0]).toEqual({ month: '2024-12', from: '2024-12-01', to: '2024-12-31', count: 370, partial: false, undercounted: false, yoyChange: null, yoyAbsolute: null });
    expect(d.series[23]).toMatchObject({ month: '2026-11', count: 343, partial: true });
    expect(d.series.map((m: { count: number }) => m.count)).toEqual([370, ...MONTHS_2025, ...MONTHS_2026]);
    expect(d.total).toBe(370 + sum(MONTHS_2025) + sum(MONTHS_2026));
    for (const m of d.series) expect([m.yoyChange, m.yoyAbsolute]).toEqual([null, null]);
    expect(d.coverage.yearOverYear).toBe('suppressed');
    expect(d.coverage.yearOverYearReason).toMatch(/always null.*deleted many of the wound-up estates/);
    expect(d.coverage.caveat).toMatch(/two years/);
    expect(sent(t)).toBe(24);
  });

  it('defaults to 24 months', async () => {
    const d = await ok(createTestApp(), 'brreg', 'brreg.konkurs.monthly', {});
    expect(d.months).toBe(24);
    expect(d.series).toHaveLength(24);
  });

  it('answers 60 months with one request per month and flags the undercounted months', async () => {
    const t = createTestApp();
    const d = await ok(t, 'brreg-konkurs', 'brreg.konkurs.monthly', { months: 60 });
    expect(d.series).toHaveLength(60);
    expect(d.series[0]).toMatchObject({ month: '2021-12', count: 102, undercounted: true });
    expect(d.series.filter((m: { undercounted: boolean }) => m.undercounted)).toHaveLength(36);
    expect(d.coverage.undercounted).toBe(true);
    expect(sent(t)).toBe(60);
  });

  it('rejects months 0 and 61, naming the field and the bound', async () => {
    expect(await refused('brreg.konkurs.monthly', { months: 0 })).toBe('months: must be at least 1 (got 0)');
    expect(await refused('brreg.konkurs.monthly', { months: 61 }, 'brreg-konkurs')).toBe('months: must be at most 60 (got 61)');
    const res = await createTestApp().fetch('/api/connectors/brreg-konkurs/konkurs/monthly?months=61', auth);
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toBe('months: must be at most 60 (got 61)');
  });

  it('takes "last N months" from the clock, in Norwegian time', async () => {
    const march = createTestApp({ env: { FIXED_NOW: '2026-03-15T09:00:00Z' } });
    const d = await ok(march, 'brreg', 'brreg.konkurs.monthly', { months: 1 });
    expect(d.series).toEqual([expect.objectContaining({ month: '2026-03', count: 495, partial: true })]);
    // 23:30 UTC on 31 October is already 1 November in Oslo.
    const night = createTestApp({ env: { FIXED_NOW: '2026-10-31T23:30:00Z' } });
    expect((await ok(night, 'brreg', 'brreg.konkurs.monthly', { months: 1 })).series[0].month).toBe('2026-11');
  });
});

describe('brreg.konkurs.trend', () => {
  it.each(SHARED)('answers its example on %s: quarters of the default years, current quarter partial', async (slug) => {
    const t = createTestApp();
    const d = await ok(t, slug, 'brreg.konkurs.trend', { granularity: 'quarter' });
    expect(d.period).toEqual({ fraAar: 2024, tilAar: 2026, from: '2024-01-01', to: '2026-12-31' });
    expect(d).toMatchObject({ granularity: 'quarter', method: 'count-per-period', truncated: false, note: null });
    expect(d.series.map((q: { period: string; count: number }) => [q.period, q.count])).toEqual([
      ['2024-Q1', 1163], ['2024-Q2', 1113], ['2024-Q3', 1119], ['2024-Q4', 1281],
      ['2025-Q1', 1469], ['2025-Q2', 1308], ['2025-Q3', 1228], ['2025-Q4', 1336],
      ['2026-Q1', 1485], ['2026-Q2', 1323], ['2026-Q3', 1242], ['2026-Q4', 838],
    ]);
    expect(d.series[11]).toMatchObject({ from: '2026-10-01', to: '2026-12-31', partial: true });
    expect(d.series[0].undercounted).toBe(true);
    expect(d.series[4].undercounted).toBe(false);
    expect(d.total).toBe(sum([...MONTHS_2024, ...MONTHS_2025, ...MONTHS_2026]));
    expect(d.coverage).toMatchObject({ undercounted: true, completeFrom: '2024-11-22' });
    expect(sent(t)).toBe(12);
  });

  it('defaults to months from the current year minus 2 through the current month', async () => {
    const t = createTestApp();
    const d = await ok(t, 'brreg', 'brreg.konkurs.trend', {});
    expect(d.granularity).toBe('month');
    expect(d.series).toHaveLength(35);
    expect(d.series[0].period).toBe('2024-01');
    expect(d.series[34]).toMatchObject({ period: '2026-11', partial: true });
    expect(d.series.map((m: { count: number }) => m.count)).toEqual([...MONTHS_2024, ...MONTHS_2025, ...MONTHS_2026]);
    expect(sent(t)).toBe(35);
  });

  it('counts whole years, and `year` means one calendar year', async () => {
    const years = await ok(createTestApp(), 'brreg', 'brreg.konkurs.trend', { granularity: 'year' });
    expect(years.series.map((y: { period: string; count: number; partial: boolean }) => [y.period, y.count, y.partial])).toEqual([
      ['2024', 4676, false],
      ['2025', 5341, false],
      ['2026', 4888, true],
    ]);
    const one = await ok(createTestApp(), 'brreg-konkurs', 'brreg.konkurs.trend', { year: 2026, granularity: 'quarter' });
    expect(one.period).toMatchObject({ fraAar: 2026, tilAar: 2026 });
    expect(one.series.map((q: { period: string }) => q.period)).toEqual(['2026-Q1', '2026-Q2', '2026-Q3', '2026-Q4']);
  });

  it('lists the estates once above 60 periods and gap-fills the series with zeros', async () => {
    const t = createTestApp();
    const d = await ok(t, 'brreg', 'brreg.konkurs.trend', { fraAar: 2020, tilAar: 2026, nace: '47.761' });
    expect(d).toMatchObject({ method: 'listing', total: 12, truncated: false });
    expect(d.series).toHaveLength(83);
    const labels = d.series.map((m: { period: string }) => m.period);
    expect(labels[0]).toBe('2020-01');
    expect(labels[82]).toBe('2026-11');
    expect(new Set(labels).size).toBe(83);
    const nonZero = d.series.filter((m: { count: number }) => m.count > 0).map((m: { period: string; count: number }) => [m.period, m.count]);
    expect(nonZero).toEqual([
      ['2021-03', 1], ['2022-10', 1], ['2024-05', 1], ['2025-01', 1], ['2025-08', 1],
      ['2026-01', 1], ['2026-02', 1], ['2026-04', 1], ['2026-06', 1], ['2026-07', 1], ['2026-09', 1], ['2026-10', 1],
    ]);
    expect(d.series.find((m: { period: string }) => m.period === '2020-01').count).toBe(0);
    expect(sent(t)).toBe(1);
  });

  it('accepts year with equal fraAar/tilAar, and refuses disagreeing ones and a tilAar before the default fraAar', async () => {
    const t = createTestApp();
    expect(await ok(t, 'brreg', 'brreg.konkurs.trend', { year: 2030, fraAar: 2030, tilAar: 2030 })).toMatchObject({ period: { fraAar: 2030, tilAar: 2030 }, series: [] });
    expect(await refused('brreg.konkurs.trend', { year: 2026, fraAar: 2024 })).toMatch(/^year: year 2026 means fraAar = tilAar = 2026, so fraAar must equal it/);
    expect(await refused('brreg.konkurs.trend', { tilAar: 2020 })).toMatch(/fraAar 2024 is after tilAar 2020 \(fraAar defaults to the current year minus 2/);
  });

  it('rejects out-of-range years and an unknown granularity by name', async () => {
    expect(await refused('brreg.konkurs.trend', { tilAar: 10000 })).toBe('tilAar: must be at most 9999 (got 10000)');
    expect(await refused('brreg.konkurs.trend', { fraAar: 1899 })).toBe('fraAar: must be at least 1900 (got 1899)');
    expect(await refused('brreg.konkurs.trend', { granularity: 'week' })).toBe('granularity: must be one of "month", "quarter", "year" (got "week")');
  });

  it('answers an empty series for years that have not begun', async () => {
    const t = createTestApp();
    const d = await ok(t, 'brreg', 'brreg.konkurs.trend', { year: 2030 });
    expect(d).toMatchObject({ total: 0, series: [], truncated: false });
    expect(d.note).toMatch(/has not begun/);
    expect(sent(t)).toBe(0);
  });
});

describe('brreg.statistikk.konkurser', () => {
  it('answers its example: total, truncated, and distributions per month, industry code and municipality', async () => {
    const t = createTestApp();
    const d = await ok(t, 'brreg', 'brreg.statistikk.konkurser', { fraAar: 2024, tilAar: 2026, naeringskode: '43.12', kommunenummer: '4203' });
    expect(d).toMatchObject({ total: 5, counted: 5, truncated: false, filters: { naeringskode: '43.12', kommunenummer: '4203' } });
    expect(d.byMonth).toHaveLength(35);
    expect(d.byMonth[0]).toEqual({ month: '2024-01', count: 0, partial: false });
    expect(d.byMonth[34]).toEqual({ month: '2026-11', count: 0, partial: true });
    expect(d.byMonth.filter((m: { count: number }) => m.count > 0).map((m: { month: string }) => m.month)).toEqual(['2024-03', '2025-01', '2026-02', '2026-05', '2026-08']);
    expect(d.byNaeringskode).toEqual([{ naeringskode: '43.120', beskrivelse: 'Grunnarbeid', count: 5 }]);
    expect(d.byKommune).toEqual([{ kommunenummer: '4203', kommune: 'ARENDAL', count: 5 }]);
    expect(d.coverage.undercounted).toBe(true);
    expect(sent(t)).toBe(1);
  });

  it('is not offered by the bankruptcy server', async () => {
    const r = await rpc(createTestApp(), 'brreg-konkurs', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const names = r.body.result.tools.map((x: { name: string }) => x.name);
    expect(names).toEqual(expect.arrayContaining(['brreg.konkurs.by_county', 'brreg.konkurs.industry_breakdown', 'brreg.konkurs.monthly', 'brreg.konkurs.trend']));
    expect(names).not.toContain('brreg.statistikk.konkurser');
  });

  it('marks an answer truncated at the upstream depth of 10 000 and keeps total exact (11 years)', async () => {
    const t = createTestApp();
    const d = await ok(t, 'brreg', 'brreg.statistikk.konkurser', { fraAar: 2016, tilAar: 2026 });
    expect(d).toMatchObject({ total: 21904, counted: 20, truncated: true });
    expect(d.note).toMatch(/^Only 20 of 21904 estates could be read \(the upstream lists at most 10000 hits of a search\)/);
    expect(d.byMonth).toHaveLength(11 * 12 - 1);
    expect(sum(d.byNaeringskode.map((x: { count: number }) => x.count))).toBe(20);
    expect(sent(t)).toBe(10);
  });

  it('refuses a 12-year span, naming fraAar, tilAar and the bound', async () => {
    expect(await refused('brreg.statistikk.konkurser', { fraAar: 2015, tilAar: 2026 })).toBe(
      'tilAar: fraAar and tilAar may span at most 11 calendar years (got 2015 to 2026: 12 years)',
    );
    // tilAar defaults to the current year (2026): 2010-2026 is 17 years.
    expect(await refused('brreg.statistikk.konkurser', { fraAar: 2010 })).toMatch(/^tilAar: fraAar and tilAar may span at most 11 calendar years \(got 2010 to 2026: 17 years\)/);
  });

  it('rejects out-of-range years by name', async () => {
    expect(await refused('brreg.statistikk.konkurser', { fraAar: 1899, tilAar: 1900 })).toBe('fraAar: must be at least 1900 (got 1899)');
    expect(await refused('brreg.statistikk.konkurser', { tilAar: 10000 })).toBe('tilAar: must be at most 9999 (got 10000)');
  });
});

describe('counties of the 2024 structure', () => {
  it('maps a municipality number by its first two digits', () => {
    expect(countyOf('0301')).toEqual({ fylkesnummer: '03', fylke: 'Oslo' });
    expect(countyOf('3201')).toEqual({ fylkesnummer: '32', fylke: 'Akershus' });
    expect(countyOf('5601')).toEqual({ fylkesnummer: '56', fylke: 'Finnmark' });
    expect(countyOf('2100')).toEqual({ fylkesnummer: '21', fylke: 'Svalbard' });
  });

  it('puts older structures and missing numbers in unknown buckets', () => {
    expect(countyOf('3024')).toEqual({ fylkesnummer: null, fylke: UNKNOWN_PRE_2024 });
    expect(countyOf('5401')).toEqual({ fylkesnummer: null, fylke: UNKNOWN_PRE_2024 });
    expect(countyOf('1201')).toEqual({ fylkesnummer: null, fylke: UNKNOWN_PRE_2024 });
    expect(countyOf(undefined)).toEqual({ fylkesnummer: null, fylke: UNKNOWN_NO_ADDRESS });
    expect(countyOf('9999')).toEqual({ fylkesnummer: null, fylke: UNKNOWN_UNRECOGNISED });
  });
});
