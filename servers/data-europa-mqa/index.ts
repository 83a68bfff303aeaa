// data-europa-mqa: the Metadata Quality Assessment (MQA) of data.europa.eu, run by the Publications
// Office of the European Union, tool-server spec 4.6 "EU quality scores": catalogue, country,
// dataset, countries and summary on the MQA metrics cache (UPSTREAMS.md B15).
// Documentation followed: the Metrics Cache OpenAPI 5.8.3 published at
// https://data.europa.eu/api/mqa/cache/ (GET /catalogues/{id}, /countries/{id}, /datasets/{id},
// /countries, /global), a public write-up of its real answers where they differ from the OpenAPI,
// and the MQA methodology's rating bands (details: metrics.ts; ISO codes: countries.ts).
// UNCONFIRMED: the rating bands were read through restatements of the methodology, not its own
// page; the answer of the /countries list; the licence (as data-europa: the Commission's reuse
// policy, CC BY 4.0 not confirmed).
import { defineServer } from '../../runtime/define.js';
import { ICON } from './icon.js';
import { catalogue, countries, country, dataset, summary } from './tools.js';
import { DATAEUROPA_MQA } from './upstream.js';

export const server = defineServer({
  slug: 'data-europa-mqa',
  prefix: 'mqa',
  name: 'EU metadata quality scores (data.europa.eu MQA)',
  owner: 'Publications Office of the European Union',
  description:
    "data.europa.eu's Metadata Quality Assessment: how well datasets, catalogues and countries describe their open data (findability, accessibility, interoperability, reusability, contextuality), as points out of 405 and the MQA's ratings excellent, good, sufficient and bad.",
  license: 'Reusable under the Commission reuse policy (Decision 2011/833/EU; CC BY 4.0 UNCONFIRMED)',
  tier: 'free',
  upstreams: [DATAEUROPA_MQA],
  countries: ['EU'],
  docs: [
    { label: 'MQA metrics cache API', url: 'https://data.europa.eu/api/mqa/cache/' },
    { label: 'MQA dashboard', url: 'https://data.europa.eu/mqa/?locale=en' },
    { label: 'MQA methodology (data provider manual)', url: 'https://dataeuropa.gitlab.io/data-provider-manual/metadata-quality-dashboard/' },
  ],
  icon: ICON,
  tools: [catalogue, country, dataset, countries, summary],
});
