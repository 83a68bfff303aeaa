// The arbeidstilsynet server over MCP and its connector routes. It calls no upstream: datasets lists
// Arbeidstilsynet's open data, and fatalities and summary answer that the fatal-accident statistics
// are not published as open data (servers/arbeidstilsynet/catalogue.ts).
import { describe, expect, it } from 'vitest';
import { KEYS, callTool, callToolError, createTestApp } from './helpers/app.js';

const SLUG = 'arbeidstilsynet';
const auth = { authorization: `Bearer ${KEYS.pro}` };

describe('arbeidstilsynet.datasets', () => {
  it('lists the open registers and marks the fatality statistics as not machine-readable', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, 'arbeidstilsynet.datasets', {});
    expect(r.isError).toBe(false);
    expect(r.data.count).toBe(6);
    expect(r.data.datasets[0]).toMatchObject({ id: 'renholdsregisteret', format: 'XML', url: 'https://registerdata.arbeidstilsynet.no/renhold_register.xml', maskinlesbar: true });
    const fatal = r.data.datasets.filter((d: { id: string }) => d.id.startsWith('dodsulykker'));
    expect(fatal.map((d: { id: string }) => d.id)).toEqual(['dodsulykker-ulykkestype', 'dodsulykker-maaned']);
    expect(fatal.every((d: { maskinlesbar: boolean; url: string | null }) => !d.maskinlesbar && d.url === null)).toBe(true);
    expect([...t.services.upstream.sent.values()].reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('takes no input', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, 'arbeidstilsynet.datasets', { q: 'x' });
    expect(e.code).toBe('invalid_input');
  });
});

describe('arbeidstilsynet.fatalities', () => {
  const name = 'arbeidstilsynet.fatalities';

  it('answers available false with no rows and where to read the figures (example)', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { dataset: 'ulykkestype', year: 2025 });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ dataset: 'ulykkestype', filter: { year: 2025, fromYear: null, toYear: null }, available: false, rows: [] });
    expect(r.data.note).toMatch(/not as open data/);
    expect(r.data.kilde).toEqual({ register: 'Arbeidstilsynet', url: 'https://www.arbeidstilsynet.no' });
  });

  it('defaults dataset to ulykkestype and takes maaned with a range', async () => {
    const t = createTestApp();
    expect((await callTool(t, SLUG, name, {})).data.dataset).toBe('ulykkestype');
    const r = await callTool(t, SLUG, name, { dataset: 'maaned', fromYear: 2015, toYear: 2024 });
    expect(r.data).toMatchObject({ dataset: 'maaned', filter: { year: null, fromYear: 2015, toYear: 2024 } });
  });

  it.each([
    [{ year: 999 }, 'year', /1000/],
    [{ year: 10000 }, 'year', /9999/],
    [{ fromYear: 999 }, 'fromYear', /1000/],
    [{ toYear: 10000 }, 'toYear', /9999/],
    [{ dataset: 'bransje' }, 'dataset', /ulykkestype/],
    [{ fromYear: 2024, toYear: 2020 }, 'fromYear', /toYear/],
    [{ year: 2024, fromYear: 2020 }, 'year', /fromYear/],
  ])('refuses %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}`);
    expect(e.message).toMatch(bound);
  });

  it('answers 400 Problem on the connector route for a bound', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/arbeidstilsynet/fatalities?year=123', { headers: auth });
    expect(res.status).toBe(400);
  });
});

describe('arbeidstilsynet.summary', () => {
  const name = 'arbeidstilsynet.summary';

  it('answers available false with no totals (example)', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { fromYear: 2020, toYear: 2025 });
    expect(r.data).toMatchObject({ filter: { fromYear: 2020, toYear: 2025 }, available: false, total: null, perYear: [] });
    const res = await t.fetch('/api/connectors/arbeidstilsynet/summary?fromYear=2020', { headers: auth });
    expect(res.status).toBe(200);
  });

  it('refuses fromYear after toYear, naming both', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { fromYear: 2025, toYear: 2020 });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/fromYear/);
    expect(e.message).toMatch(/toYear/);
  });
});
