// Entur's Journey Planner v3 (GraphQL) and Geocoder v1 (UPSTREAMS.md B8): two upstreams on one
// host, each with its own base URL override. Both ask every consumer to identify itself with the
// ET-Client-Name header (common.ts), which the tools send on every request.
import { defineUpstream } from '../../runtime/define.js';

export const JOURNEY_PLANNER = defineUpstream({
  id: 'entur-journey-planner',
  name: 'Entur Journey Planner v3',
  baseUrl: 'https://api.entur.io/journey-planner/v3',
  envVar: 'ENTUR_JOURNEY_PLANNER_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://developer.entur.org/pages-journeyplanner-journeyplanner',
  // Identified consumers: trip requests 500 per minute, other requests 1000 per minute. One rate
  // holds both kinds here, so the lower one.
  rateLimit: {
    requests: 500,
    perSeconds: 60,
    source: 'Entur, Journey Planner rate limiting: consumers identified with ET-Client-Name get a trip-request quota of 500 per minute and 1000 per minute for other requests (https://beta.developer.entur.no/docs/open-services/journey-planner/rate-limiting)',
  },
});

export const GEOCODER = defineUpstream({
  id: 'entur-geocoder',
  name: 'Entur Geocoder v1',
  baseUrl: 'https://api.entur.io/geocoder/v1',
  envVar: 'ENTUR_GEOCODER_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://developer.entur.org/pages-geocoder-api',
});
