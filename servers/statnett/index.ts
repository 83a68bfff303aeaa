// statnett: the grid operator, tool-server spec 4.4 "grid operator": kapasitet.status,
// kraftflyt.live and prisomrader.status, all three deprecated in the spec (410 api_sunset, an
// expiry message and no data; retired.ts). The server calls no upstream.
// Licence: Statnett's open data are published under NLOD (UNCONFIRMED: no statement was read;
// nothing is served from them here).
import { defineServer } from '../../runtime/define.js';
import { ICON } from './icon.js';
import { kapasitetStatus, kraftflytLive, prisomraderStatus } from './retired.js';

export const server = defineServer({
  slug: 'statnett',
  prefix: 'statnett',
  name: 'Grid operator (Statnett)',
  owner: 'Statnett',
  description:
    "Statnett's transmission grid: grid capacity, live power flow and bidding-zone status. All three tools are retired and answer 410 api_sunset with no data; their descriptions name where the data is published now.",
  license: 'NLOD 2.0 (Norsk lisens for offentlige data)',
  tier: 'free',
  upstreams: [],
  countries: ['NO'],
  docs: [{ label: 'Statnett: tall og data fra kraftsystemet', url: 'https://www.statnett.no/for-aktorer-i-kraftbransjen/tall-og-data-fra-kraftsystemet/' }],
  icon: ICON,
  availability: { label: 'deprecated', note: 'All tools of this server are retired (410 api_sunset).' },
  tools: [kapasitetStatus, kraftflytLive, prisomraderStatus],
});
