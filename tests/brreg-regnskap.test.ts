// brreg.regnskap.* over MCP and the connector routes, on recordings of Regnskapsregisteret
// (tests/recordings/brreg/regnskap-*.json).
import { describe, expect, it } from 'vitest';
import { KEYS, callTool, createTestApp } from './helpers/app.js';

const auth = { headers: { authorization: `Bearer ${KEYS.pro}` } };
const call = (name: string, args: unknown) => callTool(createTestApp(), 'brreg', `brreg.regnskap.${name}`, args);

async function expectInvalid(name: string, args: unknown, ...parts: string[]) {
  const r = await call(name, args);
  expect(r.isError).toBe(true);
  expect(r.data.error.code).toBe('invalid_input');
  for (const part of parts) expect(r.data.error.message).toContain(part);
  return r;
}

async function expectUpstreamFailure(name: string, args: unknown) {
  const t = createTestApp();
  const r = await callTool(t, 'brreg', `brreg.regnskap.${name}`, args);
  expect(r.isError).toBe(true);
  expect(r.data.error.code).toBe('upstream_unavailable');
  expect(r.data.error.status).toBe(502);
  // Regnskapsregisteret's 500 for a bank is its definite answer: asked once, not retried, explained.
  expect(t.services.upstream.sent.get('brreg-regnskap')).toBe(1);
  expect(r.data.error.message).toContain('banks and insurers');
  expect(r.data.error.upstreamStatus).toBe(500);
}

describe('brreg.regnskap.liste', () => {
  it('lists only the latest filed annual accounts: both statements of the latest year, SELSKAP first, naming the earlier years', async () => {
    // The recording holds 6 statements, 2023-2025 x SELSKAP/KONSERN (the real answer's shape).
    const r = await call('liste', { orgnr: '923609016' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ aar: 2025, count: 2, tidligereAar: [2024, 2023] });
    expect(r.data.regnskap.map((x: { id: string; regnskapstype: string; aar: number }) => [x.id, x.regnskapstype, x.aar])).toEqual([
      ['7192427', 'SELSKAP', 2025],
      ['7192429', 'KONSERN', 2025],
    ]);
    const first = r.data.regnskap[0];
    expect(first).toMatchObject({
      id: '7192427',
      journalnr: '2026635024',
      regnskapstype: 'SELSKAP',
      aar: 2025,
      periode: { fraDato: '2025-01-01', tilDato: '2025-12-31' },
      valuta: 'USD',
      oppstillingsplan: 'store',
    });
    expect(first.nokkeltall).toMatchObject({ driftsinntekter: 67956000000, aarsresultat: 5731000000, egenkapital: 39182000000, gjeld: 64249000000 });
    expect(r.data.note).toBe('Only the latest filed accounts (2025) are listed; the register also holds 2024, 2023: use brreg.regnskap.trend to compare years.');
  });

  it('gives the latest year of the requested regnskapstype only', async () => {
    const r = await call('liste', { orgnr: '923609016', regnskapstype: 'KONSERN' });
    expect(r.data).toMatchObject({ regnskapstype: 'KONSERN', aar: 2025, count: 1, tidligereAar: [2024, 2023] });
    expect(r.data.regnskap.map((x: { id: string }) => x.id)).toEqual(['7192429']);
    expect(r.data.regnskap[0].nokkeltall.driftsinntekter).toBe(106462000000);
  });

  it('has no note when the register holds one year only', async () => {
    const r = await call('liste', { orgnr: '964118191' });
    expect(r.data).toMatchObject({ aar: 2025, count: 1, tidligereAar: [] });
    expect(r.data.note).toBeUndefined();
  });

  it('rejects a regnskapstype in the wrong case and names the allowed values', async () => {
    await expectInvalid('liste', { orgnr: '923609016', regnskapstype: 'selskap' }, 'regnskapstype', '"SELSKAP"', '"KONSERN"');
  });

  it('rejects an organisation number that fails the check digit, and a year parameter', async () => {
    await expectInvalid('liste', { orgnr: '923609017' }, 'orgnr', 'modulus-11');
    await expectInvalid('liste', { orgnr: '923609016', aar: 2024 }, 'aar');
  });

  it('answers an empty list when nothing is filed (404)', async () => {
    const r = await call('liste', { orgnr: '973160834' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ orgnr: '973160834', count: 0, regnskap: [], aar: null, tidligereAar: [] });
    expect(r.data.note).toContain('no filed accounts');
  });

  it('answers an empty list when nothing of the requested type is filed', async () => {
    const r = await call('liste', { orgnr: '964118191', regnskapstype: 'KONSERN' });
    expect(r.data.count).toBe(0);
    expect(r.data.note).toContain('of type KONSERN');
  });

  it('reports the 500 of a bank plan as upstream_unavailable, once and explained', async () => {
    await expectUpstreamFailure('liste', { orgnr: '984851006' });
  });

  it('serves the connector route with the same result', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/brreg/regnskap/923609016?regnskapstype=SELSKAP', auth);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ aar: 2025, count: 1, tidligereAar: [2024, 2023] });
    expect(body.regnskap[0].id).toBe('7192427');
  });
});

describe('brreg.regnskap.dokument', () => {
  it('answers the full statement of the example', async () => {
    const r = await call('dokument', { orgnr: '923609016', id: '7192427' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({
      orgnr: '923609016',
      id: '7192427',
      regnskapstype: 'SELSKAP',
      aar: 2025,
      valuta: 'USD',
      virksomhet: { orgnr: '923609016', organisasjonsform: 'ASA', morselskap: true },
      regnskapsprinsipper: { regnskapsregler: 'forenkletAnvendelseIFRS', smaaForetak: false },
      revisjon: { ikkeRevidertAarsregnskap: false, fravalgRevisjon: false },
    });
    expect(r.data.resultatregnskap).toMatchObject({
      salgsinntekter: 61999000000,
      sumDriftsinntekter: 67956000000,
      sumDriftskostnad: 62393000000,
      driftsresultat: 5563000000,
      sumFinansinntekter: 2820000000,
      sumFinanskostnad: 2259000000,
      nettoFinans: 561000000,
      ordinaertResultatFoerSkattekostnad: 6124000000,
      ordinaertResultatSkattekostnad: 393000000,
      aarsresultat: 5731000000,
      loennskostnad: null,
    });
    expect(r.data.balanse.eiendeler).toMatchObject({ sumVarer: 1350000000, sumBankinnskuddOgKontanter: 17651000000, sumEiendeler: 103432000000, goodwill: null });
    // The upstream spells it sumInnskuttEgenkaptial; the answer spells it right.
    expect(r.data.balanse.egenkapitalOgGjeld).toMatchObject({ sumInnskuttEgenkapital: 995000000, sumOpptjentEgenkapital: 38187000000, sumEgenkapital: 39182000000, sumGjeld: 64249000000 });
    expect(r.data.nokkeltall.egenkapitalandel).toBe(0.3788);
    expect(r.data.kilde.url).toBe('https://data.brreg.no/regnskapsregisteret/regnskap/923609016/7192427');
  });

  it('answers not_found for an id that is not among the statements', async () => {
    const r = await call('dokument', { orgnr: '923609016', id: '1' });
    expect(r.isError).toBe(true);
    expect(r.data.error.code).toBe('not_found');
    expect(r.data.error.status).toBe(404);
  });

  it('requires both fields and an id that is a string of digits', async () => {
    await expectInvalid('dokument', { orgnr: '923609016' }, 'id: is required');
    await expectInvalid('dokument', { id: '7192427' }, 'orgnr: is required');
    await expectInvalid('dokument', { orgnr: '923609016', id: 7192427.5 }, 'id', 'send as a string');
    await expectInvalid('dokument', { orgnr: '923609016', id: '71-92' }, 'id', 'digits');
  });

  it('reports an upstream 500 as upstream_unavailable', async () => {
    await expectUpstreamFailure('dokument', { orgnr: '984851006', id: '6000000' });
  });

  it('serves the connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/brreg/regnskap/923609016/dokument/7192427', auth);
    expect(res.status).toBe(200);
    expect((await res.json()).resultatregnskap.aarsresultat).toBe(5731000000);
    const missing = await t.fetch('/api/connectors/brreg/regnskap/923609016/dokument/1', auth);
    expect(missing.status).toBe(404);
  });
});

describe('brreg.regnskap.summary', () => {
  it('gives the key figures of the latest year, SELSKAP preferred over KONSERN', async () => {
    const r = await call('summary', { orgnr: '923609016' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ orgnr: '923609016', id: '7192427', regnskapstype: 'SELSKAP', aar: 2025, valuta: 'USD', andreRegnskapstyperSammeAar: ['KONSERN'] });
    expect(r.data.nokkeltall).toEqual({
      valuta: 'USD',
      driftsinntekter: 67956000000,
      salgsinntekter: 61999000000,
      driftskostnader: 62393000000,
      driftsresultat: 5563000000,
      nettoFinans: 561000000,
      resultatFoerSkatt: 6124000000,
      aarsresultat: 5731000000,
      sumEiendeler: 103432000000,
      bankinnskuddOgKontanter: 17651000000,
      egenkapital: 39182000000,
      gjeld: 64249000000,
      kortsiktigGjeld: 36924000000,
      langsiktigGjeld: 27325000000,
      egenkapitalandel: 0.3788,
      gjeldsandel: 0.6212,
      driftsmargin: 0.0819,
    });
  });

  it('uses the KONSERN statement when asked', async () => {
    const r = await call('summary', { orgnr: '923609016', regnskapstype: 'KONSERN' });
    expect(r.data).toMatchObject({ id: '7192429', regnskapstype: 'KONSERN', aar: 2025, andreRegnskapstyperSammeAar: [] });
    expect(r.data.nokkeltall.driftsinntekter).toBe(106462000000);
  });

  it('dates an accounting year that ends in June by its end, and keeps the currency', async () => {
    const split = await call('summary', { orgnr: '976389387' });
    expect(split.data).toMatchObject({ aar: 2025, periode: { fraDato: '2024-07-01', tilDato: '2025-06-30' }, valuta: 'NOK' });
    const eur = await call('summary', { orgnr: '964118191' });
    expect(eur.data).toMatchObject({ aar: 2025, valuta: 'EUR', nokkeltall: { driftsinntekter: 1887000000, aarsresultat: 64000000 } });
  });

  it('answers not_found when nothing is filed', async () => {
    const r = await call('summary', { orgnr: '973160834' });
    expect(r.isError).toBe(true);
    expect(r.data.error.code).toBe('not_found');
    expect(r.data.error.message).toContain('no filed accounts');
  });

  it('reports the 500 of a bank plan as upstream_unavailable, once and explained', async () => {
    await expectUpstreamFailure('summary', { orgnr: '984851006' });
  });

  it('caches for 30 days, so a repeat does not ask the upstream again', async () => {
    const t = createTestApp();
    const tool = t.services.registry.server('brreg')!.toolsByName.get('brreg.regnskap.summary')!;
    expect(tool.def.cacheTtlSeconds).toBe(30 * 86_400);
    await callTool(t, 'brreg', 'brreg.regnskap.summary', { orgnr: '923609016' });
    await callTool(t, 'brreg', 'brreg.regnskap.summary', { orgnr: '923609016' });
    expect(t.services.upstream.sent.get('brreg-regnskap')).toBe(1);
  });

  it('serves the connector route', async () => {
    const res = await createTestApp().fetch('/api/connectors/brreg/regnskap/923609016/summary?regnskapstype=SELSKAP', auth);
    expect(res.status).toBe(200);
    expect((await res.json()).id).toBe('7192427');
  });
});

describe('brreg.regnskap.trend', () => {
  it('gives year-over-year growth of the SELSKAP statements and reports coverage (default 5 years)', async () => {
    const r = await call('trend', { orgnr: '923609016' });
    expect(r.isError).toBe(false);
    expect(r.data.regnskapstype).toBe('SELSKAP');
    expect(r.data.serie.map((s: { aar: number }) => s.aar)).toEqual([2023, 2024, 2025]);
    expect(r.data.coverage).toMatchObject({ yearsRequested: 5, yearsFound: [2023, 2024, 2025], yearsMissing: [2021, 2022], fraAar: 2021, tilAar: 2025, complete: false });
    const [y2023, y2024, y2025] = r.data.serie;
    expect(y2023.vekstProsent.driftsinntekter).toBeNull();
    expect(y2023.sammenlignetMed).toBeNull();
    expect(y2024).toMatchObject({ sammenlignetMed: 2023, vekstProsent: { driftsinntekter: 0.1, aarsresultat: -30.3 } });
    expect(y2025).toMatchObject({
      id: '7192427',
      sammenlignetMed: 2024,
      nokkeltall: { driftsinntekter: 67956000000, aarsresultat: 5731000000 },
      vekstProsent: { driftsinntekter: -6.3, driftsresultat: -46.2, aarsresultat: -29.6, egenkapital: -4.6, gjeld: -5.6, sumEiendeler: -5.2 },
    });
  });

  it('limits the window with years and says when it is complete', async () => {
    const r = await call('trend', { orgnr: '923609016', years: 2 });
    expect(r.data.serie.map((s: { aar: number }) => s.aar)).toEqual([2024, 2025]);
    expect(r.data.coverage).toMatchObject({ yearsRequested: 2, yearsFound: [2024, 2025], yearsMissing: [], complete: true });
  });

  it('follows the KONSERN statements when asked', async () => {
    const r = await call('trend', { orgnr: '923609016', regnskapstype: 'KONSERN', years: 10 });
    expect(r.data.regnskapstype).toBe('KONSERN');
    expect(r.data.serie.map((s: { id: string }) => s.id)).toEqual(['5027445', '5667199', '7192429']);
    expect(r.data.coverage.yearsMissing).toHaveLength(7);
  });

  it('usually finds one year only, and then reports no growth', async () => {
    const r = await call('trend', { orgnr: '964118191' });
    expect(r.data.serie).toHaveLength(1);
    expect(Object.values(r.data.serie[0].vekstProsent).every((v) => v === null)).toBe(true);
    expect(r.data.coverage).toMatchObject({ yearsFound: [2025], complete: false });
    expect(r.data.coverage.note).toContain('Only one accounting year');
  });

  it('answers an empty series when nothing is filed', async () => {
    const r = await call('trend', { orgnr: '973160834' });
    expect(r.isError).toBe(false);
    expect(r.data.serie).toEqual([]);
    expect(r.data.coverage).toMatchObject({ yearsFound: [], tilAar: null, complete: false });
  });

  it('enforces years 1-10 as an integer', async () => {
    await expectInvalid('trend', { orgnr: '923609016', years: 0 }, 'years: must be at least 1 (got 0)');
    await expectInvalid('trend', { orgnr: '923609016', years: 11 }, 'years: must be at most 10 (got 11)');
    await expectInvalid('trend', { orgnr: '923609016', years: 2.5 }, 'years', 'integer');
  });

  it('reports the 500 of a bank plan as upstream_unavailable, once and explained', async () => {
    await expectUpstreamFailure('trend', { orgnr: '984851006' });
  });

  it('serves the connector route', async () => {
    const res = await createTestApp().fetch('/api/connectors/brreg/regnskap/923609016/trend?years=2', auth);
    expect(res.status).toBe(200);
    expect((await res.json()).coverage.yearsFound).toEqual([2024, 2025]);
    const bad = await createTestApp().fetch('/api/connectors/brreg/regnskap/923609016/trend?years=11', auth);
    expect(bad.status).toBe(400);
  });
});

describe('a bank answer does not pause the registers', () => {
  it('leaves both breakers closed after repeated bank lookups', async () => {
    const t = createTestApp();
    for (let i = 0; i < 6; i++) await callTool(t, 'brreg', 'brreg.regnskap.liste', { orgnr: '984851006' });
    const states = t.services.upstream.breakerStates();
    expect(states['brreg-regnskap'].state).toBe('closed');
    expect(states.brreg.state).toBe('closed');
    const lookup = await callTool(t, 'brreg', 'brreg.enhet.lookup', { orgnr: '923609016' });
    expect(lookup.isError).toBe(false);
  });
});
