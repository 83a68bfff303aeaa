// ssb: Statistics Norway (SSB), tool-server spec 4.5 "statistics": key indicators, the Statbank's
// tables (search, metadata, data) through PxWebApi 2, and preset microdata aggregates.
//
// Requests and mappings follow SSB's user guide for the Statbank API
// (https://www.ssb.no/api/api-mot-statistikkbanken--brukerveiledning) and PxTools' PxWebApi 2
// specification (PxTools/PxApiSpecs PxAPI-2.yml); details and the facts relied on are in
// pxweb.ts (tables), indicators.ts (the indicator mappings) and microdata.ts (microdata.no).
// Licence: CC BY 4.0, as the user guide states.
// UNCONFIRMED: the body of SSB's 404 and 5xx answers (recordings are built in the form of its
// documented 400 answers); the codes of two indicators (cpi-ate, retail-sales) and the table
// numbers of two (industrial-production, credit-c3), see indicators.ts; microdata.no has no
// documented public API (microdata.ts).
import { defineServer } from '../../runtime/define.js';
import { ICON } from './icon.js';
import { indicator } from './indicators.js';
import { microdataPresetQuery } from './microdata.js';
import { tablesData, tablesList, tablesMetadata } from './tables.js';
import { SSB_PXWEB } from './upstream.js';

export const server = defineServer({
  slug: 'ssb',
  prefix: 'ssb',
  name: 'Statistics Norway (Statbank)',
  owner: 'Statistisk sentralbyrå (SSB)',
  description:
    "Official statistics of Norway from SSB's Statbank: ten key indicators as time series (CPI, core inflation, unemployment, GDP, wages, production, retail, house prices, population, credit), and any of its thousands of tables by search, metadata and data queries of up to 800 000 cells.",
  license: 'CC BY 4.0 (Statistisk sentralbyrå)',
  tier: 'free',
  upstreams: [SSB_PXWEB],
  countries: ['NO'],
  docs: [
    { label: 'API mot Statistikkbanken – brukerveiledning', url: 'https://www.ssb.no/api/api-mot-statistikkbanken--brukerveiledning' },
    { label: 'PxWebApi 2 specification (PxApiSpecs)', url: 'https://github.com/PxTools/PxApiSpecs/blob/master/PxAPI-2.yml' },
    { label: 'Statbank', url: 'https://www.ssb.no/statbank' },
    { label: 'microdata.no', url: 'https://www.microdata.no' },
  ],
  icon: ICON,
  tools: [indicator, tablesList, tablesMetadata, tablesData, microdataPresetQuery],
});
