// Statens vegvesen (UPSTREAMS.md B6): the vehicle lookup (kjøretøyoppslag, technical data) and
// Trafikkdata's GraphQL API.
import { defineUpstream } from '../../runtime/define.js';

export const KJORETOY = defineUpstream({
  id: 'vegvesen-kjoretoy',
  name: 'Statens vegvesen kjøretøyoppslag',
  baseUrl: 'https://akfell-datautlevering.atlas.vegvesen.no',
  envVar: 'VEGVESEN_KJORETOY_BASE_URL',
  // The API key goes in the SVV-Authorization header as "Apikey <key>".
  auth: { type: 'header', header: 'SVV-Authorization', envVar: 'SVV_API_KEY', prefix: 'Apikey ' },
  docs: 'https://www.vegvesen.no/fag/teknologi/apne-data/et-utvalg-apne-data/api-for-tekniske-kjoretoyopplysninger/',
});

export const TRAFIKKDATA = defineUpstream({
  id: 'vegvesen-trafikkdata',
  name: 'Statens vegvesen Trafikkdata API',
  baseUrl: 'https://trafikkdata-api.atlas.vegvesen.no',
  envVar: 'VEGVESEN_TRAFIKKDATA_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://github.com/trafikkdata/trafikkdata.no-dokumentasjon/blob/main/docs/api/2-usage.md',
  timeoutMs: 30_000,
});
