// The finanstilsynet server over MCP and its connector routes, answered by recordings of the registry
// API v2 (tests/recordings/finanstilsynet/): konsesjon.lookup, konsesjon.search and the three tools
// the spec marks deprecated.
import { describe, expect, it } from 'vitest';
import { KEYS, callTool, callToolError, createTestApp, rpc, type TestApp } from './helpers/app.js';

const SLUG = 'finanstilsynet';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('finanstilsynet') ?? 0;

const fails = (t: TestApp, name: string, args: unknown) => callToolError(t, SLUG, name, args);

describe('finanstilsynet.konsesjon.lookup', () => {
  const name = 'finanstilsynet.konsesjon.lookup';

  it('answers the example: the licences of DNB Bank ASA', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { orgnr: '984851006' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({
      orgnr: '984851006',
      registrert: true,
      virksomhet: { orgnr: '984851006', navn: 'DNB BANK ASA', enhetstype: 'foretak', finanstilsynetId: 'FT00068800', leiKode: '549300GKFG0RYRRQ1414' },
      kilde: { register: 'Finanstilsynets virksomhetsregister' },
    });
    expect(r.data.virksomhet.adresser).toEqual([
      { type: 'forretning', adresse: 'Dronning Eufemias gate 30', postnummer: '0191', poststed: 'OSLO', land: 'NOR' },
      { type: 'post', adresse: 'Postboks 1600 Sentrum', postnummer: '0021', poststed: 'OSLO', land: 'NOR' },
    ]);
    const [bank, ffor] = r.data.konsesjoner;
    expect(bank).toMatchObject({
      type: 'BANK',
      navn: 'Bank',
      hjemmel: 'Lov om finansforetak og finanskonsern (finansforetaksloven)',
      status: 'aktiv',
      registrert: '2002-06-05',
      rolle: 'konsesjonshaver',
      konsesjonshaver: { id: 98973, navn: 'DNB BANK ASA' },
      tilsynsmyndighet: { navn: 'FINANSTILSYNET', land: 'NOR' },
      tjenester: [],
    });
    expect(ffor.type).toBe('FFOR');
    expect(ffor.navnEngelsk).toBe('Investment firm');
    expect(ffor.tjenester.map((s: { kode: string }) => s.kode)).toEqual(['A1', 'A2', 'A5']);
    expect(ffor.tjenester[2]).toEqual({ id: 5, kode: 'A5', navn: 'Investeringsrådgivning' });
  });

  it('answers the same through its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/finanstilsynet/konsesjoner/984851006', { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.virksomhet.navn).toBe('DNB BANK ASA');
    expect(body.konsesjoner).toHaveLength(2);
  });

  it('answers registrert: false with no licences for a company the register does not hold', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { orgnr: '923609016' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ orgnr: '923609016', registrert: false, virksomhet: null, konsesjoner: [] });
    expect(r.data.note).toMatch(/not in Finanstilsynet's register/);
  });

  it.each([
    [{ orgnr: '98485100' }, 'orgnr', /exactly 9 digits/],
    [{ orgnr: '984851007' }, 'orgnr', /modulus-11/],
    [{}, 'orgnr', /required/],
  ])('rejects %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });

  it('reports an upstream failure as upstream_unavailable after the retries', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { orgnr: '899999967' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t)).toBe(3);
  });
});

describe('finanstilsynet.konsesjon.search', () => {
  const name = 'finanstilsynet.konsesjon.search';

  it('answers the example: banks, by licence type', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { type: 'BANK' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({
      filter: { navn: null, orgnr: null, status: null, type: 'BANK', page: 0 },
      total: 113,
      count: 2,
      hasMore: true,
    });
    expect(r.data.virksomheter.map((v: { navn: string }) => v.navn)).toEqual(['DNB BANK ASA', 'STOREBRAND BANK ASA']);
    expect(r.data.virksomheter[1].konsesjoner[0]).toMatchObject({ type: 'BANK', registrert: '1993-03-01' });
  });

  it('takes the licence type in any case and pages 0-based onto the register\'s 1-based pages', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/finanstilsynet/konsesjoner?type=bank&page=2', { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ filter: { type: 'BANK', page: 2 }, total: 113, count: 1, hasMore: false });
  });

  it('searches by name', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { navn: 'Storebrand' });
    expect(r.data).toMatchObject({ total: 2, count: 2, hasMore: false });
    const sam = r.data.virksomheter[1];
    expect(sam).toMatchObject({ orgnr: '930208868', navn: 'STOREBRAND ASSET MANAGEMENT AS' });
    expect(sam.konsesjoner.map((k: { type: string }) => k.type)).toEqual(['FVLTSLSKVP', 'FOAVALIN']);
  });

  it('searches by organisation number, and checks a name given with it', async () => {
    const t = createTestApp();
    const hit = await callTool(t, SLUG, name, { orgnr: '984851006', navn: 'dnb' });
    expect(hit.data).toMatchObject({ total: 1, count: 1, hasMore: false });
    expect(hit.data.virksomheter[0].navn).toBe('DNB BANK ASA');
    const miss = await callTool(t, SLUG, name, { orgnr: '984851006', navn: 'Storebrand' });
    expect(miss.data).toMatchObject({ total: 0, count: 0, virksomheter: [] });
    expect(miss.data.note).toMatch(/No entity/);
  });

  it('lists the register for status aktiv alone (every published licence is active)', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { status: 'aktiv' });
    expect(r.data).toMatchObject({ filter: { status: 'aktiv' }, total: 4211, count: 1, hasMore: true });
    expect(r.data.virksomheter[0].konsesjoner.every((k: { status: string }) => k.status === 'aktiv')).toBe(true);
  });

  it.each(['tilbakekalt', 'utløpt'])('answers status %s with an empty list and a note, without calling the register', async (status) => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { status, navn: 'Storebrand' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ total: 0, count: 0, hasMore: false, virksomheter: [] });
    expect(r.data.note).toMatch(/active licences only/);
    expect(sent(t)).toBe(0);
  });

  it('answers an empty list when nothing matches', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { navn: 'zzyzx' });
    expect(r.data).toMatchObject({ total: 0, count: 0, hasMore: false, virksomheter: [] });
  });

  it('refuses a search without any filter, naming the fields', async () => {
    const t = createTestApp();
    const e = await fails(t, name, {});
    expect(e.code).toBe('invalid_input');
    expect(e.message).toBe('give at least one of navn, orgnr, status, type');
    const res = await t.fetch('/api/connectors/finanstilsynet/konsesjoner', { headers: auth });
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toMatch(/navn, orgnr, status, type/);
    expect(sent(t)).toBe(0);
  });

  it.each([
    [{ status: 'revoked' }, 'status', /one of "aktiv", "tilbakekalt", "utløpt"/],
    [{ navn: '' }, 'navn', /at least 1 character/],
    [{ orgnr: '12345678' }, 'orgnr', /exactly 9 digits/],
    [{ type: 'BANK', page: -1 }, 'page', /at least 0/],
  ])('rejects %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
  });

  it('accepts a one-letter navn and any type text: the spec bounds neither', async () => {
    const t = createTestApp();
    const one = await callTool(t, SLUG, name, { navn: 's', orgnr: '984851006' });
    expect(one.isError, JSON.stringify(one.data)).toBe(false);
    expect(one.data).toMatchObject({ total: 1, virksomheter: [{ orgnr: '984851006' }] });
    const x = await callTool(t, SLUG, name, { type: 'x' });
    expect(x.isError, JSON.stringify(x.data)).toBe(false);
    expect(x.data).toMatchObject({ filter: { type: 'X' }, total: 0, virksomheter: [] });
    for (const type of ['BANK!', 'A', 'EN-SVÆRT-LANG-KODE-SOM-IKKE-FINNES']) {
      const tool = t.services.registry.server(SLUG)!.tools.find((x) => x.name === name)!;
      expect(tool.schema.safeParse({ type }).success, type).toBe(true);
    }
  });

  it('reports an upstream failure as upstream_unavailable', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { navn: 'feilsituasjon' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });
});

describe('the deprecated finanstilsynet tools', () => {
  it.each([
    ['finanstilsynet.revisor.lookup', { revisornr: '12345' }, /revisor\.lookup is retired/, /konsesjon\.search/],
    ['finanstilsynet.revisor.search', { navn: 'Revisjon' }, /revisor\.search is retired/, /konsesjon\.search/],
    ['finanstilsynet.rundskriv.lookup', { nummer: '3/2024' }, /rundskriv\.lookup is retired/, /finanstilsynet\.no/],
  ])('%s answers api_sunset with an expiry message and no data', async (name, args, message, alternative) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e).toMatchObject({ code: 'api_sunset', status: 410, detailCode: 'api_sunset' });
    expect(e.message).toMatch(message);
    expect(e.message).toMatch(/No data is returned/);
    expect(e.alternative).toMatch(alternative);
    // Retirement wins over validation.
    expect((await fails(t, name, { bogus: true })).code).toBe('api_sunset');
    expect(sent(t)).toBe(0);
  });

  it('answers 410 on the connector routes', async () => {
    const t = createTestApp();
    for (const path of ['/revisorer/12345', '/revisorer?navn=Revisjon', '/rundskriv?nummer=3/2024']) {
      const res = await t.fetch(`/api/connectors/finanstilsynet${path}`, { headers: auth });
      expect(res.status, path).toBe(410);
    }
  });

  it('are listed as deprecated with the parameters of the spec', async () => {
    const t = createTestApp();
    const r = await rpc(t, SLUG, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = new Map<string, { description: string; inputSchema: { properties: Record<string, Record<string, unknown>>; required?: string[] } }>(
      r.body.result.tools.map((x: { name: string }) => [x.name, x]),
    );
    expect([...tools.keys()]).toEqual([
      'finanstilsynet.konsesjon.lookup',
      'finanstilsynet.konsesjon.search',
      'finanstilsynet.revisor.lookup',
      'finanstilsynet.revisor.search',
      'finanstilsynet.rundskriv.lookup',
    ]);
    for (const name of ['finanstilsynet.revisor.lookup', 'finanstilsynet.revisor.search', 'finanstilsynet.rundskriv.lookup']) {
      expect(tools.get(name)!.description).toMatch(/Deprecated: always answers HTTP 410 api_sunset and no data/);
    }
    expect(tools.get('finanstilsynet.revisor.lookup')!.inputSchema.required).toEqual(['revisornr']);
    expect(Object.keys(tools.get('finanstilsynet.revisor.search')!.inputSchema.properties)).toEqual(['navn', 'orgnr', 'status', 'type']);
    expect(tools.get('finanstilsynet.rundskriv.lookup')!.inputSchema.properties.nummer.pattern).toBe('^\\d{1,3}\\/\\d{4}$');
  });
});
