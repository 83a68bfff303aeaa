// query, about and health of data.europa.eu's SPARQL endpoint (rules and mapping: sparql.ts).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { int } from '../../runtime/fields.js';
import type { ToolContext } from '../../runtime/context.js';
import { optNum, sourceRef } from '../../runtime/output.js';
import { parseQuery } from './parse.js';
import { MAX_NESTING, MAX_QUERY_CHARS, scanQuery } from './scan.js';
import { DEFAULT_LIMIT, ENDPOINT, MAX_GET_QUERY, MAX_ROWS, PATH, PREDECLARED, REGISTER, coverage, isPartial, term, type SparqlJson } from './sparql.js';

const HOUR = 3600;
const ACCEPT = { accept: 'application/sparql-results+json' };
const kilde = { register: REGISTER, url: 'https://data.europa.eu/data/sparql' };

/**
 * Sends a read query: GET with query= when it fits a URL, else a POST of the form `query=…`
 * (application/x-www-form-urlencoded), as data.europa.eu's sample-queries page shows.
 */
function send(ctx: ToolContext, text: string, timeoutMs?: number) {
  const query = timeoutMs === undefined ? {} : { timeout: timeoutMs };
  if (text.length <= MAX_GET_QUERY) {
    return ctx.request<SparqlJson>({ upstream: 'dataeuropa-sparql', path: PATH, query: { ...query, query: text }, headers: ACCEPT });
  }
  return ctx.request<SparqlJson>({
    upstream: 'dataeuropa-sparql',
    method: 'POST',
    path: PATH,
    query,
    headers: ACCEPT,
    idempotent: true,
    bodyText: { contentType: 'application/x-www-form-urlencoded', text: new URLSearchParams({ query: text }).toString() },
  });
}

const termOutput = z.object({
  type: z.string(),
  value: z.string(),
  datatype: z.string().optional(),
  lang: z.string().optional(),
});

export const query = defineTool({
  name: 'query',
  title: 'Run a SPARQL query on data.europa.eu',
  description: `Runs a read-only SPARQL 1.1 query on data.europa.eu's endpoint (DCAT-AP metadata of the datasets, distributions and catalogues of the European open-data portal). SELECT answers rows of RDF terms; ASK true or false. CONSTRUCT and DESCRIBE are unsupported; updates (INSERT, DELETE, DROP, every form) are blocked; SERVICE and FROM / FROM NAMED are refused (GRAPH over the endpoint's own graphs is fine). At most ${MAX_QUERY_CHARS} characters, brackets ({, ( and [) nested at most ${MAX_NESTING} deep. A SELECT returns at most limit rows when limit is given; without it, a SELECT's own LIMIT stands up to the automatic cap of ${MAX_ROWS} rows, and a SELECT without a LIMIT gets ${DEFAULT_LIMIT} (capped says this service set or lowered the LIMIT). timeoutMs goes to the endpoint, which then answers what it found (partial); the call still ends at this service's deadline. Prefixes ${Object.keys(PREDECLARED).join(', ')} may be used undeclared; eusparql.about has examples.`,
  input: {
    query: z.string().min(1).max(MAX_QUERY_CHARS).describe('A SPARQL SELECT or ASK query.'),
    // Optional at run time, so that a query's own LIMIT can stand when the caller sets none; the
    // default is published (the spec's default 100) and applied in the parse to a SELECT without a LIMIT.
    limit: int({ min: 1, max: MAX_ROWS, description: `Most rows a SELECT returns. Default: the query's own LIMIT up to ${MAX_ROWS}, else ${DEFAULT_LIMIT}.` }).meta({ default: DEFAULT_LIMIT }),
    timeoutMs: int({ min: 1000, max: 60000, description: 'Query timeout the endpoint applies, in milliseconds.' }),
  },
  // The cheap linear scan only (the length is the schema's); the parse runs in run(), off the main thread.
  refine: (input, issues) => {
    if (input.query.length > MAX_QUERY_CHARS) return;
    const scanned = scanQuery(input.query);
    if (!scanned.ok) issues.add(scanned.message, ['query']);
  },
  output: z.object({
    queryType: z.enum(['SELECT', 'ASK']),
    limit: optNum(),
    capped: z.boolean().describe('This service set or lowered the LIMIT.'),
    variables: z.array(z.string()),
    rowCount: z.number().int(),
    rows: z.array(z.record(z.string(), termOutput)),
    boolean: z.boolean().nullable().describe('ASK answer.'),
    partial: z.boolean().describe('Stopped at timeoutMs.'),
    query: z.string().describe('The text sent.'),
    kilde: sourceRef,
  }),
  coverage: coverage(['dataset-metadata', 'linked-data']),
  cacheTtlSeconds: HOUR,
  route: '/query',
  example: {
    query:
      'PREFIX dcat: <http://www.w3.org/ns/dcat#>\nPREFIX dct: <http://purl.org/dc/terms/>\nSELECT ?catalogue ?title WHERE { ?catalogue a dcat:Catalog ; dct:title ?title . FILTER(LANG(?title) = "en") } ORDER BY ?title',
    limit: 5,
  },
  run: async ({ query: text, limit, timeoutMs }, ctx) => {
    const prepared = await parseQuery({ query: text, limit });
    const answer = await send(ctx, prepared.text, timeoutMs);
    const data = answer.data as SparqlJson;
    const partial = isPartial(answer.headers);
    const base = { limit: prepared.limit, capped: prepared.capped, partial, query: prepared.text, kilde };
    if (prepared.queryType === 'ASK') {
      if (typeof data.boolean !== 'boolean') throw fail.upstream('The SPARQL endpoint answered an ASK query without a boolean');
      return { queryType: 'ASK' as const, ...base, variables: [], rowCount: 0, rows: [], boolean: data.boolean };
    }
    const bindings = (data.results?.bindings as Record<string, Parameters<typeof term>[0]>[]).slice(0, prepared.limit ?? MAX_ROWS);
    const rows = bindings.map((b) => Object.fromEntries(Object.entries(b).map(([name, t]) => [name, term(t)])));
    return { queryType: 'SELECT' as const, ...base, variables: data.head?.vars ?? [], rowCount: rows.length, rows, boolean: null };
  },
});

const CATALOGUES = 'SELECT (COUNT(DISTINCT ?catalogue) AS ?catalogues) WHERE { ?catalogue a <http://www.w3.org/ns/dcat#Catalog> }';

const EXAMPLES = [
  {
    purpose: 'Catalogues and their English titles',
    query: 'SELECT ?catalogue ?title WHERE { ?catalogue a dcat:Catalog ; dct:title ?title . FILTER(LANG(?title) = "en") }',
  },
  {
    purpose: 'Datasets of one publisher with a title word',
    query: 'SELECT ?dataset ?title WHERE { ?dataset a dcat:Dataset ; dct:title ?title ; dct:publisher ?p . ?p foaf:name ?name . FILTER(CONTAINS(LCASE(STR(?title)), "air")) }',
  },
  { purpose: 'Whether a dataset URI is known', query: 'ASK { <http://data.europa.eu/88u/dataset/DATASET-ID> a dcat:Dataset }' },
];

export const about = defineTool({
  name: 'about',
  title: 'About the data.europa.eu SPARQL endpoint',
  description:
    "What eusparql.query can ask and how: data.europa.eu's SPARQL endpoint (OpenLink Virtuoso, DCAT-AP metadata of the European open-data portal), the query forms allowed and blocked, the row cap and timeout range, the prefixes usable undeclared, example queries, and the number of catalogues the endpoint holds now (null when it did not answer). No input.",
  input: {},
  output: z.object({
    endpoint: z.string(),
    engine: z.string(),
    queryForms: z.array(z.string()),
    unsupported: z.array(z.string()),
    blocked: z.string(),
    maxRows: z.number().int(),
    defaultLimit: z.number().int(),
    timeoutMs: z.object({ min: z.number().int(), max: z.number().int() }),
    prefixes: z.record(z.string(), z.string()),
    examples: z.array(z.object({ purpose: z.string(), query: z.string() })),
    catalogues: optNum(),
    documentation: z.string(),
    kilde: sourceRef,
  }),
  coverage: { ...coverage(['linked-data']), updateFrequency: 'weekly' },
  cacheTtlSeconds: 24 * HOUR,
  route: '/about',
  example: {},
  run: async (_input, ctx) => {
    const counted = await ctx.settle(send(ctx, CATALOGUES));
    const value = counted.status === 'ok' ? (counted.value.data as SparqlJson).results?.bindings?.[0]?.catalogues?.value : undefined;
    return {
      endpoint: ENDPOINT,
      engine: 'OpenLink Virtuoso',
      queryForms: ['SELECT', 'ASK'],
      unsupported: ['CONSTRUCT', 'DESCRIBE'],
      blocked: 'every SPARQL update: INSERT, DELETE, DROP, CLEAR, CREATE, LOAD, COPY, MOVE, ADD; and SERVICE, FROM and FROM NAMED (no federation)',
      maxRows: MAX_ROWS,
      defaultLimit: DEFAULT_LIMIT,
      timeoutMs: { min: 1000, max: 60000 },
      prefixes: { ...PREDECLARED },
      examples: EXAMPLES,
      catalogues: value === undefined || Number.isNaN(Number(value)) ? null : Number(value),
      documentation: 'https://data.europa.eu/en/about/sparql',
      kilde,
    };
  },
});

const PROBE = 'ASK { ?s ?p ?o }';

export const health = defineTool({
  name: 'health',
  title: 'Is the data.europa.eu SPARQL endpoint answering?',
  description:
    "Whether data.europa.eu's SPARQL endpoint answers a trivial query now: status ok, or unavailable with the error (unreachable, failing, rate limited). No input. Checked at most once a minute; the answer says nothing about how long a real query will take.",
  input: {},
  output: z.object({
    endpoint: z.string(),
    status: z.enum(['ok', 'unavailable']),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    kilde: sourceRef,
  }),
  coverage: { ...coverage(['service-status']), updateFrequency: 'realtime' },
  cacheTtlSeconds: 60,
  route: '/health',
  example: {},
  run: async (_input, ctx) => {
    const probe = await ctx.settle(
      send(ctx, PROBE).then((answer) => {
        if (typeof (answer.data as SparqlJson | null)?.boolean !== 'boolean') throw fail.upstream('The SPARQL endpoint answered the probe without a boolean');
      }),
    );
    if (probe.status === 'ok') return { endpoint: ENDPOINT, status: 'ok' as const, error: null, kilde };
    const error = probe.status === 'error' ? probe.error : { code: 'not_found', message: 'The SPARQL endpoint answered 404' };
    return { endpoint: ENDPOINT, status: 'unavailable' as const, error, kilde };
  },
});
