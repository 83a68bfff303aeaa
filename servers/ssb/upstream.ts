// Statistics Norway's Statbank through PxWebApi 2 (UPSTREAMS.md B12).
import { defineUpstream } from '../../runtime/define.js';

export const SSB_PXWEB = defineUpstream({
  id: 'ssb-pxwebapi',
  name: 'SSB Statbank (PxWebApi 2)',
  baseUrl: 'https://data.ssb.no/api/pxwebapi/v2',
  envVar: 'SSB_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://www.ssb.no/api/api-mot-statistikkbanken--brukerveiledning',
  // An extract of 800 000 cells is tens of megabytes of JSON-stat.
  timeoutMs: 30_000,
  maxBodyBytes: 64 * 1024 * 1024,
  rateLimit: {
    requests: 30,
    perSeconds: 60,
    source: 'SSB, "API mot Statistikkbanken – brukerveiledning" (https://www.ssb.no/api/api-mot-statistikkbanken--brukerveiledning): 800 000 cells per extract and 30 requests per minute, per IP address',
  },
});
