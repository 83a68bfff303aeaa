// The akvakultur server (prefix fiskeridir) over MCP and its connector routes, answered by
// recordings of the pub-aqua v1 API (tests/recordings/fiskeridir-aqua/): akvakultur.list with
// its offset paging onto the register's 100-row ranges, tillatelser.list and lokalitet.detalj.
import { describe, expect, it } from 'vitest';
import { ReplayTransport } from '../runtime/upstream/recordings.js';
import type { OutgoingRequest, Transport } from '../runtime/upstream/transport.js';
import { KEYS, callTool, callToolError, createTestApp, type TestApp } from './helpers/app.js';

const SLUG = 'akvakultur';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const API = 'https://api.fiskeridir.no/pub-aqua/api/v1';
const sent = (t: TestApp) => t.services.upstream.sent.get('fiskeridir-aqua') ?? 0;
const siteNrs = (data: { lokaliteter: { siteNr: number }[] }) => data.lokaliteter.map((s) => s.siteNr);

/** The recordings plus the given answers, with every request kept for the test to look at. */
function spy(extra: { url: string; json: unknown }[] = []) {
  const base = new ReplayTransport(['tests/recordings']);
  for (const e of extra) base.add({ request: { method: 'GET', url: e.url }, response: { status: 200, headers: { 'content-type': 'application/json' }, json: e.json } });
  const seen: OutgoingRequest[] = [];
  const transport: Transport = { send: (req) => (seen.push(req), base.send(req)) };
  return { seen, transport };
}

describe('fiskeridir.akvakultur.list', () => {
  const name = 'fiskeridir.akvakultur.list';

  it('answers the example: one request for rows 0-1 with the filters as the register names them, mapped', async () => {
    const { seen, transport } = spy();
    const t = createTestApp({ transport });
    const r = await callTool(t, SLUG, name, { county: '46', species: 'SALMON', limit: 2 });
    expect(seen.map((q) => q.url)).toEqual([`${API}/sites?county-code=46&range=0-1&species-type=SALMON`]);
    expect(r.data).toMatchObject({ rowsRead: 2, count: 2, nextOffset: 2 });
    expect(r.data.lokaliteter[0]).toEqual({
      siteNr: 12345,
      navn: 'Hidle',
      status: 'AKTIV',
      kommune: 'Øygarden',
      fylke: 'Vestland',
      latitude: 60.52211,
      longitude: 4.92874,
      kapasitet: 3900,
      kapasitetEnhet: 'TN',
      arter: ['SALMON'],
    });
    expect(r.data.lokaliteter[1]).toMatchObject({ siteNr: 12346, status: 'INAKTIV' });
  });

  it('pages by offset onto the register\'s row ranges: offset 0 and offset 100 are disjoint pages in the register\'s order', async () => {
    const { seen, transport } = spy();
    const t = createTestApp({ transport });
    const first = await callTool(t, SLUG, name, { county: '11', species: 'SALMON', limit: 5 });
    const later = await callTool(t, SLUG, name, { county: '11', species: 'SALMON', limit: 5, offset: 100 });
    expect(seen.map((q) => new URL(q.url).searchParams.get('range'))).toEqual(['0-4', '100-104']);
    expect(siteNrs(first.data)).toEqual([20001, 20002, 20003, 20004, 20005]);
    expect(siteNrs(later.data)).toEqual([20101, 20102, 20103, 20104, 20105]);
    expect(siteNrs(first.data).filter((n) => siteNrs(later.data).includes(n))).toEqual([]);
    expect(first.data.nextOffset).toBe(5);
    expect(later.data.nextOffset).toBe(105);
  });

  it('asks for at most the register\'s 100 rows: limit 100 is range 0-99, and offset 100 continues at 100-199', async () => {
    const { seen, transport } = spy([
      { url: `${API}/sites?range=0-99`, json: [] },
      { url: `${API}/sites?range=100-199`, json: [] },
    ]);
    const t = createTestApp({ transport });
    await callTool(t, SLUG, name, { limit: 100 });
    await callTool(t, SLUG, name, { limit: 100, offset: 100 });
    expect(seen.map((q) => new URL(q.url).searchParams.get('range'))).toEqual(['0-99', '100-199']);
  });

  it('checks status on the page: fewer rows than limit, and nextOffset still continues after the rows read', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { county: '46', species: 'SALMON', status: 'AKTIV', limit: 2 });
    expect(r.data).toMatchObject({ rowsRead: 2, count: 1, nextOffset: 2 });
    expect(siteNrs(r.data)).toEqual([12345]);
    const inactive = await callTool(t, SLUG, name, { county: '46', species: 'SALMON', status: 'INAKTIV', limit: 2 });
    expect(siteNrs(inactive.data)).toEqual([12346]);
  });

  it('keeps only names that start with name, whatever the register matched', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { name: 'Hidle', limit: 3 });
    expect(r.data).toMatchObject({ rowsRead: 2, count: 1, nextOffset: null });
    expect(r.data.lokaliteter[0]).toMatchObject({ siteNr: 12345, navn: 'Hidle' });
  });

  it('answers an empty page with nextOffset null and a note when nothing matches', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { name: 'Zzyzx' });
    expect(r.data).toMatchObject({ rowsRead: 0, count: 0, nextOffset: null, lokaliteter: [] });
    expect(r.data.note).toMatch(/No site matches/);
  });

  it.each([
    [{ limit: 0 }, /limit: must be at least 1/],
    [{ limit: 101 }, /limit: must be at most 100/],
    [{ offset: -1 }, /offset: must be at least 0/],
    [{ species: 'salmon' }, /species: must be one of "SALMON", "SHELL_FISH", "OTHER_FISH"/],
    [{ status: 'ACTIVE' }, /status: must be one of "AKTIV", "INAKTIV"/],
    [{ county: '460' }, /county: must be a county number of 2 digits/],
    [{ municipality: '460' }, /municipality: must be exactly 4 digits/],
  ])('refuses %j naming the field and the bound', async (args, rule) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(rule);
    expect(sent(t)).toBe(0);
  });

  it('refuses limit 101 on the connector route with a 400 Problem', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/akvakultur/lokaliteter?limit=101', { headers: auth });
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toMatch(/limit: must be at most 100/);
  });

  it('reports a failing register as upstream_unavailable (502) after its retries', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { county: '99' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t)).toBe(3);
  });
});

describe('fiskeridir.tillatelser.list', () => {
  const name = 'fiskeridir.tillatelser.list';

  it('answers the example: the licences of one holder, mapped', async () => {
    const { seen, transport } = spy();
    const t = createTestApp({ transport });
    const r = await callTool(t, SLUG, name, { legalEntityNr: '964118191', limit: 2 });
    expect(seen.map((q) => q.url)).toEqual([`${API}/licenses?legal-entity-nr=964118191&range=0-1`]);
    expect(r.data).toMatchObject({ rowsRead: 2, count: 2, nextOffset: 2 });
    expect(r.data.tillatelser[0]).toEqual({
      tillatelsesnr: 'H-ØG-0011',
      innehaver: 'MOWI ASA',
      orgnr: '964118191',
      formal: 'Kommersiell',
      arter: ['Laks', 'Regnbueørret'],
      kapasitet: 780,
      kapasitetEnhet: 'TN',
      kommune: 'Øygarden',
      fylke: 'Vestland',
      status: 'AKTIV',
      gyldigFra: '2005-01-01',
      lokaliteter: ['12345'],
    });
  });

  it('keeps only holders whose name starts with name', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { name: 'Lerøy' });
    expect(r.data).toMatchObject({ rowsRead: 3, count: 2, nextOffset: null });
    expect(r.data.tillatelser.map((l: { innehaver: string }) => l.innehaver)).toEqual(['LERØY AURORA AS', 'LERØY VEST AS']);
  });

  it('sends the licence number in upper case and answers an empty page when none matches', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { licenseNr: 'x-xx-9999' });
    expect(r.data).toMatchObject({ rowsRead: 0, count: 0, nextOffset: null, tillatelser: [] });
    expect(r.data.note).toMatch(/No licence matches/);
  });

  it.each([
    [{ legalEntityNr: '964118192' }, /legalEntityNr: fails the modulus-11/],
    [{ licenseNr: 'H F 0850' }, /licenseNr: must be a licence number/],
    [{ limit: 101 }, /limit: must be at most 100/],
    [{ offset: -5 }, /offset: must be at least 0/],
  ])('refuses %j naming the field and the bound', async (args, rule) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(rule);
    expect(sent(t)).toBe(0);
  });
});

describe('fiskeridir.lokalitet.detalj', () => {
  const name = 'fiskeridir.lokalitet.detalj';

  it('answers the example: one site with its licences', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { siteNr: '12345' });
    expect(r.data).toMatchObject({
      siteNr: 12345,
      navn: 'Hidle',
      kommunenummer: '4626',
      fylkesnummer: '46',
      produksjonsomrade: 'Karmøy til Sotra',
      trafikklys: 'RED',
      plassering: 'SEA',
      vann: 'SALT',
      midlertidigKapasitet: null,
      forsteKlarering: '1999-04-12',
      versjonGyldigFra: '2023-06-15',
      slakteri: false,
      samlokalisert: false,
      utgatteTillatelser: [],
      kilde: { register: 'Akvakulturregisteret (Fiskeridirektoratet)' },
    });
    expect(r.data.artsbegrensninger).toEqual([
      { kode: '071101', navn: 'Laks' },
      { kode: '071401', navn: 'Regnbueørret' },
    ]);
    expect(r.data.tillatelser).toEqual([
      { tillatelse: 'H-ØG-0011', aktiv: true, gyldigFra: '2014-03-01', gyldigTil: null },
      { tillatelse: 'H-ØG-0012', aktiv: true, gyldigFra: '2014-03-01', gyldigTil: null },
    ]);
  });

  it('answers through its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/akvakultur/lokaliteter/12345', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).navn).toBe('Hidle');
  });

  it('answers not_found (404) for a number the register does not have', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { siteNr: '99999' });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    expect(e.message).toMatch(/no site with number 99999/);
    const res = await t.fetch('/api/connectors/akvakultur/lokaliteter/99999', { headers: auth });
    expect(res.status).toBe(404);
  });

  it.each([
    [{}, /siteNr/],
    [{ siteNr: 'H-12' }, /siteNr: must be a site number of 1 to 8 digits/],
    [{ siteNr: '123456789' }, /siteNr: must be a site number of 1 to 8 digits/],
  ])('refuses %j naming the field', async (args, rule) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(rule);
    expect(sent(t)).toBe(0);
  });
});
