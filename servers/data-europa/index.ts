// data-europa: data.europa.eu, the official portal for European open data, run by the Publications
// Office of the European Union, tool-server spec 4.6 "EU catalogue": search, dataset and themes on
// the portal's search API (piveau hub-search; UPSTREAMS.md B15).
// Documentation followed: the hub-search OpenAPI 5.3.11 published at
// https://data.europa.eu/api/hub/search/ (POST /search, GET /datasets/{id}, GET
// /vocabularies/{vocabulary}) and piveau hub-ui's reading of the data-theme vocabulary (details:
// hub.ts).
// UNCONFIRMED: the case of the country and theme facet values, the exact JSON of the vocabulary
// answer, the public dataset page URL, and the licence: the portal's metadata is reused under the
// Commission's reuse policy (Decision 2011/833/EU); that it is CC BY 4.0 is not confirmed.
import { defineServer } from '../../runtime/define.js';
import { ICON } from './icon.js';
import { dataset, search, themes } from './tools.js';
import { DATAEUROPA_SEARCH } from './upstream.js';

export const server = defineServer({
  slug: 'data-europa',
  prefix: 'dataeuropa',
  name: 'European open-data portal (data.europa.eu)',
  owner: 'Publications Office of the European Union',
  description:
    'data.europa.eu, the official portal for European open data: dataset descriptions from EU institutions and the national open-data portals of European countries, with their distributions, licences and EU data themes.',
  license: 'Metadata reusable under the Commission reuse policy (Decision 2011/833/EU; CC BY 4.0 UNCONFIRMED); each dataset states its own licence',
  tier: 'free',
  upstreams: [DATAEUROPA_SEARCH],
  countries: ['EU'],
  docs: [
    { label: 'Search API (hub-search) documentation', url: 'https://data.europa.eu/api/hub/search/' },
    { label: 'data.europa.eu datasets', url: 'https://data.europa.eu/data/datasets' },
    { label: 'EU data theme vocabulary', url: 'https://op.europa.eu/en/web/eu-vocabularies/concept-scheme/-/resource?uri=http://publications.europa.eu/resource/authority/data-theme' },
  ],
  icon: ICON,
  tools: [search, dataset, themes],
});
