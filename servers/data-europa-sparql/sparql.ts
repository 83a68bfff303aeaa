// data.europa.eu's SPARQL endpoint: what a query may be, how it is sent, and the answer's mapping.
//
// Follows:
// - data.europa.eu's SPARQL pages (https://data.europa.eu/en/about/sparql and the portal's sample
//   queries page): the machine-readable endpoint answers GET with `query=`, the result format asked
//   by the Accept header (or `format=`); the endpoint is OpenLink Virtuoso (api-evangelist
//   eu-open-data-portal llms.txt).
// - The SPARQL 1.1 Protocol (https://www.w3.org/TR/sparql11-protocol/): a query may also be POSTed
//   directly with Content-Type application/sparql-query (used here only for queries too long for a
//   URL); never a form body. Results as SPARQL 1.1 Query Results JSON
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
// rewritten in the parsed query (the tool's limit, never above 1000) and the query regenerated from
// the parse. Prefixes that Virtuoso declares itself are added when a query uses them undeclared.
// Before any parse a linear scan caps the query's length and nesting (scan.ts); the one parse runs
// in a worker thread within a time budget (parse.ts, classify.ts).
// UNCONFIRMED: that data.europa.eu's Virtuoso takes a direct POST (application/sparql-query) and the
// `timeout` parameter, and the S1TAT header of partial answers (Virtuoso's documented behaviour,
// not seen on this endpoint).
import type { Coverage } from '../../runtime/define.js';

export { PREDECLARED, classify, prepare, type Classified } from './classify.js';
export { MAX_NESTING, MAX_QUERY_CHARS } from './scan.js';

export const REGISTER = 'data.europa.eu SPARQL endpoint';
export const ENDPOINT = 'https://data.europa.eu/sparql';
export const PATH = '/sparql';
export const MAX_ROWS = 1000;
/** Longest query text sent in a URL; longer ones are POSTed as application/sparql-query. */
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
