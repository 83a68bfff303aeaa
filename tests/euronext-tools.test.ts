// The euronext server (prefix oslobors) over MCP and its connector routes, answered from a recording
// of Euronext's Oslo equities download (tests/recordings/euronext-live/, built in the file's
// published form): look-up, the instruments list with its filters, the markets, the shared index.
import { beforeEach, describe, expect, it } from 'vitest';
import { resetFileIndexes } from '../runtime/file-index.js';
import type { OutgoingRequest, RawResponse, Transport } from '../runtime/upstream/transport.js';
import { KEYS, callTool, callToolError, createTestApp, replay, type TestApp } from './helpers/app.js';

const SLUG = 'euronext';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('euronext-live') ?? 0;
const fails = (t: TestApp, name: string, args: unknown) => callToolError(t, SLUG, name, args);

async function ok(t: TestApp, name: string, args: unknown) {
  const r = await callTool(t, SLUG, name, args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}

beforeEach(() => resetFileIndexes());

describe('oslobors.instrument.lookup', () => {
  const name = 'oslobors.instrument.lookup';

  it('answers the example: a ticker in any case on Oslo Børs (the default market)', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { ticker: 'eqnr' });
    expect(d).toEqual({
      ticker: 'EQNR',
      name: 'EQUINOR',
      isin: 'NO0010096985',
      mic: 'XOSL',
      market: 'Oslo Børs',
      currency: 'NOK',
      openPrice: 250.1,
      highPrice: 252.4,
      lowPrice: 249.3,
      lastPrice: 251.85,
      lastTrade: '20/11/2026 16:25',
      volume: 4125890,
      turnover: 1038734512.5,
      closingPrice: 251.85,
      closingDate: '20/11/2026',
      url: 'https://live.euronext.com/en/product/equities/NO0010096985-XOSL',
      asOf: '20 Nov 2026',
      kilde: { register: 'Euronext Oslo Børs, equities list', url: 'https://live.euronext.com/en/product/equities/NO0010096985-XOSL' },
    });
  });

  it('finds an instrument on another market when asked, with prices not set as null', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { ticker: 'VOW', market: 'MERK' });
    expect(d).toMatchObject({ ticker: 'VOW', mic: 'MERK', market: 'Euronext Growth Oslo', openPrice: null, lastPrice: 0.49 });
  });

  it('answers 404 for a ticker not on the market, naming the Oslo market it is on', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { ticker: 'akh' });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    expect(e.message).toBe('No instrument with ticker AKH on Oslo Børs (XOSL); it is listed on MERK (Euronext Growth Oslo)');
    const res = await t.fetch('/api/connectors/euronext/instruments/NOSUCH', { headers: auth });
    expect(res.status).toBe(404);
    expect((await res.json()).detail).toBe('No instrument with ticker NOSUCH on Oslo Børs (XOSL)');
  });

  it.each([
    [{}, 'ticker', /required/],
    [{ ticker: '' }, 'ticker', /at least 1/],
    [{ ticker: 'EQNR', market: 'XSTO' }, 'market', /one of "XOSL", "MERK", "XOAS"|XOSL/],
  ])('refuses %j naming %s', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });
});

describe('oslobors.instruments.list', () => {
  const name = 'oslobors.instruments.list';

  it('answers the example: instruments of a market sorted by ticker, limited, with the total', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { market: 'XOSL', limit: 5 });
    expect(d).toMatchObject({ total: 9, count: 5, asOf: '20 Nov 2026' });
    expect(d.instruments.map((i: { ticker: string }) => i.ticker)).toEqual(['2020', 'AKRBP', 'DNB', 'EQNR', 'KOG']);
  });

  it('filters by ticker prefix and words, across the three markets by default', async () => {
    const t = createTestApp();
    const byPrefix = await ok(t, name, { ticker: 'n' });
    expect(byPrefix.instruments.map((i: { ticker: string; mic: string }) => `${i.ticker}/${i.mic}`)).toEqual(['NHY/XOSL', 'NOM/XOAS']);
    const byWords = await ok(t, name, { q: 'aker' });
    expect(byWords.instruments.map((i: { ticker: string }) => i.ticker)).toEqual(['AKH', 'AKRBP']);
    const byIsin = await ok(t, name, { q: 'NO0003733800' });
    expect(byIsin.instruments.map((i: { ticker: string }) => i.ticker)).toEqual(['ORK']);
  });

  it('says a sector filter is not applied: the source has no sector', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { sector: 'Energy', market: 'MERK' });
    expect(d.total).toBe(2);
    expect(d.note).toMatch(/sector "Energy" was not applied/);
  });

  it('answers an empty list with a note when nothing matches', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { q: 'zzyzx' });
    expect(d).toMatchObject({ total: 0, count: 0, instruments: [] });
    expect(d.note).toMatch(/No listed instrument matches/);
  });

  it.each([
    [{ limit: 0 }, 'limit', /at least 1/],
    [{ limit: 501 }, 'limit', /at most 500/],
    [{ market: 'XPAR' }, 'market', /XOSL/],
  ])('refuses %j naming %s', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
  });

  it('reads the file once for every tool and call (an index, not a download per call)', async () => {
    const t = createTestApp();
    await ok(t, name, { limit: 500 });
    await ok(t, 'oslobors.instrument.lookup', { ticker: 'DNB' });
    await ok(t, 'oslobors.markets.list', {});
    const res = await t.fetch('/api/connectors/euronext/instruments?market=XOAS', { headers: auth });
    expect((await res.json()).instruments.map((i: { ticker: string }) => i.ticker)).toEqual(['NOM']);
    expect(sent(t)).toBe(1);
  });

  it('answers 502 when Euronext cannot be reached', async () => {
    const down: Transport = { send: async (): Promise<RawResponse> => ({ status: 503, headers: {}, body: Buffer.from('Service Unavailable') }) };
    const t = createTestApp({ transport: down });
    const e = await fails(t, name, {});
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(e.message).toMatch(/Euronext's list of Oslo equities could not be loaded/);
  });
});

describe('oslobors.markets.list', () => {
  it('answers the three Oslo markets with their MICs and instrument counts', async () => {
    const seen: OutgoingRequest[] = [];
    const t = createTestApp({ transport: { send: (req) => (seen.push(req), replay().send(req)) } });
    const d = await ok(t, 'oslobors.markets.list', {});
    expect(d).toEqual({
      markets: [
        { mic: 'XOSL', name: 'Oslo Børs', instruments: 9 },
        { mic: 'MERK', name: 'Euronext Growth Oslo', instruments: 2 },
        { mic: 'XOAS', name: 'Euronext Expand Oslo', instruments: 1 },
      ],
      asOf: '20 Nov 2026',
      kilde: { register: 'Euronext Oslo Børs, equities list', url: 'https://live.euronext.com/en/markets/oslo/equities/list' },
    });
    expect(seen.map((r) => r.url)).toEqual(['https://live.euronext.com/pd_es/data/stocks/download?mics=XOSL%2CMERK%2CXOAS']);
  });
});
