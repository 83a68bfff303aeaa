// The cvr server (Danish company register) over MCP and its connector routes, answered by recordings
// of Erhvervsstyrelsen's CVR distribution (tests/recordings/cvr/). 10150817 and 35682872 are real
// records; 30000005 and the publication list are constructed scenarios in the real shape.
import { describe, expect, it } from 'vitest';
import { KEYS, callTool, callToolError, createTestApp, rpc, type TestApp } from './helpers/app.js';

const CREDS = { CVR_ES_USER: 'test-user', CVR_ES_PASS: 'test-pass' };
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('cvr') ?? 0;
const app = () => createTestApp({ env: CREDS });

async function ok(t: TestApp, name: string, args: unknown) {
  const r = await callTool(t, 'cvr', name, args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}

const fails = (t: TestApp, name: string, args: unknown) => callToolError(t, 'cvr', name, args);

const CVR_TOOLS: [string, Record<string, unknown>, string][] = [
  ['cvr.company.lookup', { cvr: '10150817' }, '/api/connectors/cvr/virksomhed/10150817'],
  ['cvr.directors', { cvr: '35682872' }, '/api/connectors/cvr/virksomhed/35682872/ledelse'],
  ['cvr.owners', { cvr: '30000005' }, '/api/connectors/cvr/virksomhed/30000005/ejere'],
  ['cvr.annual_reports', { cvr: '35682872' }, '/api/connectors/cvr/virksomhed/35682872/regnskaber'],
  ['cvr.search', { q: 'erhvervsstyrelsen' }, '/api/connectors/cvr/virksomheder?q=erhvervsstyrelsen'],
];

describe('cvr without credentials', () => {
  it.each(CVR_TOOLS)('%s answers 503 not_configured naming both variables, and calls nothing', async (name, args, route) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e).toMatchObject({ code: 'not_configured', status: 503, missing: ['CVR_ES_USER', 'CVR_ES_PASS'] });
    expect(e.message).toBe(`${name} needs CVR_ES_USER, CVR_ES_PASS on the server; the operator has not set them.`);
    const res = await t.fetch(route, { headers: auth });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const problem = await res.json();
    expect(problem).toMatchObject({ code: 'not_configured', title: 'Source not configured', missing: ['CVR_ES_USER', 'CVR_ES_PASS'] });
    expect(problem.detail).toContain('CVR_ES_USER, CVR_ES_PASS');
    expect(sent(t)).toBe(0);
  });

  it('names only the missing variable when one is set', async () => {
    const t = createTestApp({ env: { CVR_ES_USER: 'test-user' } });
    const e = await fails(t, 'cvr.company.lookup', { cvr: '10150817' });
    expect(e).toMatchObject({ code: 'not_configured', missing: ['CVR_ES_PASS'] });
    expect(e.message).toContain('needs CVR_ES_PASS on the server; the operator has not set it.');
  });

  it('lists every tool with status not_configured and says so in the description', async () => {
    const t = createTestApp();
    const r = await rpc(t, 'cvr', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = r.body.result.tools as { name: string; description: string; inputSchema: Record<string, unknown> }[];
    expect(tools.map((x) => x.name)).toEqual(['cvr.company.lookup', 'cvr.directors', 'cvr.owners', 'cvr.annual_reports', 'cvr.search']);
    for (const tool of tools) expect(tool.description).toMatch(/Needs CVR_ES_USER, CVR_ES_PASS on the server; without them the tool answers 503 not_configured\.$/);
  });

  it('still rejects invalid input first, naming the field', async () => {
    const t = createTestApp();
    const e = await fails(t, 'cvr.company.lookup', { cvr: '1015081' });
    expect(e.code).toBe('invalid_input');
  });
});

describe('cvr.company.lookup', () => {
  const name = 'cvr.company.lookup';

  it('answers the example: Erhvervsstyrelsen from its real CVR record', async () => {
    const t = app();
    const d = await ok(t, name, { cvr: '10150817' });
    expect(d).toMatchObject({
      cvr: '10150817',
      name: 'Erhvervsstyrelsen',
      secondaryNames: [],
      status: 'Aktiv',
      registerStatus: null,
      ceased: false,
      endDate: null,
      form: { code: 230, abbreviation: 'STA', description: 'Statslig administrativ enhed' },
      foundedDate: '1964-04-01',
      industry: { code: '841300', text: 'Administration af og bidrag til erhvervsfremme' },
      address: { text: 'Langelinie Allé 17, 2100 København Ø', postcode: '2100', city: 'København Ø', municipality: { code: 101, name: 'KØBENHAVN' }, country: 'DK' },
      // Both postal addresses have ended; phone numbers ended in 2020 and the e-mail is secret.
      postalAddress: null,
      phone: [],
      email: [],
      // The newest of the yearly (2018), quarterly (2019 Q3), monthly (2019-09) and ERST monthly (2023-06) figures.
      employment: { employees: 1198, fullTimeEquivalents: 1116, employeesInterval: 'ANTAL_1000_999999', period: '2023-06', basis: 'month' },
      productionUnits: 5,
      capital: null,
      advertisingProtected: false,
      source: { register: 'CVR (Erhvervsstyrelsen)', url: 'https://datacvr.virk.dk/enhed/virksomhed/10150817' },
    });
  });

  it('maps current values of a company with history, contact data and attributes', async () => {
    const t = app();
    const d = await ok(t, name, { cvr: '35682872' });
    expect(d).toMatchObject({
      name: 'ASSURE WEALTH A/S',
      secondaryNames: ['Assure Reporting A/S', 'Assure Family Office A/S'],
      status: 'NORMAL',
      registerStatus: 'NORMAL',
      form: { code: 60, abbreviation: 'A/S' },
      industry: { code: '692000' },
      secondaryIndustries: [{ code: '702200', text: 'Virksomhedsrådgivning og anden rådgivning om driftsledelse' }],
      address: { text: 'Gammel Strandvej 16, 2990 Nivå', floor: null },
      phone: ['70605252'],
      email: ['administration@assurewealth.dk'],
      employment: { employees: 28, fullTimeEquivalents: 23, period: '2023-12', basis: 'month' },
      capital: { amount: 600000, currency: 'DKK' },
      signingRule: 'Selskabet tegnes af én direktør i forening med et bestyrelsesmedlem samt af den samlede bestyrelse i forening.',
      financialYear: { start: '01-01', end: '12-31' },
      advertisingProtected: true,
    });
  });

  it('answers the same through its connector route', async () => {
    const t = app();
    const res = await t.fetch('/api/connectors/cvr/virksomhed/10150817', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).name).toBe('Erhvervsstyrelsen');
  });

  it('answers not_found for a number with no company (hits.total 0)', async () => {
    const t = app();
    const e = await fails(t, name, { cvr: '40000003' });
    expect(e).toMatchObject({ code: 'not_found', status: 404, detailCode: 'CVR_NOT_FOUND' });
    expect(e.message).toContain('40000003');
    const res = await t.fetch('/api/connectors/cvr/virksomhed/40000003', { headers: auth });
    expect(res.status).toBe(404);
  });

  it('reports an upstream 500 as upstream_unavailable after retrying the read-only POST', async () => {
    const t = app();
    const e = await fails(t, name, { cvr: '29999996' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t)).toBe(3);
  });

  it('reports rejected credentials as not_configured', async () => {
    const t = app();
    const e = await fails(t, name, { cvr: '31000009' });
    expect(e.code).toBe('not_configured');
    expect(e.message).toMatch(/rejected the configured credentials \(HTTP 401\)/);
  });

  it.each([
    [{ cvr: '1015081' }, /exactly 8 digits/],
    [{ cvr: '101508170' }, /exactly 8 digits/],
    [{ cvr: 'DK101508' }, /exactly 8 digits/],
    [{ cvr: '10150818' }, /modulus-11 check of a Danish CVR number/],
    [{ cvr: 10150817.5 }, /send as a string, e\.g\. "\d{8}"; the number 10150817.5 is not a whole number/],
    [{}, /required/],
  ])('rejects %j naming the field and the rule', async (args, rule) => {
    const t = app();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/^cvr: /);
    expect(e.message).toMatch(rule);
    expect(sent(t)).toBe(0);
  });

  it('shares one upstream request (and its cache entry) with directors and owners', async () => {
    const t = app();
    await ok(t, 'cvr.company.lookup', { cvr: '35682872' });
    await ok(t, 'cvr.directors', { cvr: '35682872' });
    await ok(t, 'cvr.owners', { cvr: '35682872' });
    expect(sent(t)).toBe(1);
  });
});

describe('cvr.directors', () => {
  const name = 'cvr.directors';

  it('answers the example: the current board and management of ASSURE WEALTH A/S', async () => {
    const t = app();
    const d = await ok(t, name, { cvr: '35682872' });
    expect(d).toMatchObject({ cvr: '35682872', name: 'ASSURE WEALTH A/S', count: 4, formerCount: 5, auditors: [] });
    expect(d.directors).toEqual([
      { name: 'Karsten Poulsen', type: 'PERSON', unitNumber: 4003845026, cvr: null, role: 'board', body: 'Bestyrelse', function: 'FORMAND', since: '2016-09-01', electedBy: 'generalforsamling' },
      { name: 'Jesper Dall', type: 'PERSON', unitNumber: 4003838496, cvr: null, role: 'board', body: 'Bestyrelse', function: 'BESTYRELSESMEDLEM', since: '2022-10-31', electedBy: 'generalforsamling' },
      { name: 'Niels Boel Sørensen', type: 'PERSON', unitNumber: 4003923367, cvr: null, role: 'board', body: 'Bestyrelse', function: 'BESTYRELSESMEDLEM', since: '2014-03-01', electedBy: 'generalforsamling' },
      { name: 'Klaus Lauenborg Breitenstein', type: 'PERSON', unitNumber: 4000758671, cvr: null, role: 'management', body: 'Direktion', function: 'DIREKTØR', since: '2014-03-01', electedBy: null },
    ]);
    // Former members (Jeppe Rowlandson Stokholm, Stig Madsen Lachenmeier, ...) and the former auditor are left out.
    expect(JSON.stringify(d)).not.toContain('Stokholm');
    expect(JSON.stringify(d)).not.toContain('DELOITTE');
    expect(d.note).toBeUndefined();
  });

  it('answers an empty list with a note when CVR registers no management body', async () => {
    const t = app();
    const d = await ok(t, name, { cvr: '10150817' });
    expect(d).toMatchObject({ count: 0, directors: [], auditors: [], formerCount: 0 });
    expect(d.note).toMatch(/no current board or management/);
  });

  it('answers through its connector route, not_found for unknown numbers and upstream_unavailable on 500', async () => {
    const t = app();
    const res = await t.fetch('/api/connectors/cvr/virksomhed/35682872/ledelse', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).directors[0].name).toBe('Karsten Poulsen');
    expect((await fails(t, name, { cvr: '40000003' })).code).toBe('not_found');
    expect((await fails(t, name, { cvr: '29999996' })).code).toBe('upstream_unavailable');
  });

  it('rejects a bad number naming the field', async () => {
    const t = app();
    const e = await fails(t, name, { cvr: '35682873' });
    expect(e.message).toMatch(/^cvr: fails the modulus-11 check/);
  });
});

describe('cvr.owners', () => {
  const name = 'cvr.owners';

  it('answers the example: legal owners of 5 % or more as registered bands, largest first', async () => {
    const t = app();
    const d = await ok(t, name, { cvr: '30000005' });
    expect(d).toMatchObject({ cvr: '30000005', name: 'Eksempel Ejendomme ApS', exposed: true, count: 2, threshold: '5 % of capital or votes' });
    expect(d.owners).toEqual([
      {
        name: 'Eksempel Holding ApS',
        type: 'VIRKSOMHED',
        unitNumber: 4006543210,
        cvr: '12345674',
        ownership: { min: 66.67, max: 89.99, exact: false, reported: '0.6667' },
        votingRights: { min: 66.67, max: 89.99, exact: false, reported: '0.6667' },
        since: '2019-05-01',
        notifiedOn: '2019-05-01',
      },
      {
        name: 'Anne Eksempel',
        type: 'PERSON',
        unitNumber: 4006543211,
        cvr: null,
        ownership: { min: 25, max: 33.32, exact: false, reported: '0.25' },
        votingRights: { min: 25, max: 33.32, exact: false, reported: '0.25' },
        since: '2015-06-01',
        notifiedOn: '2015-06-01',
      },
    ]);
    // Bo Eksempel's holding ended in 2019.
    expect(JSON.stringify(d.owners)).not.toContain('Bo Eksempel');
    expect(d.beneficialOwners).toEqual([
      { name: 'Anne Eksempel', type: 'PERSON', unitNumber: 4006543211, cvr: null, ownershipPercent: 31.25, votingRightsPercent: 31.25, since: '2017-06-23', specialOwnership: [] },
    ]);
    expect(d.note).toBeUndefined();
  });

  it('answers an empty list, exposed false and a note, when no holder is exposed', async () => {
    const t = app();
    const d = await ok(t, name, { cvr: '10150817' });
    expect(d).toMatchObject({ exposed: false, count: 0, owners: [], beneficialOwners: [] });
    expect(d.note).toMatch(/exposes no holder of 5 % or more.*does not mean the company has no owner/);
  });

  it('leaves out beneficial owners whose registration has ended', async () => {
    const t = app();
    const d = await ok(t, name, { cvr: '35682872' });
    expect(d.beneficialOwners).toEqual([]);
  });

  it('answers through its connector route, not_found for unknown numbers and upstream_unavailable on 500', async () => {
    const t = app();
    const res = await t.fetch('/api/connectors/cvr/virksomhed/30000005/ejere', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).owners[0].cvr).toBe('12345674');
    expect((await fails(t, name, { cvr: '40000003' })).code).toBe('not_found');
    expect((await fails(t, name, { cvr: '29999996' })).code).toBe('upstream_unavailable');
  });

  it('rejects a missing number naming the field', async () => {
    const t = app();
    const e = await fails(t, name, {});
    expect(e.message).toBe('cvr: is required');
  });
});

describe('cvr.annual_reports', () => {
  const name = 'cvr.annual_reports';

  it('answers the example: published reports, newest first, with document links and the portal link', async () => {
    const t = app();
    const d = await ok(t, name, { cvr: '35682872' });
    expect(d).toMatchObject({ cvr: '35682872', name: 'ASSURE WEALTH A/S', count: 2, total: 2, truncated: false, portalUrl: 'https://datacvr.virk.dk/enhed/virksomhed/35682872' });
    expect(d.howLinksAreBuilt).toMatch(/dokumentUrl values from Erhvervsstyrelsen's publication index.*https:\/\/datacvr\.virk\.dk\/enhed\/virksomhed\/ followed by the CVR number/);
    expect(d.reports.map((r: { periodEnd: string }) => r.periodEnd)).toEqual(['2022-12-31', '2021-12-31']);
    expect(d.reports[0]).toMatchObject({ periodStart: '2022-01-01', publishedAt: '2023-05-30T22:00:00.000Z', correction: false, caseNumber: '23-18.422' });
    expect(d.reports[0].documents).toEqual([
      { type: 'AARSRAPPORT', format: 'XBRL', mimeType: 'application/xml', url: expect.stringMatching(/^http:\/\/regnskaber\.virk\.dk\/38155208\/[A-Za-z0-9_-]+\.xml$/) },
      { type: 'AARSRAPPORT', format: 'PDF', mimeType: 'application/pdf', url: expect.stringMatching(/^http:\/\/regnskaber\.virk\.dk\/38155208\/[A-Za-z0-9_-]+\.pdf$/) },
    ]);
    // The company record and the publication index: two requests.
    expect(sent(t)).toBe(2);
  });

  it('answers an empty list with a note when nothing is published', async () => {
    const t = app();
    const d = await ok(t, name, { cvr: '10150817' });
    expect(d).toMatchObject({ name: 'Erhvervsstyrelsen', count: 0, total: 0, reports: [], portalUrl: 'https://datacvr.virk.dk/enhed/virksomhed/10150817' });
    expect(d.note).toMatch(/No annual report is published/);
  });

  it('answers not_found for an unknown number without asking the publication index', async () => {
    const t = app();
    const e = await fails(t, name, { cvr: '40000003' });
    expect(e.code).toBe('not_found');
    expect(sent(t)).toBe(1);
  });

  it('reports a failing publication index as upstream_unavailable', async () => {
    const t = app();
    const e = await fails(t, name, { cvr: '30000005' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });

  it('answers through its connector route and rejects a bad number', async () => {
    const t = app();
    const res = await t.fetch('/api/connectors/cvr/virksomhed/35682872/regnskaber', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).reports).toHaveLength(2);
    const bad = await t.fetch('/api/connectors/cvr/virksomhed/3568287/regnskaber', { headers: auth });
    expect(bad.status).toBe(400);
    expect((await bad.json()).detail).toMatch(/^cvr: must be exactly 8 digits/);
  });
});

describe('cvr.search', () => {
  const name = 'cvr.search';

  it('answers the example with the default size 10 (ES 6 numeric total)', async () => {
    const t = app();
    const d = await ok(t, name, { q: 'erhvervsstyrelsen' });
    expect(d).toMatchObject({ q: 'erhvervsstyrelsen', size: 10, count: 1, total: 1, totalExact: true });
    expect(d.companies).toEqual([
      {
        cvr: '10150817',
        name: 'Erhvervsstyrelsen',
        status: 'Aktiv',
        form: { code: 230, abbreviation: 'STA', description: 'Statslig administrativ enhed' },
        foundedDate: '1964-04-01',
        industry: { code: '841300', text: 'Administration af og bidrag til erhvervsfremme' },
        address: 'Langelinie Allé 17, 2100 København Ø',
        advertisingProtected: false,
        url: 'https://datacvr.virk.dk/enhed/virksomhed/10150817',
      },
    ]);
  });

  it('reads the ES 7 total {value, relation}', async () => {
    const t = app();
    const d = await ok(t, name, { q: 'assure wealth', size: 5 });
    expect(d).toMatchObject({ count: 1, total: 1, totalExact: true });
    expect(d.companies[0]).toMatchObject({ cvr: '35682872', name: 'ASSURE WEALTH A/S', address: 'Gammel Strandvej 16, 2990 Nivå', advertisingProtected: true });
  });

  it('says when the total is only a lower bound (relation gte)', async () => {
    const t = app();
    const d = await ok(t, name, { q: 'holding', size: 1 });
    expect(d).toMatchObject({ count: 1, total: 10000, totalExact: false });
    expect(d.companies[0]).toMatchObject({ cvr: '12345674', name: 'Eksempel Holding ApS', address: null });
  });

  it('finds a company by its CVR number', async () => {
    const t = app();
    const d = await ok(t, name, { q: '35682872' });
    expect(d.companies.map((c: { cvr: string }) => c.cvr)).toEqual(['35682872']);
  });

  it('answers an empty list when no name matches', async () => {
    const t = app();
    const d = await ok(t, name, { q: 'zzqxv' });
    expect(d).toMatchObject({ count: 0, total: 0, totalExact: true, companies: [] });
  });

  it('answers through its connector route, reading size from the query string', async () => {
    const t = app();
    const res = await t.fetch('/api/connectors/cvr/virksomheder?q=holding&size=1', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).totalExact).toBe(false);
  });

  it('reports an upstream 500 as upstream_unavailable', async () => {
    const t = app();
    const e = await fails(t, name, { q: 'fejlsituation' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });

  it.each([
    [{ q: 'a' }, 'q', /at least 2 characters/],
    [{ q: '  a ' }, 'q', /at least 2 characters besides spaces/],
    [{}, 'q', /required/],
    [{ q: 'erhvervsstyrelsen', size: 0 }, 'size', /at least 1/],
    [{ q: 'erhvervsstyrelsen', size: 51 }, 'size', /at most 50/],
    [{ q: 'erhvervsstyrelsen', size: 2.5 }, 'size', /integer/],
    [{ q: 'erhvervsstyrelsen', page: 1 }, '(input)', /unknown field "page"/],
  ])('rejects %j naming the field and the bound', async (args, field, bound) => {
    const t = app();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    if (field !== '(input)') expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });
});
