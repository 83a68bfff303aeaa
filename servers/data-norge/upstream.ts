// The three FDK (Felles datakatalog) services behind data.norge.no that the data-norge tools call:
// the search API, the resource service and the organisation catalogue. Facts and their sources:
// fdk.ts.
import { defineUpstream } from '../../runtime/define.js';

/**
 * Search API (fdk-search-service). Published rate: 10 requests per minute with a burst of 20. The
 * runtime's limit is a sliding window of N per period, so it holds 10 per 60 s, which never
 * exceeds the published rate (the burst is not used); the tools' cache lifetimes carry the rest.
 */
export const FDK_SEARCH = defineUpstream({
  id: 'fdk-search',
  name: 'data.norge.no search API',
  baseUrl: 'https://search.api.fellesdatakatalog.digdir.no',
  envVar: 'FDK_SEARCH_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://data.norge.no/nb/technical/api/search',
  rateLimit: {
    requests: 10,
    perSeconds: 60,
    source: 'https://data.norge.no/nb/technical/api/search: 10 requests per minute, burst 20 (held as 10 per 60 s)',
  },
});

/** Resource service (fdk-resource-service): one dataset by its FDK id. Published rate: 5 per second, burst 10. */
export const FDK_RESOURCE = defineUpstream({
  id: 'fdk-resource',
  name: 'data.norge.no resource service',
  baseUrl: 'https://resource.api.fellesdatakatalog.digdir.no',
  envVar: 'FDK_RESOURCE_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://data.norge.no/en/technical/api/resource-service',
  rateLimit: {
    requests: 5,
    perSeconds: 1,
    source: 'https://data.norge.no/en/technical/api/resource-service: 5 requests per second, burst 10 (held as 5 per 1 s)',
  },
});

/** Organisation catalogue: the organisations known to data.norge.no. No published rate. */
export const FDK_ORGANIZATIONS = defineUpstream({
  id: 'fdk-organizations',
  name: 'data.norge.no organisation catalogue',
  baseUrl: 'https://organization-catalogue.fellesdatakatalog.digdir.no',
  envVar: 'FDK_ORGANIZATION_CATALOGUE_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://github.com/Informasjonsforvaltning/organization-catalog/blob/main/src/main/resources/specification/organization-catalogue.yaml',
});
