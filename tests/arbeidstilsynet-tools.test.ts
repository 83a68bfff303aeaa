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

  it('keeps its active status and answers 503 source_migrated with where to read the figures, never an empty list', async () => {
    const t = createTestApp();
    expect(t.services.registry.server(SLUG)!.toolsByName.get(name)!.status).toBe('active');
    for (const args of [{ dataset: 'ulykkestype', year: 2025 }, {}, { dataset: 'maaned', fromYear: 2015, toYear: 2024 }]) {
      const e = await callToolError(t, SLUG, name, args);
      expect(e).toMatchObject({ code: 'source_migrated', status: 503, detailCode: 'source_migrated', alternative: 'https://www.arbeidstilsynet.no/sok/?q=d%C3%B8dsulykker' });
      expect(e.message).toMatch(/not as open data.*Retrying does not help/);
    }
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

  it('answers 503 source_migrated over MCP and its connector route (Problem), never empty totals', async () => {
    const t = createTestApp();
    expect((await callToolError(t, SLUG, name, { fromYear: 2020, toYear: 2025 })).code).toBe('source_migrated');
    const res = await t.fetch('/api/connectors/arbeidstilsynet/summary?fromYear=2020', { headers: auth });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect((await res.json()).detailCode).toBe('source_migrated');
  });

  it('refuses fromYear after toYear, naming both', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { fromYear: 2025, toYear: 2020 });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/fromYear/);
    expect(e.message).toMatch(/toYear/);
  });
});
