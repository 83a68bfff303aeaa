// Euronext's live market site, which publishes the list of Oslo equities as a CSV download (the path
// and where it is shown: listing.ts; UPSTREAMS.md A14 describes this host's other website endpoints).
import { defineUpstream } from '../../runtime/define.js';

export const EURONEXT = defineUpstream({
  id: 'euronext-live',
  name: 'Euronext live (Oslo equities list)',
  baseUrl: 'https://live.euronext.com',
  envVar: 'EURONEXT_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://live.euronext.com/en/markets/oslo/equities/list',
  timeoutMs: 30_000,
});
