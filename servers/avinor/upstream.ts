// Avinor's flight data XML feeds (UPSTREAMS.md B7): one host for the flight feed, the status codes
// and the two name lists. No published request rate: Avinor asks each client to fetch a feed no
// more often than every three minutes and to cache it, which the tools' cache lifetimes do
// (feeds.ts); no rateLimit is declared because Avinor publishes no rate across requests.
import { defineUpstream } from '../../runtime/define.js';

export const AVINOR = defineUpstream({
  id: 'avinor',
  name: 'Avinor flight data (XML feeds)',
  baseUrl: 'https://asrv.avinor.no',
  envVar: 'AVINOR_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://partner.avinor.no/en/services/flight-data',
});
