// data-europa-sparql: the SPARQL endpoint of data.europa.eu, run by the Publications Office of the
// European Union, tool-server spec 4.6 "EU SPARQL": query, about and health (UPSTREAMS.md B15).
// Documentation followed: data.europa.eu's SPARQL pages (https://data.europa.eu/en/about/sparql:
// GET with query=, result format by Accept) and its sample-queries page (long queries POSTed
// form-encoded, query=…; https://data.europa.eu/euodp/en/Sample_SPARQL_queries), the SPARQL 1.1
// Protocol and Query Results JSON recommendations, and Virtuoso's `timeout` parameter (details and
// decisions: sparql.ts). Queries are classified by parsing them with sparqljs: SELECT and ASK run,
// CONSTRUCT and DESCRIBE are refused as unsupported, every update form is blocked, and a SELECT's
// LIMIT is capped at 1000 rows (default 100 for a SELECT without one).
// UNCONFIRMED: the form POST on the current endpoint (the sample page shows its predecessor), the
// `timeout` parameter and the partial-answer header on this endpoint; the licence (as data-europa: the Commission's reuse policy, CC BY 4.0 not confirmed).
import { defineServer } from '../../runtime/define.js';
import { ICON } from './icon.js';
import { about, health, query } from './tools.js';
import { DATAEUROPA_SPARQL } from './upstream.js';

export const server = defineServer({
  slug: 'data-europa-sparql',
  prefix: 'eusparql',
  name: 'EU open-data SPARQL endpoint (data.europa.eu)',
  owner: 'Publications Office of the European Union',
  description:
    "data.europa.eu's SPARQL endpoint: read-only SELECT and ASK queries over the DCAT-AP metadata (datasets, distributions, catalogues, publishers) of the official portal for European open data.",
  license: 'Metadata reusable under the Commission reuse policy (Decision 2011/833/EU; CC BY 4.0 UNCONFIRMED)',
  tier: 'free',
  upstreams: [DATAEUROPA_SPARQL],
  countries: ['EU'],
  docs: [
    { label: 'About SPARQL on data.europa.eu', url: 'https://data.europa.eu/en/about/sparql' },
    { label: 'SPARQL search (data.europa.eu)', url: 'https://data.europa.eu/data/sparql' },
    { label: 'SPARQL 1.1 Protocol', url: 'https://www.w3.org/TR/sparql11-protocol/' },
  ],
  icon: ICON,
  tools: [query, about, health],
});
