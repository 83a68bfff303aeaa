// The ais server over MCP and its connector routes: ais.positions on BarentsWatch's live AIS
// (recordings: tests/recordings/barentswatch-ais/, the token in tests/recordings/oauth/
// barentswatch-token.json), config.status and ship_types.list (no credentials, no upstream).
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, Transport } from '../runtime/upstream/transport.js';
import { SHIP_TYPES, shipTypeOf } from '../servers/ais/ship-types.js';
import { KEYS, callTool, callToolError, createTestApp, replay, type TestApp } from './helpers/app.js';

const SLUG = 'ais';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const CREDS = { BARENTSWATCH_CLIENT_ID: 'kari@example.no:havnekart', BARENTSWATCH_CLIENT_SECRET: 'test-secret' };
const LATEST = 'https://live.ais.barentswatch.no/v1/latest/combined?modelFormat=Json&modelType=Full';
const sent = (t: TestApp, upstream: string) => t.services.upstream.sent.get(upstream) ?? 0;

/** The recordings, with every request kept for the test to look at. */
function spy(base: Transport = replay()) {
  const seen: OutgoingRequest[] = [];
  return { seen, transport: { send: (req: OutgoingRequest) => (seen.push(req), base.send(req)) } satisfies Transport };
}

/** Credentials and a stand-in base URL whose recordings play a scenario (tests/recordings/barentswatch-ais/). */
const at = (base: string) => ({ ...CREDS, BARENTSWATCH_AIS_BASE_URL: base });

describe('ais.ais.positions', () => {
  const name = 'ais.ais.positions';

  it('answers 503 not_configured without the BarentsWatch client, sending nothing upstream', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { shipType: 'passenger', limit: 3 });
    expect(e).toMatchObject({ code: 'not_configured', status: 503 });
    expect(e.missing).toEqual(['BARENTSWATCH_CLIENT_ID', 'BARENTSWATCH_CLIENT_SECRET']);
    expect(sent(t, 'barentswatch-ais') + sent(t, 'oauth')).toBe(0);
    const res = await t.fetch('/api/connectors/ais/positions', { headers: auth });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
  });

  it('fetches a token with the client-credentials grant (scope ais) and sends it as a bearer token', async () => {
    const { seen, transport } = spy();
    const t = createTestApp({ env: CREDS, transport });
    const r = await callTool(t, SLUG, name, { shipType: 'passenger', limit: 3 });
    expect(r.isError).toBe(false);
    const [token, api] = seen;
    expect(token.method).toBe('POST');
    expect(token.url).toBe('https://id.barentswatch.no/connect/token');
    expect(Object.fromEntries(new URLSearchParams(token.body))).toEqual({ grant_type: 'client_credentials', scope: 'ais' });
    // client_secret_basic: the id (an e-mail and a client name) form-encoded, then Basic.
    const basic = Buffer.from(token.headers.authorization.replace(/^Basic /, ''), 'base64').toString();
    expect(basic).toBe('kari%40example.no%3Ahavnekart:test-secret');
    expect(api.url).toBe(LATEST);
    expect(api.headers.authorization).toBe('Bearer synthetic-barentswatch-token-7f3a');
    expect(seen).toHaveLength(2);
    // The token is kept: a second call asks for no new one.
    await callTool(t, SLUG, name, { shipType: 'cargo' });
    expect(sent(t, 'oauth')).toBe(1);
  });

  it('answers the example: the newest passenger ships, mapped', async () => {
    const t = createTestApp({ env: CREDS });
    const r = await callTool(t, SLUG, name, { shipType: 'passenger', limit: 3 });
    expect(r.data).toMatchObject({ shipType: 'passenger', total: 4, count: 3, limit: 3 });
    expect(r.data.positions.map((p: { name: string }) => p.name)).toEqual(['HIMMELTIND', 'LYSOY', 'LADY ELISABETH']);
    expect(r.data.positions[1]).toEqual({
      mmsi: 257056190,
      name: 'LYSOY',
      callSign: 'LEVT',
      imo: 9822073,
      shipType: 62,
      shipTypeKey: 'passenger',
      time: '2023-02-17T11:38:39+00:00',
      latitude: 60.083027,
      longitude: 5.343123,
      speedKnots: 16.3,
      courseDeg: 200.6,
      headingDeg: 201,
      navStatus: 'under way using engine',
      destination: 'HALHJEM-SVAG',
      eta: '12302300',
      lengthM: 134,
      widthM: 21,
    });
    // Values the ship did not report stay null.
    expect(r.data.positions[2]).toMatchObject({ courseDeg: null, headingDeg: null, destination: null, imo: null });
  });

  it('lists the newest reports first, every type without shipType, capped by limit', async () => {
    const t = createTestApp({ env: CREDS });
    const r = await callTool(t, SLUG, name, { limit: 2 });
    expect(r.data).toMatchObject({ shipType: null, total: 10, count: 2 });
    expect(r.data.positions[0]).toMatchObject({ name: 'STRIDSHOLM', time: '2023-02-17T11:38:40.6375874+00:00', shipTypeKey: 'fishing' });
    const all = await callTool(t, SLUG, name, {});
    expect(all.data).toMatchObject({ total: 10, count: 10, limit: 100 });
    const moored = all.data.positions.find((p: { name: string }) => p.name === 'DUX');
    expect(moored).toMatchObject({ navStatus: 'moored', shipType: 52, shipTypeKey: 'special' });
  });

  it('answers an empty list with a note when no vessel of the type is reporting', async () => {
    const t = createTestApp({ env: CREDS });
    const r = await callTool(t, SLUG, name, { shipType: 'tanker' });
    expect(r.data).toMatchObject({ shipType: 'tanker', total: 0, count: 0, positions: [] });
    expect(r.data.note).toMatch(/No vessel of type tanker \(AIS codes 80-89\)/);
  });

  it('answers through its connector route', async () => {
    const t = createTestApp({ env: CREDS });
    const res = await t.fetch('/api/connectors/ais/positions?shipType=cargo&limit=5', { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.positions.map((p: { name: string }) => p.name)).toEqual(['NORFRAKT']);
  });

  it.each([
    [{ limit: 0 }, 'limit', /at least 1/],
    [{ limit: 501 }, 'limit', /at most 500/],
    [{ limit: 2.5 }, 'limit', /integer/],
    [{ shipType: 'submarine' }, 'shipType', /one of .*"cargo"/],
  ])('refuses %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp({ env: CREDS });
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t, 'barentswatch-ais')).toBe(0);
  });

  it('refuses a limit above 500 on the connector route with a 400 Problem', async () => {
    const t = createTestApp({ env: CREDS });
    const res = await t.fetch('/api/connectors/ais/positions?limit=501', { headers: auth });
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toMatch(/limit/);
  });

  it('answers an empty list with a note when BarentsWatch reports no vessel at all', async () => {
    const t = createTestApp({ env: at('https://ais-empty.test') });
    const r = await callTool(t, SLUG, name, {});
    expect(r.data).toMatchObject({ shipType: null, total: 0, count: 0, positions: [], note: 'BarentsWatch reports no vessel positions now.' });
  });

  it('reports a failing API as upstream_unavailable (502) after its retries', async () => {
    const t = createTestApp({ env: at('https://ais-failing.test') });
    const e = await callToolError(t, SLUG, name, { limit: 1 });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t, 'barentswatch-ais')).toBe(3);
  });

  it('reports a token the API refuses as not_configured (the credentials are wrong), never retrying', async () => {
    const t = createTestApp({ env: at('https://ais-refusing.test') });
    const e = await callToolError(t, SLUG, name, { limit: 1 });
    expect(e).toMatchObject({ code: 'not_configured', status: 503 });
    expect(e.message).toMatch(/rejected the configured credentials/);
    expect(sent(t, 'barentswatch-ais')).toBe(1);
  });
});

describe('ais.config.status', () => {
  const name = 'ais.config.status';

  it('says the connector is not configured, and which variables are missing, without credentials and without calling anything', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, {});
    expect(r.data).toMatchObject({
      status: 'not_configured',
      connector: 'ais',
      configured: false,
      country: 'NO',
      credentials: { required: ['BARENTSWATCH_CLIENT_ID', 'BARENTSWATCH_CLIENT_SECRET'], missing: ['BARENTSWATCH_CLIENT_ID', 'BARENTSWATCH_CLIENT_SECRET'], tokenUrl: 'https://id.barentswatch.no/connect/token', scope: 'ais' },
      shipTypes: 12,
    });
    expect(r.data.endpoints).toEqual([
      'http://127.0.0.1:8787/api/connectors/ais/positions',
      'http://127.0.0.1:8787/api/connectors/ais/config/status',
      'http://127.0.0.1:8787/api/connectors/ais/ship-types',
    ]);
    expect(r.data.note).toMatch(/answers 503 not_configured/);
    expect(sent(t, 'barentswatch-ais') + sent(t, 'oauth')).toBe(0);
  });

  it('says it is active once both variables are set, and names only what is missing when one is', async () => {
    const ok = await callTool(createTestApp({ env: CREDS }), SLUG, name, {});
    expect(ok.data).toMatchObject({ status: 'active', configured: true, credentials: { missing: [] } });
    const half = await callTool(createTestApp({ env: { BARENTSWATCH_CLIENT_ID: CREDS.BARENTSWATCH_CLIENT_ID } }), SLUG, name, {});
    expect(half.data).toMatchObject({ status: 'not_configured', configured: false, credentials: { missing: ['BARENTSWATCH_CLIENT_SECRET'] } });
  });
});

describe('ais.ship_types.list', () => {
  it('lists the 12 ship types with their AIS codes and its source, without credentials', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, 'ais.ship_types.list', {});
    expect(r.data.count).toBe(12);
    expect(r.data.types.map((x: { key: string }) => x.key)).toEqual([
      'wig', 'fishing', 'towing', 'dredging-diving', 'military', 'sailing-pleasure', 'high-speed', 'special', 'passenger', 'cargo', 'tanker', 'other',
    ]);
    expect(r.data.types.find((x: { key: string }) => x.key === 'cargo')).toMatchObject({ name: 'Cargo', codes: '70-79' });
    expect(r.data.types.find((x: { key: string }) => x.key === 'fishing')).toMatchObject({ codes: '30' });
    expect(r.data.source).toMatch(/ITU-R M\.1371-5.*developer\.barentswatch\.no/);
  });

  it('places every AIS type code in exactly one type, except not available (0) and the reserved codes', () => {
    for (let code = 0; code <= 99; code += 1) {
      const holders = SHIP_TYPES.filter((x) => code >= x.from && code <= x.to);
      if (code < 20 || code === 38 || code === 39) expect(holders, String(code)).toHaveLength(0);
      else expect(holders, String(code)).toHaveLength(1);
    }
    expect(shipTypeOf(52)?.key).toBe('special');
    expect(shipTypeOf(null)).toBeUndefined();
  });
});
