// The norges-bank server over MCP and its connector routes, answered by recordings of Norges Bank's
// SDMX data API (tests/recordings/norges-bank/, built in the form of a live IR capture and a
// published EXR sample): the key policy rate, exchange rates, and the removed NIBOR tool.
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, RawResponse, Transport } from '../runtime/upstream/transport.js';
import { KEYS, callTool, callToolError, createTestApp, replay, rpc, type TestApp } from './helpers/app.js';

const SLUG = 'norges-bank';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('norges-bank') ?? 0;
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

describe('norgesbank.styringsrente', () => {
  const name = 'norgesbank.styringsrente';

  it('answers the example: the last 10 business days of the key policy rate, oldest first', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { lastNObservations: 10 });
    expect(d).toMatchObject({ series: 'IR/B.KPRA.SD.R', name: 'Policy rate', unit: 'percent', count: 10, kilde: { register: 'Norges Bank' } });
    expect(d.observations[0]).toEqual({ date: '2026-11-09', value: 4.5 });
    expect(d.observations.at(-1)).toEqual({ date: '2026-11-20', value: 4.5 });
  });

  it('defaults lastNObservations to 10 and asks for SDMX-JSON in English, on the key-rate route', async () => {
    const w = watching();
    const t = createTestApp({ transport: w });
    const res = await t.fetch('/api/connectors/norges-bank/key-rate', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).count).toBe(10);
    expect(w.seen[0].url).toBe('https://data.norges-bank.no/api/data/IR/B.KPRA.SD.R?format=sdmx-json&lastNObservations=10&locale=en');
  });

  it('answers an empty list with a note for a window without business days (Norges Bank answers 404)', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { startPeriod: '2026-11-21', endPeriod: '2026-11-22' });
    expect(d).toMatchObject({ count: 0, observations: [], name: null });
    expect(d.note).toMatch(/no key policy rate observation in this window/);
  });

  it.each([
    [{ lastNObservations: 0 }, 'lastNObservations', /at least 1/],
    [{ lastNObservations: 366 }, 'lastNObservations', /at most 365/],
    [{ startPeriod: '2026-13-01' }, 'startPeriod', /not a calendar date/],
    [{ endPeriod: '20.11.2026' }, 'endPeriod', /YYYY-MM-DD/],
    [{ startPeriod: '2026-11-20', endPeriod: '2026-11-01' }, 'startPeriod', /must not be after endPeriod/],
  ])('refuses %j naming %s and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });

  it('reports a 500 as upstream_unavailable (502) after the retries', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { lastNObservations: 365 });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t)).toBe(3);
  });
});

describe('norgesbank.valutakurs', () => {
  const name = 'norgesbank.valutakurs';

  it('answers the example: one series per currency in the order asked, a per-100 quote divided out', async () => {
    const w = watching();
    const t = createTestApp({ transport: w });
    const d = await ok(t, name, { currencies: ['USD', 'EUR', 'SEK'] });
    // One request: the currencies joined with + in one key position.
    expect(w.seen.map((r) => r.url)).toEqual(['https://data.norges-bank.no/api/data/EXR/B.USD+EUR+SEK.NOK.SP?format=sdmx-json&lastNObservations=1&locale=en']);
    expect(d).toMatchObject({ quote: 'NOK', count: 3 });
    expect(d.rates).toEqual([
      { currency: 'USD', name: 'US dollar', per: 1, observations: [{ date: '2026-11-20', value: 10.0912, nokPerUnit: 10.0912 }] },
      { currency: 'EUR', name: 'Euro', per: 1, observations: [{ date: '2026-11-20', value: 11.6835, nokPerUnit: 11.6835 }] },
      { currency: 'SEK', name: 'Swedish krona', per: 100, observations: [{ date: '2026-11-20', value: 106.42, nokPerUnit: 1.0642 }] },
    ]);
  });

  it('answers every currency Norges Bank quotes when currencies is omitted, sorted by code', async () => {
    const t = createTestApp();
    const d = await ok(t, name, {});
    expect(d.rates.map((r: { currency: string; per: number }) => [r.currency, r.per])).toEqual([
      ['AUD', 1],
      ['DKK', 100],
      ['EUR', 1],
      ['USD', 1],
    ]);
  });

  it('takes lower-case codes and lastNObservations through the connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/norges-bank/exchange-rates?currencies=eur&lastNObservations=5', { headers: auth });
    expect(res.status).toBe(200);
    const d = await res.json();
    expect(d.rates[0].observations.map((o: { date: string }) => o.date)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20']);
  });

  it('answers an empty list with a note for a currency Norges Bank does not quote', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { currencies: ['XYZ'] });
    expect(d).toMatchObject({ count: 0, rates: [] });
    expect(d.note).toMatch(/No rate for XYZ/);
  });

  it('reports a 500 as upstream_unavailable (502)', async () => {
    const t = createTestApp();
    expect(await fails(t, name, { currencies: ['GBP'], lastNObservations: 365 })).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });

  it.each([
    [{ currencies: ['US'] }, 'currencies', /three-letter ISO 4217 code/],
    [{ currencies: ['EUR'], lastNObservations: 0 }, 'lastNObservations', /at least 1/],
    [{ currencies: ['EUR'], lastNObservations: 366 }, 'lastNObservations', /at most 365/],
    [{ startPeriod: '2026-11-20', endPeriod: '2026-11-19' }, 'startPeriod', /must not be after endPeriod/],
  ])('refuses %j naming %s', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });
});

describe('norgesbank.nibor (deprecated)', () => {
  const name = 'norgesbank.nibor';

  it('answers HTTP 410 with _status 410, error endpoint_removed and the key-rate route, and no data', async () => {
    const t = createTestApp();
    // The spec puts _status and error at the top level of the answer, over MCP as in the REST twin.
    const r = await callTool(t, 'norges-bank', name, {});
    expect(r.isError).toBe(true);
    const e = r.data as Record<string, unknown>;
    expect(e).toMatchObject({
      status: 410,
      code: 'api_sunset',
      _status: 410,
      error: 'endpoint_removed',
      alternative: '/api/connectors/norges-bank/key-rate',
      alternativeTool: 'norgesbank.styringsrente',
    });
    expect(e.message).toMatch(/No data is returned/);
    const res = await t.fetch('/api/connectors/norges-bank/nibor', { headers: auth });
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({ status: 410, _status: 410, error: 'endpoint_removed', alternative: '/api/connectors/norges-bank/key-rate' });
    // The alternative route answers.
    expect((await t.fetch('/api/connectors/norges-bank/key-rate', { headers: auth })).status).toBe(200);
    expect(sent(t)).toBe(1);
  });

  it('is listed as deprecated, with no parameters', async () => {
    const t = createTestApp();
    const r = await rpc(t, SLUG, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = r.body.result.tools as { name: string; description: string; inputSchema: { properties?: object }; _meta: Record<string, unknown> }[];
    expect(tools.map((x) => x.name)).toEqual(['norgesbank.styringsrente', 'norgesbank.valutakurs', 'norgesbank.nibor']);
    const nibor = tools[2];
    expect(nibor._meta['no.opendata/status']).toBe('deprecated');
    expect(Object.keys(nibor.inputSchema.properties ?? {})).toEqual([]);
    expect(nibor.description).toMatch(/Deprecated: always answers HTTP 410 api_sunset and no data\.$/);
  });
});
