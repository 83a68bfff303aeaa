// The sodir server over MCP and its connector routes: four tools on FactPages tables downloaded as
// CSV into file indexes (tests/recordings/sodir-factpages/: field, field_production_monthly,
// field_reserves, company; the newest published month is 2026-08).
import { beforeEach, describe, expect, it } from 'vitest';
import { resetFileIndexes } from '../runtime/file-index.js';
import { KEYS, callTool, callToolError, createTestApp, type TestApp } from './helpers/app.js';

const SLUG = 'sodir';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('sodir-factpages') ?? 0;
const months = (data: { months: { month: string }[] }) => data.months.map((m) => m.month);

// The tables are indexes shared by the whole process: every test starts from none loaded.
beforeEach(() => resetFileIndexes());

describe('sodir.produksjon.liste', () => {
  const name = 'sodir.produksjon.liste';

  it('answers the example: the newest three published months of one field, with totals', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { field: 'TROLL', lastMonths: 3 });
    expect(r.data).toMatchObject({ field: 'TROLL', period: { from: '2026-06', to: '2026-08' }, kilde: { register: 'Sodir FactPages' } });
    expect(r.data.months[0]).toEqual({ month: '2026-06', oil: 0.21, gas: 3.42, ngl: 0, condensate: 0, oe: 3.63, water: 0.1 });
    expect(months(r.data)).toEqual(['2026-06', '2026-07', '2026-08']);
    expect(r.data.totals).toEqual({ oil: 0.6279, gas: 10.2258, ngl: 0, condensate: 0, oe: 10.8537, water: 0.299 });
    expect(r.data.units).toMatch(/gas in billion Sm3/);
  });

  it('takes the field name in any case, and sums every field without one', async () => {
    const t = createTestApp();
    const lower = await callTool(t, SLUG, name, { field: 'johan sverdrup', lastMonths: 1 });
    expect(lower.data).toMatchObject({ field: 'JOHAN SVERDRUP', months: [{ month: '2026-08', oil: 4.6556 }] });
    const all = await callTool(t, SLUG, name, { lastMonths: 1 });
    expect(all.data).toMatchObject({ field: null, period: { from: '2026-08', to: '2026-08' } });
    // TROLL, JOHAN SVERDRUP, EKOFISK, OSEBERG, SNØHVIT and ALVHEIM in 2026-08.
    expect(all.data.months[0].oil).toBeCloseTo((0.21 + 4.52 + 0.61 + 0.09 + 0 + 0.26) * 1.03, 6);
  });

  it('counts lastMonths back from the newest published month, 24 by default', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { field: 'TROLL' });
    expect(r.data.period).toEqual({ from: '2024-09', to: '2026-08' });
    expect(months(r.data)).toEqual(['2025-11', '2025-12', '2026-06', '2026-07', '2026-08']);
  });

  it('takes a year instead of lastMonths when both are given', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { field: 'TROLL', year: 2025, lastMonths: 1 });
    expect(r.data.period).toEqual({ from: '2025-01', to: '2025-12' });
    expect(months(r.data)).toEqual(['2025-11', '2025-12']);
  });

  it('answers an empty list with a note for a period without production', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { field: 'TROLL', year: 1975 });
    expect(r.data).toMatchObject({ months: [], totals: { oil: null, gas: null } });
    expect(r.data.note).toMatch(/no production for TROLL in 1975-01 to 1975-12/);
  });

  it('answers not_found for a field FactPages does not have', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { field: 'ATLANTIS' });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    const res = await t.fetch('/api/connectors/sodir/produksjon?field=ATLANTIS', { headers: auth });
    expect(res.status).toBe(404);
  });

  it.each([
    [{ lastMonths: 0 }, /lastMonths: must be at least 1/],
    [{ lastMonths: 121 }, /lastMonths: must be at most 120/],
    [{ year: 2025.5 }, /year: must be an integer/],
    [{ field: '' }, /field: /],
  ])('refuses %j naming the field and the bound', async (args, rule) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(rule);
    expect(sent(t)).toBe(0);
  });

  it('downloads each table once for many calls', async () => {
    const t = createTestApp();
    await callTool(t, SLUG, name, { field: 'TROLL' });
    await callTool(t, SLUG, name, { field: 'EKOFISK', lastMonths: 2 });
    await callTool(t, SLUG, 'sodir.produksjon.per-operator', {});
    // field_production_monthly once, then the field table once for per-operator.
    expect(sent(t)).toBe(2);
  });

  it('reports a failing export as upstream_unavailable (502), saying when it will be tried again', async () => {
    // A stand-in base URL whose recording plays the failure (tests/recordings/sodir-factpages/).
    const t = createTestApp({ env: { SODIR_FACTPAGES_BASE_URL: 'https://factpages-failing.test' } });
    const e = await callToolError(t, SLUG, name, { field: 'TROLL' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(e.message).toMatch(/monthly field production table could not be loaded/);
  });
});

describe('sodir.produksjon.per-operator', () => {
  const name = 'sodir.produksjon.per-operator';

  it('answers the example: production summed per current field operator, largest first', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { lastMonths: 3 });
    expect(r.data.period).toEqual({ from: '2026-06', to: '2026-08' });
    expect(r.data.operators.map((o: { operator: string; fields: number }) => [o.operator, o.fields])).toEqual([
      ['Equinor Energy AS', 4],
      ['ConocoPhillips Skandinavia AS', 1],
      ['Aker BP ASA', 1],
    ]);
    expect(r.data.operators[2]).toEqual({ operator: 'Aker BP ASA', fields: 1, oil: 0.7774, gas: 0.1495, ngl: 0, condensate: 0, oe: 0.9269 });
  });

  it('takes a year over lastMonths', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { year: 2025, lastMonths: 3 });
    expect(r.data.period).toEqual({ from: '2025-01', to: '2025-12' });
    expect(r.data.operators).toEqual([{ operator: 'Equinor Energy AS', fields: 1, oil: 0.4578, gas: 7.4556, ngl: 0, condensate: 0, oe: 7.9134 }]);
    const old = await callTool(t, SLUG, name, { year: 2004 });
    expect(old.data.operators.map((o: { operator: string }) => o.operator)).toEqual(['TotalEnergies EP Norge AS']);
  });

  it('answers an empty list with a note for a year without production', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { year: 1960 });
    expect(r.data).toMatchObject({ operators: [] });
    expect(r.data.note).toMatch(/no production in 1960-01 to 1960-12/);
  });

  it.each([
    [{ lastMonths: 0 }, /lastMonths: must be at least 1/],
    [{ lastMonths: 121 }, /lastMonths: must be at most 120/],
  ])('refuses %j naming the field and the bound', async (args, rule) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(rule);
  });

  it('answers through its connector route, refusing lastMonths 121 with a 400 Problem', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/sodir/produksjon/per-operator?lastMonths=1', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).operators[0].operator).toBe('Equinor Energy AS');
    const bad = await t.fetch('/api/connectors/sodir/produksjon/per-operator?lastMonths=121', { headers: auth });
    expect(bad.status).toBe(400);
  });
});

describe('sodir.reserver.liste', () => {
  const name = 'sodir.reserver.liste';

  it('answers the example: producing fields of an operator found by part of its name, largest remaining first', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { status: 'Producing', operator: 'equinor' });
    expect(r.data).toMatchObject({ status: 'Producing', operator: 'equinor', count: 4 });
    expect(r.data.fields.map((f: { field: string }) => f.field)).toEqual(['TROLL', 'JOHAN SVERDRUP', 'SNØHVIT', 'OSEBERG']);
    expect(r.data.fields[0]).toEqual({
      field: 'TROLL',
      status: 'Producing',
      operator: 'Equinor Energy AS',
      recoverable: { oil: 1682.4, gas: 1436.2, ngl: 0, condensate: 0, oe: 3118.6 },
      remaining: { oil: 42.1, gas: 402.7, ngl: 0, condensate: 0, oe: 444.8 },
      asOf: '2025-12-31',
      kind: 'field',
    });
  });

  it('takes the upper-case alias of a status, and filters by status or operator alone', async () => {
    const t = createTestApp();
    const upper = await callTool(t, SLUG, name, { status: 'PRODUCING', operator: 'EQUINOR' });
    expect(upper.data.count).toBe(4);
    const shut = await callTool(t, SLUG, name, { status: 'SHUT DOWN' });
    expect(shut.data.fields.map((f: { field: string; status: string }) => [f.field, f.status])).toEqual([['FRIGG', 'Shut down']]);
    const aker = await callTool(t, SLUG, name, { operator: 'aker' });
    expect(aker.data.fields.map((f: { field: string }) => f.field)).toEqual(['ALVHEIM', '16/1-12 (Troldhaugen)']);
    const all = await callTool(t, SLUG, name, {});
    // Eight fields and three discoveries.
    expect(all.data.count).toBe(11);
  });

  it('reads the discovery reserves for Discovery: every discovery with its own status and operator (issue 25 item 11)', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { status: 'Discovery' });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.data).toMatchObject({ status: 'Discovery', count: 3 });
    expect(r.data.fields.map((f: { field: string }) => f.field)).toEqual(['7324/8-1 (Wisting)', '16/1-12 (Troldhaugen)', '35/11-13 (Astero)']);
    expect(r.data.fields[0]).toEqual({
      field: '7324/8-1 (Wisting)',
      status: 'Production in clarification phase',
      operator: 'Equinor Energy AS',
      recoverable: { oil: 76, gas: 0, ngl: 0, condensate: 0, oe: 76 },
      remaining: { oil: null, gas: null, ngl: null, condensate: null, oe: null },
      asOf: '2025-12-31',
      kind: 'discovery',
    });
    const upper = await callTool(t, SLUG, name, { status: 'DISCOVERY', operator: 'okea' });
    expect(upper.data.fields.map((f: { field: string }) => f.field)).toEqual(['35/11-13 (Astero)']);
  });

  it('reads Production licence as the discoveries a production licence owns', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { status: 'Production licence' });
    expect(r.data.fields.map((f: { field: string; kind: string }) => [f.field, f.kind])).toEqual([
      ['7324/8-1 (Wisting)', 'discovery'],
      ['16/1-12 (Troldhaugen)', 'discovery'],
    ]);
    const upper = await callTool(t, SLUG, name, { status: 'PRODUCTION LICENCE' });
    expect(upper.data.count).toBe(2);
  });

  it('answers an empty list naming the statuses FactPages uses when none has the status', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { status: 'Abandoned' });
    expect(r.data).toMatchObject({ count: 0, fields: [] });
    expect(r.data.note).toBe('No field with reserves matches. The statuses FactPages gives fields with reserves are: Approved for production, Producing, Shut down.');
  });

  it('refuses a status that is neither a spec status nor its upper-case alias', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { status: 'producing' });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/status: must be one of "Producing", .*"PRODUCING"/);
    expect(sent(t)).toBe(0);
  });
});

describe('sodir.selskaper.liste', () => {
  it('lists the companies by name with organisation number and roles', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, 'sodir.selskaper.liste', {});
    expect(r.data).toMatchObject({ count: 7, currentOperators: 4, currentLicensees: 6 });
    expect(r.data.companies[0]).toEqual({ name: 'Aker BP ASA', shortName: 'AKER BP', orgnr: '989795848', nation: 'NO', npdid: '28044400', currentOperator: true, currentLicensee: true });
    expect(r.data.companies.find((c: { name: string }) => c.name === 'Saga Petroleum ASA')).toMatchObject({ orgnr: null, currentOperator: false, currentLicensee: false });
    const res = await t.fetch('/api/connectors/sodir/selskaper', { headers: auth });
    expect((await res.json()).count).toBe(7);
  });
});
