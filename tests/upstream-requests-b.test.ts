// Issue 25 items 6 (eusparql, norgesbank, oslobors), 7, 8, 14 and 15: the exact request each tool
// sends, as its upstream documents it, and the answers mapped from recordings of documented shapes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, RawResponse, Transport } from '../runtime/upstream/transport.js';
import { analyse } from '../servers/data-europa-sparql/classify.js';
import { KEYS, callTool, createTestApp, replay } from './helpers/app.js';

/** The recordings, with every request kept for the test to look at. */
function spy(base: Transport = replay()) {
  const seen: OutgoingRequest[] = [];
  return { seen, transport: { send: (req: OutgoingRequest) => (seen.push(req), base.send(req)) } satisfies Transport };
}

// Item 6's form-encoded POST of long queries is asserted in tests/data-europa-sparql-tools.test.ts.

describe("eusparql.query: the limit parameter's default and a query's own LIMIT (item 14)", () => {
  const parse = (query: string, limit?: number) => {
    const a = analyse({ query, limit });
    if (!a.ok) throw new Error(a.message);
    return a;
  };

  it('keeps a SELECT\'s own LIMIT 5000 up to the automatic cap of 1000 rows when no limit is given', async () => {
    const { seen, transport } = spy();
    const t = createTestApp({ transport });
    const r = await callTool(t, 'data-europa-sparql', 'eusparql.query', { query: 'PREFIX dcat: <http://www.w3.org/ns/dcat#> SELECT ?d WHERE { ?d a dcat:Dataset } LIMIT 5000' });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(new URL(seen[0].url).searchParams.get('query')).toMatch(/\nLIMIT 1000$/);
    expect(r.data).toMatchObject({ limit: 1000, capped: true });
  });

  it('keeps an own LIMIT below 1000 as it stands when no limit is given', () => {
    expect(parse('SELECT * WHERE { ?s ?p ?o } LIMIT 250')).toMatchObject({ limit: 250, capped: false });
  });

  it('applies the default 100 only to a SELECT without a LIMIT of its own', () => {
    const a = parse('SELECT * WHERE { ?s ?p ?o }');
    expect(a).toMatchObject({ limit: 100, capped: true });
    expect(a.text).toMatch(/LIMIT 100$/);
  });

  it('lowers an own LIMIT to a limit the caller gives', () => {
    expect(parse('SELECT * WHERE { ?s ?p ?o } LIMIT 5000', 5)).toMatchObject({ limit: 5, capped: true });
    expect(parse('SELECT * WHERE { ?s ?p ?o }', 7)).toMatchObject({ limit: 7, capped: true });
    expect(parse('SELECT * WHERE { ?s ?p ?o } LIMIT 3', 7)).toMatchObject({ limit: 3, capped: false });
  });

  it('still publishes limit 1-1000 with default 100 in the input schema', async () => {
    const t = createTestApp();
    const res = await t.fetch('/mcp/data-europa-sparql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const text = await res.text();
    const body = JSON.parse(text.startsWith('{') ? text : text.slice(text.indexOf('{')));
    const tool = body.result.tools.find((x: { name: string }) => x.name === 'eusparql.query');
    expect(tool.inputSchema.properties.limit).toMatchObject({ minimum: 1, maximum: 1000, default: 100 });
  });
});

describe("norgesbank.valutakurs: SDMX's OR operator (item 6)", () => {
  it('sends several currencies joined by a literal + in the key path (SDMX REST 2.1), never %2B', async () => {
    const { seen, transport } = spy();
    const t = createTestApp({ transport });
    const r = await callTool(t, 'norges-bank', 'norgesbank.valutakurs', { currencies: ['USD', 'EUR', 'SEK'] });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(new URL(seen[0].url).pathname).toBe('/api/data/EXR/B.USD+EUR+SEK.NOK.SP');
    expect(seen[0].url).not.toContain('%2B');
    expect(r.data.rates.map((x: { currency: string }) => x.currency)).toEqual(['USD', 'EUR', 'SEK']);
  });
});

describe('oslobors: the download path cites where it is shown (item 6)', () => {
  it('does not cite UPSTREAMS.md A14 for the equities download, which A14 does not list', () => {
    const upstreams = readFileSync('/work/shared/UPSTREAMS.md', 'utf8');
    const a14 = upstreams.slice(upstreams.indexOf('## A14'), upstreams.indexOf('## A15'));
    expect(a14).not.toContain('/pd_es/data/stocks/download');
    for (const file of ['servers/euronext/listing.ts', 'servers/euronext/index.ts', 'servers/euronext/upstream.ts']) {
      const header = readFileSync(file, 'utf8').split('\nimport ')[0];
      expect(header, file).not.toMatch(/download[^\n]*\(UPSTREAMS\.md A14/);
    }
    const listing = readFileSync('servers/euronext/listing.ts', 'utf8').split('\nimport ')[0];
    expect(listing).toContain('GET /pd_es/data/stocks/download?mics=XOSL,MERK,XOAS');
    expect(listing).toMatch(/UNCONFIRMED[^]*no documentation/);
  });
});

describe('mqa.dataset: both MQA scales (item 7)', () => {
  it('maps the current answer (datasetFinal, 0-7.5) to a rating on that scale', async () => {
    const { seen, transport } = spy();
    const t = createTestApp({ transport });
    const r = await callTool(t, 'data-europa-mqa', 'mqa.dataset', { datasetId: 'c_h501-crm2023' });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(seen[0].url).toBe('https://data.europa.eu/api/mqa/cache/datasets/c_h501-crm2023');
    expect(r.data).toMatchObject({ datasetId: 'c_h501-crm2023', score: 6.458333333333334, maxScore: 7.5, scale: 'v2', rating: 'excellent' });
    expect(r.data.indicators).toContainEqual({ dimension: 'reusability', name: 'provenanceAvailability', available: false, shares: [] });
  });

  it('still maps the earlier answer (info.score, of 405 points) by the 405-point bands', async () => {
    const t = createTestApp();
    const r = await callTool(t, 'data-europa-mqa', 'mqa.dataset', { datasetId: 'luftkvalitet-malinger-fra-nilu' });
    expect(r.data).toMatchObject({ score: 285, maxScore: 405, scale: 'v1', rating: 'good' });
  });

  it('answers "No v2 metrics found" as not found, saying the MQA has not assessed it by its current method', async () => {
    const t = createTestApp();
    const r = await callTool(t, 'data-europa-mqa', 'mqa.dataset', { datasetId: 'ikke-vurdert-v2' });
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({ code: 'not_found', status: 404 });
    expect(r.data.error.message).toMatch(/No v2 metrics found/);
  });
});

describe('ais: the BarentsWatch token URL has its environment override (item 8)', () => {
  const CREDS = { BARENTSWATCH_CLIENT_ID: 'kari@example.no:havnekart', BARENTSWATCH_CLIENT_SECRET: 'test-secret' };

  function tokenAnywhere() {
    const seen: OutgoingRequest[] = [];
    const base = replay();
    const transport: Transport = {
      send: async (req): Promise<RawResponse> => {
        seen.push(req);
        if (req.url.endsWith('/connect/token')) {
          return { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify({ access_token: 'synthetic', expires_in: 3600, token_type: 'Bearer', scope: 'ais' })) };
        }
        return base.send(req);
      },
    };
    return { seen, transport };
  }

  it('fetches the token from BARENTSWATCH_AIS_TOKEN_URL when it is set', async () => {
    const { seen, transport } = tokenAnywhere();
    const t = createTestApp({ transport, env: { ...CREDS, BARENTSWATCH_AIS_TOKEN_URL: 'http://127.0.0.1:9/connect/token' } });
    await callTool(t, 'ais', 'ais.ais.positions', { shipType: 'passenger', limit: 3 });
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url).toBe('http://127.0.0.1:9/connect/token');
  });

  it('shows the token URL in use in config.status', async () => {
    const t = createTestApp({ env: { BARENTSWATCH_AIS_TOKEN_URL: 'http://127.0.0.1:9/connect/token' } });
    const r = await callTool(t, 'ais', 'ais.config.status', {});
    expect(r.data.credentials.tokenUrl).toBe('http://127.0.0.1:9/connect/token');
  });

  it('gives every OAuth upstream a *_TOKEN_URL variable, derived once in the runtime', async () => {
    const { tokenUrlEnvVar } = await import('../runtime/upstream/tokens.js');
    const { SERVERS: servers } = await import('../servers/index.js');
    const oauth = servers.flatMap((s) => s.upstreams).filter((u) => u.auth.type === 'oauth-client-credentials');
    expect(oauth.length).toBeGreaterThan(0);
    for (const u of oauth) expect(tokenUrlEnvVar(u), u.id).toMatch(/^[A-Z0-9_]+_TOKEN_URL$/);
    expect(tokenUrlEnvVar(oauth.find((u) => u.id === 'barentswatch-ais')!)).toBe('BARENTSWATCH_AIS_TOKEN_URL');
  });
});

describe('norgesbank.nibor over MCP: the spec\'s fields at the top level of the answer (item 15)', () => {
  it('answers _status 410 and error endpoint_removed at the top level, as the REST twin does', async () => {
    const t = createTestApp();
    const r = await callTool(t, 'norges-bank', 'norgesbank.nibor', {});
    expect(r.isError).toBe(true);
    expect(r.data).toMatchObject({ _status: 410, error: 'endpoint_removed', alternative: '/api/connectors/norges-bank/key-rate', status: 410, code: 'api_sunset' });
    expect(typeof r.data.requestId).toBe('string');
    const res = await t.fetch('/api/connectors/norges-bank/nibor', { headers: { authorization: `Bearer ${KEYS.pro}` } });
    expect(await res.json()).toMatchObject({ _status: 410, error: 'endpoint_removed', alternative: '/api/connectors/norges-bank/key-rate' });
  });
});

describe('buildUrl: a list {name+} joined by a literal + (SDMX OR operator)', () => {
  it('encodes each value on its own and keeps the + between them', async () => {
    const { buildUrl } = await import('../runtime/upstream/url.js');
    expect(buildUrl('https://data.norges-bank.no/api', '/data/EXR/B.{k+}.NOK.SP', { k: 'USD+EUR' })).toBe('https://data.norges-bank.no/api/data/EXR/B.USD+EUR.NOK.SP');
    expect(buildUrl('https://x.test', '/d/{k+}', { k: 'a/b+c d' })).toBe('https://x.test/d/a%2Fb+c%20d');
    expect(() => buildUrl('https://x.test', '/d/{k+}', { k: 'USD++EUR' })).toThrow(/k: has an empty value in its list/);
  });
});
