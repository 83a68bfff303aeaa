// The kartverket server (addresses and place names) over MCP and its connector routes, answered by
// recordings of Kartverket's address API and place-name API (tests/recordings/kartverket-adresser,
// tests/recordings/kartverket-stedsnavn): constructed from the APIs' OpenAPI documents and a live
// capture's shape.
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest } from '../runtime/upstream/transport.js';
import { KEYS, callTool, callToolError, createTestApp, replay, type TestApp } from './helpers/app.js';

const SLUG = 'kartverket';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp, upstream: string) => t.services.upstream.sent.get(upstream) ?? 0;

/** An app whose upstream requests are kept, answered by the recordings. */
function watched() {
  const requests: OutgoingRequest[] = [];
  const t = createTestApp({ transport: { send: (req) => (requests.push(req), replay().send(req)) } });
  return { t, requests };
}

async function ok(t: TestApp, name: string, args: unknown) {
  const r = await callTool(t, SLUG, name, args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}

describe('kartverket.adresser.search', () => {
  const name = 'kartverket.adresser.search';

  it('answers the example: Karl Johans gate 1 in Oslo, mapped', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { q: 'Karl Johans gate 1', kommunenr: '0301', limit: 2 });
    expect(d).toMatchObject({ side: 0, limit: 2, totalHits: 1, count: 1, hasMore: false });
    expect(d.adresser[0]).toEqual({
      adressetekst: 'Karl Johans gate 1',
      adressenavn: 'Karl Johans gate',
      nummer: 1,
      bokstav: null,
      postnummer: '0154',
      poststed: 'OSLO',
      kommunenummer: '0301',
      kommunenavn: 'OSLO',
      gardsnummer: 209,
      bruksnummer: 182,
      festenummer: 0,
      objtype: 'Vegadresse',
      lat: 59.91125487,
      lon: 10.75098623,
    });
    const url = new URL(requests[0].url);
    expect(url.origin + url.pathname).toBe('https://ws.geonorge.no/adresser/v1/sok');
    expect(Object.fromEntries(url.searchParams)).toEqual({ sok: 'Karl Johans gate 1', kommunenummer: '0301', treffPerSide: '2', side: '0', utkoordsys: '4258' });
  });

  it('answers the same through its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/kartverket/adresser?q=Karl%20Johans%20gate%201&kommunenr=0301&limit=2', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).adresser[0].adressetekst).toBe('Karl Johans gate 1');
  });

  it('passes side, 0-based like the API, as it stands and says when hits lie past the first 10 000', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { q: 'Storgata', limit: 50, side: 3 });
    expect(new URL(requests[0].url).searchParams.get('side')).toBe('3');
    expect(d).toMatchObject({ side: 3, limit: 50, totalHits: 12850, count: 2, hasMore: true });
    expect(d.note).toMatch(/only the first 10000/);
    expect(d.adresser[0]).toMatchObject({ adressetekst: 'Storgata 12B', bokstav: 'B', kommunenummer: '5501' });
  });

  it('answers an empty list with a note when nothing matches', async () => {
    const d = await ok(createTestApp(), name, { q: 'zzyzx' });
    expect(d).toMatchObject({ totalHits: 0, count: 0, hasMore: false, adresser: [] });
    expect(d.note).toMatch(/No address matched/);
  });

  it.each([
    [{ q: 'x', limit: 0 }, 'limit', /at least 1/],
    [{ q: 'x', limit: 51 }, 'limit', /at most 50/],
    [{ q: 'x', side: -1 }, 'side', /at least 0/],
    [{ q: 'x', side: 10000, limit: 1 }, 'side', /at most 9999/],
    [{ q: 'x', kommunenr: '301' }, 'kommunenr', /4 digits/],
    [{ q: '' }, 'q', /at least 1/],
    [{}, 'q', /required/],
  ])('refuses %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t, 'kartverket-adresser')).toBe(0);
  });

  it('refuses (side + 1) × limit above 10000, naming both fields, and takes exactly 10000', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { q: 'Storgata', side: 200, limit: 50 });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/side and limit: \(side \+ 1\) × limit must be at most 10000/);
    expect(e.message).toContain('got side 200, limit 50: 10050');
    expect(sent(t, 'kartverket-adresser')).toBe(0);
    const tool = t.services.registry.server(SLUG)!.toolsByName.get(name)!;
    expect(tool.schema.safeParse({ q: 'Storgata', side: 199, limit: 50 }).success).toBe(true);
    expect(tool.schema.safeParse({ q: 'Storgata', side: 9999, limit: 1 }).success).toBe(true);
    expect(tool.schema.safeParse({ q: 'Storgata', side: 9999, limit: 2 }).success).toBe(false);
  });

  it('answers a REST 400 Problem for a bound broken on the connector route', async () => {
    const res = await createTestApp().fetch('/api/connectors/kartverket/adresser?q=x&limit=51', { headers: auth });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect((await res.json()).detail).toMatch(/limit: must be at most 50/);
  });

  it('reports an upstream failure as upstream_unavailable after the retries', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { q: 'feilsituasjon' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t, 'kartverket-adresser')).toBe(3);
  });
});

describe('kartverket.stedsnavn.search', () => {
  const name = 'kartverket.stedsnavn.search';

  it('answers the example: Galdhøpiggen, asking for the 1-based first page', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { q: 'Galdhøpiggen', limit: 2 });
    const url = new URL(requests[0].url);
    expect(url.origin + url.pathname).toBe('https://ws.geonorge.no/stedsnavn/v1/sted');
    expect(Object.fromEntries(url.searchParams)).toEqual({ sok: 'Galdhøpiggen', treffPerSide: '2', side: '1', utkoordsys: '4258' });
    expect(d).toMatchObject({ limit: 2, totalHits: 1, count: 1 });
    expect(d.steder[0]).toEqual({
      stedsnummer: 108523,
      navn: 'Galdhøpiggen',
      navneobjekttype: 'Fjell',
      skrivemater: [{ navn: 'Galdhøpiggen', sprak: 'Norsk', navnestatus: 'hovednavn', status: 'vedtatt' }],
      kommuner: [{ kommunenummer: '3434', kommunenavn: 'Lom' }],
      fylker: [{ fylkesnummer: '34', fylkesnavn: 'Innlandet' }],
      lat: 61.63637,
      lon: 8.31237,
    });
  });

  it('limits to a municipality (knr) and names a place by its main name whatever the order of its names', async () => {
    const { t, requests } = watched();
    const d = await ok(t, name, { q: 'Tromsø', kommunenr: '5501' });
    expect(new URL(requests[0].url).searchParams.get('knr')).toBe('5501');
    expect(d.steder[0].navn).toBe('Tromsø');
    expect(d.steder[0].skrivemater.map((s: { navn: string; sprak: string }) => `${s.navn}/${s.sprak}`)).toEqual(['Romsa/Nordsamisk', 'Tromsø/Norsk', 'Tromssa/Kvensk']);
  });

  it('answers the same through its connector route', async () => {
    const res = await createTestApp().fetch('/api/connectors/kartverket/stedsnavn?q=Galdh%C3%B8piggen&limit=2', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).steder[0].navneobjekttype).toBe('Fjell');
  });

  it('answers an empty list with a note when no place has the name', async () => {
    const d = await ok(createTestApp(), name, { q: 'zzyzx' });
    expect(d).toMatchObject({ totalHits: 0, count: 0, steder: [] });
    expect(d.note).toMatch(/No place/);
  });

  it.each([
    [{ q: 'x', limit: 0 }, 'limit', /at least 1/],
    [{ q: 'x', limit: 51 }, 'limit', /at most 50/],
    [{ q: 'x', kommunenr: '12345' }, 'kommunenr', /4 digits/],
    [{}, 'q', /required/],
  ])('refuses %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t, 'kartverket-stedsnavn')).toBe(0);
  });

  it('reports an upstream failure as upstream_unavailable', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { q: 'feilsituasjon' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });
});
