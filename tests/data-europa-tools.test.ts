// The data-europa server (data.europa.eu search API) over MCP and its connector routes, answered by
// recordings in tests/recordings/dataeuropa-search/.
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, Transport } from '../runtime/upstream/transport.js';
import { KEYS, callTool, callToolError, createTestApp, replay, type TestApp } from './helpers/app.js';

const SLUG = 'data-europa';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('dataeuropa-search') ?? 0;

function watched() {
  const requests: OutgoingRequest[] = [];
  const transport: Transport = { send: (req) => (requests.push(req), replay().send(req)) };
  return { requests, t: createTestApp({ transport }) };
}

async function ok(t: TestApp, name: string, args: unknown) {
  const r = await callTool(t, SLUG, name, args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}
const fails = (t: TestApp, name: string, args: unknown) => callToolError(t, SLUG, name, args);

describe('dataeuropa.search', () => {
  const name = 'dataeuropa.search';

  it('answers the example: POST /search with the query, the country facet and the page', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { q: 'air quality', country: 'NO', limit: 5 });
    expect(requests.map((r) => [r.method, r.url])).toEqual([['POST', 'https://data.europa.eu/api/hub/search/search']]);
    expect(JSON.parse(requests[0].body!)).toEqual({ q: 'air quality', filters: ['dataset'], facets: { country: ['no'] }, limit: 5, page: 0, aggregation: false });
    expect(d).toMatchObject({ filter: { q: 'air quality', country: 'NO', theme: null }, page: 0, limit: 5, total: 2, count: 2, hasMore: false });
    expect(d.datasets[0]).toEqual({
      id: 'luftkvalitet-malinger-fra-nilu',
      title: 'Air quality measurements (NILU)',
      description: 'Hourly values of particulate matter, NO2 and ozone from Norwegian monitoring stations.',
      country: { code: 'NO', name: 'Norway' },
      catalogue: 'dcat-ap-no',
      publisher: 'Norwegian Environment Agency',
      themes: ['ENVI'],
      formats: ['CSV', 'JSON'],
      highValue: false,
      issued: '2019-03-04T00:00:00Z',
      modified: '2026-10-14T03:12:44Z',
      url: 'https://data.europa.eu/data/datasets/luftkvalitet-malinger-fra-nilu',
    });
  });

  it('filters by theme alone and pages 0-based', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { theme: 'ENVI', limit: 2, page: 1 });
    expect(JSON.parse(requests[0].body!)).toEqual({ filters: ['dataset'], facets: { categories: ['ENVI'] }, limit: 2, page: 1, aggregation: false });
    expect(d).toMatchObject({ filter: { q: null, country: null, theme: 'ENVI' }, total: 96412, count: 2, hasMore: true });
    expect(d.datasets[0]).toMatchObject({ country: { code: 'DK', name: 'Denmark' }, themes: ['TRAN', 'ENVI'] });
  });

  it('answers the same through its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/data-europa/search?q=air%20quality&country=NO&limit=5', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).count).toBe(2);
  });

  it('answers an empty list with a note when nothing matches', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { q: 'zzyzx' });
    expect(d).toMatchObject({ total: 0, count: 0, hasMore: false, datasets: [] });
    expect(d.note).toMatch(/No dataset/);
  });

  it.each([{}, { limit: 5 }, { q: '   ' }])('refuses %j: at least one of q, country, theme, naming all three', async (args) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain('give at least one of q, country, theme');
    expect(sent(t)).toBe(0);
    const res = await t.fetch('/api/connectors/data-europa/search?limit=5', { headers: auth });
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toContain('q, country, theme');
  });

  it.each([
    [{ q: 'x', limit: 0 }, 'limit', /at least 1/],
    [{ q: 'x', limit: 101 }, 'limit', /at most 100/],
    [{ q: 'x', page: -1 }, 'page', /at least 0/],
    [{ country: 'NOR' }, 'country', /2-letter country code/],
    [{ country: 'N1' }, 'country', /2-letter country code/],
    [{ theme: 'OP_DATPRO' }, 'theme', /AGRI/],
    [{ theme: 'envi' }, 'theme', /ENVI/],
  ])('refuses %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });

  it('reports an upstream failure as upstream_unavailable after the retries', async () => {
    const t = createTestApp();
    expect(await fails(t, name, { q: 'feilsituasjon' })).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t)).toBe(3);
  });
});

describe('dataeuropa.dataset', () => {
  const name = 'dataeuropa.dataset';

  it('answers the example: GET /datasets/{id}', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { id: 'luftkvalitet-malinger-fra-nilu' });
    expect(requests[0].url).toBe('https://data.europa.eu/api/hub/search/datasets/luftkvalitet-malinger-fra-nilu');
    expect(d).toMatchObject({
      id: 'luftkvalitet-malinger-fra-nilu',
      country: { code: 'NO', name: 'Norway' },
      keywords: ['luftkvalitet'],
      landingPages: ['https://luftkvalitet.miljodirektoratet.no/'],
      temporal: [{ start: '2000-01-01T00:00:00Z', end: null }],
      updateFrequency: 'hourly',
      languages: ['Norwegian'],
      contactPoints: [{ name: 'Seksjon for luftkvalitet', email: 'mailto:post@miljodir.no', url: 'https://www.miljodirektoratet.no/' }],
      kilde: { register: 'data.europa.eu', url: 'https://data.europa.eu/data/datasets/luftkvalitet-malinger-fra-nilu' },
    });
    expect(d.distributions[0]).toEqual({
      id: 'luftkvalitet-malinger-fra-nilu-d0',
      title: 'Air quality measurements (NILU) (CSV)',
      format: 'CSV',
      accessUrls: ['https://example.no/luftkvalitet-malinger-fra-nilu/0'],
      downloadUrls: [],
      license: 'Norwegian Licence for Open Government Data (NLOD) 2.0',
    });
    const res = await t.fetch('/api/connectors/data-europa/datasets/luftkvalitet-malinger-fra-nilu', { headers: auth });
    expect((await res.json()).distributions).toHaveLength(2);
  });

  it('answers 404 for an id data.europa.eu does not have', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { id: 'finnes-ikke' });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('refuses a missing id', async () => {
    const t = createTestApp();
    expect((await fails(t, name, {})).message).toContain('id:');
  });
});

describe('dataeuropa.themes', () => {
  it('lists the data-theme vocabulary with OP_DATPRO, which search does not take', async () => {
    const { t, requests } = watched();
    const d = await ok(t, 'dataeuropa.themes', {});
    expect(requests[0].url).toBe('https://data.europa.eu/api/hub/search/vocabularies/data-theme');
    expect(d.count).toBe(14);
    expect(d.themes.map((x: { code: string }) => x.code)).toEqual([
      'AGRI', 'ECON', 'EDUC', 'ENER', 'ENVI', 'GOVE', 'HEAL', 'INTR', 'JUST', 'OP_DATPRO', 'REGI', 'SOCI', 'TECH', 'TRAN',
    ]);
    expect(d.themes.find((x: { code: string }) => x.code === 'OP_DATPRO')).toEqual({
      code: 'OP_DATPRO',
      label: 'Provisional data',
      uri: 'http://publications.europa.eu/resource/authority/data-theme/OP_DATPRO',
      searchable: false,
    });
    expect(d.themes.filter((x: { searchable: boolean }) => x.searchable)).toHaveLength(13);
    const res = await t.fetch('/api/connectors/data-europa/themes', { headers: auth });
    expect((await res.json()).count).toBe(14);
  });
});
