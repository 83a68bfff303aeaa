// avoindata.fi, Finland's national open-data portal, read through its CKAN action API (facts: ckan.ts).
import { defineUpstream } from '../../runtime/define.js';

export const AVOINDATA = defineUpstream({
  id: 'avoindata',
  name: 'avoindata.fi CKAN API',
  baseUrl: 'https://www.avoindata.fi/data/api/3/action',
  envVar: 'AVOINDATA_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://docs.ckan.org/en/latest/api/index.html',
});
