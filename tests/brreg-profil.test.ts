// brreg.profil over MCP and its connector route: entity, roles and accounts, each part with its
// own status in `_sources`, and a successful answer when at least one part is ok.
import { describe, expect, it } from 'vitest';
import { KEYS, callTool, createTestApp } from './helpers/app.js';

const auth = { headers: { authorization: `Bearer ${KEYS.pro}` } };
const profil = (orgnr: unknown) => callTool(createTestApp(), 'brreg', 'brreg.profil', { orgnr });

describe('brreg.profil', () => {
  it('combines entity, roles and latest accounts of the example', async () => {
    const r = await profil('923609016');
    expect(r.isError).toBe(false);
    expect(r.data._sources).toEqual({ enhet: 'ok', roller: 'ok', regnskap: 'ok' });
    expect(r.data._errors).toBeUndefined();
    expect(r.data.navn).toBe('EQUINOR ASA');
    expect(r.data.enhet).toMatchObject({ orgnr: '923609016', status: 'aktiv', organisasjonsform: { kode: 'ASA' }, naeringskode: { kode: '06.100' } });

    const roller = r.data.roller as Array<Record<string, unknown>>;
    expect(roller).toHaveLength(7);
    expect(roller[0]).toMatchObject({ gruppe: 'DAGL', rolle: { kode: 'DAGL', beskrivelse: 'Daglig leder' }, holder: 'person', navn: 'Kari Nordmann', fodselsdato: '1970-01-01' });
    expect(roller.find((x) => x.navn === 'Per Olav Hansen')).toMatchObject({ rolle: { kode: 'MEDL' }, avregistrert: true });
    expect(roller.find((x) => x.gruppe === 'REVISOR')).toMatchObject({
      gruppeRegisterKode: 'REVI',
      rolle: { kode: 'REVISOR', registerKode: 'REVI' },
      holder: 'enhet',
      navn: 'ERNST & YOUNG AS',
      orgnr: '976389387',
    });
    expect(roller.find((x) => x.navn === 'Jonas Lie')).toMatchObject({ valgtAv: { kode: 'AREP' } });

    // The same key figures brreg.regnskap.summary gives: SELSKAP 2025, in USD.
    expect(r.data.regnskap).toMatchObject({ id: '7192427', regnskapstype: 'SELSKAP', aar: 2025, valuta: 'USD' });
    expect(r.data.regnskap.nokkeltall).toMatchObject({
      driftsinntekter: 67956000000,
      aarsresultat: 5731000000,
      egenkapital: 39182000000,
      gjeld: 64249000000,
      egenkapitalandel: 0.3788,
      gjeldsandel: 0.6212,
    });
    const summary = await callTool(createTestApp(), 'brreg', 'brreg.regnskap.summary', { orgnr: '923609016' });
    const { orgnr: _o, kilde: _k, ...figures } = summary.data;
    expect(r.data.regnskap).toEqual(figures);
  });

  it('answers 200 with _sources.regnskap error when the accounts fail (bank plan, HTTP 500)', async () => {
    const r = await profil('984851006');
    expect(r.isError).toBe(false);
    expect(r.data._sources).toEqual({ enhet: 'ok', roller: 'ok', regnskap: 'error' });
    expect(r.data.regnskap).toBeNull();
    expect(r.data._errors.regnskap.code).toBe('upstream_unavailable');
    expect(r.data.navn).toBe('DNB BANK ASA');
    expect(r.data.enhet.naeringskode).toEqual({ kode: '64.190', beskrivelse: 'Banker og kredittforetak' });
    expect(r.data.roller).toHaveLength(15);
    expect(r.data.roller.filter((x: { gruppe: string }) => x.gruppe === 'STYR')).toHaveLength(13);
  });

  it('marks a part the register has nothing for as not_found (deleted entity: no roles)', async () => {
    const r = await profil('989566733');
    expect(r.isError).toBe(false);
    expect(r.data._sources).toEqual({ enhet: 'ok', roller: 'not_found', regnskap: 'ok' });
    expect(r.data._errors).toBeUndefined();
    expect(r.data.roller).toBeNull();
    expect(r.data.enhet).toMatchObject({ navn: 'ROLS AS', status: 'slettet', flagg: { slettet: true, slettedato: '2026-09-15' } });
    expect(r.data.regnskap).toMatchObject({ aar: 2025, valuta: 'NOK' });
    // This filing reports no revenue line: figures that depend on it are null, not 0.
    expect(r.data.regnskap.nokkeltall).toMatchObject({ driftsinntekter: null, driftsmargin: null, aarsresultat: -46219, egenkapitalandel: 0.1051 });
  });

  it('answers not_found when no source knows the number', async () => {
    const r = await profil('899999991');
    expect(r.isError).toBe(true);
    expect(r.data.error.code).toBe('not_found');
    expect(r.data.error.status).toBe(404);
  });

  it('validates the organisation number', async () => {
    for (const [value, part] of [
      ['92360901', 'orgnr: must be exactly 9 digits'],
      ['923609017', 'orgnr: fails the modulus-11 check digit'],
      [undefined, 'orgnr: is required'],
    ] as const) {
      const r = await profil(value);
      expect(r.isError).toBe(true);
      expect(r.data.error.code).toBe('invalid_input');
      expect(r.data.error.message).toContain(part);
    }
  });

  it('serves the connector route with the same partial answer', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/brreg/profil/984851006', auth);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body._sources).toEqual({ enhet: 'ok', roller: 'ok', regnskap: 'error' });
    const missing = await t.fetch('/api/connectors/brreg/profil/899999991', auth);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
  });
});
