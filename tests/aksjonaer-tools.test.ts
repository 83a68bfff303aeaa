// The aksjonaerregisteret server (Skatteetaten's shareholder register): aksjonaer.beholdning,
// .beholdning.latest, .aksjeklasser.list and .config.status, over MCP and the connector routes, on
// recordings of the Aksjonær i virksomhet API (tests/recordings/skatteetaten-aksjonaer/) and of
// Maskinporten's token endpoint (tests/recordings/maskinporten/). The clock is pinned to
// 2026-11-22T12:00:00Z.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { currentOsloYear, latestPublishedYear } from '../servers/aksjonaerregisteret/beholdning.js';
import { KEYS, callTool, createTestApp, rpc } from './helpers/app.js';

const { privateKey: KEY } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
const ENV = { MASKINPORTEN_CLIENT_ID: 'aksjonaer-client-SECRET-31', MASKINPORTEN_KEY: KEY, MASKINPORTEN_KID: 'kid-1', SKATTEETATEN_RETTIGHETSPAKKE: 'kredittopplysning' };
const SLUG = 'aksjonaerregisteret';
const auth = { headers: { authorization: `Bearer ${KEYS.pro}` } };

const configured = () => createTestApp({ env: ENV });
const call = (name: string, args: unknown, t = configured()) => callTool(t, SLUG, name, args);

async function expectInvalid(name: string, args: unknown, ...parts: string[]) {
  const r = await call(name, args);
  expect(r.isError).toBe(true);
  expect(r.data.error.code).toBe('invalid_input');
  for (const part of parts) expect(r.data.error.message).toContain(part);
}

describe('tools/list', () => {
  it('lists the four tools of spec 4.2 in order, with the bounds in their schemas', async () => {
    const r = await rpc(createTestApp(), SLUG, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = r.body.result.tools as Array<{ name: string; description: string; inputSchema: any }>;
    expect(tools.map((t) => t.name)).toEqual(['aksjonaer.beholdning', 'aksjonaer.beholdning.latest', 'aksjonaer.aksjeklasser.list', 'aksjonaer.config.status']);
    const b = tools[0].inputSchema;
    expect(b.required).toEqual(['orgnr', 'inntektsaar']);
    expect(b.properties.orgnr.pattern).toBe('^\\d{9}$');
    expect(b.properties.inntektsaar).toMatchObject({ type: 'integer', minimum: 2010 });
    expect(tools[1].inputSchema.required).toEqual(['orgnr']);
    expect(tools[0].description).toContain('Needs MASKINPORTEN_CLIENT_ID, MASKINPORTEN_KEY, SKATTEETATEN_RETTIGHETSPAKKE on the server; without them the tool answers 503 not_configured.');
  });
});

describe('aksjonaer.beholdning', () => {
  it('answers the holders at 31 December with shares, classes and ownership share, largest first', async () => {
    const r = await call('aksjonaer.beholdning', { orgnr: '313136841', inntektsaar: 2022 });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ orgnr: '313136841', inntektsaar: 2022, perDato: '2022-12-31', totaltAntallAksjer: 100, antallAksjonaerer: 11 });
    expect(r.data.kilde).toMatchObject({ register: 'Aksjonærregisteret (Skatteetaten)', rettighetspakke: 'kredittopplysning' });
    const holders = r.data.aksjonaerer as Array<Record<string, unknown>>;
    expect(holders[0]).toEqual({
      navn: 'ANONYM SITRON',
      type: 'person',
      organisasjonsnummer: null,
      foedselsaar: 1915,
      landkode: 'NOR',
      antallAksjer: 10,
      eierandelProsent: 10,
      aksjer: [{ isin: 'NO0000000000', aksjeklasse: 'ordinaer', antallAksjer: 10 }],
    });
    expect(holders.find((h) => h.navn === 'BEGEISTRET MORSOM TIGER AS')).toMatchObject({ type: 'virksomhet', organisasjonsnummer: '311863940', foedselsaar: null });
    expect(holders.map((h) => h.antallAksjer)).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 10, 5, 5]);
    expect(holders.slice(-2).map((h) => h.navn)).toEqual(['EFFEKTIV SOLSIKKE', 'TEORETISK HES TIGER AS']);
    expect(holders.reduce((s, h) => s + (h.eierandelProsent as number), 0)).toBeCloseTo(100);
  });

  it('never passes on a national identity number', async () => {
    const r = await call('aksjonaer.beholdning', { orgnr: '313136841', inntektsaar: 2022 });
    const text = JSON.stringify(r.data);
    for (const fnr of ['03866996805', '08851549162', '04815396931']) expect(text).not.toContain(fnr);
    expect(text).not.toContain('personidentifikator');
  });

  it('fetches one Maskinporten token for many calls', async () => {
    const t = configured();
    await call('aksjonaer.beholdning', { orgnr: '313136841', inntektsaar: 2022 }, t);
    await call('aksjonaer.beholdning.latest', { orgnr: '313136841' }, t);
    await call('aksjonaer.beholdning', { orgnr: '310350842', inntektsaar: 2024 }, t);
    await call('aksjonaer.beholdning', { orgnr: '313136841', inntektsaar: 2021 }, t);
    expect(t.services.upstream.sent.get('skatteetaten-aksjonaer')).toBe(4);
    expect(t.services.upstream.sent.get('maskinporten')).toBe(1);
  });

  it('caches an answer (one year)', async () => {
    const t = configured();
    await call('aksjonaer.beholdning', { orgnr: '313136841', inntektsaar: 2022 }, t);
    await call('aksjonaer.beholdning', { orgnr: '313136841', inntektsaar: 2022 }, t);
    expect(t.services.upstream.sent.get('skatteetaten-aksjonaer')).toBe(1);
    const tool = t.services.registry.servers.find((s) => s.slug === SLUG)!.tools[0];
    expect(tool.def.cacheTtlSeconds).toBe(365 * 86_400);
  });

  it('an empty holder list is an answer, not an error', async () => {
    const r = await call('aksjonaer.beholdning', { orgnr: '310350842', inntektsaar: 2024 });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ orgnr: '310350842', inntektsaar: 2024, totaltAntallAksjer: 0, antallAksjonaerer: 0, aksjonaerer: [] });
  });

  it('a company and year without data (AIV-007) answers not_found', async () => {
    const r = await call('aksjonaer.beholdning', { orgnr: '313136841', inntektsaar: 2021 });
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({ code: 'not_found', status: 404, detailCode: 'AIV-007' });
    expect(r.data.error.message).toContain('313136841 in 2021');
  });

  it('requires orgnr and inntektsaar, with their bounds', async () => {
    await expectInvalid('aksjonaer.beholdning', { orgnr: '313136841' }, 'inntektsaar: is required');
    await expectInvalid('aksjonaer.beholdning', { inntektsaar: 2022 }, 'orgnr: is required');
    await expectInvalid('aksjonaer.beholdning', { orgnr: '313136841', inntektsaar: 2009 }, 'inntektsaar: must be at least 2010 (got 2009)');
    await expectInvalid('aksjonaer.beholdning', { orgnr: '313136841', inntektsaar: 2022.5 }, 'inntektsaar: must be an integer');
    await expectInvalid('aksjonaer.beholdning', { orgnr: '313136841', inntektsaar: '2022' }, 'inntektsaar: must be of type number');
    await expectInvalid('aksjonaer.beholdning', { orgnr: '31313684', inntektsaar: 2022 }, 'orgnr: must be exactly 9 digits');
    await expectInvalid('aksjonaer.beholdning', { orgnr: '313136842', inntektsaar: 2022 }, 'orgnr: fails the modulus-11 check digit');
  });

  it('refuses a year that has not ended (holdings are at 31 December)', async () => {
    await expectInvalid('aksjonaer.beholdning', { orgnr: '313136841', inntektsaar: 2026 }, 'inntektsaar: must be a year that has ended, at most 2025 (got 2026)');
  });

  it('an upstream failure (AIV-002, HTTP 500) is retried twice and answers upstream_unavailable', async () => {
    const t = configured();
    const r = await call('aksjonaer.beholdning', { orgnr: '315452430', inntektsaar: 2023 }, t);
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(t.services.upstream.sent.get('skatteetaten-aksjonaer')).toBe(3);
  });

  it('an authorisation failure (AIV-005, HTTP 403) answers not_configured: credentials rejected', async () => {
    const r = await call('aksjonaer.beholdning', { orgnr: '311863940', inntektsaar: 2023 });
    expect(r.isError).toBe(true);
    expect(r.data.error.code).toBe('not_configured');
    expect(r.data.error.message).toContain('rejected the configured credentials (HTTP 403)');
  });

  it('without credentials answers 503 not_configured naming every missing variable', async () => {
    const r = await call('aksjonaer.beholdning', { orgnr: '313136841', inntektsaar: 2022 }, createTestApp());
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({
      code: 'not_configured',
      status: 503,
      missing: ['MASKINPORTEN_CLIENT_ID', 'MASKINPORTEN_KEY', 'SKATTEETATEN_RETTIGHETSPAKKE'],
      message: 'aksjonaer.beholdning needs MASKINPORTEN_CLIENT_ID, MASKINPORTEN_KEY, SKATTEETATEN_RETTIGHETSPAKKE on the server; the operator has not set them.',
    });
    const partial = await call('aksjonaer.beholdning', { orgnr: '313136841', inntektsaar: 2022 }, createTestApp({ env: { MASKINPORTEN_CLIENT_ID: 'x', MASKINPORTEN_KEY: KEY } }));
    expect(partial.data.error).toMatchObject({ code: 'not_configured', missing: ['SKATTEETATEN_RETTIGHETSPAKKE'] });
  });

  it('a rejected Maskinporten credential answers not_configured with nothing of the token answer', async () => {
    const t = createTestApp({ env: { ...ENV, MASKINPORTEN_BASE_URL: 'https://maskinporten-proxy.example.test' } });
    const r = await call('aksjonaer.beholdning', { orgnr: '313136841', inntektsaar: 2022 }, t);
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({ code: 'not_configured', status: 503, detailCode: 'credentials_rejected' });
    const text = JSON.stringify(r.data);
    for (const s of ['invalid_grant', 'MP-100', 'SECRET', ENV.MASKINPORTEN_CLIENT_ID]) expect(text).not.toContain(s);
    expect(t.services.upstream.sent.get('skatteetaten-aksjonaer')).toBeUndefined();
  });

  it('answers on its connector route, with inntektsaar from the query string', async () => {
    const t = configured();
    const res = await t.fetch('/api/connectors/aksjonaerregisteret/beholdning/313136841?inntektsaar=2022', auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ orgnr: '313136841', inntektsaar: 2022, antallAksjonaerer: 11 });
    const bad = await t.fetch('/api/connectors/aksjonaerregisteret/beholdning/313136841?inntektsaar=2009', auth);
    expect(bad.status).toBe(400);
    const unconfigured = await createTestApp().fetch('/api/connectors/aksjonaerregisteret/beholdning/313136841?inntektsaar=2022', auth);
    expect(unconfigured.status).toBe(503);
    expect(await unconfigured.json()).toMatchObject({ code: 'not_configured' });
  });
});

describe('aksjonaer.beholdning.latest', () => {
  it('asks without kalenderaar and answers the year the register chose', async () => {
    const r = await call('aksjonaer.beholdning.latest', { orgnr: '313136841' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ orgnr: '313136841', inntektsaar: 2022, perDato: '2022-12-31', antallAksjonaerer: 11, aarValgtAv: 'register' });
  });

  it('answers not_found when the register has no year for the organisation', async () => {
    const r = await call('aksjonaer.beholdning.latest', { orgnr: '974760673' });
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({ code: 'not_found', detailCode: 'AIV-007' });
  });

  it('requires orgnr and answers 503 not_configured without credentials', async () => {
    await expectInvalid('aksjonaer.beholdning.latest', {}, 'orgnr: is required');
    const r = await call('aksjonaer.beholdning.latest', { orgnr: '313136841' }, createTestApp());
    expect(r.data.error).toMatchObject({ code: 'not_configured', status: 503 });
  });
});

describe('aksjonaer.aksjeklasser.list', () => {
  it('lists the five share classes without credentials or upstream', async () => {
    const t = createTestApp();
    const r = await call('aksjonaer.aksjeklasser.list', {}, t);
    expect(r.isError).toBe(false);
    expect(r.data.antall).toBe(5);
    expect(r.data.aksjeklasser.map((k: { kode: string }) => k.kode)).toEqual(['ordinaer', 'a', 'b', 'preferanse', 'annen']);
    expect(r.data.aksjeklasser[0]).toMatchObject({ navn: 'Ordinære aksjer' });
    expect(t.services.upstream.sent.size).toBe(0);
  });
});

describe('aksjonaer.config.status', () => {
  it('without credentials: configured false, earliestYear 2010, latestYear, and what is missing', async () => {
    const r = await call('aksjonaer.config.status', {}, createTestApp());
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({
      configured: false,
      earliestYear: 2010,
      latestYear: 2025,
      missing: ['MASKINPORTEN_CLIENT_ID', 'MASKINPORTEN_KEY', 'SKATTEETATEN_RETTIGHETSPAKKE'],
      rettighetspakke: null,
    });
  });

  it('with credentials: configured true, the rettighetspakke named and checked, no secret shown', async () => {
    const r = await call('aksjonaer.config.status', {});
    expect(r.data).toMatchObject({ configured: true, earliestYear: 2010, latestYear: 2025, missing: [], rettighetspakke: 'kredittopplysning', rettighetspakkeKjent: true });
    const text = JSON.stringify(r.data);
    expect(text).not.toContain(ENV.MASKINPORTEN_CLIENT_ID);
    expect(text).not.toContain('PRIVATE KEY');
    const unknown = await call('aksjonaer.config.status', {}, createTestApp({ env: { ...ENV, SKATTEETATEN_RETTIGHETSPAKKE: 'allesammen' } }));
    expect(unknown.data.rettighetspakkeKjent).toBe(false);
  });

  it('latestYear follows the May publication: before 15 May (Oslo) it is two years back', async () => {
    const march = await call('aksjonaer.config.status', {}, createTestApp({ env: { FIXED_NOW: '2026-03-01T12:00:00Z' } }));
    expect(march.data.latestYear).toBe(2024);
    expect(latestPublishedYear(new Date('2026-05-14T21:59:00Z'))).toBe(2024);
    expect(latestPublishedYear(new Date('2026-05-14T22:00:00Z'))).toBe(2025); // 15 May 00:00 in Oslo
    expect(latestPublishedYear(new Date('2026-12-31T23:30:00Z'))).toBe(2025); // 1 January 2027 in Oslo: 2025 until May
    expect(currentOsloYear(new Date('2026-12-31T23:30:00Z'))).toBe(2027);
  });
});
