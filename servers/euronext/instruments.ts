// oslobors.instrument.lookup, oslobors.instruments.list and oslobors.markets.list: answered from
// Euronext's list of Oslo equities (listing.ts), never a download per call.
import { z } from 'zod';
import { defineTool, type Coverage } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { int, text } from '../../runtime/fields.js';
import { note, sourceRef } from '../../runtime/output.js';
import { MARKETS, MICS, OSLO_LISTING, SOURCE, type Instrument } from './listing.js';

const coverage: Coverage = { geography: ['NO'], dataTypes: ['listed-instrument', 'market-data'], updateFrequency: 'daily' };
/** The spec's 15-minute cache: the list is refreshed that often. */
const FIFTEEN_MINUTES = 900;

const market = z.enum(MICS).describe('Market (MIC): XOSL Oslo Børs, MERK Euronext Growth Oslo, XOAS Euronext Expand Oslo.');

const instrument = z.object({
  ticker: z.string(),
  name: z.string(),
  isin: z.string(),
  mic: z.string(),
  market: z.string(),
  currency: z.string().nullable(),
  openPrice: z.number().nullable(),
  highPrice: z.number().nullable(),
  lowPrice: z.number().nullable(),
  lastPrice: z.number().nullable(),
  lastTrade: z.string().nullable(),
  volume: z.number().nullable(),
  turnover: z.number().nullable(),
  closingPrice: z.number().nullable(),
  closingDate: z.string().nullable(),
  url: z.string(),
});

const asOf = z.string().nullable().describe('Trading day the figures are from, as Euronext dates its list.');

export const instrumentLookup = defineTool({
  name: 'instrument.lookup',
  title: 'Look up an Oslo-listed instrument by ticker',
  description:
    'One equity listed on Euronext Oslo by its ticker (case-insensitive, e.g. EQNR): name, ISIN, market, currency and the last trading day\'s open, high, low, last and closing prices, volume and turnover. ' +
    'market is XOSL (Oslo Børs, default), MERK (Euronext Growth Oslo) or XOAS (Euronext Expand Oslo). A ticker not listed on that market answers 404, naming the Oslo market it is on if any. Figures are end of the last trading day, refreshed every 15 minutes.',
  input: {
    ticker: text('Ticker symbol, case-insensitive, e.g. EQNR.'),
    market: market.default('XOSL'),
  },
  output: z.object({ ...instrument.shape, asOf, kilde: sourceRef }),
  coverage,
  cacheTtlSeconds: FIFTEEN_MINUTES,
  route: '/instruments/:ticker',
  example: { ticker: 'eqnr' },
  run: async ({ ticker, market }, ctx) => {
    const { index } = await OSLO_LISTING.load(ctx);
    const wanted = ticker.trim().toUpperCase();
    const same = index.instruments.filter((i) => i.ticker.toUpperCase() === wanted);
    const hit = same.find((i) => i.mic === market);
    if (!hit) {
      const name = MARKETS.find((m) => m.mic === market)!.name;
      const elsewhere = same.map((i) => `${i.mic} (${i.market})`);
      throw fail.notFound(`No instrument with ticker ${wanted} on ${name} (${market})${elsewhere.length ? `; it is listed on ${elsewhere.join(', ')}` : ''}`);
    }
    return { ...hit, asOf: index.asOf, kilde: { register: SOURCE.register, url: hit.url } };
  },
});

export const instrumentsList = defineTool({
  name: 'instruments.list',
  title: 'List instruments on the Oslo markets',
  description:
    'Equities listed on Euronext Oslo (Oslo Børs, Euronext Growth Oslo, Euronext Expand Oslo), sorted by ticker, with ISIN, market, currency and the last trading day\'s prices. ' +
    'Filters: market (XOSL, MERK, XOAS), ticker (prefix, case-insensitive), q (words in name, ticker or ISIN); limit 1 to 500, default 50; total says how many match. ' +
    "sector is accepted but Euronext's list has no sector, so it is not applied (the answer says so). The list is cached 15 minutes; if Euronext cannot be reached the tool answers 502. An empty list means nothing matches.",
  input: {
    market: market.optional(),
    ticker: text('Ticker or its beginning, case-insensitive.').optional(),
    sector: text('Sector name; not applied: the source has no sector.').optional(),
    q: text('Words in the name, ticker or ISIN.').optional(),
    limit: int({ min: 1, max: 500, default: 50, description: 'Instruments to answer, 1 to 500. Default 50.' }),
  },
  output: z.object({
    total: z.number().int(),
    count: z.number().int(),
    instruments: z.array(instrument),
    asOf,
    note,
    kilde: sourceRef,
  }),
  coverage,
  cacheTtlSeconds: FIFTEEN_MINUTES,
  route: '/instruments',
  example: { market: 'XOSL', limit: 5 },
  run: async ({ market, ticker, sector, q, limit }, ctx) => {
    const { index } = await OSLO_LISTING.load(ctx);
    const prefix = ticker?.trim().toUpperCase();
    const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const matches = index.instruments.filter(
      (i: Instrument) =>
        (!market || i.mic === market) &&
        (!prefix || i.ticker.toUpperCase().startsWith(prefix)) &&
        words.every((w) => `${i.name} ${i.ticker} ${i.isin}`.toLowerCase().includes(w)),
    );
    const notes = [
      ...(sector !== undefined ? [`sector "${sector}" was not applied: Euronext's list of Oslo equities carries no sector classification.`] : []),
      ...(matches.length === 0 ? ['No listed instrument matches these filters.'] : []),
    ];
    return {
      total: matches.length,
      count: Math.min(limit, matches.length),
      instruments: matches.slice(0, limit),
      asOf: index.asOf,
      ...(notes.length > 0 && { note: notes.join(' ') }),
      kilde: SOURCE,
    };
  },
});

export const marketsList = defineTool({
  name: 'markets.list',
  title: 'The Oslo markets of Euronext',
  description:
    'The three equity markets of Euronext Oslo with their MIC codes: XOSL (Oslo Børs, the main market), MERK (Euronext Growth Oslo) and XOAS (Euronext Expand Oslo), and how many equities each lists today. Takes no input. Use a MIC as `market` in oslobors.instruments.list and oslobors.instrument.lookup.',
  input: {},
  output: z.object({
    markets: z.array(z.object({ mic: z.string(), name: z.string(), instruments: z.number().int() })),
    asOf,
    kilde: sourceRef,
  }),
  coverage: { ...coverage, dataTypes: ['market'] },
  cacheTtlSeconds: FIFTEEN_MINUTES,
  route: '/markets',
  example: {},
  run: async (_input, ctx) => {
    const { index } = await OSLO_LISTING.load(ctx);
    return {
      markets: MARKETS.map((m) => ({ mic: m.mic, name: m.name, instruments: index.instruments.filter((i) => i.mic === m.mic).length })),
      asOf: index.asOf,
      kilde: SOURCE,
    };
  },
});
