// kystverket: the Norwegian Coastal Administration, tool-server spec 4.4 "coast": havner.list and
// havn.detalj on Kystverket's NSR locations file (data.kystverket.no, found through its CKAN
// catalogue; ports.ts), nav.advarsler on Kystverket's published navigational warnings page
// (warnings.ts: there is no API nor file for them). Both are read through file indexes.
// Documentation followed: https://data.kystverket.no/dataset/nsr-lokasjoner, CKAN action API
// (https://docs.ckan.org/en/latest/api/), Kystverket's navigational warnings service page;
// UPSTREAMS.md B9.
// UNCONFIRMED: the locations file's delimiter and location-type values, its resource address
// (recordings use a constructed one), the layout of the coastal warnings page (assumed the same as
// the NAVAREA XIX page's), and the licence (NLOD is assumed, as for Kystverket's other open data).
import { defineServer } from '../../runtime/define.js';
import { ICON } from './icon.js';
import { havnDetalj, havnerList } from './ports.js';
import { KYSTVERKET_DATA, KYSTVERKET_NAVCO } from './upstream.js';
import { navAdvarsler } from './warnings.js';

export const server = defineServer({
  slug: 'kystverket',
  prefix: 'kystverket',
  name: 'Coast: ports and navigational warnings (Kystverket)',
  owner: 'Kystverket',
  description:
    "Kystverket's port-call locations (ports and quays with UN/LOCODE, county and position, as used in SafeSeaNet and port-call statistics) and the navigational warnings in force along the Norwegian coast.",
  license: 'NLOD 2.0 (Norsk lisens for offentlige data)',
  tier: 'free',
  upstreams: [KYSTVERKET_DATA, KYSTVERKET_NAVCO],
  countries: ['NO'],
  docs: [
    { label: 'Lokasjoner (SafeSeaNet, NewShipRep)', url: 'https://data.kystverket.no/dataset/nsr-lokasjoner' },
    { label: 'Navigasjonsvarsler', url: 'https://kyvreports.kystverket.no/NavcoReport/navigasjonsvarsler.aspx' },
  ],
  icon: ICON,
  tools: [havnerList, havnDetalj, navAdvarsler],
});
