// matrikkel: Norway's cadastre (Matrikkelen) from Kartverket's Matrikkel API, tool-server spec 4.3
// "cadastre": matrikkel.unit, not_configured without MATRIKKEL_USER and MATRIKKEL_PASSWORD (a
// Matrikkel API user that Kartverket issues by agreement); with them it calls the real SOAP web
// services with HTTP Basic. Documentation followed and facts relied on: soap.ts.
// UNCONFIRMED: the production host (matrikkel.no; public clients also use www.matrikkel.no, and
// prodtest.matrikkel.no is the test environment); how an unknown ident is answered (soap.ts);
// the form of Kartverket's property page link (seeiendom.kartverket.no/eiendom/knr/gnr/bnr/fnr/snr).
import { defineServer } from '../../runtime/define.js';
import { CADASTRE_PARCEL } from './icon.js';
import { matrikkelUnit } from './unit.js';
import { MATRIKKEL } from './upstream.js';

export const server = defineServer({
  slug: 'matrikkel',
  prefix: 'matrikkel',
  name: 'Cadastre (Kartverket Matrikkel)',
  owner: 'Kartverket',
  description:
    "Norway's official property register (Matrikkelen): one cadastral unit by its matrikkel number (municipality, gnr, bnr, fnr, snr). Reads Kartverket's Matrikkel API, which needs a user from Kartverket (MATRIKKEL_USER, MATRIKKEL_PASSWORD).",
  license: "Kartverket's terms for the Matrikkel API (access by agreement; not open data)",
  tier: 'free',
  upstreams: [MATRIKKEL],
  countries: ['NO'],
  docs: [
    { label: 'Matrikkel API documentation', url: 'https://matrikkel.no/matrikkelapi/wsapi/v1/dokumentasjon/index.html' },
    { label: 'MatrikkelAPI in Geonorge', url: 'https://kartkatalog.geonorge.no/metadata/matrikkelapi/51627b36-c619-4e6d-89ef-472cc248c1c4' },
  ],
  icon: CADASTRE_PARCEL,
  tools: [matrikkelUnit],
});
