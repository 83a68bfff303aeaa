// Kartverket's open address and place-name APIs on Geonorge (UPSTREAMS.md B1). Neither needs a
// login; neither publishes a request rate.
import { defineUpstream } from '../../runtime/define.js';

/** Åpent adresse-API (the address register of the Matrikkel), OpenAPI 1.2.0 at the base URL. */
export const KARTVERKET_ADRESSER = defineUpstream({
  id: 'kartverket-adresser',
  name: 'Kartverket address API (Geonorge)',
  baseUrl: 'https://ws.geonorge.no/adresser/v1',
  envVar: 'KARTVERKET_ADRESSER_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://ws.geonorge.no/adresser/v1/',
});

/** Sentralt stedsnavnregister (SSR), stedsnavn API v1. */
export const KARTVERKET_STEDSNAVN = defineUpstream({
  id: 'kartverket-stedsnavn',
  name: 'Kartverket place-name API (Geonorge, SSR)',
  baseUrl: 'https://ws.geonorge.no/stedsnavn/v1',
  envVar: 'KARTVERKET_STEDSNAVN_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://ws.geonorge.no/stedsnavn/v1/',
});
