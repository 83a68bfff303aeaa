// The data-europa-sparql server over MCP and its connector routes, answered by recordings in
// tests/recordings/dataeuropa-sparql/. Queries are classified by parsing (sparqljs), so updates are
// blocked however they are written and a SELECT that merely mentions DELETE in a literal runs.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, RawResponse, Transport } from '../runtime/upstream/transport.js';
import { classify, prepare } from '../servers/data-europa-sparql/sparql.js';
import { KEYS, callTool, callToolError, createTestApp, replay, type TestApp } from './helpers/app.js';

const SLUG = 'data-europa-sparql';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('dataeuropa-sparql') ?? 0;

function watched() {
  const requests: OutgoingRequest[] = [];
  const transport: Transport = { send: (req) => (requests.push(req), replay().send(req)) };
  return { requests, t: createTestApp({ transport }) };
}
const params = (req: OutgoingRequest) => Object.fromEntries(new URL(req.url).searchParams);

async function ok(t: TestApp, name: string, args: unknown) {
  const r = await callTool(t, SLUG, name, args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}
const fails = (t: TestApp, name: string, args: unknown) => callToolError(t, SLUG, name, args);

const EXAMPLE =
  'PREFIX dcat: <http://www.w3.org/ns/dcat#>\nPREFIX dct: <http://purl.org/dc/terms/>\nSELECT ?catalogue ?title WHERE { ?catalogue a dcat:Catalog ; dct:title ?title . FILTER(LANG(?title) = "en") } ORDER BY ?title';

describe('eusparql.query', () => {
  const name = 'eusparql.query';

  it('answers the example: GET /sparql with query= and Accept SPARQL JSON, its LIMIT set to the tool limit', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { query: EXAMPLE, limit: 5 });
    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req.method).toBe('GET');
    expect(req.url.split('?')[0]).toBe('https://data.europa.eu/sparql');
    expect(req.headers.accept).toBe('application/sparql-results+json');
    expect(req.body).toBeUndefined();
    expect(Object.keys(params(req))).toEqual(['query']);
    expect(params(req).query).toBe(d.query);
    expect(d.query).toMatch(/\nLIMIT 5$/);
    expect(d).toMatchObject({ queryType: 'SELECT', limit: 5, capped: true, variables: ['catalogue', 'title'], rowCount: 5, boolean: null, partial: false });
    expect(d.rows[0]).toEqual({
      catalogue: { type: 'uri', value: 'http://data.europa.eu/88u/catalogue/abierto-madrid' },
      title: { type: 'literal', value: 'Open Data Portal of Madrid', lang: 'en' },
    });
  });

  it('answers the same through its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch(`/api/connectors/data-europa-sparql/query?${new URLSearchParams({ query: EXAMPLE, limit: '5' })}`, { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).rowCount).toBe(5);
  });

  it("rewrites a SELECT's own LIMIT above the tool's limit in the parsed query (never more than 1000 rows)", async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { query: 'PREFIX dcat: <http://www.w3.org/ns/dcat#> SELECT ?d WHERE { ?d a dcat:Dataset } LIMIT 5000', limit: 1000 });
    expect(d).toMatchObject({ limit: 1000, capped: true, rowCount: 2 });
    expect(params(requests[0]).query).toMatch(/\nLIMIT 1000$/);
    expect(params(requests[0]).query).not.toContain('5000');
  });

  it('lowers a LIMIT 5000 to a limit of 100 the caller gives, keeping its OFFSET', () => {
    const verdict = classify('SELECT * WHERE { ?s ?p ?o } OFFSET 20 LIMIT 5000');
    if (!verdict.ok) throw new Error(verdict.message);
    const prepared = prepare(verdict.query, 100);
    expect(prepared).toMatchObject({ limit: 100, capped: true });
    expect(prepared.text).toMatch(/LIMIT 100/);
    expect(prepared.text).toMatch(/OFFSET 20/);
  });

  it("keeps a SELECT's own LIMIT below the tool's, and passes timeoutMs as the endpoint's timeout", async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { query: 'PREFIX dcat: <http://www.w3.org/ns/dcat#> SELECT ?d WHERE { ?d a dcat:Dataset } LIMIT 2', timeoutMs: 5000 });
    expect(d).toMatchObject({ limit: 2, capped: false, rowCount: 2, partial: false });
    expect(params(requests[0]).timeout).toBe('5000');
  });

  it('never answers more rows than the limit, whatever the endpoint sends', async () => {
    const bindings = Array.from({ length: 1500 }, (_, i) => ({ s: { type: 'uri', value: `http://example.org/${i}` } }));
    const body = JSON.stringify({ head: { link: [], vars: ['s'] }, results: { distinct: false, ordered: true, bindings } });
    const transport: Transport = { send: async (): Promise<RawResponse> => ({ status: 200, headers: { 'content-type': 'application/sparql-results+json' }, body: Buffer.from(body) }) };
    const t = createTestApp({ transport });
    const d = await ok(t, name, { query: 'SELECT ?s WHERE { ?s ?p ?o }', limit: 1000 });
    expect(d).toMatchObject({ rowCount: 1000, limit: 1000 });
    expect(d.rows).toHaveLength(1000);
  });

  it('adds the prefixes Virtuoso predeclares when a query uses them undeclared', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { query: 'SELECT ?d WHERE { ?d a dcat:Dataset ; dct:title "Kuntien avainluvut"@fi }' });
    const text = params(requests[0]).query;
    expect(text).toContain('PREFIX dcat: <http://www.w3.org/ns/dcat#>');
    expect(text).toContain('PREFIX dct: <http://purl.org/dc/terms/>');
    expect(d.rows).toEqual([{ d: { type: 'uri', value: 'http://data.europa.eu/88u/dataset/kuntien-avainluvut' } }]);
  });

  it('runs a SELECT whose literal merely contains the words DELETE DATA (empty answer)', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { query: 'SELECT ?d WHERE { ?d <http://purl.org/dc/terms/title> "DELETE DATA { <a> <b> <c> }" }' });
    expect(d).toMatchObject({ queryType: 'SELECT', rowCount: 0, rows: [], variables: ['d'] });
    expect(sent(t)).toBe(1);
  });

  it("maps typed literals and reports Virtuoso's partial answer past timeoutMs", async () => {
    const t = createTestApp();
    const d = await ok(t, name, { query: 'SELECT (COUNT(?d) AS ?n) WHERE { ?d a <http://www.w3.org/ns/dcat#Dataset> }', timeoutMs: 1000 });
    expect(d.partial).toBe(true);
    expect(d.rows).toEqual([{ n: { type: 'literal', value: '1382204', datatype: 'http://www.w3.org/2001/XMLSchema#integer' } }]);
  });

  it('answers an ASK query with its boolean and no LIMIT', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { query: 'ASK { <http://data.europa.eu/88u/dataset/kuntien-avainluvut> a <http://www.w3.org/ns/dcat#Dataset> }' });
    expect(d).toMatchObject({ queryType: 'ASK', boolean: true, limit: null, capped: false, rows: [], rowCount: 0, variables: [] });
    expect(params(requests[0]).query).not.toContain('LIMIT');
  });

  it('POSTs a query too long for a URL form-encoded (query=…), as data.europa.eu documents', async () => {
    const { t, requests } = watched();
    const long = readFileSync('tests/fixtures/sparql-long-query.txt', 'utf8').trim();
    const d = await ok(t, name, { query: long });
    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('https://data.europa.eu/sparql');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.headers.accept).toBe('application/sparql-results+json');
    expect(req.body).toBe(new URLSearchParams({ query: d.query }).toString());
    expect(d.rowCount).toBe(1);
  });

  it.each([
    ['DELETE DATA { <http://a> <http://b> <http://c> }', 'DELETE'],
    ['insert data { <http://a> <http://b> "c" }', 'INSERT'],
    ['# SELECT * WHERE { ?s ?p ?o }\nDROP GRAPH <http://example.org/g>', 'DROP'],
    ['PREFIX x: <http://x/>\nDeLeTe WHERE { ?s x:p ?o }', 'DELETEWHERE'],
    ['DELETE DATA { <http://a> <http://b> "SELECT * WHERE { ?s ?p ?o }" }', 'DELETE'],
    ['WITH <http://g> DELETE { ?s ?p ?o } INSERT { ?s ?p "x" } WHERE { ?s ?p ?o }', 'INSERTDELETE'],
    ['CLEAR ALL', 'CLEAR'],
    ['LOAD <http://example.org/data.ttl>', 'LOAD'],
    ['CREATE GRAPH <http://example.org/g>', 'CREATE'],
    ['COPY <http://a> TO <http://b>', 'COPY'],
    ['MOVE DEFAULT TO <http://b>', 'MOVE'],
    ['ADD <http://a> TO <http://b>', 'ADD'],
  ])('blocks the update %j, found by parsing (%s)', async (query, form) => {
    const t = createTestApp();
    const e = await fails(t, name, { query });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`query: is a SPARQL update (${form})`);
    expect(e.message).toContain('blocked');
    expect(sent(t)).toBe(0);
  });

  it.each([
    ['CONSTRUCT { ?s ?p ?o } WHERE { ?s ?p ?o } LIMIT 10', 'CONSTRUCT'],
    ['describe <http://data.europa.eu/88u/dataset/x>', 'DESCRIBE'],
  ])('refuses %j as unsupported', async (query, form) => {
    const t = createTestApp();
    const e = await fails(t, name, { query });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`query: ${form} queries are not supported`);
    expect(sent(t)).toBe(0);
  });

  it.each([
    'SELECT * WHERE { ?s ?p ?o } ; DELETE DATA { <http://a> <http://b> <http://c> }',
    'SELEKT * WHERE { ?s ?p ?o }',
    'SELECT ?s WHERE { ?s bif:contains "x" }',
  ])('refuses %j as not a valid SPARQL query', async (query) => {
    const t = createTestApp();
    const e = await fails(t, name, { query });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain('query: is not a valid SPARQL 1.1 query');
    expect(sent(t)).toBe(0);
  });

  it.each([
    [{ query: 'ASK {}', limit: 0 }, 'limit', /at least 1/],
    [{ query: 'ASK {}', limit: 1001 }, 'limit', /at most 1000/],
    [{ query: 'ASK {}', timeoutMs: 999 }, 'timeoutMs', /at least 1000/],
    [{ query: 'ASK {}', timeoutMs: 60001 }, 'timeoutMs', /at most 60000/],
    [{}, 'query', /required|expected string/],
  ])('refuses %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });

  it('refuses an update on its connector route with a 400 Problem', async () => {
    const t = createTestApp();
    const res = await t.fetch(`/api/connectors/data-europa-sparql/query?${new URLSearchParams({ query: 'DROP ALL' })}`, { headers: auth });
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toMatch(/^query: is a SPARQL update \(DROP\)/);
    expect(sent(t)).toBe(0);
  });

  it('reports an upstream failure as upstream_unavailable after the retries', async () => {
    const t = createTestApp();
    expect(await fails(t, name, { query: 'SELECT ?s WHERE { ?s ?p "feilsituasjon" }' })).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t)).toBe(3);
  });
});

describe('eusparql.about', () => {
  it('describes the endpoint and its rules, with the live catalogue count', async () => {
    const t = createTestApp();
    const d = await ok(t, 'eusparql.about', {});
    expect(d).toMatchObject({
      endpoint: 'https://data.europa.eu/sparql',
      queryForms: ['SELECT', 'ASK'],
      unsupported: ['CONSTRUCT', 'DESCRIBE'],
      maxRows: 1000,
      defaultLimit: 100,
      timeoutMs: { min: 1000, max: 60000 },
      catalogues: 182,
    });
    expect(d.prefixes.dcat).toBe('http://www.w3.org/ns/dcat#');
  });

  it('gives example queries that eusparql.query accepts', async () => {
    const d = await ok(createTestApp(), 'eusparql.about', {});
    for (const example of d.examples as { query: string }[]) expect(classify(example.query).ok, example.query).toBe(true);
  });

  it('still answers, with catalogues null, when the endpoint fails', async () => {
    const transport: Transport = { send: async () => ({ status: 503, headers: {}, body: Buffer.from('') }) };
    const d = await ok(createTestApp({ transport }), 'eusparql.about', {});
    expect(d.catalogues).toBeNull();
  });
});

describe('eusparql.health', () => {
  it('answers ok when the ASK probe answers', async () => {
    const { t, requests } = watched();
    const d = await ok(t, 'eusparql.health', {});
    expect(d).toMatchObject({ endpoint: 'https://data.europa.eu/sparql', status: 'ok', error: null });
    expect(params(requests[0]).query).toBe('ASK { ?s ?p ?o }');
  });

  it('answers unavailable with the error when the endpoint fails', async () => {
    const transport: Transport = { send: async () => ({ status: 500, headers: {}, body: Buffer.from('Virtuoso 08C01 Error CL: Cluster: No connection') }) };
    const d = await ok(createTestApp({ transport }), 'eusparql.health', {});
    expect(d).toMatchObject({ status: 'unavailable', error: { code: 'upstream_unavailable' } });
    expect(d.error.message).toMatch(/HTTP 500/);
  });
});
