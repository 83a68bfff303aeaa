// The data-norge server (data.norge.no) over MCP and its connector routes, answered by recordings of
// the FDK search API, resource service and organisation catalogue (tests/recordings/fdk-*/).
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, RawResponse, Transport } from '../runtime/upstream/transport.js';
import { pageWindow } from '../servers/data-norge/fdk.js';
import { KEYS, callTool, callToolError, createTestApp, replay, type TestApp } from './helpers/app.js';

const SLUG = 'data-norge';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp, upstream: string) => t.services.upstream.sent.get(upstream) ?? 0;

/** The replay transport, keeping every request it is asked. */
function watched() {
  const requests: OutgoingRequest[] = [];
  const transport: Transport = { send: (req) => (requests.push(req), replay().send(req)) };
  return { requests, t: createTestApp({ transport }) };
}
const bodies = (requests: OutgoingRequest[]) => requests.map((r) => JSON.parse(r.body ?? 'null'));

async function ok(t: TestApp, name: string, args: unknown) {
  const r = await callTool(t, SLUG, name, args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}
const fails = (t: TestApp, name: string, args: unknown) => callToolError(t, SLUG, name, args);

describe('datanorge.datasets.search', () => {
  const name = 'datanorge.datasets.search';

  it('answers the example: datasets about luftkvalitet, mapped from the FDK hits', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { query: 'luftkvalitet', rows: 5 });
    expect(d).toMatchObject({ query: 'luftkvalitet', sort: null, order: null, start: 0, rows: 5, total: 3, count: 3, hasMore: false });
    expect(d.note).toBeUndefined();
    expect(d.datasets[0]).toEqual({
      id: '3a2e8a1b-6f4c-4a5e-9a57-2c1f6d1e0b44',
      title: 'Luftkvalitet i Norge – målinger',
      description: 'Timesverdier for svevestøv (PM10, PM2,5), NO2 og ozon fra målestasjoner i hele landet.',
      publisher: { orgnr: '999601391', navn: 'Miljødirektoratet', orgPath: '/STAT/972417858/999601391' },
      themes: ['ENVI'],
      keywords: ['luftkvalitet', 'svevestøv', 'NO2'],
      formats: ['MEDIA_TYPE text/csv', 'FILE_TYPE JSON'],
      openData: true,
      accessRights: 'PUBLIC',
      firstHarvested: '2019-03-04T10:21:07.000Z',
      url: 'https://data.norge.no/datasets/3a2e8a1b-6f4c-4a5e-9a57-2c1f6d1e0b44',
    });
    expect(d.datasets.map((x: { publisher: { navn: string } }) => x.publisher.navn)).toEqual(['Miljødirektoratet', 'Meteorologisk institutt', 'NILU']);
    // POST /search/datasets with the query and page 0 of size 5; no sort (relevance).
    expect(requests.map((r) => [r.method, r.url])).toEqual([['POST', 'https://search.api.fellesdatakatalog.digdir.no/search/datasets']]);
    expect(bodies(requests)).toEqual([{ query: 'luftkvalitet', pagination: { page: 0, size: 5 } }]);
  });

  it('answers the same through its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/data-norge/datasets?query=luftkvalitet&rows=5', { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total).toBe(3);
    expect(body.datasets[2].title).toBe('Målestasjoner for luftkvalitet');
  });

  it.each(['created', 'newest', 'nyeste'])('sort %s is FDK FIRST_HARVESTED DESC (newest first)', async (sort) => {
    const { t, requests } = watched();
    const d = await ok(t, name, { sort, start: 2, rows: 2 });
    expect(d).toMatchObject({ sort, order: { field: 'FIRST_HARVESTED', direction: 'DESC' }, start: 2, rows: 2, total: 9184, count: 2, hasMore: true });
    expect(d.datasets.map((x: { firstHarvested: string }) => x.firstHarvested)).toEqual(['2026-11-19T05:09:41.000Z', '2026-11-18T05:07:02.000Z']);
    // Offset 2 of rows 2 is FDK page 1 of size 2.
    expect(bodies(requests)).toEqual([{ sort: { field: 'FIRST_HARVESTED', direction: 'DESC' }, pagination: { page: 1, size: 2 } }]);
  });

  it.each(['first_harvested', 'firstharvested', 'harvested'])('sort %s is FDK FIRST_HARVESTED ASC (earliest harvested first)', async (sort) => {
    const { t, requests } = watched();
    const d = await ok(t, name, { sort, rows: 3 });
    expect(d.order).toEqual({ field: 'FIRST_HARVESTED', direction: 'ASC' });
    expect(d.datasets.map((x: { firstHarvested: string }) => x.firstHarvested.slice(0, 4))).toEqual(['2019', '2020', '2021']);
    expect(bodies(requests)).toEqual([{ sort: { field: 'FIRST_HARVESTED', direction: 'ASC' }, pagination: { page: 0, size: 3 } }]);
  });

  it('turns an offset that is not a multiple of rows into the one FDK page that holds the window', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { sort: 'newest', start: 3, rows: 2 });
    // Rows 3-4: page 1 of size 3 holds rows 3-5; the first two are answered.
    expect(bodies(requests)[0].pagination).toEqual({ page: 1, size: 3 });
    expect(d).toMatchObject({ start: 3, rows: 2, count: 2, hasMore: true });
    expect(d.datasets.map((x: { title: string }) => x.title)).toEqual(['Befolkningens utdanningsnivå', 'Kommunale tjenester (KOSTRA)']);
  });

  it('finds for any offset a page whose boundaries do not split the window', () => {
    for (const [start, rows] of [[0, 20], [40, 20], [3, 2], [50, 100], [9999, 100], [7, 1], [123, 45]]) {
      const { page, size, skip } = pageWindow(start, rows);
      expect(size).toBeGreaterThanOrEqual(rows);
      expect(page * size + skip).toBe(start);
      expect(skip + rows).toBeLessThanOrEqual(size);
    }
    expect(pageWindow(40, 20)).toEqual({ page: 2, size: 20, skip: 0 });
  });

  it('answers an empty list with a note when nothing matches', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { query: 'zzyzx' });
    expect(d).toMatchObject({ total: 0, count: 0, hasMore: false, datasets: [], rows: 20, start: 0 });
    expect(d.note).toMatch(/No dataset/);
  });

  it.each([
    [{ rows: 0 }, 'rows', /at least 1/],
    [{ rows: 101 }, 'rows', /at most 100/],
    [{ start: -1 }, 'start', /at least 0/],
    [{ sort: 'oldest' }, 'sort', /first_harvested/],
  ])('refuses %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t, 'fdk-search')).toBe(0);
  });

  it('refuses a bad bound on its connector route with a 400 Problem', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/data-norge/datasets?rows=101', { headers: auth });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect((await res.json()).detail).toMatch(/^rows: /);
  });

  it('reports an upstream failure as upstream_unavailable after the retries', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { query: 'feilsituasjon' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t, 'fdk-search')).toBe(3);
  });

  it('asks FDK once for a repeated search (cached)', async () => {
    const t = createTestApp();
    await ok(t, name, { query: 'luftkvalitet', rows: 5 });
    await ok(t, name, { query: 'luftkvalitet', rows: 5 });
    expect(sent(t, 'fdk-search')).toBe(1);
  });

  it("never sends more than the published 10 searches a minute: the 11th answers 503 with when to retry", async () => {
    const answer = JSON.stringify({ hits: [], page: { currentPage: 0, size: 0, totalElements: 0, totalPages: 0 } });
    const seen: OutgoingRequest[] = [];
    const transport: Transport = {
      send: async (req): Promise<RawResponse> => (seen.push(req), { status: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(answer) }),
    };
    const t = createTestApp({ transport });
    for (let i = 0; i < 10; i += 1) await ok(t, name, { query: `q${i}` });
    const e = await fails(t, name, { query: 'q10' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 503, detailCode: 'upstream_rate_cap' });
    expect((e as unknown as { svcRetryAfterMs: number }).svcRetryAfterMs).toBeGreaterThan(2000);
    expect(e.message).toMatch(/at most 10 requests per 60 s/);
    expect(seen).toHaveLength(10);
  });
});

describe('datanorge.datasets.get', () => {
  const name = 'datanorge.datasets.get';
  const id = '3a2e8a1b-6f4c-4a5e-9a57-2c1f6d1e0b44';

  it('answers the example: the full description from the resource service', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { id });
    expect(requests.map((r) => r.url)).toEqual([`https://resource.api.fellesdatakatalog.digdir.no/v1/datasets/${id}`]);
    expect(d).toMatchObject({
      id,
      title: 'Luftkvalitet i Norge – målinger',
      publisher: { orgnr: '999601391', navn: 'Miljødirektoratet' },
      themes: ['ENVI'],
      losThemes: ['Natur, klima og miljø'],
      accessRights: 'PUBLIC',
      issued: '2018-12-01',
      firstHarvested: '2019-03-04T10:21:07Z',
      languages: ['NOR'],
      spatial: ['Norge'],
      temporal: [{ start: '2000-01-01', end: null }],
      updateFrequency: 'hver time',
      contactPoints: [{ name: 'Seksjon for luftkvalitet', email: 'post@miljodir.no', url: 'https://www.miljodirektoratet.no/', phone: '+47 73 58 05 00' }],
      url: `https://data.norge.no/datasets/${id}`,
      kilde: { register: 'data.norge.no', url: `https://data.norge.no/datasets/${id}` },
    });
    expect(d.distributions).toEqual([
      {
        title: 'Timesverdier (CSV)',
        formats: ['text/csv'],
        accessUrls: ['https://luftkvalitet.miljodirektoratet.no/api'],
        downloadUrls: ['https://luftkvalitet.miljodirektoratet.no/api/exporter/csv'],
        licenses: ['http://data.norge.no/nlod/no/2.0'],
      },
      { title: 'API for luftkvalitet', formats: ['JSON'], accessUrls: ['https://api.nilu.no/'], downloadUrls: [], licenses: ['http://data.norge.no/nlod/no/2.0'] },
    ]);
  });

  it('answers the same through its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch(`/api/connectors/data-norge/datasets/${id}`, { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).distributions).toHaveLength(2);
  });

  it('answers 404 for an id data.norge.no does not have', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { id: 'finnes-ikke' });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    expect(e.message).toContain('finnes-ikke');
  });

  it('reports an upstream failure as 502', async () => {
    const t = createTestApp();
    expect(await fails(t, name, { id: 'feil-500' })).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });

  it('refuses a missing or empty id', async () => {
    const t = createTestApp();
    for (const args of [{}, { id: '' }]) {
      const e = await fails(t, name, args);
      expect(e.code).toBe('invalid_input');
      expect(e.message).toContain('id:');
    }
    expect(sent(t, 'fdk-resource')).toBe(0);
  });
});

describe('datanorge.organizations.list', () => {
  const name = 'datanorge.organizations.list';

  it('answers every organisation of the catalogue, sorted by name', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, {});
    expect(requests.map((r) => [r.url, r.headers.accept])).toEqual([['https://organization-catalogue.fellesdatakatalog.digdir.no/organizations', 'application/json']]);
    expect(d.count).toBe(4);
    expect(d.organizations.map((o: { navn: string }) => o.navn)).toEqual(['Meteorologisk institutt', 'Miljødirektoratet', 'NILU', 'Statistisk sentralbyrå']);
    expect(d.organizations[1]).toEqual({
      orgnr: '999601391',
      navn: 'Miljødirektoratet',
      registrertNavn: 'MILJØDIREKTORATET',
      orgType: 'ORGL',
      orgPath: '/STAT/972417858/999601391',
      overordnet: '972417858',
    });
    expect(d.organizations[2]).toMatchObject({ navn: 'NILU', overordnet: null });
    const res = await t.fetch('/api/connectors/data-norge/organizations', { headers: auth });
    expect((await res.json()).count).toBe(4);
  });

  it('reports an upstream failure as 502', async () => {
    const transport: Transport = { send: async () => ({ status: 503, headers: {}, body: Buffer.from('Service Unavailable') }) };
    const t = createTestApp({ transport });
    expect(await fails(t, name, {})).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });
});
