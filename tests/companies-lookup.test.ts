// companies.lookup over MCP: identifier recognition, the normalised Company of each country, and
// the not_configured, not_found and failure answers. Recordings: brreg/enheter_923609016.json,
// brreg/companies-enhet-*.json, cvr/companies-lookup-*.json, prh/companies-lookup-*.json,
// bolagsverket/companies-*.json (+ oauth/bolagsverket-token.json), rsk/companies-*.json.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ReplayTransport, type RecordingFile } from '../runtime/upstream/recordings.js';
import { recognise } from '../servers/companies/ids.js';
import { KEYS, callTool, callToolError, createTestApp, type TestApp } from './helpers/app.js';

const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp, upstream: string) => t.services.upstream.sent.get(upstream) ?? 0;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

async function lookup(t: TestApp, args: unknown) {
  return callTool(t, 'companies', 'companies.lookup', args);
}

const fails = (t: TestApp, args: unknown) => callToolError(t, 'companies', 'companies.lookup', args);

describe('identifier recognition', () => {
  it.each([
    ['923609016', 'NO', '923609016'],
    ['923 609 016', 'NO', '923609016'],
    ['10150817', 'DK', '10150817'],
    ['0112038-9', 'FI', '0112038-9'],
    ['5299999994', 'SE', '5299999994'],
    ['529999-9994', 'SE', '5299999994'],
    ['5902697199', 'IS', '5902697199'],
    ['590269-7199', 'IS', '5902697199'],
  ])('%s is %s', (raw, country, id) => {
    expect(recognise(raw)).toMatchObject({ ok: true, country, id });
  });

  it.each([
    ['923609017', /modulus-11 check digit of a Norwegian organisation number/],
    ['10150818', /modulus-11 check of a Danish CVR number/],
    ['0112038-8', /check digit of a Finnish Y-tunnus/],
    ['5299999995', /neither a Swedish organisation number .* nor an Icelandic kennitala/],
    ['4510004700', /both a valid Swedish organisation number and a valid Icelandic kennitala; say which with country=SE or country=IS/],
    ['12345', /is not a company identifier of NO/],
  ])('%s is refused: %s', (raw, message) => {
    const r = recognise(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });

  it('lets country settle the ten-digit case, and checks the number against that country', () => {
    expect(recognise('4510004700', 'SE')).toMatchObject({ ok: true, country: 'SE', idType: 'SE_ORGNR' });
    expect(recognise('4510004700', 'IS')).toMatchObject({ ok: true, country: 'IS', idType: 'IS_KENNITALA' });
    expect(recognise('923609016', 'DK')).toMatchObject({ ok: false });
  });
});

describe('companies.lookup, NO', () => {
  it('answers the example: Equinor ASA as a normalised Company with its source', async () => {
    const t = createTestApp();
    const r = await lookup(t, { companyId: '923609016' });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.data).toMatchObject({
      companyId: '923609016',
      idType: 'NO_ORGNR',
      orgnr: '923609016',
      country: 'NO',
      name: 'EQUINOR ASA',
      status: 'aktiv',
      state: 'active',
      orgForm: { code: 'ASA', description: 'Allmennaksjeselskap' },
      registeredDate: '1995-03-12',
      address: { street: 'Forusbeen 50', postalCode: '4035', city: 'STAVANGER', municipality: 'STAVANGER', country: 'NO' },
      industry: { code: '06.100', description: 'Utvinning av råolje', scheme: 'SN (NACE)' },
    });
    expect(r.data.sources).toEqual([
      {
        register: 'Enhetsregisteret (Brønnøysundregistrene)',
        url: 'https://data.brreg.no/enhetsregisteret/api/enheter/923609016',
        fetchedAt: expect.stringMatching(ISO),
        fields: ['identity', 'name', 'status', 'orgForm', 'registeredDate', 'address', 'industry'],
      },
    ]);
  });

  it('answers not_found for a valid number the register does not know', async () => {
    const t = createTestApp();
    const e = await fails(t, { companyId: '899999924' });
    expect(e.status).toBe(404);
    expect(e.code).toBe('not_found');
    expect(e.detailCode).toBe('ORG_NOT_FOUND');
    expect(e.message).toMatch(/899999924 is not in Enhetsregisteret/);
  });

  it('refuses a number that fails its check digit, naming companyId, without asking any register', async () => {
    const t = createTestApp();
    const e = await fails(t, { companyId: '923609017' });
    expect(e.status).toBe(400);
    expect(e.fields).toEqual(['companyId']);
    expect(e.message).toMatch(/^companyId: fails the modulus-11 check digit/);
    expect(sent(t, 'brreg')).toBe(0);
  });

  it('answers through its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/companies/company/923609016', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).name).toBe('EQUINOR ASA');
  });
});

describe('companies.lookup, DK', () => {
  it('answers not_configured naming CVR_ES_USER and CVR_ES_PASS without credentials', async () => {
    const t = createTestApp();
    const e = await fails(t, { companyId: '10150817' });
    expect(e.status).toBe(503);
    expect(e.code).toBe('not_configured');
    expect(e.message).toMatch(/Danish company lookup \(CVR\) needs .*set CVR_ES_USER and CVR_ES_PASS/);
  });

  it('maps the CVR record with credentials', async () => {
    const t = createTestApp({ env: { CVR_ES_USER: 'u', CVR_ES_PASS: 'p' } });
    const r = await lookup(t, { companyId: '10150817' });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.data).toMatchObject({
      companyId: '10150817',
      idType: 'DK_CVR',
      country: 'DK',
      name: 'Erhvervsstyrelsen',
      status: 'NORMAL',
      state: 'active',
      orgForm: { code: 'STA', description: 'Statslig administrativ enhed' },
      registeredDate: '1964-04-01',
      address: { street: 'Langelinie Allé 17', postalCode: '2100', city: 'København Ø', municipality: 'KØBENHAVN', country: 'DK' },
      industry: { code: '841300', description: 'Administration af og bidrag til erhvervsfremme', scheme: 'DB07' },
    });
    expect(r.data.orgnr).toBeUndefined();
    expect(r.data.sources[0]).toMatchObject({ register: 'CVR (Erhvervsstyrelsen)', fetchedAt: expect.stringMatching(ISO) });
  });

  it('answers not_found when the index has no such CVR number', async () => {
    const t = createTestApp({ env: { CVR_ES_USER: 'u', CVR_ES_PASS: 'p' } });
    const e = await fails(t, { companyId: '10000009' });
    expect(e.code).toBe('not_found');
    expect(e.message).toMatch(/the CVR register/);
  });
});

describe('companies.lookup, FI', () => {
  it('maps the YTJ record: current name, form, business line and street address', async () => {
    const t = createTestApp();
    const r = await lookup(t, { companyId: '0114162-2' });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.data).toMatchObject({
      companyId: '0114162-2',
      idType: 'FI_YTUNNUS',
      country: 'FI',
      name: 'Lindex Group Oyj',
      status: 'registered',
      state: 'active',
      orgForm: { code: '17', description: 'Public limited company' },
      registeredDate: '1919-01-20',
      address: { street: 'Aleksanterinkatu 52 B', postalCode: '00100', city: 'HELSINKI', municipality: '091', country: 'FI' },
      industry: { code: '47120', description: 'Other non-specialised retail sale', scheme: 'TOL 2008' },
    });
    expect(r.data.sources[0].url).toBe('https://avoindata.prh.fi/opendata-ytj-api/v3/companies?businessId=0114162-2');
  });

  it('answers not_found for a valid Y-tunnus YTJ does not know', async () => {
    const t = createTestApp();
    const e = await fails(t, { companyId: '1234567-1' });
    expect(e.code).toBe('not_found');
  });
});

describe('companies.lookup, SE', () => {
  it('answers not_configured naming the Bolagsverket client credentials', async () => {
    const t = createTestApp();
    const e = await fails(t, { companyId: '5299999994' });
    expect(e.status).toBe(503);
    expect(e.code).toBe('not_configured');
    expect(e.message).toMatch(/set BOLAGSVERKET_CLIENT_ID and BOLAGSVERKET_CLIENT_SECRET/);
    expect(e.missing).toEqual(['BOLAGSVERKET_CLIENT_ID', 'BOLAGSVERKET_CLIENT_SECRET']);
    expect(sent(t, 'bolagsverket')).toBe(0);
  });

  const SE_ENV = { BOLAGSVERKET_CLIENT_ID: 'test-client', BOLAGSVERKET_CLIENT_SECRET: 'test-secret' };

  it('fetches a token and maps the organisation, with the producer (Bolagsverket or SCB) of each field group', async () => {
    const t = createTestApp({ env: SE_ENV });
    const r = await lookup(t, { companyId: '529999-9994' });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.data).toMatchObject({
      companyId: '5299999994',
      idType: 'SE_ORGNR',
      country: 'SE',
      name: 'Cykelbolaget AB',
      status: 'avregistrerad 2023-05-05 (Likvidation)',
      state: 'ceased',
      orgForm: { code: 'AB', description: 'Aktiebolag' },
      registeredDate: '2000-01-23',
      address: { street: 'C/o Annat företag, Jobbstigen 2', postalCode: '12345', city: 'Grönköping', country: 'Sverige' },
      industry: { code: '47642', description: 'Specialiserad butikshandel med cyklar', scheme: 'SNI 2007' },
    });
    expect(sent(t, 'oauth')).toBe(1);
    expect(sent(t, 'bolagsverket')).toBe(1);
    const byRegister = Object.fromEntries(r.data.sources.map((s: { register: string; fields: string[] }) => [s.register, s.fields]));
    expect(byRegister).toEqual({
      Bolagsverket: ['identity', 'name', 'status', 'orgForm', 'registeredDate', 'industry'],
      'SCB (via Bolagsverket)': ['address'],
    });
  });

  it('answers not_found for an organisation number Bolagsverket does not know', async () => {
    const t = createTestApp({ env: SE_ENV });
    const e = await fails(t, { companyId: '5590000005' });
    expect(e.code).toBe('not_found');
    expect(e.message).toMatch(/Bolagsverket/);
  });
});

describe('companies.lookup, IS', () => {
  it('answers not_configured naming RSK_API_KEY', async () => {
    const t = createTestApp();
    const e = await fails(t, { companyId: '5902697199' });
    expect(e.status).toBe(503);
    expect(e.message).toMatch(/set RSK_API_KEY/);
  });

  it('needs country for a number valid in both Sweden and Iceland, and answers the Icelandic record with country=IS', async () => {
    const t = createTestApp({ env: { RSK_API_KEY: 'test-key' } });
    const e = await fails(t, { companyId: '4510004700' });
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/country=SE or country=IS/);
    const r = await lookup(t, { companyId: '451000-4700', country: 'IS' });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.data).toMatchObject({
      companyId: '4510004700',
      idType: 'IS_KENNITALA',
      country: 'IS',
      name: 'Dæmi ehf.',
      status: 'Virk',
      state: 'active',
      orgForm: { code: 'ehf', description: 'Einkahlutafélag' },
      registeredDate: '2000-10-05',
      address: { street: 'Dæmigata 1', postalCode: '101', city: 'Reykjavík', municipality: 'Reykjavíkurborg' },
      industry: { code: '62.01', description: 'Hugbúnaðargerð', scheme: 'ÍSAT2008' },
    });
    expect(r.data.sources[0]).toMatchObject({ register: 'Fyrirtækjaskrá (Skatturinn)', url: 'https://api.skattur.cloud/legalentities/v2/4510004700' });
  });

  it('reads an answer in PascalCase keys like the documented camelCase', async () => {
    const original = JSON.parse(readFileSync('tests/recordings/rsk/companies-legalentity-4510004700.json', 'utf8')) as RecordingFile;
    const pascal = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(pascal) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k.charAt(0).toUpperCase() + k.slice(1), pascal(x)])) : v;
    const transport = new ReplayTransport(['tests/recordings']);
    transport.add({ request: original.request, response: { status: 200, json: pascal(original.response.json) } });
    const t = createTestApp({ env: { RSK_API_KEY: 'test-key' }, transport });
    const r = await lookup(t, { companyId: '4510004700', country: 'IS' });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.data).toMatchObject({ name: 'Dæmi ehf.', orgForm: { code: 'ehf' }, registeredDate: '2000-10-05', address: { city: 'Reykjavík' } });
  });

  it('answers not_found when Skatturinn has no such kennitala', async () => {
    const t = createTestApp({ env: { RSK_API_KEY: 'test-key' } });
    const e = await fails(t, { companyId: '5902697199' });
    expect(e.code).toBe('not_found');
  });

  it('refuses a country that does not fit the number', async () => {
    const t = createTestApp();
    const e = await fails(t, { companyId: '923609016', country: 'IS' });
    expect(e.fields).toEqual(['companyId']);
    expect(e.message).toMatch(/not a valid Icelandic kennitala/);
  });
});
