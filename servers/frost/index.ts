// frost: MET Norway's climate and observation archive through the Frost API, tool-server spec 4.3
// "climate": klima.normaler, observasjoner and stasjoner.sok, all not_configured without
// FROST_CLIENT_ID (HTTP Basic: the client id as user name, an empty password).
// Follows https://frost.met.no/api.html, https://frost.met.no/howto.html and Frost's own acceptance
// tests (climatenormals and observations: parameters, the 400/404 ErrorResponse bodies); UPSTREAMS.md B4.
// UNCONFIRMED: that 1991/2020 normals exist for all five reference stations (a city without them is
// answered with an empty list and a note); whether "no data" is always 404 (412 has been reported);
// the largest request Frost accepts before it asks for a split. Licence: NLOD 2.0 and CC BY 4.0
// (MET Norway's data licence).
import { defineServer } from '../../runtime/define.js';
import { FROST_ICON } from './icon.js';
import { klimaNormaler } from './normaler.js';
import { observasjoner } from './observations.js';
import { stasjonerSok } from './stations.js';
import { FROST } from './upstream.js';

export const server = defineServer({
  slug: 'frost',
  prefix: 'frost',
  name: 'Climate and observations (MET Norway Frost)',
  owner: 'Meteorologisk institutt',
  description:
    "MET Norway's archive of weather observations and climate statistics through the Frost API: monthly climate normals of the big cities, measured observations from any station, and a station search. Needs a Frost client id (FROST_CLIENT_ID).",
  license: 'NLOD 2.0 and CC BY 4.0 (MET Norway)',
  tier: 'free',
  upstreams: [FROST],
  countries: ['NO'],
  docs: [
    { label: 'Frost API reference', url: 'https://frost.met.no/api.html' },
    { label: 'Frost how-to', url: 'https://frost.met.no/howto.html' },
    { label: 'Request a client id', url: 'https://frost.met.no/auth/requestCredentials.html' },
    { label: 'Terms of use', url: 'https://frost.met.no/termsofuse2.html' },
  ],
  icon: FROST_ICON,
  tools: [klimaNormaler, observasjoner, stasjonerSok],
});
