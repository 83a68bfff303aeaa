// The avoindata server (avoindata.fi, CKAN action API) over MCP and its connector routes, answered by
// recordings in tests/recordings/avoindata/, including CKAN's error envelopes.
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, Transport } from '../runtime/upstream/transport.js';
import { KEYS, callTool, callToolError, createTestApp, replay, type TestApp } from './helpers/app.js';

const SLUG = 'avoindata';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('avoindata') ?? 0;

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

describe('avoindata.search', () => {
  const name = 'avoindata.search';

  it('answers the example: package_search with q, rows and start', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { q: 'liikenne', rows: 5 });
    expect(requests).toHaveLength(1);
    expect(requests[0].url.split('?')[0]).toBe('https://www.avoindata.fi/data/api/3/action/package_search');
    expect(params(requests[0])).toEqual({ q: 'liikenne', rows: '5', start: '0' });
    expect(d).toMatchObject({ q: 'liikenne', tags: [], start: 0, rows: 5, total: 186, count: 2, hasMore: true });
    expect(d.datasets[0]).toEqual({
      id: '2d6a1f93-8c4e-4b71-a0d5-9e3f7c1b2a48',
      name: 'tieliikenteen-liikennemaarat',
      title: 'Tieliikenteen liikennemäärät',
      description: 'Liikenteen automaattisten mittauspisteiden (LAM) liikennemäärät tunneittain.',
      organization: { name: 'vaylavirasto', title: 'Väylävirasto' },
      license: 'Creative Commons Attribution 4.0',
      tags: ['liikenne', 'tiet'],
      formats: ['CSV', 'API'],
      created: '2017-05-09T08:12:44.118301',
      modified: '2026-11-20T06:01:12.338412',
      url: 'https://www.avoindata.fi/data/en_GB/dataset/tieliikenteen-liikennemaarat',
    });
  });

  it('filters by a comma list of tags, every one required (Solr fq)', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { tags: ' liikenne, tilastot ,' });
    expect(params(requests[0])).toEqual({ fq: 'tags:"liikenne" AND tags:"tilastot"', rows: '20', start: '0' });
    expect(d).toMatchObject({ q: null, tags: ['liikenne', 'tilastot'], total: 1, count: 1 });
    expect(d.datasets[0].tags).toEqual(['liikenne', 'ajoneuvot', 'tilastot']);
  });

  it('answers the same through its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/avoindata/search?q=liikenne&rows=5', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).total).toBe(186);
  });

  it('answers an empty list when nothing matches, and a note past the last result', async () => {
    const t = createTestApp();
    const empty = await ok(t, name, { q: 'zzyzx' });
    expect(empty).toMatchObject({ total: 0, count: 0, hasMore: false, datasets: [] });
    expect(empty.note).toMatch(/No dataset/);
    const past = await ok(t, name, { q: 'liikenne', start: 10000 });
    expect(past).toMatchObject({ total: 186, count: 0, hasMore: false });
    expect(past.note).toMatch(/start 10000 is past the last of 186/);
  });

  it.each([
    [{ rows: 0 }, 'rows', /at least 1/],
    [{ rows: 101 }, 'rows', /at most 100/],
    [{ start: -1 }, 'start', /at least 0/],
    [{ start: 10001 }, 'start', /at most 10000/],
  ])('refuses %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });

  it("maps CKAN's Validation Error envelope to 400 naming the field", async () => {
    const t = createTestApp();
    const e = await fails(t, name, { q: 'validointivirhe' });
    expect(e).toMatchObject({ code: 'invalid_input', status: 400, fields: ['rows'] });
    expect(e.message).toBe('avoindata.fi refused the request: rows: Must be a natural number');
  });

  it("maps CKAN's other error envelopes (Search Error) to 502", async () => {
    const t = createTestApp();
    const e = await fails(t, name, { q: 'hakuvirhe' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(e.message).toMatch(/^avoindata\.fi answered Search Error: Search error/);
    expect(sent(t)).toBe(1);
  });

  it('reports an upstream failure as upstream_unavailable after the retries', async () => {
    const t = createTestApp();
    expect(await fails(t, name, { q: 'feilsituasjon' })).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t)).toBe(3);
  });
});

describe('avoindata.dataset', () => {
  const name = 'avoindata.dataset';

  it('answers the example: package_show with every resource', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { id: 'kuntien-avainluvut' });
    expect(requests[0].url).toBe('https://www.avoindata.fi/data/api/3/action/package_show?id=kuntien-avainluvut');
    expect(d).toMatchObject({
      name: 'kuntien-avainluvut',
      title: 'Kuntien avainluvut',
      organization: { name: 'tilastokeskus', title: 'Tilastokeskus' },
      tags: ['kunnat', 'tilastot', 'väestö'],
      formats: ['API', 'CSV'],
      kilde: { register: 'avoindata.fi', url: 'https://www.avoindata.fi/data/en_GB/dataset/kuntien-avainluvut' },
    });
    expect(d.resources).toEqual([
      { name: 'Kuntien avainluvut (PxWeb)', format: 'API', url: 'https://pxdata.stat.fi/PxWeb/pxweb/fi/Kuntien_avainluvut/', description: null },
      { name: 'Kuntien avainluvut 2025', format: 'CSV', url: 'https://www.avoindata.fi/data/dataset/kuntien-avainluvut/resource/avainluvut-2025.csv', description: null },
      { name: 'Kuvaus', format: null, url: 'https://stat.fi/tup/alue/kuntienavainluvut.html', description: null },
    ]);
    const res = await t.fetch('/api/connectors/avoindata/datasets/kuntien-avainluvut', { headers: auth });
    expect((await res.json()).resources).toHaveLength(3);
  });

  it("answers 404 for CKAN's Not Found Error (HTTP 404)", async () => {
    const t = createTestApp();
    const e = await fails(t, name, { id: 'ei-ole' });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    expect(e.message).toContain('ei-ole');
  });

  it('reports an upstream failure as 502', async () => {
    const t = createTestApp();
    expect(await fails(t, name, { id: 'feil-500' })).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });

  it('refuses a missing id', async () => {
    const t = createTestApp();
    const e = await fails(t, name, {});
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain('id:');
  });
});

describe('avoindata.organisations', () => {
  it('answers every publishing organisation from one facet query, most datasets first', async () => {
    const { t, requests } = watched();
    const d = await ok(t, 'avoindata.organisations', {});
    expect(params(requests[0])).toEqual({ rows: '0', 'facet.field': '["organization"]', 'facet.limit': '-1' });
    expect(d).toMatchObject({ count: 4, datasets: 13206 });
    expect(d.organisations.map((o: { name: string; datasets: number }) => [o.name, o.datasets])).toEqual([
      ['helsingin-kaupunki', 1288],
      ['tilastokeskus', 412],
      ['vaylavirasto', 96],
      ['liikenne-ja-viestintavirasto-traficom', 61],
    ]);
    expect(d.organisations[1]).toEqual({ name: 'tilastokeskus', title: 'Tilastokeskus', datasets: 412 });
    const res = await t.fetch('/api/connectors/avoindata/organisations', { headers: auth });
    expect((await res.json()).count).toBe(4);
  });
});

describe('CKAN error envelopes on 400 and 409 (read by the tools, not mapped blind)', () => {
  const envelope = (status: number, error: Record<string, unknown>): Transport => ({
    send: async () => ({ status, headers: { 'content-type': 'application/json;charset=utf-8' }, body: Buffer.from(JSON.stringify({ help: 'https://www.avoindata.fi/data/api/3/action/help_show?name=package_search', success: false, error })) }),
  });

  it('a Validation Error on 409 is a 400 naming the field, not a 502', async () => {
    const t = createTestApp({ transport: envelope(409, { __type: 'Validation Error', rows: ['Must be less than or equal to 1000'] }) });
    const e = await fails(t, 'avoindata.search', { q: 'vesi', rows: 20 });
    expect(e).toMatchObject({ code: 'invalid_input', status: 400, fields: ['rows'] });
    expect(e.message).toMatch(/rows: Must be less than or equal to 1000/);
    expect(t.services.upstream.breakerStates().avoindata).toMatchObject({ consecutiveFailures: 0 });
  });

  it('a Search Query Error on 400 names q and tags', async () => {
    const t = createTestApp({ transport: envelope(400, { __type: 'Search Query Error', message: 'Search Query is invalid: "Invalid search query"' }) });
    const e = await fails(t, 'avoindata.search', { q: 'a:(', rows: 20 });
    expect(e).toMatchObject({ code: 'invalid_input', fields: ['q', 'tags'] });
  });
});
