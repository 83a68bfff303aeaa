// The upstreams of the artsdatabanken server. None needs a login or publishes a request rate.
import { defineUpstream } from '../../runtime/define.js';

/** Artskart's public API (observations, taxa); Swagger help at /publicapi/help. */
export const ARTSKART = defineUpstream({
  id: 'artskart',
  name: 'Artsdatabanken Artskart public API',
  baseUrl: 'https://artskart.artsdatabanken.no/publicapi/api',
  envVar: 'ARTSKART_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://artskart.artsdatabanken.no/publicapi/help',
  // A page of up to 1000 observations (property.check) is a few hundred kilobytes and slow to build.
  timeoutMs: 20_000,
});

/** Artsdatabanken's assessment lists (Norsk rødliste for arter 2021 and others) as OData. */
export const ARTSDATABANKEN_LISTER = defineUpstream({
  id: 'artsdatabanken-lister',
  name: 'Artsdatabanken lists OData API (Norsk rødliste for arter 2021)',
  baseUrl: 'https://lister.artsdatabanken.no/odata/v1',
  envVar: 'ARTSDATABANKEN_LISTER_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://lister.artsdatabanken.no/rodlisteforarter/2021',
});

/** Kartverket's municipality register, to turn a municipality name into its number. */
export const KARTVERKET_KOMMUNEINFO = defineUpstream({
  id: 'kartverket-kommuneinfo',
  name: 'Kartverket kommuneinfo API (Geonorge)',
  baseUrl: 'https://ws.geonorge.no/kommuneinfo/v1',
  envVar: 'KARTVERKET_KOMMUNEINFO_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://ws.geonorge.no/kommuneinfo/v1/',
});
