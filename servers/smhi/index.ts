// smhi: SMHI's open weather data, tool-server spec 4.3 "Swedish weather": forecast (point forecast
// snow1g version 1, which replaced pmp3g version 2 on 2026-03-31), observations, parameters and
// stations (metobs version 1.0). Requests and mappings follow SMHI's API documentation
// (https://opendata.smhi.se/apidocs/metfcst/index.html, https://opendata.smhi.se/apidocs/metobs/index.html)
// as UPSTREAMS.md B5 records it; see forecast.ts and metobs.ts for the facts relied on.
// UNCONFIRMED: snow1g's top-level keys beyond referenceTime, geometry and timeSeries (createdTime,
// or approvedTime in some clients: either is read); that 404 is SMHI's answer for a point outside
// the snow1g grid; the `unit` field of the parameter list. SMHI publishes no request rate.
// Licence: CC BY 4.0 (SMHI's open data licence, UNCONFIRMED from SMHI's own page in the sources read).
import { defineServer } from '../../runtime/define.js';
import { forecast } from './forecast.js';
import { SMHI_ICON } from './icon.js';
import { observations, parameters, stations } from './metobs.js';
import { SMHI_METFCST, SMHI_METOBS } from './upstream.js';

export const server = defineServer({
  slug: 'smhi',
  prefix: 'smhi',
  name: 'Swedish weather (SMHI)',
  owner: 'SMHI',
  description:
    "SMHI's open weather data for Sweden and the Nordic area: the point forecast about 10 days ahead, and measured observations (temperature, wind, precipitation and more) from SMHI's stations with their parameters and station lists.",
  license: 'CC BY 4.0 (SMHI open data)',
  tier: 'free',
  upstreams: [SMHI_METFCST, SMHI_METOBS],
  countries: ['SE'],
  docs: [
    { label: 'Meteorological forecasts API', url: 'https://opendata.smhi.se/apidocs/metfcst/index.html' },
    { label: 'Meteorological observations API', url: 'https://opendata.smhi.se/apidocs/metobs/index.html' },
    { label: 'SMHI open data', url: 'https://www.smhi.se/data/oppna-data' },
  ],
  icon: SMHI_ICON,
  tools: [forecast, observations, parameters, stations],
});
