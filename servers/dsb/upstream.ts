// DSB's fire statistics, brannstatistikk.no (BRIS, the fire and rescue services' reporting system;
// UPSTREAMS.md B17: no documented open API was found).
import { defineUpstream } from '../../runtime/define.js';

export const BRIS = defineUpstream({
  id: 'dsb-bris',
  name: 'DSB brannstatistikk.no (BRIS)',
  baseUrl: 'https://brannstatistikk.no/api/v1',
  envVar: 'DSB_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://brannstatistikk.no',
});
