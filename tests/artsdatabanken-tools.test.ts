// The artsdatabanken server over MCP and its connector routes, answered by recordings of Artskart's
// public API (tests/recordings/artskart), Artsdatabanken's red-list OData API
// (tests/recordings/artsdatabanken-lister) and Kartverket's municipality register
// (tests/recordings/kartverket-kommuneinfo), all constructed from documentation.
import { describe, expect, it } from 'vitest';
import { circlePolygon, distanceM } from '../servers/artsdatabanken/property.js';
import type { OutgoingRequest } from '../runtime/upstream/transport.js';
import { KEYS, callTool, callToolError, createTestApp, replay, type TestApp } from './helpers/app.js';

const SLUG = 'artsdatabanken';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp, upstream: string) => t.services.upstream.sent.get(upstream) ?? 0;

function watched() {
  const requests: OutgoingRequest[] = [];
  const t = createTestApp({ transport: { send: (req) => (requests.push(req), replay().send(req)) } });
  return { t, requests };
}

const params = (req: OutgoingRequest) => {
  const url = new URL(req.url);
  const out: Record<string, string[]> = {};
  for (const [k, v] of url.searchParams) (out[k] ??= []).push(v);
  return { path: url.pathname, query: out };
};

async function ok(t: TestApp, name: string, args: unknown) {
  const r = await callTool(t, SLUG, name, args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}

const refusal = async (name: string, args: unknown, field: string, bound: RegExp) => {
  const t = createTestApp();
  const e = await callToolError(t, SLUG, name, args);
  expect(e.code).toBe('invalid_input');
  expect(e.message).toContain(`${field}:`);
  expect(e.message).toMatch(bound);
  return t;
};

describe('artsdatabanken.observations.list', () => {
  const name = 'artsdatabanken.observations.list';

  it('answers the example: a scientific name resolved to its taxon, a county name to its number', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { scientificName: 'Lynx lynx', county: 'Innlandet', limit: 2 });
    expect(params(requests[0])).toEqual({ path: '/publicapi/api/taxon', query: { take: ['10'], term: ['Lynx lynx'] } });
    expect(params(requests[1])).toEqual({
      path: '/publicapi/api/observations/list',
      query: { 'countys[]': ['34'], crs: ['EPSG:4326'], pageIndex: ['0'], pageSize: ['2'], 'taxons[]': ['31133'] },
    });
    expect(d).toMatchObject({
      filters: { taxonId: 31133, scientificName: 'Lynx lynx', county: '34', municipality: null },
      page: 0,
      limit: 2,
      total: 4210,
      count: 2,
      hasMore: true,
      kilde: { register: 'Artskart (Artsdatabanken)' },
    });
    expect(d.observations[0]).toEqual({
      id: 'urn:catalog:Miljodir:Rovbase:SP-2023-000412',
      taxonId: 31133,
      scientificName: 'Lynx lynx',
      name: 'gaupe',
      redlistCategory: 'EN',
      collectedDate: '2023-02-14T00:00:00',
      county: 'Innlandet',
      municipality: 'Trysil',
      locality: 'Ljørdalen',
      lat: 61.3178,
      lon: 12.4416,
      precisionM: 1000,
      dataset: 'Rovbase',
      url: 'https://artskart.artsdatabanken.no/#featureInfo/urn:catalog:Miljodir:Rovbase:SP-2023-000412',
    });
    // Coordinates and precision given as text with a decimal comma are read as numbers.
    expect(d.observations[1]).toMatchObject({ lat: 62.0571, lon: 11.9126, precisionM: 250 });
  });

  it('takes a county by number (and a taxon by id, with no name lookup)', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { taxonId: 31133, county: '34', limit: 2 });
    expect(d.filters.county).toBe('34');
    expect(d.total).toBe(4210);
    expect(sent(t, 'artskart')).toBe(1);
  });

  it('looks a municipality name up in Kartverket’s register and maps the 0-based page onto pageIndex', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { taxonId: 31133, municipality: 'bergen', page: 1 });
    expect(params(requests[0]).path).toBe('/kommuneinfo/v1/kommuner');
    expect(params(requests[1]).query).toMatchObject({ pageIndex: ['1'], pageSize: ['20'], 'filter.areas': ['4601'] });
    expect(params(requests[1]).query).not.toHaveProperty('municipalitys[]');
    expect(d).toMatchObject({ filters: { municipality: '4601' }, page: 1, total: 23, count: 1, hasMore: false });
  });

  it('takes a 4-digit municipality number as it stands', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { taxonId: 31133, municipality: '4601', page: 1 });
    expect(d.filters.municipality).toBe('4601');
    expect(sent(t, 'kartverket-kommuneinfo')).toBe(0);
  });

  it('refuses a municipality name that names two municipalities, listing their numbers', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { municipality: 'Herøy' });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/municipality: "Herøy" names 2 municipalities \(1515, 1818\)/);
    expect(sent(t, 'artskart')).toBe(0);
  });

  it('refuses a municipality name that no municipality has', async () => {
    const e = await callToolError(createTestApp(), SLUG, name, { municipality: 'Atlantis' });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/municipality: no Norwegian municipality is named "Atlantis"/);
  });

  it('answers an empty list with a note when nothing matches', async () => {
    const d = await ok(createTestApp(), name, { taxonId: 31133, county: 'Oslo' });
    expect(d).toMatchObject({ total: 0, count: 0, hasMore: false, observations: [] });
    expect(d.note).toMatch(/No observation/);
  });

  it('answers an empty list naming the cause when no taxon has the scientific name, without listing observations', async () => {
    const t = createTestApp();
    const d = await ok(t, name, { scientificName: 'Nonexistus fictus' });
    expect(d).toMatchObject({ total: 0, observations: [], filters: { taxonId: null } });
    expect(d.note).toMatch(/no taxon with the scientific name "Nonexistus fictus"/);
    expect(sent(t, 'artskart')).toBe(1);
  });

  it.each([
    [{ limit: 0 }, 'limit', /at least 1/],
    [{ limit: 101 }, 'limit', /at most 100/],
    [{ page: -1 }, 'page', /at least 0/],
    [{ page: 20001 }, 'page', /at most 20000/],
    [{ county: '99' }, 'county', /two-digit number or name: 03 Oslo, 11 Rogaland/],
    [{ county: 'Viken' }, 'county', /two-digit number or name/],
    [{ taxonId: 1.5 }, 'taxonId', /integer/],
  ])('refuses %j naming the field and the bound', async (args, field, bound) => {
    const t = await refusal(name, args, field, bound);
    expect(sent(t, 'artskart')).toBe(0);
  });

  it('reports an upstream failure as upstream_unavailable', async () => {
    const e = await callToolError(createTestApp(), SLUG, name, { taxonId: 999999 });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });

  it('answers through its connector route', async () => {
    const res = await createTestApp().fetch('/api/connectors/artsdatabanken/observations?taxonId=31133&county=34&limit=2', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).count).toBe(2);
  });
});

describe('artsdatabanken.property.check', () => {
  const name = 'artsdatabanken.property.check';

  it('answers the example: counts within the radius and the red-listed species, nearest first', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { lat: 59.9139, lon: 10.7522, radius: 500 });
    const q = params(requests[0]).query;
    expect(q.pageSize).toEqual(['1000']);
    expect(q.gmWktPolygon[0]).toBe(circlePolygon(59.9139, 10.7522, 500));
    expect(d).toMatchObject({ point: { lat: 59.9139, lon: 10.7522 }, radius: 500, observations: 6, redlistedObservations: 5, inArea: 6, complete: true });
    expect(d.redlistedSpecies.map((s: { scientificName: string; category: string; observations: number }) => [s.scientificName, s.category, s.observations])).toEqual([
      ['Delichon urbicum', 'NT', 2],
      ['Fraxinus excelsior', 'VU', 2],
      ['Larus argentatus', 'NT', 1],
    ]);
    const distances = d.redlistedSpecies.map((s: { nearestDistanceM: number }) => s.nearestDistanceM);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBe(Math.round(distanceM(59.9139, 10.7522, 59.9131, 10.7519)));
    expect(d.redlistedSpecies[0]).toMatchObject({ name: 'taksvale', taxonId: 3829, latestDate: '2024-06-11T00:00:00' });
    expect(d.note).toBeUndefined();
  });

  it('sends a polygon whose corners lie on the circle', () => {
    const wkt = circlePolygon(59.9139, 10.7522, 500);
    const points = wkt.slice('POLYGON(('.length, -2).split(',').map((p) => p.split(' ').map(Number));
    expect(points).toHaveLength(33);
    expect(points[0]).toEqual(points[32]);
    const R = 20037508.34;
    for (const [x, y] of points) {
      const lon = (x / R) * 180;
      const lat = (Math.atan(Math.exp((y / R) * Math.PI)) * 360) / Math.PI - 90;
      expect(Math.abs(distanceM(59.9139, 10.7522, lat, lon) - 500)).toBeLessThan(5);
    }
  });

  it('says the check is partial when the area holds more than one page', async () => {
    const d = await ok(createTestApp(), name, { lat: 60.3913, lon: 5.3221, radius: 2000 });
    expect(d).toMatchObject({ inArea: 1843, observations: 2, redlistedObservations: 1, complete: false });
    expect(d.note).toMatch(/holds 1843 observations; 2 were read/);
  });

  it('answers zeros with a note where nothing is registered', async () => {
    const d = await ok(createTestApp(), name, { lat: 66.5, lon: 2, radius: 500 });
    expect(d).toMatchObject({ observations: 0, redlistedObservations: 0, redlistedSpecies: [], inArea: 0, complete: true });
    expect(d.note).toMatch(/not proof/);
  });

  it.each([
    [{ lat: 91, lon: 10 }, 'lat', /at most 90/],
    [{ lat: -91, lon: 10 }, 'lat', /at least -90/],
    [{ lat: 60, lon: 181 }, 'lon', /at most 180/],
    [{ lat: 60, lon: -181 }, 'lon', /at least -180/],
    [{ lat: 60, lon: 10, radius: 0 }, 'radius', /at least 1/],
    [{ lat: 60, lon: 10, radius: 10001 }, 'radius', /at most 10000/],
    [{ lon: 10 }, 'lat', /required/],
  ])('refuses %j naming the field and the bound', async (args, field, bound) => {
    const t = await refusal(name, args, field, bound);
    expect(sent(t, 'artskart')).toBe(0);
  });

  it('reports an upstream failure as upstream_unavailable', async () => {
    const e = await callToolError(createTestApp(), SLUG, name, { lat: 70, lon: 25 });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });
});

describe('artsdatabanken.redlist.species', () => {
  const name = 'artsdatabanken.redlist.species';

  it('answers the example: critically endangered birds, by an OData query', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { category: 'CR', group: 'Fugler', limit: 3 });
    expect(params(requests[0])).toEqual({
      path: '/odata/v1/speciesassessment2021',
      query: {
        $count: ['true'],
        $filter: ["assessmentArea eq 'N' and startswith(category,'CR') and tolower(speciesGroup) eq 'fugler'"],
        $orderby: ['scientificName'],
        $select: ['id,scientificName,scientificNameAuthor,scientificNameId,popularName,category,criteriaSummarized,speciesGroup'],
        $top: ['3'],
      },
    });
    expect(d).toMatchObject({ filters: { category: 'CR', group: 'Fugler' }, total: 11, count: 3 });
    expect(d.species[0]).toEqual({
      scientificName: 'Anser erythropus',
      author: '(Linnaeus, 1758)',
      norwegianName: 'dverggås',
      category: 'CR',
      criteria: 'D',
      speciesGroup: 'Fugler',
      scientificNameId: 3464,
      url: 'https://artsdatabanken.no/lister/rodlisteforarter/2021/3021',
    });
  });

  it('lists every red-listed category without filters, 25 by default, and reads a downlisted category by its letters', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, {});
    const q = params(requests[0]).query;
    expect(q.$top).toEqual(['25']);
    expect(q.$filter[0]).toBe(
      "assessmentArea eq 'N' and (startswith(category,'RE') or startswith(category,'CR') or startswith(category,'EN') or startswith(category,'VU') or startswith(category,'NT') or startswith(category,'DD'))",
    );
    expect(d.total).toBe(4957);
    expect(d.species.map((s: { category: string }) => s.category)).toEqual(['DD', 'VU', 'NT']);
  });

  it('answers an empty list with a note when no species matches', async () => {
    const d = await ok(createTestApp(), name, { group: 'Drager' });
    expect(d).toMatchObject({ total: 0, count: 0, species: [] });
    expect(d.note).toMatch(/No red-listed species/);
  });

  it.each([
    [{ category: 'LC' }, 'category', /must be one of "RE", "CR", "EN", "VU", "NT", "DD"/],
    [{ limit: 0 }, 'limit', /at least 1/],
    [{ limit: 101 }, 'limit', /at most 100, the most Artsdatabanken's red-list API returns per request/],
  ])('refuses %j naming the field and the bound', async (args, field, bound) => {
    const t = await refusal(name, args, field, bound);
    expect(sent(t, 'artsdatabanken-lister')).toBe(0);
  });

  it('reports an upstream failure as upstream_unavailable', async () => {
    const e = await callToolError(createTestApp(), SLUG, name, { group: 'feilsituasjon' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });
});

describe('artsdatabanken.taxon.get', () => {
  const name = 'artsdatabanken.taxon.get';

  it('answers the example: gaupe', async () => {
    const d = await ok(createTestApp(), name, { taxonId: 31133 });
    expect(d).toEqual({
      taxonId: 31133,
      scientificNameId: 48251,
      scientificName: 'Lynx lynx',
      author: '(Linnaeus, 1758)',
      norwegianName: 'gaupe',
      taxonGroup: 'Pattedyr',
      redlistCategory: 'EN',
      classification: { kingdom: 'Animalia', phylum: 'Chordata', class: 'Mammalia', order: 'Carnivora', family: 'Felidae', genus: 'Lynx', species: 'lynx' },
      synonyms: ['Felis lynx'],
      popularNames: [
        { name: 'gaupe', language: 'nb-NO', preferred: true },
        { name: 'goaskin', language: 'se-NO', preferred: false },
        { name: 'Eurasian lynx', language: 'en', preferred: false },
      ],
      kilde: { register: 'Artskart (Artsdatabanken)', url: 'https://artsdatabanken.no/Taxon/Lynx%20lynx/31133' },
    });
  });

  it('answers through its connector route', async () => {
    const res = await createTestApp().fetch('/api/connectors/artsdatabanken/taxa/31133', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).norwegianName).toBe('gaupe');
  });

  it('answers not_found (404) for an id Artskart does not know', async () => {
    const e = await callToolError(createTestApp(), SLUG, name, { taxonId: 999999999 });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('refuses a taxon id that is not an integer, and a missing one', async () => {
    await refusal(name, { taxonId: 'gaupe' }, 'taxonId', /must be of type number/);
    await refusal(name, {}, 'taxonId', /required/);
  });

  it('reports an upstream failure as upstream_unavailable', async () => {
    const e = await callToolError(createTestApp(), SLUG, name, { taxonId: 1 });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });
});

describe('artsdatabanken.sources.list (deprecated)', () => {
  it('answers 410 api_sunset with no data, over MCP and its connector route, calling nothing', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, 'artsdatabanken.sources.list', {});
    expect(e).toMatchObject({ code: 'api_sunset', status: 410 });
    expect(e.alternative).toMatch(/observations\.list/);
    const res = await t.fetch('/api/connectors/artsdatabanken/sources', { headers: auth });
    expect(res.status).toBe(410);
    expect((await res.json()).code).toBe('api_sunset');
    expect(sent(t, 'artskart')).toBe(0);
  });
});
