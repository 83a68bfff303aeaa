// data.europa.eu's search API (piveau hub-search), used by the data-europa tools (facts: hub.ts).
// The MQA and SPARQL servers call other services of the same host with other limits (the SPARQL
// endpoint needs a longer timeout), so each declares its own upstream.
import { defineUpstream } from '../../runtime/define.js';

export const DATAEUROPA_SEARCH = defineUpstream({
  id: 'dataeuropa-search',
  name: 'data.europa.eu search API',
  baseUrl: 'https://data.europa.eu/api/hub/search',
  envVar: 'DATAEUROPA_SEARCH_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://data.europa.eu/api/hub/search/',
});
