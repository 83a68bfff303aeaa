// data-norge: the Norwegian national data catalogue, data.norge.no (Felles datakatalog, run by
// Digitaliseringsdirektoratet), tool-server spec 4.6 "national catalogue": datasets.search on the FDK
// search API, datasets.get on the FDK resource service, organizations.list on the FDK organisation
// catalogue (UPSTREAMS.md B15).
// Documentation followed: https://data.norge.no/nb/technical/api/search (search, rate limit),
// https://data.norge.no/en/technical/api/resource-service (resource service, rate limit), the
// OpenAPI documents of fdk-search-service and organization-catalog, and the FDK RDF parser's
// classes for the dataset JSON (details and the sort mapping: fdk.ts).
// Digdir says the search API is made for data.norge.no itself and may change without notice.
// UNCONFIRMED: the largest page size of the search API, the JSON of the resource service and of the
// organisation catalogue (no captured answer was found), the public dataset page URL, and the
// licence: NLOD 2.0 is what the FDK APIs' OpenAPI documents name for the APIs themselves.
import { defineServer } from '../../runtime/define.js';
import { ICON } from './icon.js';
import { datasetsGet, datasetsSearch, organizationsList } from './tools.js';
import { FDK_ORGANIZATIONS, FDK_RESOURCE, FDK_SEARCH } from './upstream.js';

export const server = defineServer({
  slug: 'data-norge',
  prefix: 'datanorge',
  name: 'Norwegian national data catalogue (data.norge.no)',
  owner: 'Digitaliseringsdirektoratet',
  description:
    'The Norwegian national data catalogue, data.norge.no: descriptions of the datasets that Norwegian public bodies publish (what exists, who holds it, under which access rights and formats, where to get it), and the organisations behind them.',
  license: 'NLOD 2.0 (Norsk lisens for offentlige data), as the FDK API documents state (UNCONFIRMED for the catalogue content)',
  tier: 'free',
  upstreams: [FDK_SEARCH, FDK_RESOURCE, FDK_ORGANIZATIONS],
  countries: ['NO'],
  docs: [
    { label: 'Search API (data.norge.no)', url: 'https://data.norge.no/nb/technical/api/search' },
    { label: 'Resource service API (data.norge.no)', url: 'https://data.norge.no/en/technical/api/resource-service' },
    { label: 'fdk-search-service OpenAPI', url: 'https://github.com/Informasjonsforvaltning/fdk-search-service/blob/main/openapi.yaml' },
    { label: 'Organisation catalogue OpenAPI', url: FDK_ORGANIZATIONS.docs },
  ],
  icon: ICON,
  tools: [datasetsSearch, datasetsGet, organizationsList],
});
