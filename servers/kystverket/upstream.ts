// Kystverket's open data: the CKAN catalogue data.kystverket.no (the NSR locations file) and the
// navigational warnings report of the national coordinator for navigational warnings
// (kyvreports.kystverket.no). UPSTREAMS.md B9.
import { defineUpstream } from '../../runtime/define.js';

export const KYSTVERKET_DATA = defineUpstream({
  id: 'kystverket-data',
  name: 'Kystverket open data (data.kystverket.no)',
  baseUrl: 'https://data.kystverket.no',
  envVar: 'KYSTVERKET_DATA_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://data.kystverket.no/dataset/nsr-lokasjoner',
});

export const KYSTVERKET_NAVCO = defineUpstream({
  id: 'kystverket-navco',
  name: 'Kystverket navigational warnings (NavcoReport)',
  baseUrl: 'https://kyvreports.kystverket.no',
  envVar: 'KYSTVERKET_NAVCO_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://kystverket.no/Maritime-tjenester/Meldings--og-informasjonstjenester/Navigasjonsvarsler/',
});
