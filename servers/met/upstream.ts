// MET Norway's WeatherAPI (api.met.no): Locationforecast 2.0 and Sunrise 3.0 (UPSTREAMS.md B4).
import { defineUpstream } from '../../runtime/define.js';

export const MET_API = defineUpstream({
  id: 'met',
  name: 'MET Norway WeatherAPI',
  baseUrl: 'https://api.met.no/weatherapi',
  envVar: 'MET_BASE_URL',
  // No key; MET requires an identifying User-Agent, which the upstream layer always sends.
  auth: { type: 'none' },
  docs: 'https://api.met.no/weatherapi/locationforecast/2.0/documentation',
  // "Heavy traffic" is more than 20 requests per second in total (MET's terms of service).
  rateLimit: { requests: 20, perSeconds: 1, source: 'https://api.met.no/doc/TermsOfService (heavy traffic: more than 20 requests/second)' },
});
