// The rsk server (Icelandic register of enterprises) over MCP and its connector routes, answered by
// recordings of Skatturinn's legal-entities API (tests/recordings/rsk/: constructed entities in the
// shape of the published OpenAPI schema, whose own example is synthetic).
import { describe, expect, it } from 'vitest';
import { KEYS, callTool, callToolError, createTestApp, rpc, type TestApp } from './helpers/app.js';

const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('rsk') ?? 0;
const app = () => createTestApp({ env: { RSK_API_KEY: 'test-subscription-key' } });

async function ok(t: TestApp, name: string, args: unknown) {
  const r = await callTool(t, 'rsk', name, args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}

const fails = (t: TestApp, name: string, args: unknown) => callToolError(t, 'rsk', name, args);

describe('rsk tool list', () => {
  it('lists the three tools in spec order; lookup says it needs RSK_API_KEY', async () => {
    const t = createTestApp();
    const r = await rpc(t, 'rsk', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = r.body.result.tools as { name: string; description: string }[];
    expect(tools.map((x) => x.name)).toEqual(['rsk.company.lookup', 'rsk.company.search', 'rsk.registry.about']);
    expect(tools[0].description).toMatch(/Needs RSK_API_KEY on the server; without it the tool answers 503 not_configured\.$/);
    expect(tools[1].description).toMatch(/has no name search, and this tool does not pretend otherwise/);
  });
});

describe('rsk.company.lookup', () => {
  const name = 'rsk.company.lookup';

  it('answers the example: one legal entity with its register fields', async () => {
    const t = app();
    const d = await ok(t, name, { kennitala: '6402151940' });
    expect(d).toMatchObject({
      kennitala: '6402151940',
      name: 'Dæmi ehf.',
      status: 'Virk',
      registered: '2015-02-24',
      legalForm: { id: 'ehf', name: 'Einkahlutafélag' },
      // The upstream spells it "bankrupcy"; the answer spells it right.
      deregistration: { deregistered: false, deregistrationDate: null, bankruptcy: false, bankruptcyDate: null, insolvency: false, insolvencyDate: null },
      activityCodes: [{ id: '62.01.0', name: 'Hugbúnaðargerð', codeSystem: 'ÍSAT2008', type: 'Aðalstarfsemi' }],
      vat: [{ vatNumber: '119876', registered: '2015-03-01', deregistered: null, active: true }],
      addresses: [{ type: 'Lögheimili', address: 'Dæmigata 1', postcode: '101', city: 'Reykjavík', municipality: 'Reykjavíkurborg', isPostbox: false }],
      accountingYear: '31.12',
      articlesOfAssociation: { shareCapital: 500000, currency: 'ISK', signatures: 'Meirihluti stjórnar ritar firma félagsins.' },
      source: { register: 'Fyrirtækjaskrá (Skatturinn)', url: 'https://www.skatturinn.is/fyrirtaekjaskra/leit/kennitala/6402151940' },
    });
    // People are named with their role but without their kennitala; entities keep theirs.
    expect(d.relationships).toEqual([
      { type: 'Stjórnarmaður', position: 'Formaður stjórnar', name: 'Jón Dæmason', kennitala: null, isLegalEntity: false },
      { type: 'Framkvæmdastjórn', position: 'Framkvæmdastjóri', name: 'Jón Dæmason', kennitala: null, isLegalEntity: false },
      { type: 'Endurskoðandi', position: 'Endurskoðandi', name: 'Dæmi endurskoðun ehf.', kennitala: '4103182370', isLegalEntity: true },
    ]);
    expect(JSON.stringify(d)).not.toContain('0101302989');
    expect(JSON.stringify(d)).not.toContain('Dæmigata 3');
  });

  it('reads a PascalCase answer like the documented camelCase', async () => {
    const t = app();
    const d = await ok(t, name, { kennitala: '7010019900' });
    expect(d).toMatchObject({ kennitala: '7010019900', name: 'Annað Dæmi hf.', legalForm: { id: 'hf', name: 'Hlutafélag' }, addresses: [{ city: 'Reykjavík' }] });
  });

  it('answers the same through its connector route', async () => {
    const t = app();
    const res = await t.fetch('/api/connectors/rsk/legalentities/6402151940', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).name).toBe('Dæmi ehf.');
  });

  it('answers not_found for a kennitala the register does not know', async () => {
    const t = app();
    const e = await fails(t, name, { kennitala: '4103182290' });
    expect(e).toMatchObject({ code: 'not_found', status: 404, detailCode: 'KENNITALA_NOT_FOUND' });
    expect(e.message).toContain('4103182290');
    const res = await t.fetch('/api/connectors/rsk/legalentities/4103182290', { headers: auth });
    expect(res.status).toBe(404);
  });

  it('reports an upstream 500 as upstream_unavailable after retries', async () => {
    const t = app();
    const e = await fails(t, name, { kennitala: '5005112300' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t)).toBe(3);
  });

  it('answers 503 not_configured naming RSK_API_KEY without a key, and calls nothing', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { kennitala: '6402151940' });
    expect(e).toMatchObject({ code: 'not_configured', status: 503, missing: ['RSK_API_KEY'] });
    expect(e.message).toBe('rsk.company.lookup needs RSK_API_KEY on the server; the operator has not set it.');
    const res = await t.fetch('/api/connectors/rsk/legalentities/6402151940', { headers: auth });
    expect(res.status).toBe(503);
    expect((await res.json()).detail).toContain('RSK_API_KEY');
    expect(sent(t)).toBe(0);
  });

  it.each([
    [{ kennitala: '640215194' }, /exactly 10 digits/],
    [{ kennitala: '640215-1940' }, /exactly 10 digits, without a hyphen/],
    [{ kennitala: '6402151950' }, /fails the check digit of an Icelandic kennitala/],
    [{ kennitala: 640215194 }, /send as a string, e\.g\. "\d{10}"; the number 640215194 would lose leading zeros/],
    [{}, /required/],
  ])('rejects %j naming the field and the rule', async (args, rule) => {
    const t = app();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/^kennitala: /);
    expect(e.message).toMatch(rule);
    expect(sent(t)).toBe(0);
  });
});

describe('rsk.company.search', () => {
  const name = 'rsk.company.search';

  it('answers the example honestly: name search is not offered, with the register web search instead', async () => {
    const t = app();
    const d = await ok(t, name, { query: 'Marel' });
    expect(d).toMatchObject({ query: 'Marel', mode: 'name', searched: false, supported: false, webSearchUrl: 'https://www.skatturinn.is/fyrirtaekjaskra/leit?nafn=Marel' });
    expect(d.message).toMatch(/^Name search is not offered by Skatturinn's legal-entities API/);
    expect(d.message).toMatch(/No search was run/);
    expect(d).not.toHaveProperty('results');
    expect(sent(t)).toBe(0);
  });

  it('encodes the name in the web search link', async () => {
    const t = app();
    const d = await ok(t, name, { query: 'Dæmi & synir ehf.' });
    expect(d.webSearchUrl).toBe('https://www.skatturinn.is/fyrirtaekjaskra/leit?nafn=D%C3%A6mi+%26+synir+ehf.');
  });

  it('looks a kennitala up (hyphen allowed) and answers it as the one result', async () => {
    const t = app();
    const d = await ok(t, name, { query: '640215-1940' });
    expect(d).toMatchObject({ query: '640215-1940', mode: 'kennitala', searched: true, count: 1 });
    expect(d.results[0]).toMatchObject({ kennitala: '6402151940', name: 'Dæmi ehf.' });
  });

  it('answers an empty result with a note for a kennitala the register does not know', async () => {
    const t = app();
    const d = await ok(t, name, { query: '4103182290' });
    expect(d).toMatchObject({ mode: 'kennitala', searched: true, count: 0, results: [] });
    expect(d.note).toMatch(/no legal entity with kennitala 4103182290/);
  });

  it('treats a number with a wrong check digit as a name, and says so', async () => {
    const t = app();
    const d = await ok(t, name, { query: '6402151950' });
    expect(d).toMatchObject({ mode: 'name', searched: false });
    expect(d.hint).toMatch(/not a valid kennitala/);
    expect(sent(t)).toBe(0);
  });

  it('needs RSK_API_KEY for a kennitala: 503 not_configured without it', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { query: '6402151940' });
    expect(e).toMatchObject({ code: 'not_configured', status: 503, missing: ['RSK_API_KEY'] });
    expect(e.message).toContain('RSK_API_KEY');
    expect(sent(t)).toBe(0);
  });

  it('reports an upstream 500 as upstream_unavailable', async () => {
    const t = app();
    const e = await fails(t, name, { query: '5005112300' });
    expect(e.code).toBe('upstream_unavailable');
  });

  it('answers through its connector route', async () => {
    const t = app();
    const res = await t.fetch('/api/connectors/rsk/legalentities?query=Marel', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).searched).toBe(false);
  });

  it.each([
    [{ query: 'M' }, /at least 2 characters/],
    [{ query: ' M  ' }, /at least 2 characters besides spaces/],
    [{}, /required/],
    [{ query: 42 }, /of type string/],
  ])('rejects %j naming the field and the bound', async (args, rule) => {
    const t = app();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/^query: /);
    expect(e.message).toMatch(rule);
  });
});

describe('rsk.registry.about', () => {
  const name = 'rsk.registry.about';

  it('describes the register, its API limits, terms and how to get a key, without calling anything', async () => {
    const t = createTestApp();
    const d = await ok(t, name, {});
    expect(d).toMatchObject({
      register: 'Fyrirtækjaskrá (Icelandic register of enterprises)',
      country: 'IS',
      identifier: { name: 'kennitala' },
      api: { baseUrl: 'https://api.skattur.cloud/legalentities/v2', search: false, auth: 'Subscription key in the Ocp-Apim-Subscription-Key header.' },
      webSearch: 'https://www.skatturinn.is/fyrirtaekjaskra/leit',
      configured: false,
    });
    expect(d.keeper).toMatch(/^Skatturinn/);
    expect(d.api.limits).toMatch(/no search, list or bulk operation/);
    expect(d.howToGetAKey).toMatch(/https:\/\/api\.skatturinn\.is.*RSK_API_KEY/);
    expect(d.terms).toMatch(/terms accepted on Skatturinn's API portal/);
    expect(sent(t)).toBe(0);
  });

  it('says when a key is configured', async () => {
    const t = app();
    expect((await ok(t, name, {})).configured).toBe(true);
  });

  it('answers through its connector route and refuses parameters', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/rsk/about', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).api.search).toBe(false);
    const e = await fails(t, name, { kennitala: '6402151940' });
    expect(e.message).toMatch(/unknown field "kennitala"/);
  });
});
