// The altinn-systembruker server: systembruker.lookup, .ii_cutoff and .systemuser_health, over MCP
// and the connector routes, on recordings of Altinn 3's vendor APIs (tests/recordings/altinn/) and
// Maskinporten's token endpoints (tests/recordings/maskinporten/). The clock is pinned to
// 2026-11-22T12:00:00Z, after the Altinn II cutoff.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { statusOf } from '../servers/altinn-systembruker/systemuser.js';
import { KEYS, callTool, createTestApp, rpc } from './helpers/app.js';

const { privateKey: KEY } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
// Altinn tt02 (the default) takes tokens from test Maskinporten.
const ENV = { MASKINPORTEN_CLIENT_ID: 'altinn-client-SECRET-5c', MASKINPORTEN_KEY: KEY, MASKINPORTEN_KID: 'kid-1', MASKINPORTEN_ENV: 'test' };
const SLUG = 'altinn-systembruker';
const auth = { headers: { authorization: `Bearer ${KEYS.pro}` } };
const TT02 = 'https://platform.tt02.altinn.no/authentication/api/v1';

const configured = (extra: Record<string, string> = {}) => createTestApp({ env: { ...ENV, ...extra } });
const call = (name: string, args: unknown, t = configured()) => callTool(t, SLUG, name, args);
const lookup = (args: unknown, t = configured()) => call('systembruker.lookup', args, t);

async function expectInvalid(args: unknown, ...parts: string[]) {
  const r = await lookup(args);
  expect(r.isError).toBe(true);
  expect(r.data.error.code).toBe('invalid_input');
  for (const part of parts) expect(r.data.error.message).toContain(part);
}

describe('tools/list', () => {
  it('lists the three tools of spec 4.2 with the patterns of lookup', async () => {
    const r = await rpc(createTestApp(), SLUG, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = r.body.result.tools as Array<{ name: string; description: string; inputSchema: any }>;
    expect(tools.map((t) => t.name)).toEqual(['systembruker.lookup', 'systembruker.ii_cutoff', 'systembruker.systemuser_health']);
    const s = tools[0].inputSchema;
    expect(s.required).toEqual(['systemId', 'orgnr']);
    expect(s.properties.systemId.pattern).toBe('^[A-Za-z0-9._-]{3,128}$');
    expect(s.properties.externalRef.pattern).toBe('^[A-Za-z0-9._:-]{1,128}$');
    expect(s.properties.orgnr.pattern).toBe('^\\d{9}$');
    expect(tools[0].description).toContain('without them the tool answers a structured not_configured status');
  });
});

describe('systembruker.lookup', () => {
  it('answers an approved system user: active, with id, access packages and timestamps', async () => {
    const t = configured();
    const r = await lookup({ systemId: '991825827_smartcloud', orgnr: '314248295', externalRef: '0.abc123xyz' }, t);
    expect(r.isError).toBe(false);
    expect(r.data).toEqual({
      systemUserId: 'b93107d3-da30-4b7a-a8ae-9b0cac079fd2',
      orgnr: '314248295',
      systemId: '991825827_smartcloud',
      status: 'active',
      externalRef: '0.abc123xyz',
      accessPackages: ['urn:altinn:accesspackage:skattegrunnlag'],
      rights: ['ske-krav-og-betalinger'],
      userType: 'standard',
      integrationTitle: 'SmartCloud for Skatt',
      supplier: { name: 'SmartCloud AS', orgnr: '991825827' },
      timestamps: { systemUserCreated: '2026-05-21T13:35:24.161Z', requestCreated: '2026-05-21T13:30:02.512Z' },
      request: {
        id: '3c2a8f1e-7b6d-4e5c-9a8b-0f1e2d3c4b5a',
        status: 'Accepted',
        confirmUrl: 'https://am.ui.tt02.altinn.no/accessmanagement/ui/systemuser/request?id=3c2a8f1e-7b6d-4e5c-9a8b-0f1e2d3c4b5a',
      },
      environment: 'tt02',
    });
    // One test-Maskinporten token for both Altinn calls.
    expect(t.services.upstream.sent.get('maskinporten')).toBe(1);
    expect(t.services.upstream.sent.get('altinn')).toBe(2);
  });

  it('pending: a request the organisation has not answered (external reference defaults to orgnr)', async () => {
    const r = await lookup({ systemId: '991825827_smartcloud', orgnr: '313775429' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ systemUserId: null, orgnr: '313775429', status: 'pending', externalRef: '313775429', accessPackages: [], rights: ['kravogbetaling'] });
    expect(r.data.request).toMatchObject({ status: 'New', confirmUrl: expect.stringContaining('systemuser/request?id=a739f996') });
  });

  it('expired, rejected and revoked', async () => {
    const expired = await lookup({ systemId: '991825827_smartcloud', orgnr: '314048431' });
    expect(expired.data).toMatchObject({ status: 'expired', systemUserId: null, request: { status: 'Timedout' } });
    const rejected = await lookup({ systemId: '991825827_smartcloud', orgnr: '310816191' });
    expect(rejected.data).toMatchObject({ status: 'rejected', request: { status: 'Rejected' } });
    const revoked = await lookup({ systemId: '991825827_smartcloud', orgnr: '311863940' });
    expect(revoked.data).toMatchObject({ status: 'revoked', systemUserId: '5e4d3c2b-1a09-4f8e-b7d6-c5b4a3928170', timestamps: { systemUserCreated: '2025-12-02T09:11:43.020Z' } });
  });

  it('finds a client-system (agent) request and its access packages', async () => {
    const r = await lookup({ systemId: '991825827_dhana_ap', orgnr: '314250052', externalRef: 'at22_dhana_3103_02' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({
      status: 'pending',
      userType: 'agent',
      externalRef: 'at22_dhana_3103_02',
      accessPackages: ['urn:altinn:accesspackage:regnskapsforer-med-signeringsrettighet'],
    });
  });

  it('answers not_found when Altinn has neither a system user nor a request', async () => {
    const r = await lookup({ systemId: '991825827_smartcloud', orgnr: '923609016' });
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({ code: 'not_found', status: 404 });
    expect(r.data.error.message).toContain('system 991825827_smartcloud and organisation 923609016');
  });

  it('an upstream failure is retried twice and answers upstream_unavailable', async () => {
    const t = configured();
    const r = await lookup({ systemId: '991825827_smartcloud', orgnr: '315452430' }, t);
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(t.services.upstream.sent.get('altinn')).toBe(4); // byquery 3 attempts, request 1
  });

  it('ALTINN_ENV=prod calls production Altinn with a production token', async () => {
    const t = configured({ ALTINN_ENV: 'prod', MASKINPORTEN_ENV: 'prod' });
    const r = await lookup({ systemId: '991825827_smartcloud', orgnr: '314248295', externalRef: '0.abc123xyz' }, t);
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ systemUserId: 'e2f1c0b9-a8d7-4c6b-95a4-938271605f4e', status: 'active', environment: 'prod' });
    expect(t.services.upstream.sent.get('altinn-prod')).toBe(2);
    expect(t.services.upstream.sent.get('altinn')).toBeUndefined();
  });

  it('checks systemId, orgnr and externalRef against the spec patterns', async () => {
    await expectInvalid({ orgnr: '314248295' }, 'systemId: is required');
    await expectInvalid({ systemId: '991825827_smartcloud' }, 'orgnr: is required');
    await expectInvalid({ systemId: 'ab', orgnr: '314248295' }, 'systemId: must be 3-128 characters');
    await expectInvalid({ systemId: 'a'.repeat(129), orgnr: '314248295' }, 'systemId: must be 3-128 characters');
    await expectInvalid({ systemId: 'smart cloud', orgnr: '314248295' }, 'systemId: must be 3-128 characters of letters, digits');
    await expectInvalid({ systemId: 'smart:cloud', orgnr: '314248295' }, 'systemId');
    await expectInvalid({ systemId: '991825827_smartcloud', orgnr: '31424829' }, 'orgnr: must be exactly 9 digits');
    await expectInvalid({ systemId: '991825827_smartcloud', orgnr: '314248295', externalRef: '' }, 'externalRef: must be 1-128 characters');
    await expectInvalid({ systemId: '991825827_smartcloud', orgnr: '314248295', externalRef: 'x'.repeat(129) }, 'externalRef: must be 1-128 characters');
    await expectInvalid({ systemId: '991825827_smartcloud', orgnr: '314248295', externalRef: 'a/b' }, 'externalRef');
    // Accepted at the bounds (answered from recordings or not_found, never invalid_input).
    const ok = await lookup({ systemId: 'abc', orgnr: '923609016', externalRef: 'a' }, createTestApp());
    expect(ok.isError).toBe(false);
  });

  it('without a token answers a structured not_configured status with success, calling nothing', async () => {
    const t = createTestApp();
    const r = await lookup({ systemId: '991825827_smartcloud', orgnr: '314248295', externalRef: '0.abc123xyz' }, t);
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({
      status: 'not_configured',
      configured: false,
      systemUserId: null,
      orgnr: '314248295',
      systemId: '991825827_smartcloud',
      externalRef: '0.abc123xyz',
      accessPackages: [],
      missing: ['MASKINPORTEN_CLIENT_ID', 'MASKINPORTEN_KEY'],
      environment: 'tt02',
    });
    expect(r.data.message).toContain('set MASKINPORTEN_CLIENT_ID and MASKINPORTEN_KEY');
    expect(t.services.upstream.sent.size).toBe(0);
    const res = await t.fetch('/api/connectors/altinn-systembruker/lookup?systemId=991825827_smartcloud&orgnr=314248295', auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'not_configured', missing: ['MASKINPORTEN_CLIENT_ID', 'MASKINPORTEN_KEY'] });
  });

  it('still validates input when not configured', async () => {
    const r = await lookup({ systemId: 'x', orgnr: '314248295' }, createTestApp());
    expect(r.isError).toBe(true);
    expect(r.data.error.code).toBe('invalid_input');
  });

  it('a rejected Maskinporten credential is a not_configured error, without the token answer', async () => {
    const t = configured({ MASKINPORTEN_BASE_URL: 'https://maskinporten-proxy.example.test' });
    const r = await lookup({ systemId: '991825827_smartcloud', orgnr: '314248295', externalRef: '0.abc123xyz' }, t);
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({ code: 'not_configured', detailCode: 'credentials_rejected' });
    expect(JSON.stringify(r.data)).not.toContain('invalid_grant');
    expect(t.services.upstream.sent.get('altinn')).toBeUndefined();
  });

  it('maps every request status', () => {
    const req = (status: string) => ({ id: 'r', status });
    expect(statusOf(null, req('New'))).toBe('pending');
    expect(statusOf(null, req('Accepted'))).toBe('revoked');
    expect(statusOf(null, req('Rejected'))).toBe('rejected');
    expect(statusOf(null, req('denied'))).toBe('rejected');
    expect(statusOf(null, req('Timedout'))).toBe('expired');
    expect(statusOf(null, req('SomethingNew'))).toBe('pending');
    expect(statusOf({ id: 'u', isDeleted: false }, req('Rejected'))).toBe('active');
    expect(statusOf({ id: 'u', isDeleted: true }, null)).toBe('revoked');
    expect(statusOf(null, null)).toBeNull();
  });
});

describe('systembruker.ii_cutoff', () => {
  it('after the cutoff: passed, 0 days remaining (clock pinned to 2026-11-22T12:00:00Z)', async () => {
    const r = await call('systembruker.ii_cutoff', {}, createTestApp());
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ cutoffIso: '2026-06-19T00:00:00Z', daysRemaining: 0, passed: true, daysSinceCutoff: 156, now: '2026-11-22T12:00:00.000Z' });
    // Its source has the one { register, url } shape of every tool's kilde/source (issue 12 §2).
    expect(r.data.source).toEqual({ register: 'Digitaliseringsdirektoratet (samarbeid.digdir.no)', url: expect.stringMatching(/^https:\/\/samarbeid\.digdir\.no\/altinn\//) });
  });

  it('before the cutoff: days remaining rounded up, not passed; passed from the cutoff instant', async () => {
    const at = async (now: string) => (await call('systembruker.ii_cutoff', {}, createTestApp({ env: { FIXED_NOW: now } }))).data;
    expect(await at('2026-01-01T00:00:00Z')).toMatchObject({ daysRemaining: 169, passed: false, daysSinceCutoff: 0 });
    expect(await at('2026-06-18T12:00:00Z')).toMatchObject({ daysRemaining: 1, passed: false });
    expect(await at('2026-06-19T00:00:00Z')).toMatchObject({ daysRemaining: 0, passed: true, daysSinceCutoff: 0 });
  });

  it('answers on its connector route without credentials', async () => {
    const res = await createTestApp().fetch('/api/connectors/altinn-systembruker/ii-cutoff', auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ cutoffIso: '2026-06-19T00:00:00Z', passed: true });
  });
});

describe('systembruker.systemuser_health', () => {
  it('without a token: stub mode, tt02, the missing names, endpoints, and the environment mismatch warning', async () => {
    const t = createTestApp();
    const r = await call('systembruker.systemuser_health', {}, t);
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({
      status: 'degraded',
      token: { configured: false, mode: 'stub', missing: ['MASKINPORTEN_CLIENT_ID', 'MASKINPORTEN_KEY'], maskinportenEnvironment: 'prod' },
      environment: 'tt02',
      daysRemaining: 0,
      iiCutoff: { cutoffIso: '2026-06-19T00:00:00Z', daysRemaining: 0, passed: true },
      endpoints: {
        systemUser: `${TT02}/systemuser/vendor/byquery`,
        request: `${TT02}/systemuser/request/vendor/byexternalref/{systemId}/{orgnr}/{externalRef}`,
        agentRequest: `${TT02}/systemuser/request/vendor/agent/byexternalref/{systemId}/{orgnr}/{externalRef}`,
        token: 'https://maskinporten.no/token',
      },
      upstream: { id: 'altinn', breaker: { state: 'closed' }, mode: 'replay' },
    });
    expect(r.data.warnings).toEqual(['Altinn tt02 accepts tokens from test Maskinporten; MASKINPORTEN_ENV is prod.']);
    expect(t.services.upstream.sent.size).toBe(0);
  });

  it('with a token and matching environments: live and ok, no secret shown', async () => {
    const r = await call('systembruker.systemuser_health', {});
    expect(r.data).toMatchObject({ status: 'ok', token: { configured: true, mode: 'live', missing: [], maskinportenEnvironment: 'test' }, environment: 'tt02', warnings: [] });
    expect(r.data.endpoints.token).toBe('https://test.maskinporten.no/token');
    const text = JSON.stringify(r.data);
    expect(text).not.toContain(ENV.MASKINPORTEN_CLIENT_ID);
    expect(text).not.toContain('PRIVATE KEY');
  });

  it('prod, a base-URL override, and an unknown ALTINN_ENV', async () => {
    const prod = await call('systembruker.systemuser_health', {}, configured({ ALTINN_ENV: 'prod', MASKINPORTEN_ENV: 'prod' }));
    expect(prod.data).toMatchObject({ status: 'ok', environment: 'prod', upstream: { id: 'altinn-prod' } });
    expect(prod.data.endpoints.systemUser).toBe('https://platform.altinn.no/authentication/api/v1/systemuser/vendor/byquery');
    const mirror = await call('systembruker.systemuser_health', {}, configured({ ALTINN_BASE_URL: 'http://127.0.0.1:9999/altinn/' }));
    expect(mirror.data.endpoints.systemUser).toBe('http://127.0.0.1:9999/altinn/systemuser/vendor/byquery');
    const odd = await call('systembruker.systemuser_health', {}, configured({ ALTINN_ENV: 'at22' }));
    expect(odd.data).toMatchObject({ status: 'degraded', environment: 'tt02' });
    expect(odd.data.warnings).toEqual(['ALTINN_ENV="at22" is neither tt02 nor prod; tt02 is used.']);
  });
});
