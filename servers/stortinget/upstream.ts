// Stortinget's data service (UPSTREAMS.md B16; requests and shapes: export.ts).
import { defineUpstream } from '../../runtime/define.js';

export const STORTINGET = defineUpstream({
  id: 'stortinget',
  name: 'Stortingets datatjeneste (data.stortinget.no)',
  baseUrl: 'https://data.stortinget.no/eksport',
  envVar: 'STORTINGET_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://data.stortinget.no/dokumentasjon-og-hjelp/',
  // A session's cases come whole (no paging): well over a thousand objects, slow to build.
  timeoutMs: 30_000,
});
