// The bankruptcy tools of brreg-konkurs (brreg_konkurs_get, brreg_konkurs_recent,
// brreg_konkurs_search) and brreg.konkurs.bostyrer (on brreg and brreg-konkurs), over MCP and the
// connector routes, on recordings of Enhetsregisteret (tests/recordings/brreg/konkurs-*.json).
import { describe, expect, it } from 'vitest';
import { KEYS, callTool, createTestApp, rpc } from './helpers/app.js';

const auth = { headers: { authorization: `Bearer ${KEYS.pro}` } };
const SLUG = 'brreg-konkurs';
const call = (name: string, args: unknown, slug = SLUG) => callTool(createTestApp(), slug, name, args);

async function expectInvalid(name: string, args: unknown, ...parts: string[]) {
  const r = await call(name, args);
  expect(r.isError).toBe(true);
  expect(r.data.error.code).toBe('invalid_input');
  for (const part of parts) expect(r.data.error.message).toContain(part);
}

async function expectUpstreamFailure(name: string, args: unknown) {
  const t = createTestApp();
  const r = await callTool(t, SLUG, name, args);
  expect(r.isError).toBe(true);
  expect(r.data.error.code).toBe('upstream_unavailable');
  expect(r.data.error.status).toBe(502);
  expect(t.services.upstream.sent.get('brreg')).toBe(3);
}

describe('server membership', () => {
  it('lists the three bankruptcy tools on brreg-konkurs only, and konkurs.bostyrer on both servers', async () => {
    const t = createTestApp();
    const names = async (slug: string) =>
      (await rpc(t, slug, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).body.result.tools.map((x: { name: string }) => x.name) as string[];
    const konkurs = await names(SLUG);
    const brreg = await names('brreg');
    expect(konkurs.slice(0, 4)).toEqual(['brreg_konkurs_get', 'brreg_konkurs_recent', 'brreg_konkurs_search', 'brreg.konkurs.bostyrer']);
    expect(brreg).toContain('brreg.konkurs.bostyrer');
    expect(brreg).not.toContain('brreg_konkurs_get');
  });

  it('publishes the spec bounds in the input schemas', async () => {
    const t = createTestApp();
    const tools = (await rpc(t, SLUG, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).body.result.tools as Array<{ name: string; inputSchema: any }>;
    const schema = (name: string) => tools.find((x) => x.name === name)!.inputSchema;
    expect(schema('brreg_konkurs_recent').properties).toMatchObject({
      days: { minimum: 1, maximum: 90, default: 7 },
      limit: { minimum: 1, maximum: 100, default: 20 },
      page: { minimum: 0, default: 0 },
    });
    expect(schema('brreg_konkurs_search').properties).toMatchObject({ q: { minLength: 2 }, size: { minimum: 1, maximum: 100, default: 20 }, page: { minimum: 0, default: 0 } });
    expect(schema('brreg_konkurs_search').required).toEqual(['q']);
    expect(schema('brreg_konkurs_get').required).toEqual(['orgnr']);
  });
});

describe('brreg_konkurs_get', () => {
  it('describes a bankrupt company', async () => {
    const r = await call('brreg_konkurs_get', { orgnr: '915330193' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ orgnr: '915330193', navn: '1VASK AS', registrertKonkurs: true, status: 'konkurs', erKonkursbo: false });
    expect(r.data.konkurs).toEqual({
      navn: '1VASK AS',
      organisasjonsform: { kode: 'AS', beskrivelse: 'Aksjeselskap' },
      naeringskode: { kode: '81.210', beskrivelse: 'Rengjøring av bygninger' },
      stiftelsesdato: '2015-04-17',
      konkursdato: '2026-08-26',
      adresse: { adresse: ['Eksempelveien 1'], postnummer: '6887', poststed: 'LÆRDAL', kommune: 'LÆRDAL', kommunenummer: '4642', land: 'Norge', landkode: 'NO' },
    });
  });

  it('answers registrertKonkurs false and konkurs null for a solvent company, never 404', async () => {
    const r = await call('brreg_konkurs_get', { orgnr: '923609016' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ orgnr: '923609016', navn: 'EQUINOR ASA', registrertKonkurs: false, konkurs: null, status: 'aktiv' });
  });

  it('answers registrertKonkurs false for a deleted entity, which is still in the register', async () => {
    const r = await call('brreg_konkurs_get', { orgnr: '989566733' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ registrertKonkurs: false, konkurs: null, status: 'slettet', slettedato: '2026-09-15' });
  });

  it('answers 404 ORG_NOT_FOUND only for a number the register does not have', async () => {
    const r = await call('brreg_konkurs_get', { orgnr: '899999991' });
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({ code: 'not_found', status: 404, detailCode: 'ORG_NOT_FOUND' });

    const res = await createTestApp().fetch('/api/connectors/brreg-konkurs/konkurs/enhet/899999991', auth);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found', detailCode: 'ORG_NOT_FOUND' });
  });

  it('reports an upstream failure as upstream_unavailable, not ORG_NOT_FOUND', async () => {
    await expectUpstreamFailure('brreg_konkurs_get', { orgnr: '899999983' });
  });

  it('requires a 9-digit organisation number', async () => {
    await expectInvalid('brreg_konkurs_get', {}, 'orgnr: is required');
    await expectInvalid('brreg_konkurs_get', { orgnr: '12345678' }, 'orgnr: must be exactly 9 digits');
    await expectInvalid('brreg_konkurs_get', { orgnr: '12345678x' }, 'orgnr: must be exactly 9 digits');
  });

  it('answers 404 ORG_NOT_FOUND for a 9-digit number whose check digit fails, without asking the register', async () => {
    for (const orgnr of ['123456789', '915330194']) {
      const t = createTestApp();
      const r = await callTool(t, SLUG, 'brreg_konkurs_get', { orgnr });
      expect(r.isError).toBe(true);
      expect(r.data.error).toMatchObject({ code: 'not_found', status: 404, detailCode: 'ORG_NOT_FOUND' });
      expect(r.data.error.message).toBe(`${orgnr} is not in Enhetsregisteret: its modulus-11 check digit fails, so no entity can have this number`);
      expect(t.services.upstream.sent.get('brreg') ?? 0).toBe(0);
    }
    const res = await createTestApp().fetch('/api/connectors/brreg-konkurs/konkurs/enhet/123456789', auth);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found', detailCode: 'ORG_NOT_FOUND' });
  });

  it('serves the connector route', async () => {
    const res = await createTestApp().fetch('/api/connectors/brreg-konkurs/konkurs/enhet/923609016', auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ registrertKonkurs: false, konkurs: null });
  });
});

describe('brreg_konkurs_recent', () => {
  it('lists the estates registered in the last 7 days by default, newest first', async () => {
    const r = await call('brreg_konkurs_recent', {});
    expect(r.isError).toBe(false);
    // The clock is pinned to 2026-11-22T12:00:00Z: seven Norwegian dates ending today.
    expect(r.data.periode).toEqual({ fra: '2026-11-16', til: '2026-11-22', dager: 7 });
    expect(r.data).toMatchObject({ totalt: 23, side: 0, antallSider: 2, limit: 20 });
    expect(r.data.konkursbo).toHaveLength(20);
    expect(r.data.konkursbo[0]).toEqual({
      orgnr: '939990003',
      navn: 'EKSEMPEL KAFE AS KONKURSBO',
      debitorNavn: 'EKSEMPEL KAFE AS',
      registreringsdato: '2026-11-20',
      kommune: 'OSLO',
      kommunenummer: '0301',
      naeringskode: { kode: '56.101', beskrivelse: 'Drift av restauranter og kafeer' },
    });
    const dates = r.data.konkursbo.map((x: { registreringsdato: string }) => x.registreringsdato);
    expect([...dates].sort().reverse()).toEqual(dates);
    // An estate without an industry code keeps the field, as null.
    expect(r.data.konkursbo[6]).toMatchObject({ debitorNavn: 'KURS OG LÆRING EKSEMPEL AS', naeringskode: null });
  });

  it('pages with limit and page', async () => {
    const second = await call('brreg_konkurs_recent', { page: 1 });
    expect(second.data).toMatchObject({ totalt: 23, side: 1 });
    expect(second.data.konkursbo).toHaveLength(3);
    const small = await call('brreg_konkurs_recent', { days: 7, limit: 5 });
    expect(small.data).toMatchObject({ totalt: 23, antallSider: 5, limit: 5 });
    expect(small.data.konkursbo.map((x: { orgnr: string }) => x.orgnr)).toHaveLength(5);
  });

  it('answers an empty list when no estate is registered in the window', async () => {
    const r = await call('brreg_konkurs_recent', { days: 1 });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ periode: { fra: '2026-11-22', til: '2026-11-22', dager: 1 }, totalt: 0, konkursbo: [] });
  });

  it('accepts the last page inside the 10000-hit ceiling and rejects the first one past it', async () => {
    const edge = await call('brreg_konkurs_recent', { limit: 100, page: 99 });
    expect(edge.isError).toBe(false);
    expect(edge.data).toMatchObject({ totalt: 23, side: 99, konkursbo: [] });
    await expectInvalid('brreg_konkurs_recent', { limit: 100, page: 100 }, 'page', 'limit', '(page+1)*limit must be at most 10000', '10100');
  });

  it('enforces days 1-90, limit 1-100 and page >= 0', async () => {
    await expectInvalid('brreg_konkurs_recent', { days: 0 }, 'days: must be at least 1 (got 0)');
    await expectInvalid('brreg_konkurs_recent', { days: 91 }, 'days: must be at most 90 (got 91)');
    await expectInvalid('brreg_konkurs_recent', { limit: 0 }, 'limit: must be at least 1 (got 0)');
    await expectInvalid('brreg_konkurs_recent', { limit: 101 }, 'limit: must be at most 100 (got 101)');
    await expectInvalid('brreg_konkurs_recent', { page: -1 }, 'page: must be at least 0 (got -1)');
    await expectInvalid('brreg_konkurs_recent', { days: '7' }, 'days', 'number');
  });

  it('accepts days 90 and reports the upstream failure of that request', async () => {
    await expectUpstreamFailure('brreg_konkurs_recent', { days: 90 });
  });

  it('serves the connector route', async () => {
    const res = await createTestApp().fetch('/api/connectors/brreg-konkurs/konkurs/recent?limit=5', auth);
    expect(res.status).toBe(200);
    expect((await res.json()).konkursbo).toHaveLength(5);
    const bad = await createTestApp().fetch('/api/connectors/brreg-konkurs/konkurs/recent?days=91', auth);
    expect(bad.status).toBe(400);
  });
});

describe('brreg_konkurs_search', () => {
  it('finds bankrupt entities by name', async () => {
    const r = await call('brreg_konkurs_search', { q: '1VASK' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ q: '1VASK', totalt: 1, side: 0, antallSider: 1, size: 20 });
    expect(r.data.treff).toEqual([
      {
        orgnr: '915330193',
        navn: '1VASK AS',
        organisasjonsform: { kode: 'AS', beskrivelse: 'Aksjeselskap' },
        naeringskode: { kode: '81.210', beskrivelse: 'Rengjøring av bygninger' },
        konkursdato: '2026-08-26',
        stiftelsesdato: '2015-04-17',
        kommune: 'LÆRDAL',
        kommunenummer: '4642',
        status: 'konkurs',
      },
    ]);
  });

  it('answers an empty list when no bankrupt entity matches', async () => {
    const r = await call('brreg_konkurs_search', { q: 'Zzyzx' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ totalt: 0, antallSider: 0, treff: [] });
  });

  it('enforces q (min 2 characters, required), size 1-100, page >= 0 and the 10000-hit ceiling', async () => {
    await expectInvalid('brreg_konkurs_search', {}, 'q: is required');
    await expectInvalid('brreg_konkurs_search', { q: 'a' }, 'q: must be at least 2 characters');
    await expectInvalid('brreg_konkurs_search', { q: '  a ' }, 'q: must be at least 2 characters');
    await expectInvalid('brreg_konkurs_search', { q: '1VASK', size: 0 }, 'size: must be at least 1 (got 0)');
    await expectInvalid('brreg_konkurs_search', { q: '1VASK', size: 101 }, 'size: must be at most 100 (got 101)');
    await expectInvalid('brreg_konkurs_search', { q: '1VASK', page: -1 }, 'page: must be at least 0 (got -1)');
    await expectInvalid('brreg_konkurs_search', { q: '1VASK', size: 20, page: 500 }, 'page', 'size', '10000', '10020');
  });

  it('reports an upstream failure as upstream_unavailable', async () => {
    await expectUpstreamFailure('brreg_konkurs_search', { q: 'Eksempel' });
  });

  it('serves the connector route', async () => {
    const res = await createTestApp().fetch('/api/connectors/brreg-konkurs/konkurs/search?q=1VASK', auth);
    expect(res.status).toBe(200);
    expect((await res.json()).treff[0].orgnr).toBe('915330193');
  });
});

describe('brreg.konkurs.bostyrer', () => {
  it('lists the trustee (role group BOBE) given as a bostyrer object, on both servers', async () => {
    for (const slug of [SLUG, 'brreg']) {
      const r = await call('brreg.konkurs.bostyrer', { orgnr: '915330193' }, slug);
      expect(r.isError).toBe(false);
      expect(r.data).toMatchObject({ orgnr: '915330193', observation: 'measured', antall: 1, sistEndret: '2026-08-26' });
      expect(r.data.bostyrere).toEqual([
        {
          rolle: { kode: 'BOBE', registerKode: 'BOBE', beskrivelse: 'Bostyrer' },
          valgtAv: null,
          fratraadt: false,
          avregistrert: false,
          holder: 'bostyrer',
          navn: 'Adv. Ola Nordmann',
          fodselsdato: null,
          orgnr: null,
          erDoed: false,
          postadresse: { adresse: ['Postboks 1 Sentrum'], postnummer: '0001', poststed: 'OSLO', kommune: null, kommunenummer: null, land: null, landkode: 'NO' },
        },
      ]);
    }
  });

  it('reads a trustee given as a person as well', async () => {
    const r = await call('brreg.konkurs.bostyrer', { orgnr: '939999949' });
    expect(r.data).toMatchObject({ observation: 'measured', antall: 1 });
    expect(r.data.bostyrere[0]).toMatchObject({ holder: 'person', navn: 'Kari Eksempel Nordmann', fodselsdato: '1970-01-01' });
  });

  it('answers a measured empty list when no trustee is registered', async () => {
    const r = await call('brreg.konkurs.bostyrer', { orgnr: '923609016' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ observation: 'measured', antall: 0, bostyrere: [] });
    expect(r.data.note).toContain('No trustee');
  });

  it('answers success with observation unmeasured when the roles lookup fails', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, 'brreg.konkurs.bostyrer', { orgnr: '899999975' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ orgnr: '899999975', observation: 'unmeasured', antall: 0, bostyrere: [] });
    expect(r.data.note).toContain('says nothing');
    expect(r.data.note).toContain('upstream_unavailable');
    expect(t.services.upstream.sent.get('brreg')).toBe(3);
  });

  it('answers not_found for a number without roles in the register', async () => {
    const r = await call('brreg.konkurs.bostyrer', { orgnr: '899999991' });
    expect(r.isError).toBe(true);
    expect(r.data.error.code).toBe('not_found');
  });

  it('validates the organisation number', async () => {
    await expectInvalid('brreg.konkurs.bostyrer', { orgnr: '91533019' }, 'orgnr: must be exactly 9 digits');
  });

  it('serves the connector route on both servers', async () => {
    const t = createTestApp();
    for (const slug of [SLUG, 'brreg']) {
      const res = await t.fetch(`/api/connectors/${slug}/konkurs/bostyrer/915330193`, auth);
      expect(res.status).toBe(200);
      expect((await res.json()).bostyrere[0].navn).toBe('Adv. Ola Nordmann');
    }
    const failed = await t.fetch('/api/connectors/brreg-konkurs/konkurs/bostyrer/899999975', auth);
    expect(failed.status).toBe(200);
    expect((await failed.json()).observation).toBe('unmeasured');
  });
});
