// euronext: Euronext Oslo Børs, tool-server spec 4.5 "exchange": instrument look-up, the list of
// listed instruments and the Oslo markets, from Euronext's list of Oslo equities (listing.ts), a CSV
// download read into an index that is refreshed every 15 minutes. UPSTREAMS.md A14 covers Euronext's
// website endpoints but not this download; listing.ts cites where its path is shown.
//
// The one request (GET /pd_es/data/stocks/download?mics=XOSL,MERK,XOAS) and its mapping follow
// Euronext's Oslo equities list (https://live.euronext.com/en/markets/oslo/equities/list) and its
// download, as public clients request and parse it (listing.ts names them).
// Licence: Euronext's market data terms (https://www.euronext.com/en/terms-use) restrict reuse of
// its data; the list is shown publicly on its site. UNCONFIRMED: any open licence.
// UNCONFIRMED: the download is a website endpoint with no documentation from Euronext (no stability
// promise); it has no sector, so instruments.list's `sector` filter cannot be applied.
import { defineServer } from '../../runtime/define.js';
import { ICON } from './icon.js';
import { instrumentLookup, instrumentsList, marketsList } from './instruments.js';
import { EURONEXT } from './upstream.js';

export const server = defineServer({
  slug: 'euronext',
  prefix: 'oslobors',
  name: 'Euronext Oslo Børs',
  owner: 'Euronext Oslo Børs',
  description:
    'Equities listed on the Oslo markets of Euronext (Oslo Børs, Euronext Growth Oslo, Euronext Expand Oslo): look up an instrument by ticker, list and filter the listed instruments with their last trading day\'s prices, and the markets with their MIC codes.',
  license: "Euronext market data, publicly shown on live.euronext.com under Euronext's terms of use (no open licence stated; UNCONFIRMED)",
  tier: 'free',
  upstreams: [EURONEXT],
  countries: ['NO'],
  docs: [
    { label: 'Oslo equities list (Euronext live)', url: 'https://live.euronext.com/en/markets/oslo/equities/list' },
    { label: 'Euronext terms of use', url: 'https://www.euronext.com/en/terms-use' },
  ],
  icon: ICON,
  tools: [instrumentLookup, instrumentsList, marketsList],
});
