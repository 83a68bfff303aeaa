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
// CONSTRUCT and DESCRIBE refused as unsupported, SELECT and ASK run. A SELECT's LIMIT is rewritten in
// the parsed query (the tool's limit, never above 1000) and the query regenerated from the parse.
// Prefixes that Virtuoso declares itself are added when a query uses them undeclared.
// UNCONFIRMED: that data.europa.eu's Virtuoso takes a direct POST (application/sparql-query) and the
// `timeout` parameter, and the S1TAT header of partial answers (Virtuoso's documented behaviour,
// not seen on this endpoint).
import sparqljs from 'sparqljs';
import type { SelectQuery, SparqlQuery } from 'sparqljs';
import type { Coverage } from '../../runtime/define.js';

export const REGISTER = 'data.europa.eu SPARQL endpoint';
export const ENDPOINT = 'https://data.europa.eu/sparql';
export const PATH = '/sparql';
export const MAX_ROWS = 1000;
/** Longest query text sent in a URL; longer ones are POSTed as application/sparql-query. */
export const MAX_GET_QUERY = 4000;

export const coverage = (dataTypes: string[]): Coverage => ({ geography: ['EU'], dataTypes, updateFrequency: 'daily' });

/** Prefixes Virtuoso declares for every query (a subset of its defaults that DCAT-AP metadata uses). */
export const PREDECLARED: Readonly<Record<string, string>> = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  owl: 'http://www.w3.org/2002/07/owl#',
  skos: 'http://www.w3.org/2004/02/skos/core#',
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  dc: 'http://purl.org/dc/elements/1.1/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  prov: 'http://www.w3.org/ns/prov#',
  schema: 'http://schema.org/',
};

const UPDATE_FORMS = 'INSERT, DELETE, DROP, CLEAR, CREATE, LOAD, COPY, MOVE, ADD';

export type Classified =
  | { ok: true; query: Exclude<SparqlQuery, { type: 'update' }> & { queryType: 'SELECT' | 'ASK' } }
  | { ok: false; kind: 'syntax' | 'update' | 'unsupported'; message: string };

/** Parses a query (adding undeclared prefixes that Virtuoso predeclares) and says whether it may run. */
export function classify(text: string): Classified {
  const prefixes: Record<string, string> = {};
  let parsed: SparqlQuery;
  for (;;) {
    try {
      parsed = new sparqljs.Parser({ prefixes }).parse(text);
      break;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const unknown = /^Unknown prefix: ([A-Za-z][\w.-]*)/.exec(message)?.[1];
      if (unknown && PREDECLARED[unknown] && !(unknown in prefixes)) {
        prefixes[unknown] = PREDECLARED[unknown];
        continue;
      }
      const brief = message.split('\n').map((l) => l.trim()).filter(Boolean).join(' ').slice(0, 300);
      return { ok: false, kind: 'syntax', message: `is not a valid SPARQL 1.1 query (${brief})` };
    }
  }
  if (parsed.type === 'update') {
    const forms = [...new Set(parsed.updates.map((u) => ('updateType' in u ? u.updateType : u.type).toUpperCase()))].join(', ');
    return { ok: false, kind: 'update', message: `is a SPARQL update (${forms}); updates (${UPDATE_FORMS}) are blocked: this tool only reads` };
  }
  if (parsed.queryType === 'CONSTRUCT' || parsed.queryType === 'DESCRIBE') {
    return { ok: false, kind: 'unsupported', message: `${parsed.queryType} queries are not supported; send a SELECT or ASK query` };
  }
  return { ok: true, query: parsed as Extract<Classified, { ok: true }>['query'] };
}

/** The text to send: a SELECT with its LIMIT set to at most `limit` rows, regenerated from the parse. */
export function prepare(query: Extract<Classified, { ok: true }>['query'], limit: number) {
  if (query.queryType === 'ASK') return { text: new sparqljs.Generator().stringify(query), limit: null, capped: false };
  const select = query as SelectQuery;
  const own = select.limit;
  const applied = own === undefined ? limit : Math.min(own, limit);
  const text = new sparqljs.Generator().stringify({ ...select, limit: applied });
  return { text, limit: applied, capped: own === undefined || own > limit };
}

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
