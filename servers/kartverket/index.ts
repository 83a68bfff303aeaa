// kartverket: Norway's official addresses and place names from Kartverket, tool-server spec 4.3
// "address": adresser.search on the open address API (adresser.ts) and stedsnavn.search on the
// place-name API (stedsnavn.ts); the documentation each follows and the facts relied on are in the
// header of its file (UPSTREAMS.md B1).
// UNCONFIRMED: the licence (CC BY 4.0 is Kartverket's stated licence for its open data; no licence
// statement was found on these two APIs' own documents); the largest page size of the address API;
// the error body of both APIs (recordings use a JSON {"message"} body).
import { defineServer } from '../../runtime/define.js';
import { adresserSearch } from './adresser.js';
import { ADDRESS_PIN } from './icon.js';
import { stedsnavnSearch } from './stedsnavn.js';
import { KARTVERKET_ADRESSER, KARTVERKET_STEDSNAVN } from './upstream.js';

export const server = defineServer({
  slug: 'kartverket',
  prefix: 'kartverket',
  name: 'Addresses and place names (Kartverket)',
  owner: 'Kartverket',
  description:
    "Norway's official addresses (the Matrikkel's address register) and place names (Sentralt stedsnavnregister) from Kartverket: search an address or a place by text and get its coordinates, municipality and cadastral numbers.",
  license: 'CC BY 4.0 (Kartverket open data; UNCONFIRMED for these APIs)',
  tier: 'free',
  upstreams: [KARTVERKET_ADRESSER, KARTVERKET_STEDSNAVN],
  countries: ['NO'],
  docs: [
    { label: 'Åpent adresse-API (OpenAPI)', url: 'https://ws.geonorge.no/adresser/v1/' },
    { label: 'Stedsnavn API (OpenAPI)', url: 'https://ws.geonorge.no/stedsnavn/v1/' },
  ],
  icon: ADDRESS_PIN,
  tools: [adresserSearch, stedsnavnSearch],
});
