// The ssb server over MCP, its connector routes and the data proxy's POST path, answered by
// recordings of SSB's PxWebApi 2 (tests/recordings/ssb-pxwebapi/): 05300 and 13760 metadata are
// live captures, the rest is built in their form (each file's `source` says how).
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, RawResponse, Transport } from '../runtime/upstream/transport.js';
import { KEYS, callTool, callToolError, createTestApp, replay, type TestApp } from './helpers/app.js';

const SLUG = 'ssb';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('ssb-pxwebapi') ?? 0;
const fails = (t: TestApp, name: string, args: unknown) => callToolError(t, SLUG, name, args);

async function ok(t: TestApp, name: string, args: unknown) {
  const r = await callTool(t, SLUG, name, args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}

/** The replay transport, keeping every request it is sent. */
function watching(): Transport & { seen: OutgoingRequest[] } {
  const seen: OutgoingRequest[] = [];
  return { seen, send: (req: OutgoingRequest): Promise<RawResponse> => (seen.push(req), replay().send(req)) };
}

describe('ssb.indicator', () => {
  const name = 'ssb.indicator';

  it('answers the example: the AKU unemployment rate as {period, value} pairs, naming its table and measure', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { id: 'unemployment-aku', months: 3 });
    expect(d).toMatchObject({
      mode: 'series',
      indicator: { id: 'unemployment-aku', table: '13760' },
      table: { id: '13760', url: 'https://www.ssb.no/statbank/table/13760', discontinued: false },
      unit: 'per cent',
      frequency: 'monthly',
      kilde: { register: 'Statistisk sentralbyrå, Statistikkbanken', url: 'https://www.ssb.no/statbank/table/13760' },
    });
    expect(d.table.label).toMatch(/^13760: Labour force/);
    expect(d.observations).toEqual([
      { period: '2026M06', value: 4.6 },
      { period: '2026M07', value: 4.2 },
      { period: '2026M08', value: 4.5 },
    ]);
    expect(d.measure).toEqual([
      { variableCode: 'Kjonn', valueCode: '0', label: 'Both sexes' },
      { variableCode: 'Alder', valueCode: '15-74', label: '15-74 years' },
      { variableCode: 'Justering', valueCode: 'S', label: 'Seasonally adjusted' },
      { variableCode: 'ContentsCode', valueCode: 'ArbledProsArbstyrk', label: 'Unemployment rate (LFS)' },
    ]);
    // Metadata first (cached), then one data call asking for the last 3 months.
    expect(sent(t)).toBe(2);
  });

  it('takes an alias and sends top(months) on the time variable', async () => {
    const w = watching();
    const t = createTestApp({ transport: w });
    const d = await ok(t, name, { id: 'aku', months: 3 });
    expect(d.indicator.id).toBe('unemployment-aku');
    const post = w.seen.find((r) => r.method === 'POST')!;
    expect(post.url).toBe('https://data.ssb.no/api/pxwebapi/v2/tables/13760/data?lang=en&outputFormat=json-stat2');
    expect(JSON.parse(post.body!).selection.at(-1)).toEqual({ variableCode: 'Tid', valueCodes: ['top(3)'] });
  });

  it('lists the ten indicators, and finds them by words, without calling SSB', async () => {
    const t = createTestApp();
    const all = await ok(t, name, { list: true });
    expect(all.mode).toBe('list');
    expect(all.indicators.map((i: { id: string }) => i.id)).toEqual([
      'cpi',
      'cpi-ate',
      'unemployment-aku',
      'gdp',
      'wages',
      'industrial-production',
      'retail-sales',
      'house-prices',
      'population',
      'credit-c3',
    ]);
    expect(all.indicators.find((i: { id: string }) => i.id === 'cpi')).toMatchObject({ table: '14700', aliases: expect.arrayContaining(['kpi']) });
    const found = await ok(t, name, { search: 'house' });
    expect(found.indicators.map((i: { id: string }) => i.id)).toEqual(['house-prices']);
    const none = await ok(t, name, { search: 'bitcoin' });
    expect(none).toMatchObject({ mode: 'list', indicators: [] });
    expect(none.note).toMatch(/No indicator matches "bitcoin"/);
    expect(sent(t)).toBe(0);
  });

  it('reports SSB failing as upstream_unavailable (502), for the table the indicator reads', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { id: 'house-prices' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });

  it.each([
    [{ id: 'cpi', months: 0 }, 'months', /at least 1/],
    [{ id: 'cpi', months: 241 }, 'months', /at most 240/],
    [{ id: 'inflation-nowcast' }, 'id', /one of/],
    [{}, 'id', /give id \(an indicator or alias\)/],
    [{ id: 'cpi', list: true }, 'id', /not both/],
  ])('refuses %j naming %s and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });
});

describe('ssb.tables.list', () => {
  const name = 'ssb.tables.list';

  it('answers the example: current tables only, with paging', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { query: '03013 OR 14710', lang: 'en', pageSize: 1 });
    expect(d).toMatchObject({ query: '03013 OR 14710', page: 1, pageSize: 1, totalElements: 1, totalPages: 1, hasMore: false });
    expect(d.tables).toEqual([
      {
        id: '14710',
        label: '14710: Consumer price index (2025=100) 1920M03-2026M10',
        updated: '2026-11-10T07:00:00Z',
        firstPeriod: '1920M03',
        lastPeriod: '2026M10',
        timeUnit: 'Monthly',
        variables: ['contents', 'month'],
        url: 'https://www.ssb.no/statbank/table/14710',
      },
    ]);
  });

  it('sends page as pageNumber with the default pageSize 50, and answers an empty list with a note', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/ssb/tables?query=zzxqy', { headers: auth });
    expect(res.status).toBe(200);
    const d = await res.json();
    expect(d).toMatchObject({ page: 1, pageSize: 50, totalElements: 0, tables: [] });
    expect(d.note).toMatch(/No current SSB table matches/);
  });

  it.each([
    [{ pageSize: 0 }, 'pageSize', /at least 1/],
    [{ pageSize: 201 }, 'pageSize', /at most 200/],
    [{ page: 0 }, 'page', /at least 1/],
    [{ lang: 'sv' }, 'lang', /"no"|no/],
  ])('refuses %j naming %s', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
  });

  it('reports SSB being down as upstream_unavailable (502)', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { query: 'feilsituasjon' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });
});

describe('ssb.tables.metadata', () => {
  const name = 'ssb.tables.metadata';

  it('answers the example: variables with codes, labels, elimination and time', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { tableId: '05300', lang: 'no' });
    expect(d).toMatchObject({ tableId: '05300', updated: '2022-05-24T06:00:00Z', discontinued: false, kilde: { url: 'https://www.ssb.no/statbank/table/05300' } });
    expect(d.variables.map((v: { code: string; valueCount: number; time: boolean }) => [v.code, v.valueCount, v.time])).toEqual([
      ['Avstand1', 6, false],
      ['Kulturtilbud', 8, false],
      ['ContentsCode', 1, false],
      ['Tid', 9, true],
    ]);
    expect(d.variables[1].values[6]).toEqual({ code: '07', label: 'Folkebibliotek' });
  });

  it('answers 404 for a table SSB does not have, on MCP and the connector route', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { tableId: '99999', lang: 'no' });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    expect(e.message).toMatch(/SSB has no table 99999/);
    expect((await t.fetch('/api/connectors/ssb/tables/99999?lang=no', { headers: auth })).status).toBe(404);
  });

  it.each([['1'], ['123456789'], ['07a59']])('refuses tableId %s naming the 2 to 8 digits', async (tableId) => {
    const t = createTestApp();
    const e = await fails(t, name, { tableId });
    expect(e.message).toMatch(/^tableId: must be an SSB table number of 2 to 8 digits/);
    expect(sent(t)).toBe(0);
  });

  it('reports a 500 as upstream_unavailable after the retries', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { tableId: '11111', lang: 'no' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t)).toBe(3);
  });
});

describe('ssb.tables.data', () => {
  const name = 'ssb.tables.data';
  const example = {
    tableId: '05300',
    lang: 'no',
    selection: [
      { variableCode: 'Kulturtilbud', valueCodes: ['01', '07'] },
      { variableCode: 'Tid', valueCodes: ['top(2)'] },
    ],
  };

  it('answers the example: a left-out variable is all its values, figures in row-major order, missing as null', async () => {
    const w = watching();
    const t = createTestApp({ transport: w });
    const d = await ok(t, name, example);
    // Metadata before data: the cell count is known before SSB is asked for figures.
    expect(w.seen.map((r) => r.method)).toEqual(['GET', 'POST']);
    expect(JSON.parse(w.seen[1].body!)).toEqual({
      selection: [
        { variableCode: 'Avstand1', valueCodes: ['*'] },
        { variableCode: 'Kulturtilbud', valueCodes: ['01', '07'] },
        { variableCode: 'ContentsCode', valueCodes: ['*'] },
        { variableCode: 'Tid', valueCodes: ['top(2)'] },
      ],
    });
    expect(d.cells).toBe(24);
    expect(d.dimensions.map((x: { code: string; values: unknown[] }) => [x.code, x.values.length])).toEqual([
      ['Avstand1', 6],
      ['Kulturtilbud', 2],
      ['ContentsCode', 1],
      ['Tid', 2],
    ]);
    expect(d.dimensions[2].values[0]).toEqual({ code: 'Avstand', label: 'Avstand til nærmeste lokale/sted', unit: 'prosent' });
    expect(d.dimensions[3].role).toBe('time');
    expect(d.values.slice(0, 4)).toEqual([22, 23, 53, 55]);
    expect(d.values[23]).toBeNull();
    expect(d.status).toEqual({ '23': '..' });
  });

  it('refuses a selection above 800 000 cells before any data call, saying how many and how to narrow', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { tableId: '07459', lang: 'en' });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/^selection: this query selects 1,738,400 cells, above SSB's ceiling of 800,000 cells per extract/);
    expect(e.message).toMatch(/Region \(200 values\), Alder \(106 values\), Tid \(41 values\)/);
    expect(e.message).toMatch(/top\(n\)/);
    expect((e as unknown as { cells: number }).cells).toBe(1738400);
    expect(sent(t)).toBe(1);
  });

  it('counts expressions against the metadata: top(n) on time brings the same table under the ceiling', async () => {
    const posts: OutgoingRequest[] = [];
    // Data calls answer 503 here: what matters is whether the check let one go out, and what it sent.
    const t = createTestApp({
      transport: { send: (req) => (req.method === 'POST' ? (posts.push(req), Promise.resolve({ status: 503, headers: {}, body: Buffer.from('') })) : replay().send(req)) },
    });
    // 200 x 2 x 106 x 1 x 19 years = 805 600 cells are refused; from(2009) is 18 years, 763 200 cells.
    const tooMany = await fails(t, name, { tableId: '07459', lang: 'en', selection: [{ variableCode: 'Tid', valueCodes: ['top(19)'] }] });
    expect(tooMany.message).toMatch(/805,600 cells/);
    expect(posts).toHaveLength(0);
    const within = await fails(t, name, { tableId: '07459', lang: 'en', selection: [{ variableCode: 'tid', valueCodes: ['from(2009)'] }] });
    expect(within.code).toBe('upstream_unavailable');
    expect(JSON.parse(posts[0].body!).selection.at(-1)).toEqual({ variableCode: 'Tid', valueCodes: ['from(2009)'] });
  });

  it.each([
    [[{ variableCode: 'Fylke', valueCodes: ['03'] }], /has no variable "Fylke"; its variables are Avstand1, Kulturtilbud, ContentsCode, Tid/],
    [[{ variableCode: 'Tid', valueCodes: ['1999'] }], /"1999" is not a value of variable Tid in table 05300/],
    [[{ variableCode: 'Tid', valueCodes: ['2021'] }, { variableCode: 'tid', valueCodes: ['2016'] }], /variable Tid is given twice/],
  ])('refuses a selection SSB would reject, naming the variable or code: %j', async (selection, message) => {
    const t = createTestApp();
    const e = await fails(t, name, { tableId: '05300', lang: 'no', selection });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(message);
    expect(sent(t)).toBe(1);
  });

  it('answers 404 for an unknown table', async () => {
    const t = createTestApp();
    expect((await fails(t, name, { tableId: '99999', lang: 'no' })).code).toBe('not_found');
  });

  it('reports a failing data call as upstream_unavailable (502)', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { tableId: '05300', lang: 'no', selection: [{ variableCode: 'Kulturtilbud', valueCodes: ['08'] }] });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });

  it('answers the same through its connector route, by POST with a JSON body', async () => {
    const t = createTestApp();
    const mcp = await ok(t, name, example);
    const res = await t.fetch('/api/connectors/ssb/tables/05300/data', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ lang: 'no', selection: example.selection }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(mcp);
  });
});

describe('POST /api/data/ssb/... (REST spec 4.1): a tables.data query longer than a URL takes', () => {
  const months: string[] = [];
  for (let i = 0; months.length < 220; i++) months.push(`${2008 + Math.floor(i / 12)}M${String((i % 12) + 1).padStart(2, '0')}`);
  const query = {
    lang: 'en',
    selection: [
      { variableCode: 'Kjonn', valueCodes: ['0'] },
      { variableCode: 'Alder', valueCodes: ['15-74'] },
      { variableCode: 'Justering', valueCodes: ['S'] },
      { variableCode: 'ContentsCode', valueCodes: ['ArbledProsArbstyrk'] },
      { variableCode: 'Tid', valueCodes: months },
    ],
  };

  it('forwards the JSON body to the connector route and answers what the MCP tool answers', async () => {
    const body = JSON.stringify(query);
    expect(body.length).toBeGreaterThan(2000);
    const t = createTestApp();
    const res = await t.fetch('/api/data/ssb/tables/13760/data', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body });
    expect(res.status).toBe(200);
    const viaProxy = await res.json();
    expect(viaProxy.cells).toBe(220);
    expect(viaProxy.dimensions.at(-1).values.map((v: { code: string }) => v.code)).toEqual(months);
    const mcp = await ok(createTestApp(), 'ssb.tables.data', { tableId: '13760', ...query });
    expect(viaProxy).toEqual(mcp);
  });

  it('validates the body as the tool does (a 400 Problem naming the field)', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/data/ssb/tables/13760/data', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...query, lang: 'sv' }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toMatch(/^lang:/);
  });
});

describe('ssb.microdata.preset_query', () => {
  const name = 'ssb.microdata.preset_query';

  it('answers 503 source_migrated without MICRODATA_TOKEN too (no credential unlocks it), and calls nothing', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { preset: 'wage_growth_by_sector', aar: 2023 });
    expect(e).toMatchObject({ code: 'source_migrated', status: 503 });
    expect(e.missing).toBeUndefined();
    expect([...t.services.upstream.sent.values()].reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('with a token answers 503 source_migrated, saying microdata.no has no public API, and sends the token nowhere', async () => {
    const w = watching();
    const t = createTestApp({ transport: w, env: { MICRODATA_TOKEN: 'secret-token' } });
    const e = await fails(t, name, { preset: 'employment_rate_by_education_level', fraAar: 2020, tilAar: 2023 });
    expect(e).toMatchObject({ code: 'source_migrated', status: 503, detailCode: 'source_migrated', alternative: 'ssb.tables.list, ssb.tables.data' });
    expect(e.message).toMatch(/microdata\.no documents no public API/);
    expect(w.seen).toEqual([]);
  });

  it.each([
    [{ preset: 'income_by_shoe_size' }, 'preset', /one of/],
    [{ aar: 2023, fraAar: 2020 }, 'aar', /not both/],
    [{ fraAar: 2024, tilAar: 2020 }, 'fraAar', /must not be after tilAar/],
  ])('refuses %j naming %s', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
  });
});

describe('SSB request rate', () => {
  it('holds the published 30 requests per minute for all callers: the 31st answers 503 upstream_rate_cap', async () => {
    const notFound: Transport = { send: async () => ({ status: 404, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"type":"Not found","title":"Non-existent table","status":404}') }) };
    const t = createTestApp({ transport: notFound });
    for (let i = 0; i < 30; i++) expect((await fails(t, 'ssb.tables.metadata', { tableId: String(10000 + i) })).code).toBe('not_found');
    const e = (await fails(t, 'ssb.tables.metadata', { tableId: '10030' })) as unknown as Record<string, unknown>;
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 503, detailCode: 'upstream_rate_cap' });
    expect(e.svcRetryAfterMs).toBeGreaterThan(0);
    expect(sent(t)).toBe(30);
  });
});
