// entur: Norway's national public transport data from Entur, tool-server spec 4.4 "public
// transport": departures.list and routes.plan on Journey Planner v3 (GraphQL, journey.ts) and
// stops.autocomplete on Geocoder v1 (geocoder.ts). Every request carries ET-Client-Name
// (common.ts; ET_CLIENT_NAME, else this project's name).
// Requests and mappings follow https://developer.entur.org/pages-journeyplanner-journeyplanner, the
// v3 schema Entur publishes (entur/tavla graphql-schemas/journey-planner-v3.graphql),
// https://developer.entur.org/pages-geocoder-api and Entur's geocoder sources (entur/geocoder).
// Licence: NLOD ("This API is open under NLOD licence", Entur's API pages).
// UNCONFIRMED: no live Journey Planner answer was found (those recordings are built from the
// schema), and the bodies of Entur's 429 and 5xx answers.
import { defineServer } from '../../runtime/define.js';
import { stopsAutocomplete } from './geocoder.js';
import { BUS_STOP } from './icon.js';
import { departuresList, routesPlan } from './journey.js';
import { GEOCODER, JOURNEY_PLANNER } from './upstream.js';

export const server = defineServer({
  slug: 'entur',
  prefix: 'entur',
  name: 'Entur public transport',
  owner: 'Entur',
  description:
    "Norway's national public transport data from Entur: real-time departures from any stop, journey planning across all operators and modes, and finding stops and places by name.",
  license: 'NLOD (Norsk lisens for offentlige data)',
  tier: 'free',
  upstreams: [JOURNEY_PLANNER, GEOCODER],
  countries: ['NO'],
  docs: [
    { label: 'Journey Planner v3', url: 'https://developer.entur.org/pages-journeyplanner-journeyplanner' },
    { label: 'Geocoder', url: 'https://developer.entur.org/pages-geocoder-api' },
    { label: 'Rate limiting', url: 'https://beta.developer.entur.no/docs/open-services/journey-planner/rate-limiting' },
  ],
  icon: BUS_STOP,
  tools: [departuresList, routesPlan, stopsAutocomplete],
});
