// data.europa.eu's SPARQL endpoint (Virtuoso), used by the data-europa-sparql tools (facts: sparql.ts).
import { defineUpstream } from '../../runtime/define.js';

export const DATAEUROPA_SPARQL = defineUpstream({
  id: 'dataeuropa-sparql',
  name: 'data.europa.eu SPARQL endpoint',
  // The endpoint is /sparql on this host (tools ask for that path).
  baseUrl: 'https://data.europa.eu',
  envVar: 'DATAEUROPA_SPARQL_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://data.europa.eu/en/about/sparql',
  // eusparql.query passes timeouts up to 60 s to the endpoint; an attempt may wait that long (the
  // call's own deadline still ends it sooner).
  timeoutMs: 60_000,
  maxConcurrent: 4,
});
