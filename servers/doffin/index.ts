// doffin: Norwegian public procurement notices (Doffin, run by DFØ), tool-server spec 4.2
// "procurement": notices.search, notice.get and cpv.divisjoner, all not_configured without
// DOFFIN_API_KEY (spec 4.2), plus the connector status answer of spec 2.3 at the `health` connector
// route. The upstream facts relied on and the UNCONFIRMED ones are in notices.ts.
// Licence: NLOD 2.0 is assumed for Doffin's notice data (UNCONFIRMED: no licence statement was found
// in the sources read).
import { defineServer } from '../../runtime/define.js';
import { CLIPBOARD } from '../_shared/icons/index.js';
import { cpvDivisjoner } from './cpv.js';
import { noticeGet, noticesSearch } from './notices.js';
import { healthRoute } from './status.js';
import { DOFFIN } from './upstream.js';

export const server = defineServer({
  slug: 'doffin',
  prefix: 'doffin',
  name: 'Public procurement notices (Doffin)',
  owner: 'DFØ',
  description:
    'Norwegian public procurement notices from Doffin: search tenders and awards by date, CPV category and buyer, read one notice with its lots and winners, and list the CPV divisions. Needs a Doffin subscription key (DOFFIN_API_KEY).',
  license: 'NLOD 2.0 (Norsk lisens for offentlige data)',
  tier: 'free',
  upstreams: [DOFFIN],
  countries: ['NO'],
  docs: [
    { label: 'Doffin API developer portal', url: 'https://dof-notices-prod-api.developer.azure-api.net' },
    { label: 'Doffin', url: 'https://doffin.no' },
  ],
  icon: CLIPBOARD,
  tools: [noticesSearch, noticeGet, cpvDivisjoner],
  routes: [healthRoute],
});
