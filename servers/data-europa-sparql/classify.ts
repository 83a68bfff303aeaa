// What a query to data.europa.eu may be, decided by parsing it once with sparqljs (SPARQL 1.1), never
// by its words. Pure: parse.worker.ts runs it in a worker thread (no app state here).
//
// - Updates of every form are blocked; CONSTRUCT and DESCRIBE refused as unsupported.
// - Federation is refused (issue 24 item 12): SERVICE of any kind (an IRI, a variable, SILENT),
//   wherever it stands, and FROM / FROM NAMED. The endpoint answers from its own graphs (one named
//   graph per dataset: https://data.europa.eu/en/about/sparql's examples use neither FROM nor fixed
//   graph IRIs), so FROM names nothing a caller needs, while it and SERVICE can make Virtuoso fetch
//   an address the caller chose. GRAPH patterns over the endpoint's own named graphs stay allowed.
// - Prefixes that Virtuoso declares itself are added when a query uses them undeclared.
// - A SELECT's LIMIT is set in the parse (the tool's limit, never above it) and the text regenerated.
import sparqljs from 'sparqljs';
import type { SelectQuery, SparqlQuery } from 'sparqljs';
import { scanQuery } from './scan.js';

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

/**
 * Deepest parsed query (objects and arrays within each other) walked or regenerated: operator chains
 * such as 1+1+1… nest one level per operator without any bracket, and sparqljs's generator recurses
 * once per level (a 20 KB chain overflowed its stack). 64 brackets parse to about 200 levels.
 */
export const MAX_PARSED_DEPTH = 1000;

const UPDATE_FORMS = 'INSERT, DELETE, DROP, CLEAR, CREATE, LOAD, COPY, MOVE, ADD';

type ReadQuery = Exclude<SparqlQuery, { type: 'update' }> & { queryType: 'SELECT' | 'ASK' };

export type Classified =
  | { ok: true; query: ReadQuery }
  | { ok: false; kind: 'bounds' | 'syntax' | 'update' | 'unsupported' | 'federation'; message: string };

interface Term {
  termType?: string;
  value?: string;
}

const show = (t: Term) => {
  const value = (t.value ?? '').length > 120 ? `${t.value!.slice(0, 117)}...` : t.value;
  return t.termType === 'Variable' ? `?${value}` : `<${value}>`;
};

type Refusal = { kind: 'bounds' | 'federation'; message: string };

/**
 * The first part of a parsed query that asks the endpoint to read elsewhere (FROM, FROM NAMED;
 * SERVICE anywhere: in a group, OPTIONAL, UNION, MINUS, GRAPH, a subquery, FILTER or BIND EXISTS, a
 * projected EXISTS), or a parse too deep to regenerate safely. Walks every object of the parse,
 * without recursion.
 */
function refusal(query: SparqlQuery): Refusal | undefined {
  const from = (query as { from?: { default?: Term[]; named?: Term[] } }).from;
  const dataset = [...(from?.default ?? []).map((t) => `FROM ${show(t)}`), ...(from?.named ?? []).map((t) => `FROM NAMED ${show(t)}`)];
  if (dataset.length > 0) {
    return {
      kind: 'federation',
      message: `${dataset.slice(0, 3).join(', ')}: FROM and FROM NAMED are refused; the endpoint answers from its own graphs (GRAPH <iri> { … } reads one of its named graphs)`,
    };
  }
  const stack: [unknown, number][] = [[query, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > MAX_PARSED_DEPTH) {
      return { kind: 'bounds', message: `nests more than ${MAX_PARSED_DEPTH} levels once parsed (a long chain of operators such as 1+1+1…); simplify it` };
    }
    const object = node as { type?: string; name?: Term; silent?: boolean };
    if (object.type === 'service') {
      return {
        kind: 'federation',
        message: `SERVICE ${object.silent ? 'SILENT ' : ''}${show(object.name ?? {})}: SERVICE is refused; this service does not let the endpoint query other addresses (federated queries are not supported)`,
      };
    }
    for (const child of Object.values(object)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return undefined;
}

/** sparqljs parses this thread has run; analyse() reports how many one query took (one at most). */
let parsesRun = 0;

const oneLine = (message: string) => message.split('\n').map((l) => l.trim()).filter(Boolean).join(' ').slice(0, 300);

/**
 * Parses a query once and says whether it may run. The bounds of scan.ts are checked first, and
 * give the prefixes the query names, so the undeclared ones Virtuoso predeclares are handed to the
 * parser at once. A parser stack overflow (RangeError) is a refusal like any other.
 */
export function classify(text: string): Classified {
  const scanned = scanQuery(text);
  if (!scanned.ok) return { ok: false, kind: 'bounds', message: scanned.message };
  const prefixes = Object.fromEntries(scanned.prefixes.filter((p) => Object.hasOwn(PREDECLARED, p)).map((p) => [p, PREDECLARED[p]]));
  let parsed: SparqlQuery;
  try {
    parsesRun++;
    parsed = new sparqljs.Parser({ prefixes }).parse(text);
  } catch (err) {
    if (err instanceof RangeError) return { ok: false, kind: 'bounds', message: 'is nested too deeply to parse; simplify it' };
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, kind: 'syntax', message: `is not a valid SPARQL 1.1 query (${oneLine(message)})` };
  }
  if (parsed.type === 'update') {
    const forms = [...new Set(parsed.updates.map((u) => ('updateType' in u ? u.updateType : u.type).toUpperCase()))].join(', ');
    return { ok: false, kind: 'update', message: `is a SPARQL update (${forms}); updates (${UPDATE_FORMS}) are blocked: this tool only reads` };
  }
  if (parsed.queryType === 'CONSTRUCT' || parsed.queryType === 'DESCRIBE') {
    return { ok: false, kind: 'unsupported', message: `${parsed.queryType} queries are not supported; send a SELECT or ASK query` };
  }
  const refused = refusal(parsed);
  if (refused) return { ok: false, ...refused };
  return { ok: true, query: parsed as ReadQuery };
}

/** The spec's automatic cap on a SELECT's rows, and the tool's default limit for a SELECT without a LIMIT. */
export const MAX_ROWS = 1000;
export const DEFAULT_LIMIT = 100;

/**
 * The text to send, regenerated from the parse: a SELECT's LIMIT lowered to the caller's `limit`
 * when one is given; without one, its own LIMIT stands up to MAX_ROWS, and a SELECT without a
 * LIMIT gets DEFAULT_LIMIT (the spec: "limit 1-1000, default 100 … an automatic cap of 1000 rows").
 */
export function prepare(query: ReadQuery, limit: number | undefined) {
  if (query.queryType === 'ASK') return { text: new sparqljs.Generator().stringify(query), limit: null, capped: false };
  const select = query as SelectQuery;
  const own = select.limit;
  const cap = limit ?? MAX_ROWS;
  const applied = own === undefined ? (limit ?? DEFAULT_LIMIT) : Math.min(own, cap);
  const text = new sparqljs.Generator().stringify({ ...select, limit: applied });
  return { text, limit: applied, capped: own === undefined || own > cap };
}

export interface ParseInput {
  query: string;
  /** The caller's limit; undefined when it gave none (see prepare). */
  limit?: number;
}

/** What eusparql.query needs from the parse: plain data, as it crosses from the worker thread. */
export type Analysis =
  | { ok: true; queryType: 'SELECT' | 'ASK'; text: string; limit: number | null; capped: boolean; parses: number }
  | { ok: false; message: string; parses: number };

/** Classifies and prepares a query (the worker's task); `parses` counts sparqljs parses (at most one). */
export function analyse({ query, limit }: ParseInput): Analysis {
  const before = parsesRun;
  const verdict = classify(query);
  const parses = parsesRun - before;
  if (!verdict.ok) return { ok: false, message: verdict.message, parses };
  try {
    return { ok: true, queryType: verdict.query.queryType, ...prepare(verdict.query, limit), parses };
  } catch (err) {
    if (err instanceof RangeError) return { ok: false, message: 'is nested too deeply to regenerate; simplify it', parses };
    throw err;
  }
}
