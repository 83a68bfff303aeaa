// Norges Bank's SDMX data API (UPSTREAMS.md A13).
import { defineUpstream } from '../../runtime/define.js';

export const NORGES_BANK = defineUpstream({
  id: 'norges-bank',
  name: 'Norges Bank SDMX data API',
  baseUrl: 'https://data.norges-bank.no/api',
  envVar: 'NORGES_BANK_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://app.norges-bank.no/query/#/en/',
});
