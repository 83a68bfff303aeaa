// data.europa.eu's SPARQL endpoint: what a query may be, how it is sent, and the answer's mapping.
//
// Follows:
// - data.europa.eu's SPARQL pages (https://data.europa.eu/en/about/sparql) and its "Sample SPARQL
//   queries" page (https://data.europa.eu/euodp/en/Sample_SPARQL_queries, "GET and POST http
//   methods"): GET with `query=`, the result format asked by the Accept header (or `format=`); POST
//   with Content-Type application/x-www-form-urlencoded and the body `query=<encoded query>` (used
//   here only for queries too long for a URL), as UPSTREAMS.md B15 says. The endpoint is OpenLink
//   Virtuoso (api-evangelist eu-open-data-portal llms.txt).
// - The SPARQL 1.1 Protocol (https://www.w3.org/TR/sparql11-protocol/), section 2.1.2 (query via
//   URL-encoded POST). Results as SPARQL 1.1 Query Results JSON
//   (https://www.w3.org/TR/sparql11-results-json/): {head: {vars}, results: {bindings}} or {head,
//   boolean}. Virtuoso writes typed literals as type "typed-literal" (SPARQL 1.0's JSON form) and adds
//   head.link, results.distinct and results.ordered.
// - Virtuoso's /sparql parameter `timeout` (milliseconds; Virtuoso ignores values below 1000, which
//   is why the spec's timeoutMs starts there). Past it, Virtuoso ends the query and answers what it
//   found, marked by the header X-SQL-State: S1TAT ("anytime" partial results).
// Decisions: a query is classified by PARSING it with sparqljs (SPARQL 1.1), never by its words:
// updates of every form (INSERT, DELETE, DROP, CLEAR, CREATE, LOAD, COPY, MOVE, ADD) are blocked,
// CONSTRUCT and DESCRIBE refused as unsupported, SERVICE and FROM / FROM NAMED refused (the service
// never asks the endpoint to fetch an address for a caller), SELECT and ASK run. A SELECT's LIMIT is
// rewritten in the parsed query as the spec's eusparql row says ("limit 1-1000, default 100 … SELECT
// gets an automatic cap of 1000 rows"): a limit the caller gives lowers the query's own LIMIT; without
// one, the query's own LIMIT stands up to 1000, and a SELECT without a LIMIT gets 100 (classify.ts).
// The query is regenerated from the parse. Prefixes that Virtuoso declares itself are added when a query uses them undeclared.
// Before any parse a linear scan caps the query's length and nesting (scan.ts); the one parse runs
// in a worker thread within a time budget (parse.ts, classify.ts).
// UNCONFIRMED: that the current endpoint (https://data.europa.eu/sparql) takes the form POST the sample
// page shows for its predecessor (/euodp/sparqlep), and the `timeout` parameter, and the S1TAT header of partial answers (Virtuoso's documented behaviour,
// not seen on this endpoint).
import type { Coverage } from '../../runtime/define.js';

export { DEFAULT_LIMIT, MAX_ROWS, PREDECLARED, classify, prepare, type Classified } from './classify.js';
export { MAX_NESTING, MAX_QUERY_CHARS } from './scan.js';

export const REGISTER = 'data.europa.eu SPARQL endpoint';
export const ENDPOINT = 'https://data.europa.eu/sparql';
export const PATH = '/sparql';
/** Longest query text sent in a URL; longer ones are POSTed form-encoded. */
export const MAX_GET_QUERY = 4000;

export const coverage = (dataTypes: string[]): Coverage => ({ geography: ['EU'], dataTypes, updateFrequency: 'daily' });

interface JsonTerm {
  type?: string;
  value?: string;
  datatype?: string;
  'xml:lang'?: string;
}

export interface SparqlJson {
  head?: { vars?: string[] };
  results?: { bindings?: Record<string, JsonTerm>[] };
  boolean?: boolean;
}

/** One RDF term as this service answers it: typed-literal becomes literal with its datatype. */
export function term(t: JsonTerm) {
  return {
    type: t.type === 'typed-literal' ? 'literal' : (t.type as string),
    value: t.value as string,
    ...(t.datatype && { datatype: t.datatype }),
    ...(t['xml:lang'] && { lang: t['xml:lang'] }),
  };
}

/** Virtuoso's mark of a partial answer (its query timeout passed). */
export const isPartial = (headers: Record<string, string>) => (headers['x-sql-state'] ?? '').trim().toUpperCase() === 'S1TAT';
