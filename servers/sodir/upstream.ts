// Sokkeldirektoratet's FactPages: table views exported as CSV (UPSTREAMS.md B11).
import { defineUpstream } from '../../runtime/define.js';

export const SODIR_FACTPAGES = defineUpstream({
  id: 'sodir-factpages',
  name: 'Sodir FactPages',
  baseUrl: 'https://factpages.sodir.no',
  envVar: 'SODIR_FACTPAGES_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://factpages.sodir.no/en',
  // A whole table (the monthly production of every field since 1971) is rendered per download.
  timeoutMs: 60_000,
});
