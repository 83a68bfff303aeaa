// Issue 25 items 4, 5 and 10 (and the HPR request of item 6): each tool sends only the request its
// upstream documents, asserted on the exact request line, and maps the documented answer. Answers
// come from recordings (tests/recordings/dmp-fhir, artskart, nhn-hpr); an unrecorded request fails.
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest } from '../runtime/upstream/transport.js';
import { callTool, callToolError, createTestApp, replay } from './helpers/app.js';

function watched(env: Record<string, string> = {}) {
  const requests: OutgoingRequest[] = [];
  const t = createTestApp({ env, transport: { send: (req) => (requests.push(req), replay().send(req)) } });
  return { t, requests, lines: () => requests.map((r) => `${r.method} ${r.url}`) };
}

describe('item 4: dmp.atc.search lists the code systems and reads the ATC index by id', () => {
  const BASE = 'https://api.legemiddelverket.no/fhir-r4';
  it('sends GET /CodeSystem (listed) then GET /CodeSystem/{id} (read), never a search by url', async () => {
    const { t, lines } = watched({ DMP_API_KEY: 'dmp-subscription-key-42' });
    const r = await callTool(t, 'legemidler', 'dmp.atc.search', { code: 'N02BE', limit: 2 });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(lines()).toEqual([
      `GET ${BASE}/CodeSystem?_count=100&_elements=url%2Cname%2Ctitle%2Cversion`,
      `GET ${BASE}/CodeSystem/0c7a5e3f-1b2d-4c6e-8f9a-2b3c4d5e6f70`,
    ]);
    expect(r.data).toMatchObject({ code: 'N02BE', total: 4, antall: 2, versjon: '2026' });
    expect(r.data.koder).toEqual([
      { kode: 'N02BE', navn: 'Anilider', navnEngelsk: 'Anilides', niva: 4 },
      { kode: 'N02BE01', navn: 'Paracetamol', navnEngelsk: 'Paracetamol', niva: 5 },
    ]);
  });
});

describe('item 5: artsdatabanken.observations.list sends only documented filters', () => {
  const LIST = 'https://artskart.artsdatabanken.no/publicapi/api/observations/list';
  it('sends a municipality as filter.areas (the documented area filter), never municipalitys[]', async () => {
    const { t, lines } = watched();
    const r = await callTool(t, 'artsdatabanken', 'artsdatabanken.observations.list', { taxonId: 31133, municipality: '4601', page: 1 });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(lines()).toEqual([`GET ${LIST}?crs=EPSG%3A4326&filter.areas=4601&pageIndex=1&pageSize=20&taxons%5B%5D=31133`]);
    expect(r.data).toMatchObject({ filters: { taxonId: 31133, municipality: '4601', county: null }, total: 23, count: 1 });
    expect(r.data.observations[0]).toMatchObject({ municipality: 'Bergen', lat: 60.3776, lon: 5.3861 });
  });

  it("accepts Artsdatabanken's own county example 22 (Jan Mayen) and sends it as countys[]=22", async () => {
    const { t, lines } = watched();
    const r = await callTool(t, 'artsdatabanken', 'artsdatabanken.observations.list', { county: '22', limit: 1 });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(lines()).toEqual([`GET ${LIST}?countys%5B%5D=22&crs=EPSG%3A4326&pageIndex=0&pageSize=1`]);
    expect(r.data).toMatchObject({ filters: { county: '22' }, total: 1843, count: 1, hasMore: true });
    expect(r.data.observations[0]).toMatchObject({ county: 'Jan Mayen', scientificName: 'Fulmarus glacialis', redlistCategory: 'NT' });
  });

  it('takes Jan Mayen and Svalbard by name too', async () => {
    const { t, lines } = watched();
    const r = await callTool(t, 'artsdatabanken', 'artsdatabanken.observations.list', { county: 'jan mayen', limit: 1 });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(lines()).toEqual([`GET ${LIST}?countys%5B%5D=22&crs=EPSG%3A4326&pageIndex=0&pageSize=1`]);
  });
});

describe('item 10: artsdatabanken.property.check keeps lat within Web Mercator', () => {
  const EDGE = 85.05112878;
  it.each([[90], [-90], [85.06], [-85.0512], [EDGE + 1e-9]])('refuses lat %d with 400 naming the field and the bound, sending nothing', async (lat) => {
    const { t, requests } = watched();
    const e = await callToolError(t, 'artsdatabanken', 'artsdatabanken.property.check', { lat, lon: 10 });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/^lat: /);
    expect(e.message).toContain('85.05112878');
    expect(requests).toHaveLength(0);
  });

  it('takes the bound itself (inclusive) and sends finite Mercator coordinates', async () => {
    const { t, requests } = watched();
    const r = await callTool(t, 'artsdatabanken', 'artsdatabanken.property.check', { lat: EDGE, lon: 10, radius: 500 });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(requests).toHaveLength(1);
    const polygon = new URL(requests[0].url).searchParams.get('gmWktPolygon')!;
    expect(polygon).not.toMatch(/Infinity|NaN/);
    expect(polygon.startsWith('POLYGON((1118990.9 20037508.3,')).toBe(true);
    expect(r.data).toMatchObject({ point: { lat: EDGE, lon: 10 }, observations: 0, inArea: 0, complete: true });
  });

  it('answers 400 over REST too', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/artsdatabanken/property-check?lat=90&lon=10', { headers: { authorization: `Bearer ${(await import('./helpers/app.js')).KEYS.pro}` } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('lat: ');
  });
});
