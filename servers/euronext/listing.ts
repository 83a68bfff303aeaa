// Euronext's list of Oslo equities: the CSV download of its equities directory, read into an index
// that is loaded once and refreshed in the background every 15 minutes (runtime/file-index.ts).
//
// Request: GET /pd_es/data/stocks/download?mics=XOSL,MERK,XOAS on live.euronext.com, the file behind
// the "download" button of Euronext's equities list for Oslo
// (https://live.euronext.com/en/markets/oslo/equities/list). UPSTREAMS.md A14 does not list this
// path (it names searchJSON, getDetailedQuote and getChartData); Euronext documents none of them.
// The path and query are as public clients send them: exday.no's Oslo dividend fetcher (GET
// https://live.euronext.com/pd_es/data/stocks/download?mics=XOSL%2CMERK%2CXOAS; find_string file id
// 53108866925) and an Oslo screening script with the same URL (file id 17830610324); the all-markets
// form ?mics=dm_all_stock is in several more (file ids 61270859651, 29380307668).
// Relied on (from peers' parsers and their sample files of the download):
// - semicolon-separated, UTF-8 with a byte-order mark; a header row `Name;ISIN;Symbol;Market;
//   Currency;"Open Price";"High Price";"low Price";"last Price";"last Trade MIC Time";"Time Zone";
//   Volume;Turnover;"Closing Price";"Closing Price DateTime"`, then three preamble rows ("European
//   Equities", the date such as "20 Nov 2026", "All datapoints provided as of end of last active
//   trading day."), then one row per instrument; `-` for a price not set; decimal point `.`.
// - Market is a display name: "Oslo Børs" (MIC XOSL), "Euronext Growth Oslo" (MERK), "Euronext
//   Expand Oslo" (XOAS).
// UNCONFIRMED: the download is a website endpoint with no documentation from Euronext and no
// stability promise (confirmed only by the public clients above); the file
// has no sector column (so instruments.list cannot filter by sector); the exact column labels
// (columns are found by name, so order changes are tolerated).
import { FileIndex } from '../../runtime/file-index.js';
import { csvFile } from '../../runtime/files/off-thread-decode.js';
import { fail } from '../../runtime/errors.js';

export const MARKETS = [
  { mic: 'XOSL', name: 'Oslo Børs' },
  { mic: 'MERK', name: 'Euronext Growth Oslo' },
  { mic: 'XOAS', name: 'Euronext Expand Oslo' },
] as const;

export type Mic = (typeof MARKETS)[number]['mic'];
export const MICS = MARKETS.map((m) => m.mic) as [Mic, ...Mic[]];

export interface Instrument {
  ticker: string;
  name: string;
  isin: string;
  mic: Mic;
  market: string;
  currency: string | null;
  openPrice: number | null;
  highPrice: number | null;
  lowPrice: number | null;
  lastPrice: number | null;
  lastTrade: string | null;
  volume: number | null;
  turnover: number | null;
  closingPrice: number | null;
  closingDate: string | null;
  url: string;
}

export interface Listing {
  instruments: Instrument[];
  /** The file's own date line ("20 Nov 2026"): the trading day its figures are from. */
  asOf: string | null;
}

const ISIN = /^[A-Z]{2}[A-Z0-9]{9}\d$/;

function number(text: string | undefined): number | null {
  if (text === undefined) return null;
  const t = text.trim();
  if (t === '' || t === '-') return null;
  const n = Number(t.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

const str = (text: string | undefined) => (text === undefined || text.trim() === '' || text.trim() === '-' ? null : text.trim());

function micOf(market: string): Mic | undefined {
  for (const part of market.split(',').map((p) => p.trim().toLowerCase())) {
    const hit = MARKETS.find((m) => m.name.toLowerCase() === part);
    if (hit) return hit.mic;
  }
  return undefined;
}

export function buildListing(rows: string[][]): Listing {
  const headerAt = rows.findIndex((r) => r[0]?.trim() === 'Name' && r.some((c) => c.trim() === 'ISIN'));
  if (headerAt < 0) throw fail.upstream("Euronext's equities download has no header row (Name;ISIN;Symbol;…): it is not the expected CSV");
  const header = rows[headerAt].map((c) => c.trim().toLowerCase());
  const col = (name: string) => header.indexOf(name.toLowerCase());
  const at = {
    name: col('Name'),
    isin: col('ISIN'),
    symbol: col('Symbol'),
    market: col('Market'),
    currency: col('Currency'),
    open: col('Open Price'),
    high: col('High Price'),
    low: col('low Price'),
    last: col('last Price'),
    lastTrade: col('last Trade MIC Time'),
    volume: col('Volume'),
    turnover: col('Turnover'),
    closing: col('Closing Price'),
    closingDate: col('Closing Price DateTime'),
  };
  let asOf: string | null = null;
  const instruments: Instrument[] = [];
  for (const row of rows.slice(headerAt + 1)) {
    const first = row[0]?.trim() ?? '';
    if (row.length === 1 && /^\d{1,2} \w{3} \d{4}$/.test(first)) asOf = first;
    const isin = row[at.isin]?.trim() ?? '';
    const ticker = row[at.symbol]?.trim() ?? '';
    if (!ISIN.test(isin) || ticker === '') continue;
    const market = row[at.market]?.trim() ?? '';
    const mic = micOf(market);
    if (!mic) continue;
    const cell = (i: number) => (i < 0 ? undefined : row[i]);
    instruments.push({
      ticker,
      name: row[at.name]?.trim() ?? '',
      isin,
      mic,
      market: MARKETS.find((m) => m.mic === mic)!.name,
      currency: str(cell(at.currency)),
      openPrice: number(cell(at.open)),
      highPrice: number(cell(at.high)),
      lowPrice: number(cell(at.low)),
      lastPrice: number(cell(at.last)),
      lastTrade: str(cell(at.lastTrade)),
      volume: number(cell(at.volume)),
      turnover: number(cell(at.turnover)),
      closingPrice: number(cell(at.closing)),
      closingDate: str(cell(at.closingDate)),
      url: `https://live.euronext.com/en/product/equities/${isin}-${mic}`,
    });
  }
  instruments.sort((a, b) => a.ticker.localeCompare(b.ticker) || a.mic.localeCompare(b.mic));
  return { instruments, asOf };
}

export const OSLO_LISTING = new FileIndex<string[][], Listing>({
  title: "Euronext's list of Oslo equities",
  register: 'Euronext Oslo Børs, equities list',
  withoutIt: 'no Oslo instrument can be looked up or listed',
  upstream: 'euronext-live',
  path: '/pd_es/data/stocks/download',
  query: { mics: MICS.join(',') },
  // A few hundred instruments of 15 columns: the default caps (runtime/files/caps.ts) are far above it.
  decodeOffThread: csvFile({ delimiter: ';', bom: true, relax_quotes: true, skip_empty_lines: true }),
  build: buildListing,
  refreshAfterMs: 15 * 60_000,
  describe: (listing) => ({ instruments: listing.instruments.length, asOf: listing.asOf }),
});

export const SOURCE = { register: 'Euronext Oslo Børs, equities list', url: 'https://live.euronext.com/en/markets/oslo/equities/list' };
