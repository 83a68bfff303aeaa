// met: MET Norway's weather forecast and sun times, tool-server spec 4.3 "weather": varsel.punkt
// (Locationforecast 2.0 compact), varsel.komplett (complete) and sun.tider (Sunrise 3.0 /sun).
// Follows https://api.met.no/weatherapi/locationforecast/2.0/documentation, the forecast JSON
// format https://developer.yr.no/doc/ForecastJSON, https://api.met.no/weatherapi/sunrise/3.0/documentation
// and the terms of service https://api.met.no/doc/TermsOfService (UPSTREAMS.md B4):
// - coordinates truncated to at most 4 decimals before every call;
// - an identifying User-Agent (the upstream layer sends UPSTREAM_USER_AGENT on every request);
// - Expires and Last-Modified honoured: no request before Expires, then If-Modified-Since with the
//   exact Last-Modified string, a 304 renewing the kept answer (runtime/upstream/freshness.ts);
// - at most 20 requests/second in total (MET's "heavy traffic" line), held as the upstream's rate.
// UNCONFIRMED: the numeric ranges -90..90 / -180..180 are the coordinates' own range, which MET's
// OpenAPI is assumed to share; the exact set of details in the complete variant is passed on as
// MET sends it. Licence: NLOD 2.0 and CC BY 4.0 (MET Norway's data licence, api.met.no/doc/License).
import { defineServer } from '../../runtime/define.js';
import { varselKomplett, varselPunkt } from './forecast.js';
import { MET_ICON } from './icon.js';
import { sunTider } from './sun.js';
import { MET_API } from './upstream.js';

export const server = defineServer({
  slug: 'met',
  prefix: 'met',
  name: 'Weather forecast and sun times (MET Norway)',
  owner: 'Meteorologisk institutt',
  description:
    "MET Norway's open weather services: the Locationforecast point forecast for anywhere in the world (compact or complete, about 9 days ahead) and sunrise, sunset, solar noon and polar day or night for any point and date.",
  license: 'NLOD 2.0 and CC BY 4.0 (MET Norway)',
  tier: 'free',
  upstreams: [MET_API],
  countries: ['NO'],
  docs: [
    { label: 'Locationforecast 2.0', url: 'https://api.met.no/weatherapi/locationforecast/2.0/documentation' },
    { label: 'Forecast JSON format', url: 'https://developer.yr.no/doc/ForecastJSON' },
    { label: 'Sunrise 3.0', url: 'https://api.met.no/weatherapi/sunrise/3.0/documentation' },
    { label: 'Terms of service', url: 'https://api.met.no/doc/TermsOfService' },
  ],
  icon: MET_ICON,
  tools: [varselPunkt, varselKomplett, sunTider],
});
