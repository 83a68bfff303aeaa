// eusparql.query's bounds (issue 24 items 1 and 12), through the real tool path: a query's length and
// nesting are capped by a linear scan before any parse, the one parse runs off the main thread within
// a time budget, and a query that would make data.europa.eu fetch another address (SERVICE, FROM,
// FROM NAMED) is refused. Nothing refused ever reaches the upstream.
import sparqljs from 'sparqljs';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { OffThread } from '../runtime/off-thread.js';
import type { OutgoingRequest, RawResponse, Transport } from '../runtime/upstream/transport.js';
import type { Analysis, ParseInput } from '../servers/data-europa-sparql/classify.js';
import { PARSE_BUDGET_MS, closeParser, parsing } from '../servers/data-europa-sparql/parse.js';
import { KEYS, callTool, callToolError, createTestApp, replay, type TestApp } from './helpers/app.js';

const SLUG = 'data-europa-sparql';
const NAME = 'eusparql.query';

/** An app whose upstream requests are kept; `answer` fakes the endpoint (default: the recordings). */
function watched(answer?: Transport['send']) {
  const requests: OutgoingRequest[] = [];
  const transport: Transport = { send: (req) => (requests.push(req), (answer ?? replay().send.bind(replay()))(req)) };
  return { requests, t: createTestApp({ transport }) };
}

/** Any query answers one row (for queries no recording holds). */
const oneRow: Transport['send'] = async (): Promise<RawResponse> => ({
  status: 200,
  headers: { 'content-type': 'application/sparql-results+json' },
  body: Buffer.from(JSON.stringify({ head: { vars: ['s'] }, results: { bindings: [{ s: { type: 'uri', value: 'http://example.org/s' } }] } })),
});

const realParser = parsing.parser;
afterEach(() => {
  parsing.parser = realParser;
  parsing.budgetMs = PARSE_BUDGET_MS;
});
afterAll(() => {
  parsing.parser = realParser;
  return closeParser();
});

const nested = (levels: number) => `SELECT * WHERE ${'{'.repeat(levels)} ?s ?p ?o ${'}'.repeat(levels)}`;
const fails = (t: TestApp, args: unknown) => callToolError(t, SLUG, NAME, args);

describe('eusparql.query: length and nesting, checked before any parse', () => {
  it.each([3000, 1500, 65])('refuses a query nested %i levels deep with the nesting bound, never reaching the upstream', async (levels) => {
    const { t, requests } = watched(oneRow);
    const e = await fails(t, { query: nested(levels) });
    expect(e).toMatchObject({ code: 'invalid_input', status: 400 });
    expect(e.message).toBe('query: nesting deeper than 64 levels ({, ( or [)');
    expect(requests).toHaveLength(0);
  });

  it('counts (, [ and { together', async () => {
    const { t, requests } = watched(oneRow);
    // 20 { + 20 ( + 1 { + 30 [ = 71 levels.
    const query = `SELECT * WHERE ${'{'.repeat(20)} FILTER${'('.repeat(20)}EXISTS { ?s ?p ${'[ <http://a> '.repeat(30)}1${']'.repeat(30)} }${')'.repeat(20)} ${'}'.repeat(20)}`;
    expect((await fails(t, { query })).message).toBe('query: nesting deeper than 64 levels ({, ( or [)');
    expect(requests).toHaveLength(0);
  });

  it('runs a query nested exactly 64 levels deep', async () => {
    const { t, requests } = watched(oneRow);
    const r = await callTool(t, SLUG, NAME, { query: nested(63) });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(requests).toHaveLength(1);
  });

  it('answers the nesting refusal as a 400 Problem on the connector route', async () => {
    const { t, requests } = watched(oneRow);
    const res = await t.fetch(`/api/connectors/${SLUG}/query?${new URLSearchParams({ query: nested(3000) })}`, { headers: { authorization: `Bearer ${KEYS.pro}` } });
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toBe('query: nesting deeper than 64 levels ({, ( or [)');
    expect(requests).toHaveLength(0);
  });

  it('refuses a query longer than 32768 characters, naming the bound', async () => {
    const { t, requests } = watched(oneRow);
    const query = `SELECT * WHERE { ?s ?p ?o }\n# ${'x'.repeat(32768)}`;
    const e = await fails(t, { query });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/^query: must be at most 32768 characters/);
    expect(requests).toHaveLength(0);
  });

  it('does not count brackets inside strings, long strings, escaped quotes, comments or IRIs', async () => {
    const { t, requests } = watched(oneRow);
    const many = '{'.repeat(100) + '('.repeat(100) + '['.repeat(100);
    const query = [
      `# ${many}`,
      'SELECT ?s WHERE {',
      `  ?s <http://purl.org/dc/terms/title> "${many} \\" ${many}" .`,
      `  ?s <http://purl.org/dc/terms/description> '''${many}\n${many}''' .`,
      `  ?s <http://purl.org/dc/terms/subject> 'x\\'${many}' .`,
      `  ?s <http://example.org/a#b> """ " "" ${many} """ . # ${many}`,
      `  FILTER(?s < <http://example.org/x> || 1 < 2)`,
      '}',
    ].join('\n');
    const r = await callTool(t, SLUG, NAME, { query });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(requests).toHaveLength(1);
  });
});

describe('eusparql.query: federation is refused', () => {
  it.each([
    ['SELECT * WHERE { SERVICE <http://169.254.169.254/latest/meta-data/> { ?s ?p ?o } }', 'SERVICE <http://169.254.169.254/latest/meta-data/>'],
    ['SELECT * WHERE { ?x ?y ?z . SERVICE ?endpoint { ?s ?p ?o } }', 'SERVICE ?endpoint'],
    ['SELECT * WHERE { SERVICE SILENT <file:///etc/passwd> { ?s ?p ?o } }', 'SERVICE SILENT <file:///etc/passwd>'],
    ['SELECT * WHERE { ?a ?b ?c OPTIONAL { ?a ?b ?d { SELECT ?d WHERE { SERVICE <http://evil.example/sparql> { ?d ?e ?f } } } } }', 'SERVICE <http://evil.example/sparql>'],
    ['SELECT * WHERE { { ?a ?b ?c } UNION { SERVICE <http://evil.example/u> { ?a ?b ?c } } }', 'SERVICE <http://evil.example/u>'],
    ['SELECT * WHERE { ?a ?b ?c MINUS { SERVICE <http://evil.example/m> { ?a ?b ?c } } }', 'SERVICE <http://evil.example/m>'],
    ['SELECT * WHERE { ?a ?b ?c FILTER EXISTS { SERVICE <http://evil.example/f> { ?a ?b ?c } } }', 'SERVICE <http://evil.example/f>'],
    ['SELECT * WHERE { ?a ?b ?c FILTER NOT EXISTS { GRAPH ?g { SERVICE <http://evil.example/n> { ?a ?b ?c } } } }', 'SERVICE <http://evil.example/n>'],
    ['SELECT ?a (EXISTS { SERVICE <http://evil.example/p> { ?a ?b ?c } } AS ?e) WHERE { ?a ?b ?c }', 'SERVICE <http://evil.example/p>'],
    ['ASK { BIND(EXISTS { SERVICE <http://evil.example/b> {} } AS ?x) }', 'SERVICE <http://evil.example/b>'],
    ['SELECT * FROM <http://169.254.169.254/latest/meta-data/> WHERE { ?s ?p ?o }', 'FROM <http://169.254.169.254/latest/meta-data/>'],
    ['SELECT * FROM NAMED <http://evil.example/g> WHERE { GRAPH ?g { ?s ?p ?o } }', 'FROM NAMED <http://evil.example/g>'],
    ['ASK FROM <file:///etc/passwd> { ?s ?p ?o }', 'FROM <file:///etc/passwd>'],
    ['SELECT * FROM <http://data.europa.eu/88u/catalogue/x> WHERE { ?s ?p ?o }', 'FROM <http://data.europa.eu/88u/catalogue/x>'],
  ])('refuses %j naming %s, never reaching the upstream', async (query, named) => {
    const { t, requests } = watched(oneRow);
    const e = await fails(t, { query });
    expect(e).toMatchObject({ code: 'invalid_input', status: 400 });
    expect(e.message).toMatch(/^query: /);
    expect(e.message).toContain(named);
    expect(requests).toHaveLength(0);
  });

  it('refuses a 669 KB federated query by its length, before reading it', async () => {
    const { t, requests } = watched(oneRow);
    const query = `SELECT * WHERE { SERVICE <http://169.254.169.254/> { ?s ?p ?o } }\n# ${'x'.repeat(669 * 1024)}`;
    const e = await fails(t, { query });
    expect(e.message).toMatch(/^query: must be at most 32768 characters/);
    expect(requests).toHaveLength(0);
  });

  it("still runs a GRAPH pattern over the endpoint's own named graphs", async () => {
    const { t, requests } = watched(oneRow);
    const r = await callTool(t, SLUG, NAME, { query: 'SELECT ?g WHERE { GRAPH ?g { ?s a <http://www.w3.org/ns/dcat#Dataset> } }' });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(requests).toHaveLength(1);
  });
});

describe('eusparql.query: the parse, off the main thread', () => {
  it('refuses a parse that runs past its budget with the budget, never reaching the upstream', async () => {
    const spinning = new OffThread<ParseInput, Analysis>('tests/fixtures/sparql-bounds/spin.worker.ts', { startMs: 0 });
    parsing.parser = spinning;
    parsing.budgetMs = 300;
    try {
      const { t, requests } = watched(oneRow);
      const e = await fails(t, { query: 'SELECT * WHERE { ?s ?p ?o }' });
      expect(e).toMatchObject({ code: 'invalid_input', status: 400, message: 'query: took longer than 300 ms to parse; simplify it' });
      expect(requests).toHaveLength(0);
    } finally {
      await spinning.close();
    }
  });

  it('refuses a parse at once when the parse queue is full (503, retry later)', async () => {
    const spinning = new OffThread<ParseInput, Analysis>('tests/fixtures/sparql-bounds/spin.worker.ts', { maxQueue: 1, startMs: 0 });
    parsing.parser = spinning;
    parsing.budgetMs = 2000;
    try {
      const { t, requests } = watched(oneRow);
      const errors = await Promise.all([fails(t, { query: 'ASK { ?s ?p 1 }' }), fails(t, { query: 'ASK { ?s ?p 2 }' })]);
      expect(errors.map((e) => e.code).sort()).toEqual(['invalid_input', 'not_ready']);
      const busy = errors.find((e) => e.code === 'not_ready')!;
      expect(busy).toMatchObject({ status: 503, svcRetryAfterMs: 1000 });
      expect(busy.message).toMatch(/^query: too many queries are waiting to be parsed/);
      expect(requests).toHaveLength(0);
    } finally {
      await spinning.close();
    }
  });

  it('answers a 400, never a 500, for an operator chain too deep to regenerate (a stack overflow before)', async () => {
    const { t, requests } = watched(oneRow);
    const query = `SELECT * WHERE { ?s ?p ?o FILTER(${'1+'.repeat(15000)}1) }`;
    expect(query.length).toBeLessThan(32768);
    const e = await fails(t, { query });
    expect(e).toMatchObject({ code: 'invalid_input', status: 400 });
    expect(e.message).toBe('query: nests more than 1000 levels once parsed (a long chain of operators such as 1+1+1…); simplify it');
    expect(requests).toHaveLength(0);
  });
});

describe('eusparql.query: an ordinary query', () => {
  /** Keeps what each parse answered (the real worker's), and counts parsers made on this thread. */
  function counted() {
    const analyses: Analysis[] = [];
    parsing.parser = { run: async (input, budgetMs) => (analyses.push(await realParser.run(input, budgetMs)), analyses.at(-1)!) };
    const mainThread = vi.spyOn(sparqljs, 'Parser');
    return { analyses, mainThread };
  }
  afterEach(() => vi.restoreAllMocks());

  const EXAMPLE =
    'PREFIX dcat: <http://www.w3.org/ns/dcat#>\nPREFIX dct: <http://purl.org/dc/terms/>\nSELECT ?catalogue ?title WHERE { ?catalogue a dcat:Catalog ; dct:title ?title . FILTER(LANG(?title) = "en") } ORDER BY ?title';

  it('answers as before (the recorded text, LIMIT set), parsed exactly once, in a worker', async () => {
    const { analyses, mainThread } = counted();
    const { t, requests } = watched();
    const r = await callTool(t, SLUG, NAME, { query: EXAMPLE, limit: 5 });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.data).toMatchObject({ queryType: 'SELECT', limit: 5, capped: true, rowCount: 5 });
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0].url).searchParams.get('query')).toBe(r.data.query);
    expect(mainThread).not.toHaveBeenCalled();
    expect(analyses.map((a) => a.parses)).toEqual([1]);
  });

  it('adds undeclared predeclared prefixes within the one parse', async () => {
    const { analyses, mainThread } = counted();
    const { t, requests } = watched();
    const r = await callTool(t, SLUG, NAME, { query: 'SELECT ?d WHERE { ?d a dcat:Dataset ; dct:title "Kuntien avainluvut"@fi }' });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    const sent = new URL(requests[0].url).searchParams.get('query');
    expect(sent).toContain('PREFIX dcat: <http://www.w3.org/ns/dcat#>');
    expect(sent).toContain('PREFIX dct: <http://purl.org/dc/terms/>');
    expect(mainThread).not.toHaveBeenCalled();
    expect(analyses.map((a) => a.parses)).toEqual([1]);
  });
});
