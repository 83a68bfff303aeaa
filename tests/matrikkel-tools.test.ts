// The matrikkel server (Kartverket's cadastre) over MCP and its connector route, answered by
// recordings of the Matrikkel API's SOAP services (tests/recordings/matrikkel): constructed from the
// API's WSDL/XSD files. Without MATRIKKEL_USER/MATRIKKEL_PASSWORD the tool is not_configured and
// calls nothing; with them it sends the real SOAP requests with HTTP Basic.
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, Transport } from '../runtime/upstream/transport.js';
import { KEYS, callTool, callToolError, createTestApp, replay, rpc, type TestApp } from './helpers/app.js';

const SLUG = 'matrikkel';
const NAME = 'matrikkel.matrikkel.unit';
const CREDS = { MATRIKKEL_USER: 'test-user', MATRIKKEL_PASSWORD: 'test-pass' };
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('matrikkel') ?? 0;

function watched(transport: Transport = replay()) {
  const requests: OutgoingRequest[] = [];
  const t = createTestApp({ env: CREDS, transport: { send: (req) => (requests.push(req), transport.send(req)) } });
  return { t, requests };
}

describe('matrikkel.matrikkel.unit without credentials', () => {
  it('answers 503 not_configured naming both variables, and calls nothing', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, NAME, { kommunenr: '0301', gnr: 207, bnr: 454 });
    expect(e).toMatchObject({ code: 'not_configured', status: 503, missing: ['MATRIKKEL_USER', 'MATRIKKEL_PASSWORD'] });
    const res = await t.fetch('/api/connectors/matrikkel/matrikkelenheter/0301/207/454', { headers: auth });
    expect(res.status).toBe(503);
    expect((await res.json()).code).toBe('not_configured');
    expect(sent(t)).toBe(0);
  });

  it('is listed as not_configured, saying what it needs', async () => {
    const r = await rpc(createTestApp(), SLUG, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const [tool] = r.body.result.tools;
    expect(tool.name).toBe(NAME);
    expect(tool.description).toMatch(/Needs MATRIKKEL_USER, MATRIKKEL_PASSWORD on the server/);
  });
});

describe('matrikkel.matrikkel.unit with credentials', () => {
  it('finds the unit id, then reads the unit from the StoreService, with HTTP Basic and SOAP 1.1 headers', async () => {
    const { t, requests } = watched();
    const r = await callTool(t, SLUG, NAME, { kommunenr: '0301', gnr: 207, bnr: 454 });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(requests.map((q) => `${q.method} ${q.url}`)).toEqual([
      'POST https://matrikkel.no/matrikkelapi/wsapi/v1/MatrikkelenhetServiceWS',
      'POST https://matrikkel.no/matrikkelapi/wsapi/v1/StoreServiceWS',
    ]);
    for (const q of requests) {
      expect(q.headers.authorization).toBe(`Basic ${Buffer.from('test-user:test-pass').toString('base64')}`);
      expect(q.headers['content-type']).toBe('text/xml; charset=utf-8');
      expect(q.headers.soapaction).toBe('""');
    }
    const find = requests[0].body!;
    expect(find).toContain('<mes:findMatrikkelenhetIdForIdent>');
    expect(find).toContain('<men:kommuneIdent><kom:kommunenummer>0301</kom:kommunenummer></men:kommuneIdent>');
    expect(find).toContain('<men:gardsnummer>207</men:gardsnummer><men:bruksnummer>454</men:bruksnummer><men:festenummer>0</men:festenummer><men:seksjonsnummer>0</men:seksjonsnummer>');
    expect(find).toContain('<dom:koordinatsystemKodeId><dom:value>24</dom:value></dom:koordinatsystemKodeId>');
    expect(requests[1].body).toContain('<sto:id xsi:type="men:MatrikkelenhetId"><dom:value>257734219</dom:value></sto:id>');
    expect(r.data).toEqual({
      matrikkelnummer: '0301-207/454/0/0',
      matrikkelenhetId: '257734219',
      type: 'Grunneiendom',
      bruksnavn: 'Vaterland',
      etableringsdato: '1985-03-12',
      tinglyst: true,
      skyld: 0,
      historiskOppgittArealM2: 1843,
      erSeksjonert: false,
      utgatt: false,
      harKulturminne: true,
      harGrunnforurensing: false,
      antallTeiger: 1,
      antallEierforhold: 2,
      oppdatert: '2023-05-10T14:22:31.000+02:00',
      kilde: { register: 'Matrikkelen (Kartverket)', url: 'https://seeiendom.kartverket.no/eiendom/0301/207/454/0/0' },
    });
  });

  it('sends fnr and snr, and reads a section (Seksjon)', async () => {
    const { t, requests } = watched();
    const r = await callTool(t, SLUG, NAME, { kommunenr: '4601', gnr: 166, bnr: 1033, fnr: 0, snr: 12 });
    expect(requests[0].body).toContain('<men:festenummer>0</men:festenummer><men:seksjonsnummer>12</men:seksjonsnummer>');
    expect(r.data).toMatchObject({ matrikkelnummer: '4601-166/1033/0/12', type: 'Seksjon', tinglyst: true, antallTeiger: 0, antallEierforhold: 1, bruksnavn: null, historiskOppgittArealM2: null });
  });

  it('answers the same through its connector route', async () => {
    const t = createTestApp({ env: CREDS });
    const res = await t.fetch('/api/connectors/matrikkel/matrikkelenheter/0301/207/454', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).type).toBe('Grunneiendom');
  });

  it('answers not_found (404) when the ident has no unit, without asking the store', async () => {
    const { t, requests } = watched();
    const e = await callToolError(t, SLUG, NAME, { kommunenr: '0301', gnr: 99999, bnr: 1 });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    expect(e.message).toContain('0301-99999/1/0/0');
    expect(requests).toHaveLength(1);
  });

  it('reads a FinderException fault (HTTP 500) as not found, without retrying it or blaming the upstream', async () => {
    const t = createTestApp({ env: CREDS });
    const e = await callToolError(t, SLUG, NAME, { kommunenr: '9999', gnr: 1, bnr: 1 });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    expect(e.message).toMatch(/Finner ikke kommune med kommunenummer 9999/);
    expect(sent(t)).toBe(1);
    expect(t.services.upstream.breakerStates().matrikkel).toMatchObject({ consecutiveFailures: 0 });
  });

  it('reports any other SOAP fault as the upstream refusing the request, with its message', async () => {
    const fault = '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><S:Fault><faultcode>S:Server</faultcode><faultstring>Ugyldig matrikkelContext</faultstring><detail><ns2:ServiceException xmlns:ns2="http://matrikkel.statkart.no/matrikkelapi/wsapi/v1/exception"><ns2:category>:ServiceException:ApplicationException:ValidationException:</ns2:category></ns2:ServiceException></detail></S:Fault></S:Body></S:Envelope>';
    const { t, requests } = watched({ send: async () => ({ status: 500, headers: { 'content-type': 'text/xml' }, body: Buffer.from(fault) }) });
    const e = await callToolError(t, SLUG, NAME, { kommunenr: '0301', gnr: 207, bnr: 454 });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502, detailCode: 'soap_fault' });
    expect(e.message).toMatch(/SOAP fault.*Ugyldig matrikkelContext/);
    expect(requests).toHaveLength(1);
  });

  it('reads an HTML page instead of SOAP as refused credentials (not_configured)', async () => {
    const html: Transport = { send: async () => ({ status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from('<!DOCTYPE HTML><html><body>401 Unauthorized</body></html>') }) };
    const { t } = watched(html);
    const e = await callToolError(t, SLUG, NAME, { kommunenr: '0301', gnr: 207, bnr: 454 });
    expect(e).toMatchObject({ code: 'not_configured', detailCode: 'credentials_refused' });
  });

  it('reads an HTTP 401 as refused credentials (not_configured)', async () => {
    const refused: Transport = { send: async () => ({ status: 401, headers: {}, body: Buffer.from('') }) };
    const { t } = watched(refused);
    const e = await callToolError(t, SLUG, NAME, { kommunenr: '0301', gnr: 207, bnr: 454 });
    expect(e.code).toBe('not_configured');
    expect(e.message).toMatch(/rejected the configured credentials/);
  });

  it.each([
    [{ kommunenr: '301', gnr: 1, bnr: 1 }, 'kommunenr', /4 digits/],
    [{ kommunenr: '0301', gnr: 0, bnr: 1 }, 'gnr', /at least 1/],
    [{ kommunenr: '0301', gnr: 1, bnr: 0 }, 'bnr', /at least 1/],
    [{ kommunenr: '0301', gnr: 1.5, bnr: 1 }, 'gnr', /integer/],
    [{ kommunenr: '0301', gnr: 1, bnr: 1, fnr: -1 }, 'fnr', /at least 0/],
    [{ kommunenr: '0301', gnr: 1, bnr: 1, snr: -1 }, 'snr', /at least 0/],
    [{ kommunenr: '0301', bnr: 1 }, 'gnr', /required/],
    [{ gnr: 1, bnr: 1 }, 'kommunenr', /required/],
  ])('refuses %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp({ env: CREDS });
    const e = await callToolError(t, SLUG, NAME, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });
});
