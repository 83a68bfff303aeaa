// dst: Statistics Denmark (Danmarks Statistik), tool-server spec 4.5 "Danish statistics": the
// StatBank's tables (list, metadata, data) through its API, api.statbank.dk v1 (UPSTREAMS.md B13).
//
// Requests and mappings follow DST's API documentation
// (https://www.dst.dk/en/Statistik/hjaelp-til-statistikbanken/api); the facts relied on are in
// statbank.ts. Licence: CC BY 4.0, as DST states for all StatBank data.
// UNCONFIRMED: the 1 000 000-cell ceiling of a JSON-stat extract (a third-party guide; DST states
// none), the default StatBank applies to a left-out time variable, and the bodies of 5xx answers.
import { defineServer } from '../../runtime/define.js';
import { ICON } from './icon.js';
import { tablesData, tablesList, tablesMetadata } from './tables.js';
import { DST_STATBANK } from './upstream.js';

export const server = defineServer({
  slug: 'dst',
  prefix: 'dst',
  name: 'Statistics Denmark (StatBank)',
  owner: 'Danmarks Statistik',
  description:
    "Official statistics of Denmark from Danmarks Statistik's StatBank: the catalogue of its tables, each table's variables and values, and data for a selection of values, as JSON-stat decoded into dimensions and values.",
  license: 'CC BY 4.0 (Danmarks Statistik)',
  tier: 'free',
  upstreams: [DST_STATBANK],
  countries: ['DK'],
  docs: [
    { label: 'StatBank API', url: 'https://www.dst.dk/en/Statistik/hjaelp-til-statistikbanken/api' },
    { label: 'API console', url: 'https://api.statbank.dk/console' },
    { label: 'Statistikbanken', url: 'https://www.statistikbanken.dk' },
  ],
  icon: ICON,
  tools: [tablesList, tablesMetadata, tablesData],
});
