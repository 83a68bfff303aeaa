// The naturbase server (protected areas, prefix miljodir) over MCP and its connector routes,
// answered by recordings of Miljødirektoratet's vern map service (tests/recordings/miljodir-vern),
// constructed from the ArcGIS REST query answer and the fields public clients read.
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest } from '../runtime/upstream/transport.js';
import { KEYS, callTool, callToolError, createTestApp, replay, type TestApp } from './helpers/app.js';

const SLUG = 'naturbase';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('miljodir-vern') ?? 0;

async function ok(t: TestApp, name: string, args: unknown) {
  const r = await callTool(t, SLUG, name, args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}

describe('miljodir.verneform.list', () => {
  it('lists the 6 protection forms of naturmangfoldloven with their codes, calling nothing', async () => {
    const t = createTestApp();
    const d = await ok(t, 'miljodir.verneform.list', {});
    expect(d.count).toBe(6);
    expect(d.verneformer.map((v: { kode: string; navn: string }) => `${v.kode} ${v.navn}`)).toEqual([
      'NP Nasjonalpark',
      'LVO Landskapsvernområde',
      'NR Naturreservat',
      'BV Biotopvern',
      'MAV Marint vern',
      'MIV Midlertidig verna område/objekt',
    ]);
    expect(d.source).toMatch(/Verneform/);
    expect(sent(t)).toBe(0);
  });

  it('answers the same through its connector route, and refuses arguments it does not take', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/naturbase/verneformer', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).count).toBe(6);
    const e = await callToolError(t, SLUG, 'miljodir.verneform.list', { kode: 'NP' });
    expect(e.code).toBe('invalid_input');
  });
});

describe('miljodir.verneomrade.detalj', () => {
  const name = 'miljodir.verneomrade.detalj';

  it('answers the example: a national park by its Naturbase id, from layer 0 of the vern service', async () => {
    const requests: OutgoingRequest[] = [];
    const t = createTestApp({ transport: { send: (req) => (requests.push(req), replay().send(req)) } });
    const d = await ok(t, name, { objectId: 'VV00000006' });
    const url = new URL(requests[0].url);
    expect(url.origin + url.pathname).toBe('https://kart.miljodirektoratet.no/arcgis/rest/services/vern/MapServer/0/query');
    expect(Object.fromEntries(url.searchParams)).toEqual({ where: "naturvernId='VV00000006'", outFields: '*', returnGeometry: 'false', f: 'json' });
    expect(d).toEqual({
      objectId: 2156,
      naturvernId: 'VV00000006',
      navn: 'Øvre Anárjohka',
      offisieltNavn: 'Øvre Anárjohka nasjonalpark',
      verneform: 'Nasjonalpark',
      verneplan: 'Nasjonalparkplan',
      vernedato: '1975-12-19',
      iucn: 'II',
      kommune: '5610,5612',
      forvaltningsmyndighet: 'Nasjonalparkstyret for Øvre Anárjohka',
      majorEcosystemType: 'Terrestrisk',
      faktaark: 'https://faktaark.naturbase.no/?id=VV00000006',
      verneforskrift: 'https://lovdata.no/LTI/forskrift/1975-12-19-3',
      kilde: { register: 'Naturbase (Miljødirektoratet)', url: 'https://faktaark.naturbase.no/?id=VV00000006' },
    });
  });

  it('takes the layer’s OBJECTID too (objectIds), and reads a YYYYMMDD date and a numeric IUCN category', async () => {
    const requests: OutgoingRequest[] = [];
    const t = createTestApp({ transport: { send: (req) => (requests.push(req), replay().send(req)) } });
    const d = await ok(t, name, { objectId: '4321' });
    expect(new URL(requests[0].url).searchParams.get('objectIds')).toBe('4321');
    expect(d).toMatchObject({ objectId: 4321, naturvernId: 'VV00000077', offisieltNavn: 'Sørlenangsbotn naturreservat', vernedato: '1995-12-08', iucn: '1', majorEcosystemType: null });
  });

  it('answers the same through its connector route', async () => {
    const res = await createTestApp().fetch('/api/connectors/naturbase/verneomrader/VV00000006', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).navn).toBe('Øvre Anárjohka');
  });

  it('answers not_found (404) when no area has the id', async () => {
    const e = await callToolError(createTestApp(), SLUG, name, { objectId: '999999' });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('reports an ArcGIS error answered with HTTP 200 as upstream_unavailable', async () => {
    const e = await callToolError(createTestApp(), SLUG, name, { objectId: '888888' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(e.message).toMatch(/refused the query: Error performing query operation \(code 500\)/);
  });

  it('reports the service being unavailable as upstream_unavailable after the retries', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { objectId: '777777' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t)).toBe(3);
  });

  it.each([["VV1' OR '1'='1"], ['vv00000006'], ['VV123'], ['12345678901'], ['']])('refuses objectId %j naming the field and the form', async (objectId) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { objectId });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/objectId: must be the OBJECTID \(up to 10 digits\) or a Naturbase id VV and 8 digits/);
    expect(sent(t)).toBe(0);
  });

  it('refuses a missing objectId', async () => {
    const e = await callToolError(createTestApp(), SLUG, name, {});
    expect(e.message).toMatch(/objectId: is required/);
  });
});
