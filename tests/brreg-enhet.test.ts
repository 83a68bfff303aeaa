// brreg.enhet.underenheter and brreg.enheter.search over MCP and their connector routes, answered by
// recordings of Enhetsregisteret (tests/recordings/brreg/underenheter-*.json, enheter-search-*.json).
import { describe, expect, it } from 'vitest';
import { KEYS, callTool, callToolError, createTestApp, rpc, type TestApp } from './helpers/app.js';

const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('brreg') ?? 0;

const fails = (t: TestApp, name: string, args: unknown) => callToolError(t, 'brreg', name, args);

describe('brreg.enhet.underenheter', () => {
  const name = 'brreg.enhet.underenheter';

  it('answers the example: the first page of Posten Bring AS sub-units', async () => {
    const t = createTestApp();
    const r = await callTool(t, 'brreg', name, { orgnr: '984661185' });
    expect(r.isError).toBe(false);
    expect(r.data.overordnetEnhet).toBe('984661185');
    // Defaults: size 100, page 0 (the recording answers only that request).
    expect(r.data).toMatchObject({ page: 0, size: 100, totalElements: 133, totalPages: 2, hasMore: true, count: 2 });
    const [first, second] = r.data.underenheter;
    expect(first).toMatchObject({
      orgnr: '918018395',
      navn: 'POSTEN BRING AS ALFASET OMDELING',
      overordnetEnhet: '984661185',
      organisasjonsform: { kode: 'BEDR' },
      status: 'aktiv',
      oppstartsdato: '2016-11-07',
      antallAnsatte: 62,
      naeringskode: { kode: '53.100', beskrivelse: 'Landsdekkende posttjenester' },
      beliggenhetsadresse: { adresse: ['Alfaset 3 Industriveien 1'], postnummer: '0668', kommunenummer: '0301' },
    });
    expect(first.kilde.url).toBe('https://data.brreg.no/enhetsregisteret/api/underenheter/918018395');
    expect(second.postadresse.adresse).toEqual(['Postboks 0128 Alnabru']);
    expect(r.data.note).toBeUndefined();
  });

  it('answers the same through its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/brreg/enheter/984661185/underenheter', { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.totalElements).toBe(133);
    expect(body.underenheter[0].navn).toBe('POSTEN BRING AS ALFASET OMDELING');
  });

  it('passes page and size on, and says when the page is past the last one', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/brreg/enheter/984661185/underenheter?size=10&page=20', { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ underenheter: [], count: 0, page: 20, size: 10, totalElements: 133, hasMore: false });
    expect(body.note).toMatch(/past the last page/);
  });

  it('answers an empty list for an entity without sub-units, after checking the entity exists', async () => {
    const t = createTestApp();
    const r = await callTool(t, 'brreg', name, { orgnr: '931744682' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ underenheter: [], count: 0, totalElements: 0, totalPages: 0, hasMore: false });
    expect(r.data.note).toMatch(/1779 HOLDING AS .*no sub-units/);
  });

  it('answers not_found for a number that is not a legal entity (here a sub-unit number)', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { orgnr: '973160834' });
    expect(e.code).toBe('not_found');
    expect(e.message).toMatch(/973160834/);
    const res = await t.fetch('/api/connectors/brreg/enheter/973160834/underenheter', { headers: auth });
    expect(res.status).toBe(404);
  });

  it.each([
    [{ orgnr: '984661185', size: 0 }, 'size', /at least 1/],
    [{ orgnr: '984661185', size: 101 }, 'size', /at most 100/],
    [{ orgnr: '984661185', page: -1 }, 'page', /at least 0/],
    [{ orgnr: '984661185', size: 2.5 }, 'size', /integer/],
    [{ orgnr: '98466118' }, 'orgnr', /exactly 9 digits/],
    [{ orgnr: '984661186' }, 'orgnr', /modulus-11/],
    [{}, 'orgnr', /required/],
  ])('rejects %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });

  it('rejects a page window beyond the first 10000 hits before calling the register', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { orgnr: '984661185', page: 100 });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/page.*\(page\+1\)\*size must be at most 10000.*page 100, size 100/);
    expect(sent(t)).toBe(0);
    const res = await t.fetch('/api/connectors/brreg/enheter/984661185/underenheter?page=100', { headers: auth });
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toMatch(/10000/);
  });

  it('reports an upstream failure as upstream_unavailable', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { orgnr: '984851006' });
    expect(e.code).toBe('upstream_unavailable');
    expect(e.status).toBe(502);
  });
});

describe('brreg.enheter.search', () => {
  const name = 'brreg.enheter.search';

  it('answers the example: the first five ASA companies', async () => {
    const t = createTestApp();
    const r = await callTool(t, 'brreg', name, { organisasjonsform: 'ASA', size: 5 });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ count: 5, page: 0, size: 5, totalElements: 219, totalPages: 44, hasMore: true });
    expect(r.data.enheter.map((e: { orgnr: string }) => e.orgnr)).toEqual(['883603362', '961095026', '913757424', '938702675', '923974709']);
    expect(r.data.enheter[0]).toMatchObject({
      navn: 'ABG SUNDAL COLLIER ASA',
      organisasjonsform: { kode: 'ASA', beskrivelse: 'Allmennaksjeselskap' },
      status: 'aktiv',
      antallAnsatte: 99,
      forretningsadresse: { adresse: ['Ruseløkkveien 26'], kommunenummer: '0301' },
    });
    // harRegistrertAntallAnsatte false means no headcount, not zero.
    expect(r.data.enheter[1].antallAnsatte).toBeNull();
    expect(r.data.note).toBeUndefined();
  });

  it('accepts a lower-case organisation form and answers the same through its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/brreg/enheter?organisasjonsform=asa&size=5', { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.totalElements).toBe(219);
    expect(body.enheter[4].navn).toBe('AGILYX ASA');
  });

  it('searches by name and maps each entity status', async () => {
    const t = createTestApp();
    const r = await callTool(t, 'brreg', name, { navn: 'kiwi', size: 10 });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ totalElements: 83, totalPages: 9, hasMore: true });
    const arctic = r.data.enheter.find((e: { orgnr: string }) => e.orgnr === '934516079');
    expect(arctic).toMatchObject({ navn: 'ARCTIC KIWI EXCHANGE AS', status: 'under_avvikling', flagg: { underAvvikling: true, underAvviklingDato: '2025-11-07' } });
  });

  it('sends every filter with the defaults page 0 and size 20, and answers an empty result', async () => {
    const t = createTestApp();
    const r = await callTool(t, 'brreg', name, { navn: 'example', organisasjonsform: 'AS', kommunenummer: '0301', naeringskode: '62.010' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ enheter: [], count: 0, page: 0, size: 20, totalElements: 0, totalPages: 0, hasMore: false });
    expect(r.data.note).toMatch(/No legal entity matches/);
  });

  it.each([
    [{ navn: 'kiwi', size: 0 }, 'size', /at least 1/],
    [{ navn: 'kiwi', size: 101 }, 'size', /at most 100/],
    [{ navn: 'kiwi', page: -1 }, 'page', /at least 0/],
    [{ kommunenummer: '301' }, 'kommunenummer', /4 digits/],
    [{ kommunenummer: 301 }, 'kommunenummer', /string/],
    [{ naeringskode: 'IT' }, 'naeringskode', /NACE code/],
    [{ organisasjonsform: 'A' }, 'organisasjonsform', /organisation form code/],
    [{ navn: '' }, 'navn', /at least 1/],
  ])('rejects %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });

  it('rejects an unknown field', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { navn: 'kiwi', query: 'kiwi' });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/unknown field "query"/);
  });

  it('rejects (page+1)*size above 10000 before calling the register, naming page, size and the ceiling', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { organisasjonsform: 'ASA', page: 500 });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain('page:');
    expect(e.message).toMatch(/\(page\+1\)\*size must be at most 10000/);
    expect(e.message).toMatch(/page 500, size 20/);
    expect(sent(t)).toBe(0);
  });

  it('accepts the last window that fits exactly, (99+1)*100 = 10000', async () => {
    const t = createTestApp();
    const r = await callTool(t, 'brreg', name, { organisasjonsform: 'ASA', page: 99, size: 100 });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ enheter: [], page: 99, size: 100, totalElements: 219, hasMore: false });
    expect(r.data.note).toMatch(/past the last page/);
  });

  it('reports an upstream failure as upstream_unavailable (REST: 502 Problem)', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { navn: 'feilsituasjon' });
    expect(e.code).toBe('upstream_unavailable');
    const t2 = createTestApp();
    const res = await t2.fetch('/api/connectors/brreg/enheter?navn=feilsituasjon', { headers: auth });
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
  });
});

describe('tools/list publishes the spec bounds', () => {
  it('for enhet.underenheter and enheter.search', async () => {
    const t = createTestApp();
    const r = await rpc(t, 'brreg', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const byName = new Map<string, { inputSchema: { properties: Record<string, Record<string, unknown>>; required?: string[] } }>(
      r.body.result.tools.map((x: { name: string }) => [x.name, x]),
    );
    const under = byName.get('brreg.enhet.underenheter')!.inputSchema;
    expect(under.required).toEqual(['orgnr']);
    expect(under.properties.size).toMatchObject({ minimum: 1, maximum: 100, default: 100 });
    expect(under.properties.page).toMatchObject({ minimum: 0, default: 0 });
    const search = byName.get('brreg.enheter.search')!.inputSchema;
    expect(search.required ?? []).toEqual([]);
    expect(search.properties.size).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    expect(search.properties.kommunenummer).toMatchObject({ pattern: '^\\d{4}$' });
  });
});
