// The enhetsregisteret-speil server: entity.lookup on Enhetsregisteret (tests/recordings/brreg/speil-*),
// nace.list on SSB KLASS (tests/recordings/ssb-klass/) and the static org_forms catalogue.
import { describe, expect, it } from 'vitest';
import { KEYS, callTool, callToolError, createTestApp, type TestApp } from './helpers/app.js';

const SLUG = 'enhetsregisteret-speil';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp, upstream: string) => t.services.upstream.sent.get(upstream) ?? 0;

const fails = (t: TestApp, name: string, args: unknown) => callToolError(t, SLUG, name, args);

describe('speil.entity.lookup', () => {
  const name = 'speil.entity.lookup';

  it('answers the example: name, form, address, contact and status of Posten Bring AS', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { orgNummer: '984661185' });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.data).toMatchObject({
      orgNummer: '984661185',
      navn: 'POSTEN BRING AS',
      enhetstype: 'enhet',
      organisasjonsform: { kode: 'AS', beskrivelse: 'Aksjeselskap' },
      status: 'aktiv',
      adresse: {
        forretningsadresse: { adresse: ["Biskop Gunnerus' gate 14A"], postnummer: '0185', poststed: 'OSLO', kommunenummer: '0301', landkode: 'NO' },
        postadresse: { adresse: ['Postboks 1500 Sentrum'], postnummer: '0001' },
      },
      kontakt: { telefon: '23 14 78 00', mobil: null, epost: 'post@posten.no', hjemmeside: 'www.posten.no' },
      naeringskode: { kode: '53.100', beskrivelse: 'Landsdekkende posttjenester' },
      overordnetEnhet: null,
      datoer: { registrert: '2002-12-02', stiftet: '2002-11-28', slettet: null },
      kilde: { register: 'Enhetsregisteret', url: 'https://data.brreg.no/enhetsregisteret/api/enheter/984661185' },
    });
    expect(sent(t, 'brreg')).toBe(1);
  });

  it('answers the same through its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/enhetsregisteret-speil/entities/984661185', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).navn).toBe('POSTEN BRING AS');
  });

  it('falls back to the sub-units for a number that is not a legal entity', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { orgNummer: '918018395' });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.data).toMatchObject({
      navn: 'POSTEN BRING AS ALFASET OMDELING',
      enhetstype: 'underenhet',
      organisasjonsform: { kode: 'BEDR' },
      status: 'aktiv',
      adresse: { forretningsadresse: { adresse: ['Alfaset 3 Industriveien 1'], postnummer: '0668' }, postadresse: null },
      kontakt: { telefon: null, mobil: null, epost: null, hjemmeside: null },
      overordnetEnhet: '984661185',
      datoer: { oppstart: '2016-11-07', nedlagt: null },
      kilde: { url: 'https://data.brreg.no/enhetsregisteret/api/underenheter/918018395' },
    });
    expect(sent(t, 'brreg')).toBe(2);
  });

  it('reads the bankruptcy flag into the status', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { orgNummer: '899999932' });
    expect(r.data).toMatchObject({ status: 'konkurs', datoer: { konkurs: '2026-10-14' } });
  });

  it('answers not_found for a number that is neither an entity nor a sub-unit', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { orgNummer: '899999908' });
    expect(e).toMatchObject({ code: 'not_found', status: 404, detailCode: 'ORG_NOT_FOUND' });
    expect(e.message).toMatch(/899999908 is neither a legal entity nor a sub-unit/);
    const res = await t.fetch('/api/connectors/enhetsregisteret-speil/entities/899999908', { headers: auth });
    expect(res.status).toBe(404);
  });

  it.each([
    [{ orgNummer: '98466118' }, /exactly 9 digits/],
    [{ orgNummer: '984661186' }, /modulus-11/],
    [{}, /required/],
    [{ orgnr: '984661185' }, /unknown field "orgnr"/],
  ])('rejects %j naming the field and the bound', async (args, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(bound);
    expect(sent(t, 'brreg')).toBe(0);
  });

  it('reports an upstream failure as upstream_unavailable', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { orgNummer: '899999959' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t, 'brreg')).toBe(3);
  });
});

describe('speil.nace.list', () => {
  const name = 'speil.nace.list';

  it('answers the example: division 62 and everything below it, in hierarchical order', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { q: '62', limit: 10 });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.data).toMatchObject({
      standard: 'SN2025',
      klassifikasjon: { id: 6, gyldigDato: '2026-11-22' },
      q: '62',
      treffType: 'code',
      total: 10,
      count: 10,
      truncated: false,
    });
    expect(r.data.koder.map((k: { kode: string }) => k.kode)).toEqual(['62', '62.1', '62.10', '62.100', '62.2', '62.20', '62.200', '62.9', '62.90', '62.900']);
    expect(r.data.koder[3]).toEqual({ kode: '62.100', navn: 'Dataprogrammeringstjenester', kortnavn: null, nivaa: 5, overordnetKode: '62.10', merknad: null });
    expect(r.data.koder[0]).toMatchObject({ nivaa: 2, overordnetKode: 'K' });
  });

  it('answers through its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/enhetsregisteret-speil/nace?q=62100', { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.koder.map((k: { kode: string }) => k.kode)).toEqual(['62.100']);
  });

  it('takes a section letter: the section and every code in it', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { q: 'k', limit: 100 });
    expect(r.data).toMatchObject({ treffType: 'section', total: 19, count: 19, truncated: false });
    const codes = r.data.koder.map((k: { kode: string }) => k.kode);
    expect(codes[0]).toBe('K');
    expect(codes.slice(1, 5)).toEqual(['61', '61.1', '61.10', '61.100']);
    expect(codes).not.toContain('69');
  });

  it('matches words in the names, regardless of case and order', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { q: 'Regnskap' });
    expect(r.data.treffType).toBe('words');
    expect(r.data.koder.map((k: { kode: string }) => k.kode)).toEqual(['69', '69.2', '69.20', '69.202']);
    const two = await callTool(t, SLUG, name, { q: 'installasjonsarbeid elektrisk' });
    expect(two.data.koder.map((k: { kode: string }) => k.kode)).toEqual(['43.2', '43.21', '43.210']);
  });

  it('lists from the first section without q, applying the default limit of 20', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, {});
    expect(r.data).toMatchObject({ q: null, treffType: 'all', total: 36, count: 20, truncated: true });
    expect(r.data.koder.slice(0, 6).map((k: { kode: string }) => k.kode)).toEqual(['A', '01', '01.1', '01.11', '01.110', 'F']);
  });

  it('answers an empty list with a note when nothing matches', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { q: '99' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ total: 0, count: 0, truncated: false, koder: [] });
    expect(r.data.note).toMatch(/No industry code matches "99"/);
  });

  it.each([
    [{ limit: 0 }, 'limit', /at least 1/],
    [{ limit: 101 }, 'limit', /at most 100/],
    [{ q: '' }, 'q', /at least 1 character/],
  ])('rejects %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t, 'ssb-klass')).toBe(0);
  });

  it('asks KLASS for the codes valid on the current date, and reports a failure as upstream_unavailable', async () => {
    // The next day's request is recorded as a 500.
    const t = createTestApp({ env: { FIXED_NOW: '2026-11-23T12:00:00Z' } });
    const e = await fails(t, name, { q: '62' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t, 'ssb-klass')).toBe(3);
  });
});

describe('speil.org_forms', () => {
  const name = 'speil.org_forms';

  it('answers the static catalogue without calling the register', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, {});
    expect(r.isError).toBe(false);
    expect(r.data.count).toBe(44);
    expect(r.data.organisasjonsformer).toHaveLength(44);
    const byCode = new Map(r.data.organisasjonsformer.map((f: { kode: string }) => [f.kode, f]));
    expect(byCode.get('AS')).toEqual({ kode: 'AS', beskrivelse: 'Aksjeselskap', gjelder: 'enhet' });
    expect(byCode.get('NUF')).toMatchObject({ beskrivelse: 'Norskregistrert utenlandsk foretak' });
    expect(byCode.get('BEDR')).toMatchObject({ gjelder: 'underenhet' });
    expect(byCode.get('AAFY')).toMatchObject({ gjelder: 'underenhet' });
    expect(r.data.kilde.url).toBe('https://data.brreg.no/enhetsregisteret/api/organisasjonsformer');
    expect(sent(t, 'brreg')).toBe(0);
  });

  it('answers through its connector route, and refuses parameters', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/enhetsregisteret-speil/org-forms', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).count).toBe(44);
    const e = await fails(t, name, { kode: 'AS' });
    expect(e.message).toMatch(/unknown field "kode"/);
  });
});
