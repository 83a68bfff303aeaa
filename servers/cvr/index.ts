// cvr: the Danish Central Business Register (CVR), kept by Erhvervsstyrelsen (Danish Business
// Authority), read through its system-to-system Elasticsearch distribution (UPSTREAMS.md A6;
// https://datacvr.virk.dk/artikel/system-til-system-adgang-til-cvr-data). Access is free but needs
// credentials from Erhvervsstyrelsen (CVR_ES_USER, CVR_ES_PASS; apply at cvrselvbetjening@erst.dk and
// sign the declaration on advertising protection); without them every tool answers 503
// not_configured. Tool order: spec 4.2 (company.lookup, directors, owners, annual_reports, search).
import { defineServer } from '../../runtime/define.js';
import { BUILDING } from '../_shared/icons/index.js';
import { annualReports } from './regnskaber.js';
import { search } from './search.js';
import { companyLookup, directors, owners } from './virksomhed.js';
import { CVR } from '../_shared/cvr.js';

export const server = defineServer({
  slug: 'cvr',
  prefix: 'cvr',
  name: 'Danish company register (CVR)',
  owner: 'Erhvervsstyrelsen',
  description:
    "Danish companies from the Central Business Register (CVR), kept by Erhvervsstyrelsen: company records, board and management, legal and beneficial owners, links to published annual reports, and search by name. Reads Erhvervsstyrelsen's system-to-system CVR distribution, which needs credentials from Erhvervsstyrelsen.",
  license:
    'CVR data are free public data from Erhvervsstyrelsen; system-to-system access is free but requires accepting its terms on advertising protection (companies marked reklamebeskyttet must not be contacted for direct marketing).',
  tier: 'free',
  upstreams: [CVR],
  countries: ['DK'],
  docs: [
    { label: 'System-til-system adgang til CVR-data (Erhvervsstyrelsen)', url: 'https://datacvr.virk.dk/artikel/system-til-system-adgang-til-cvr-data' },
    { label: 'Dataset description and terms (datahub.virk.dk)', url: 'http://datahub.virk.dk/dataset/system-til-system-adgang-til-cvr-data' },
    { label: 'What CVR contains (Erhvervsstyrelsen)', url: 'https://erhvervsstyrelsen.dk/hvad-er-cvr' },
    { label: 'CVR on Virk (company pages and annual reports)', url: 'https://datacvr.virk.dk' },
  ],
  icon: BUILDING,
  tools: [companyLookup, directors, owners, annualReports, search],
});
