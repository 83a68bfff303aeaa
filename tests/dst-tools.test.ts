// The dst server over MCP and its connector routes, answered by recordings of Statistics Denmark's
// StatBank API (tests/recordings/dst-statbank/, built from a trimmed live answer and DST's documented
// shapes): the table list, table information, and data with the cell check and `..` values.
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, RawResponse, Transport } from '../runtime/upstream/transport.js';
import { KEYS, callTool, callToolError, createTestApp, replay, type TestApp } from './helpers/app.js';

const SLUG = 'dst';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('dst-statbank') ?? 0;
const fails = (t: TestApp, name: string, args: unknown) => callToolError(t, SLUG, name, args);

async function ok(t: TestApp, name: string, args: unknown) {
  const r = await callTool(t, SLUG, name, args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}

function watching(): Transport & { seen: OutgoingRequest[] } {
  const seen: OutgoingRequest[] = [];
  return { seen, send: (req: OutgoingRequest): Promise<RawResponse> => (seen.push(req), replay().send(req)) };
}

describe('dst.tables.list', () => {
  const name = 'dst.tables.list';

  it('answers the example: the active tables in English by default, POSTed as DST recommends', async () => {
    const w = watching();
    const t = createTestApp({ transport: w });
    const d = await ok(t, name, {});
    expect(d).toMatchObject({ lang: 'en', count: 6 });
    expect(d.tables[0]).toEqual({
      id: 'FOLK1A',
      text: 'Population at the first day of the quarter',
      unit: 'Number',
      updated: '2026-08-10T08:00:00',
      firstPeriod: '2008Q1',
      latestPeriod: '2026Q3',
    });
    expect(w.seen.map((r) => [r.method, r.url, JSON.parse(r.body!)])).toEqual([['POST', 'https://api.statbank.dk/v1/tables', { lang: 'en', format: 'JSON' }]]);
  });

  it('refuses a language other than da or en', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { lang: 'no' });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/^lang:/);
  });

  it('reports a 500 as upstream_unavailable (502)', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { lang: 'da' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });
});

describe('dst.tables.metadata', () => {
  const name = 'dst.tables.metadata';

  it('answers the example: variables with codes, texts, elimination and time', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { tableId: 'FOLK1A' });
    expect(d).toMatchObject({ tableId: 'FOLK1A', text: 'Population at the first day of the quarter', unit: 'Number', active: true, kilde: { url: 'https://www.statistikbanken.dk/FOLK1A' } });
    expect(d.variables.map((v: { code: string; elimination: boolean; time: boolean; valueCount: number }) => [v.code, v.elimination, v.time, v.valueCount])).toEqual([
      ['OMRÅDE', true, false, 4],
      ['KØN', true, false, 3],
      ['ALDER', true, false, 5],
      ['CIVILSTAND', true, false, 5],
      ['Tid', false, true, 4],
    ]);
    expect(d.variables[4].values[3]).toEqual({ code: '2026K3', text: '2026Q3' });
  });

  it('takes the table id in any case on the connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/dst/tables/folk1a', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).tableId).toBe('FOLK1A');
  });

  it('answers 400 for a table StatBank does not have (its own answer to an unknown table)', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { tableId: 'XYZ9' });
    expect(e).toMatchObject({ code: 'invalid_input', status: 400 });
    expect(e.message).toMatch(/Statistics Denmark StatBank API rejected the request as invalid \(HTTP 400\)/);
  });

  it('reports a 500 as upstream_unavailable (502)', async () => {
    const t = createTestApp();
    expect(await fails(t, name, { tableId: 'FEJL1' })).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });

  it('refuses a table id that is not letters and digits', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { tableId: 'FOLK/1A' });
    expect(e.message).toMatch(/^tableId: must be a StatBank table id of letters and digits/);
    expect(sent(t)).toBe(0);
  });
});

describe('dst.tables.data', () => {
  const name = 'dst.tables.data';

  it('answers the example: JSON-stat 1 decoded into dimensions and row-major values', async () => {
    const w = watching();
    const t = createTestApp({ transport: w });
    const d = await ok(t, name, { tableId: 'FOLK1A', variables: [{ code: 'OMRÅDE', values: ['000', '101'] }, { code: 'Tid', values: ['*'] }] });
    // Table information first (the cell count), then the data call.
    expect(w.seen.map((r) => r.url)).toEqual(['https://api.statbank.dk/v1/tableinfo', 'https://api.statbank.dk/v1/data']);
    expect(JSON.parse(w.seen[1].body!)).toEqual({ table: 'FOLK1A', lang: 'en', format: 'JSONSTAT', variables: [{ code: 'OMRÅDE', values: ['000', '101'] }, { code: 'Tid', values: ['*'] }] });
    expect(d).toMatchObject({ tableId: 'FOLK1A', cells: 8, source: 'Statistics Denmark', status: {} });
    expect(d.dimensions.map((x: { code: string; role: string | null }) => [x.code, x.role])).toEqual([
      ['OMRÅDE', 'geo'],
      ['ContentsCode', 'metric'],
      ['Tid', 'time'],
    ]);
    expect(d.dimensions[2].values.at(-1)).toEqual({ code: '2026K3', label: '2026Q3' });
    expect(d.values.at(-1)).toBe(670389);
  });

  it('maps StatBank\'s ".." to null with status "..", and sends codes as the table spells them', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { tableId: 'folk1a', variables: [{ code: 'område', values: ['147'] }, { code: 'tid', values: ['2026K2', '2026K3'] }] });
    expect(d.variables).toEqual([
      { code: 'OMRÅDE', values: ['147'] },
      { code: 'Tid', values: ['2026K2', '2026K3'] },
    ]);
    expect(d.values).toEqual([105612, null]);
    expect(d.status).toEqual({ '1': '..' });
  });

  it('refuses a query above the cell ceiling before any data call, saying how many cells and what to narrow', async () => {
    const t = createTestApp();
    const e = await fails(t, name, {
      tableId: 'BY2',
      variables: [
        { code: 'KOMK', values: ['*'] },
        { code: 'ALDER', values: ['*'] },
        { code: 'KØN', values: ['*'] },
        { code: 'Tid', values: ['*'] },
      ],
    });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/^variables: this query selects 1,260,000 cells, above StatBank's ceiling of 1,000,000 cells/);
    expect(e.message).toMatch(/ALDER \(126 values\), KOMK \(100 values\), Tid \(50 values\)/);
    expect(sent(t)).toBe(1);
  });

  it.each([
    [[{ code: 'REGION', values: ['000'] }], /table FOLK1A has no variable "REGION"; its variables are OMRÅDE, KØN, ALDER, CIVILSTAND, Tid/],
    [[{ code: 'Tid', values: ['2030K1'] }], /"2030K1" is not a value of variable Tid in table FOLK1A/],
    [[{ code: 'Tid', values: ['*'] }, { code: 'TID', values: ['2026K3'] }], /variable Tid is given twice/],
  ])('refuses variables StatBank would reject, naming them: %j', async (variables, message) => {
    const t = createTestApp();
    const e = await fails(t, name, { tableId: 'FOLK1A', variables });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(message);
    expect(sent(t)).toBe(1);
  });

  it('reports a failing data call as upstream_unavailable (502)', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { tableId: 'FOLK1A', variables: [{ code: 'OMRÅDE', values: ['084'] }] });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });

  it('answers the same through its connector route by POST', async () => {
    const t = createTestApp();
    const args = { variables: [{ code: 'OMRÅDE', values: ['000', '101'] }, { code: 'Tid', values: ['*'] }] };
    const mcp = await ok(t, name, { tableId: 'FOLK1A', ...args });
    const res = await t.fetch('/api/connectors/dst/tables/FOLK1A/data', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(args) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(mcp);
  });
});
