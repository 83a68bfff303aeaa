// The hpr server: hpr.hpr.oppslag on recordings of Helsepersonellregisteret's public API
// (tests/recordings/nhn-hpr/) and of Maskinporten's token endpoint (tests/recordings/maskinporten/):
// not_configured without Maskinporten credentials (nothing sent), the token for scope nhn:hpr/basic
// sent as a bearer token, the mapping, not found, an upstream failure, the bounds of hprNummer, and
// that no identity number or birth date ever leaves the tool.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, Transport } from '../runtime/upstream/transport.js';
import { KEYS, callTool, callToolError, createTestApp, replay, rpc } from './helpers/app.js';

const { privateKey: KEY } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
const ENV = { MASKINPORTEN_CLIENT_ID: 'hpr-client-7', MASKINPORTEN_KEY: KEY, MASKINPORTEN_KID: 'kid-hpr' };
const SLUG = 'hpr';
const TOOL = 'hpr.hpr.oppslag';
const auth = { headers: { authorization: `Bearer ${KEYS.pro}` } };

/** The recordings, every request kept for a look at its headers and body. */
function watching(change?: (req: OutgoingRequest, body: Buffer) => Buffer): Transport & { seen: OutgoingRequest[] } {
  const seen: OutgoingRequest[] = [];
  return {
    seen,
    send: async (req) => {
      seen.push(req);
      const res = await replay().send(req);
      return change ? { ...res, body: change(req, res.body) } : res;
    },
  };
}

describe('without Maskinporten credentials', () => {
  it('is listed as not_configured, saying what to set', async () => {
    const t = createTestApp();
    const r = await rpc(t, SLUG, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = r.body.result.tools as Array<{ name: string; description: string; inputSchema: any }>;
    expect(tools.map((x) => x.name)).toEqual([TOOL]);
    expect(tools[0].description).toMatch(/Needs MASKINPORTEN_CLIENT_ID, MASKINPORTEN_KEY on the server; without them the tool answers 503 not_configured\.$/);
    expect(tools[0].inputSchema).toMatchObject({ required: ['hprNummer'], properties: { hprNummer: { pattern: '^\\d{6,9}$' } } });
    expect(t.services.registry.server(SLUG)!.tools[0].status).toBe('not_configured');
  });

  it('answers 503 not_configured (MCP and REST) and sends nothing', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, TOOL, { hprNummer: '100000001' });
    expect(e).toMatchObject({ code: 'not_configured', status: 503, missing: ['MASKINPORTEN_CLIENT_ID', 'MASKINPORTEN_KEY'] });
    const res = await t.fetch('/api/connectors/hpr/personer/100000001', auth);
    expect(res.status).toBe(503);
    expect(t.services.upstream.sent.get('nhn-hpr')).toBeUndefined();
    expect(t.services.upstream.sent.get('maskinporten')).toBeUndefined();
  });
});

describe('with Maskinporten credentials', () => {
  it('asks Maskinporten for nhn:hpr/basic and sends the token as a bearer token', async () => {
    const transport = watching();
    const t = createTestApp({ env: ENV, transport });
    const r = await callTool(t, SLUG, TOOL, { hprNummer: '100000001' });
    expect(r.isError).toBe(false);
    const token = transport.seen.find((x) => x.url === 'https://maskinporten.no/token')!;
    const assertion = new URLSearchParams(token.body).get('assertion')!;
    const claims = JSON.parse(Buffer.from(assertion.split('.')[1], 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ scope: 'nhn:hpr/basic', iss: 'hpr-client-7', aud: 'https://maskinporten.no/' });
    const call = transport.seen.find((x) => x.url === 'https://api.offentlig.hpr.nhn.no/v1/personer/100000001')!;
    expect(call.headers.authorization).toBe('Bearer synthetic-mp-prod-token-7c1d');
  });

  it('answers the professional with every approval mapped', async () => {
    const r = await callTool(createTestApp({ env: ENV }), SLUG, TOOL, { hprNummer: '100000001' });
    expect(r.data).toMatchObject({ hprNummer: '100000001', navn: 'Kari Testlege', fornavn: 'Kari', mellomnavn: null, etternavn: 'Testlege', erstattetAvHprNummer: null, sistOppdatert: '2026-10-02T08:14:55' });
    expect(r.data.kilde).toEqual({ register: 'Helsepersonellregisteret (Helsedirektoratet)', url: 'https://register.helsedirektoratet.no/hpr' });
    expect(r.data.godkjenninger).toEqual([
      {
        helsepersonellkategori: { kode: 'LE', navn: 'Lege' },
        autorisasjon: { kode: '1', navn: 'Autorisasjon' },
        fra: '2009-07-01',
        til: '2074-03-14',
        avsluttet: null,
        godkjentTurnusDato: '2010-09-01',
        spesialiteter: [{ kode: '1', navn: 'Allmennmedisin', fra: '2016-05-20', til: '2074-03-14', avsluttet: null }],
        tilleggskompetanser: [],
        rekvisisjonsretter: [{ kode: '1', navn: 'Full rekvisisjonsrett', fra: '2009-07-01', til: '2074-03-14', avsluttet: null }],
        vilkar: [],
      },
      {
        helsepersonellkategori: { kode: 'SP', navn: 'Sykepleier' },
        autorisasjon: { kode: '1', navn: 'Autorisasjon' },
        fra: '2003-06-20',
        til: '2074-03-14',
        avsluttet: null,
        godkjentTurnusDato: null,
        spesialiteter: [],
        tilleggskompetanser: [],
        rekvisisjonsretter: [],
        vilkar: [],
      },
    ]);
  });

  it('never passes on an identity number, birth date or date of death, even when the API sends them', async () => {
    const transport = watching((req, body) => {
      if (!req.url.includes('/v1/personer/')) return body;
      const json = JSON.parse(body.toString('utf8'));
      json.person = { ...json.person, nin: '01017012345', fødselsdato: '1970-01-01', dødsdato: null, manglerNin: false };
      return Buffer.from(JSON.stringify(json));
    });
    const r = await callTool(createTestApp({ env: ENV, transport }), SLUG, TOOL, { hprNummer: '100000001' });
    const text = JSON.stringify(r.data);
    expect(text).not.toContain('01017012345');
    expect(text).not.toContain('1970-01-01');
    expect(text).not.toMatch(/"nin"|fødselsdato|dødsdato/);
  });

  it('answers not_found for a number the register does not hold (MCP 404 and REST 404)', async () => {
    const t = createTestApp({ env: ENV });
    const e = await callToolError(t, SLUG, TOOL, { hprNummer: '100000002' });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    expect(e.message).toBe('Helsepersonellregisteret has no health professional with HPR number 100000002');
    const res = await t.fetch('/api/connectors/hpr/personer/100000002', auth);
    expect(res.status).toBe(404);
  });

  it('answers 502 when the register fails', async () => {
    const e = await callToolError(createTestApp({ env: ENV }), SLUG, TOOL, { hprNummer: '100000003' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(e.message).toBe('Helsepersonellregisteret (Norsk helsenett) answered HTTP 500');
  });

  it('answers on the connector route and takes the number as a JSON number', async () => {
    const t = createTestApp({ env: ENV });
    const res = await t.fetch('/api/connectors/hpr/personer/100000001', auth);
    expect(res.status).toBe(200);
    expect((await res.json()).navn).toBe('Kari Testlege');
    expect((await callTool(t, SLUG, TOOL, { hprNummer: 100000001 })).data.hprNummer).toBe('100000001');
  });

  it.each(['12345', '1234567890', '12a4567', ''])('refuses hprNummer %j, naming the field and its bound', async (hprNummer) => {
    const t = createTestApp({ env: ENV });
    const e = await callToolError(t, SLUG, TOOL, { hprNummer });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain('hprNummer: must be an HPR number of 6 to 9 digits');
    expect(t.services.upstream.sent.get('nhn-hpr')).toBeUndefined();
  });

  it('refuses a missing hprNummer', async () => {
    const e = await callToolError(createTestApp({ env: ENV }), SLUG, TOOL, {});
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain('hprNummer');
  });
});
