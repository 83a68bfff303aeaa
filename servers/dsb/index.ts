// dsb: DSB's fire statistics (brannstatistikk.no, from the fire and rescue services' reporting
// system BRIS), tool-server spec 4.6 "fire statistics": brann.by_kommune, brann.statistikk and
// bygningstyper.list. DSB documents no open API or data file for BRIS (UPSTREAMS.md B17; the
// look-up tools found none this session); the tools read the mission-report search that
// brannstatistikk.no's own pages call (request and facts in bris.ts). The spec notes that the site
// blocks cloud addresses: a refusal answers 503 upstream_blocked.
// A county is asked as its municipalities, read from Kartverket's kommuneinfo API (GET /kommuner,
// https://ws.geonorge.no/kommuneinfo/v1/); brann.statistikk counts every mission of its filters
// (bris.ts, at most MAX_COUNTED).
// UNCONFIRMED: several ids in the municipalities filter; pages larger than 200; building categories (none read); how
// the site refuses blocked addresses (taken as HTTP 403); a published request rate (none found);
// the licence (NLOD 2.0 is usual for DSB's open data; no statement found for BRIS).
import { defineServer } from '../../runtime/define.js';
import { ICON } from './icon.js';
import { brannByKommune, brannStatistikk, bygningstyperList } from './tools.js';
import { KARTVERKET_KOMMUNEINFO } from '../artsdatabanken/upstream.js';
import { BRIS } from './upstream.js';

export const server = defineServer({
  slug: 'dsb',
  prefix: 'dsb',
  name: 'Fire statistics (DSB)',
  owner: 'DSB',
  description:
    "DSB's fire statistics from BRIS, the reporting system of Norway's fire and rescue services (brannstatistikk.no): the missions of a municipality and counts per mission type for a municipality, county or the country in a year.",
  license: 'NLOD 2.0 (UNCONFIRMED)',
  tier: 'free',
  upstreams: [BRIS, KARTVERKET_KOMMUNEINFO],
  countries: ['NO'],
  docs: [{ label: 'brannstatistikk.no', url: 'https://brannstatistikk.no' }],
  icon: ICON,
  tools: [brannByKommune, brannStatistikk, bygningstyperList],
});
