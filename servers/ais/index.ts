// ais: ship tracking, tool-server spec 4.4 "ship tracking": ais.positions (BarentsWatch live AIS,
// needs BARENTSWATCH_CLIENT_ID and BARENTSWATCH_CLIENT_SECRET: the OAuth 2 client-credentials
// grant at https://id.barentswatch.no/connect/token, scope `ais`), config.status and
// ship_types.list (both answer without credentials).
// Documentation followed: BarentsWatch AIS OpenAPI (https://live.ais.barentswatch.no/index.html),
// application registration (https://developer.barentswatch.no/docs/appreg/), type of ship/cargo
// (https://developer.barentswatch.no/docs/AIS/aisshiptype, ITU-R M.1371-5 Table 53); UPSTREAMS.md B9.
// UNCONFIRMED: a ship-type filter on GET /v1/latest/combined (filtered here instead), the API's
// request rate (none published in the sources read), and that BarentsWatch groups ship types into
// the same 12 types (ship-types.ts). Licence: NLOD, as Kystverket states for its open AIS data
// ("Brukertilgang til AIS Norge", kystverket.no).
import { defineServer } from '../../runtime/define.js';
import { ICON } from './icon.js';
import { aisPositions } from './positions.js';
import { shipTypesList } from './ship-types.js';
import { configStatus } from './status.js';
import { BARENTSWATCH_AIS } from './upstream.js';

export const server = defineServer({
  slug: 'ais',
  prefix: 'ais',
  name: 'Ship tracking (AIS)',
  owner: 'Kystverket / BarentsWatch',
  description:
    "Live ship positions along the Norwegian coast from BarentsWatch's open AIS data (Kystverket's AIS network): the latest position, speed, course, destination and type of each vessel, and the AIS ship types. Positions need a free BarentsWatch client (BARENTSWATCH_CLIENT_ID, BARENTSWATCH_CLIENT_SECRET).",
  license: 'NLOD 2.0 (Norsk lisens for offentlige data)',
  tier: 'free',
  upstreams: [BARENTSWATCH_AIS],
  countries: ['NO'],
  docs: [
    { label: 'BarentsWatch AIS live API (OpenAPI)', url: 'https://live.ais.barentswatch.no/index.html' },
    { label: 'BarentsWatch client registration', url: 'https://developer.barentswatch.no/docs/appreg/' },
    { label: 'Type of ship/cargo', url: 'https://developer.barentswatch.no/docs/AIS/aisshiptype' },
  ],
  icon: ICON,
  tools: [aisPositions, configStatus, shipTypesList],
});
