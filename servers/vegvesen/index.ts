// vegvesen: Statens vegvesen's open road data, tool-server spec 4.3 "road": kjoretoy.oppslag (the
// vehicle lookup, which needs SVV_API_KEY and is not_configured without it) and trafikk.punkter,
// trafikk.stasjoner, trafikk.volum (the Trafikkdata GraphQL API, no key). Requests and mappings
// follow UPSTREAMS.md B6: the vehicle lookup as Statens vegvesen's API page and a real published
// record describe it (kjoretoy.ts), Trafikkdata's own usage documentation (trafikk.ts).
// UNCONFIRMED: the vehicle lookup's daily quota (50 000 lookups a day is claimed only by a third
// party, so no rate is declared) and its error body; Trafikkdata publishes no request rate; how
// Trafikkdata answers an unknown point id (taken as trafficData null, answered not_found); the
// values of operationalStatus and registrationFrequency other than OPERATIONAL and CONTINUOUS.
// Licence: NLOD 2.0 (Trafikkdata's terms name NLOD; the vehicle data are published under NLOD too,
// UNCONFIRMED for the lookup API).
import { defineServer } from '../../runtime/define.js';
import { VEGVESEN_ICON } from './icon.js';
import { kjoretoyOppslag } from './kjoretoy.js';
import { trafikkPunkter, trafikkStasjoner, trafikkVolum } from './trafikk.js';
import { KJORETOY, TRAFIKKDATA } from './upstream.js';

export const server = defineServer({
  slug: 'vegvesen',
  prefix: 'vegvesen',
  name: 'Roads and vehicles (Statens vegvesen)',
  owner: 'Statens vegvesen',
  description:
    "Statens vegvesen's open road data: technical data of a vehicle by registration number (needs SVV_API_KEY), traffic registration points and permanent counting stations, and hourly or daily traffic volumes from Trafikkdata.",
  license: 'NLOD 2.0 (Norsk lisens for offentlige data)',
  tier: 'free',
  upstreams: [KJORETOY, TRAFIKKDATA],
  countries: ['NO'],
  docs: [
    { label: 'API for tekniske kjøretøyopplysninger', url: 'https://www.vegvesen.no/fag/teknologi/apne-data/et-utvalg-apne-data/api-for-tekniske-kjoretoyopplysninger/' },
    { label: 'Trafikkdata API usage', url: 'https://github.com/trafikkdata/trafikkdata.no-dokumentasjon/blob/main/docs/api/2-usage.md' },
    { label: 'Trafikkdata API (GraphiQL)', url: 'https://trafikkdata-api.atlas.vegvesen.no' },
  ],
  icon: VEGVESEN_ICON,
  tools: [kjoretoyOppslag, trafikkPunkter, trafikkStasjoner, trafikkVolum],
});
