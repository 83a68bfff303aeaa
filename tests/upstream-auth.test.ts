// The token schemes of the upstream layer (runtime/upstream/tokens.ts): Maskinporten JWT grants
// and OAuth 2 client credentials, against the recorded token endpoints of
// tests/recordings/maskinporten/ and tests/recordings/oauth/: the grant's content, one token fetch
// for many calls, refresh after expiry on a controlled clock, concurrent calls sharing one fetch,
// per-scope (and per-claims) caching, rejected credentials, and no credential in any error or
// recording. Also the `matchBody: false` recordings that token requests need.
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolError } from '../runtime/errors.js';
import { UPSTREAMS } from './helpers/upstreams.js';
import { UpstreamClient } from '../runtime/upstream/client.js';
import { RecordingMiss, RecordingTransport, ReplayTransport, type RecordingFile } from '../runtime/upstream/recordings.js';
import type { OutgoingRequest, RawResponse, Transport } from '../runtime/upstream/transport.js';
import { clock, credentials, FakeTransport, json, rejection } from './helpers/upstream-fakes.js';
import { takeReplayMisses } from './setup.js';

const { privateKey: KEY_PEM, publicKey: PUBLIC_PEM } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const PUBLIC_KEY = createPublicKey(PUBLIC_PEM);

const MP = {
  MASKINPORTEN_CLIENT_ID: 'mp-client-SECRET-e9f0',
  MASKINPORTEN_KEY: KEY_PEM,
  MASKINPORTEN_KID: 'kid-SECRET-2026',
  SKATTEETATEN_RETTIGHETSPAKKE: 'kredittopplysning',
};
const BV = { BOLAGSVERKET_CLIENT_ID: 'bv-client-SECRET-11aa', BOLAGSVERKET_CLIENT_SECRET: 'bv:secret SECRET&77' };
const SECRETS = [MP.MASKINPORTEN_CLIENT_ID, MP.MASKINPORTEN_KID, BV.BOLAGSVERKET_CLIENT_ID, BV.BOLAGSVERKET_CLIENT_SECRET, 'PRIVATE KEY', KEY_PEM.split('\n')[1]];

const SK = 'https://aksjonaerivirksomhet.api.skatteetaten.no/v1/kredittopplysning/aksjonaerer';
const BV_API = 'https://gw.api.bolagsverket.se/vardefulla-datamangder/v1';
const BV_TOKEN = 'https://portal.api.bolagsverket.se/oauth2/token';

/** Passes every request to `inner`, keeping them; token answers can be held back a moment. */
class Spy implements Transport {
  readonly requests: OutgoingRequest[] = [];
  constructor(
    private readonly inner: Transport,
    private readonly tokenDelayMs = 0,
  ) {}
  async send(req: OutgoingRequest): Promise<RawResponse> {
    this.requests.push(req);
    if (this.tokenDelayMs > 0 && req.body?.includes('grant_type')) await new Promise((r) => setTimeout(r, this.tokenDelayMs));
    return this.inner.send(req);
  }
  tokenRequests() {
    return this.requests.filter((r) => r.body?.includes('grant_type'));
  }
}

/** The recorded token endpoints and Skatteetaten answers, plus scaffold answers of Bolagsverket's API. */
function recorded(): ReplayTransport {
  const replay = new ReplayTransport(['tests/recordings/maskinporten', 'tests/recordings/oauth', 'tests/recordings/skatteetaten-aksjonaer', 'tests/recordings/altinn']);
  for (let i = 0; i < 10; i += 1) {
    replay.add({ source: 'test scaffold', request: { method: 'GET', url: `${BV_API}/isalive?n=${i}` }, response: { status: 200, json: { ok: i } } });
  }
  return replay;
}

function setup(creds: Record<string, string | undefined>, options: { tokenDelayMs?: number; transport?: Transport } = {}) {
  const c = clock();
  const transport = new Spy(options.transport ?? recorded(), options.tokenDelayMs);
  const client = new UpstreamClient({ transport, upstreams: UPSTREAMS, credentials: credentials(creds), userAgent: 'auth-test/1', retryBaseMs: 1, now: c.now });
  return { client, transport, clock: c };
}

const aksjonaer = (client: UpstreamClient, orgnr: string, kalenderaar?: number) =>
  client.request({ upstream: 'skatteetaten-aksjonaer', path: '/{p}/aksjonaerer/{orgnr}', params: { p: 'kredittopplysning', orgnr }, query: { kalenderaar }, notFound: 'null' });
const isalive = (client: UpstreamClient, n: number) => client.request({ upstream: 'bolagsverket', path: '/isalive', query: { n } });

function form(req: OutgoingRequest): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(req.body));
}

function expectNoSecret(text: string) {
  for (const s of SECRETS) expect(text).not.toContain(s);
  expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]+\./); // no JWT (assertion)
  expect(text).not.toContain('synthetic-mp-');
  expect(text).not.toContain('synthetic-bv-');
}

describe('Maskinporten JWT grant', () => {
  it('posts a signed grant with aud, iss, scope, iat, exp ≤ 120 s, jti and kid to <issuer>/token', async () => {
    const { client, transport } = setup(MP);
    await aksjonaer(client, '313136841', 2022);
    const [tokenReq] = transport.tokenRequests();
    expect(tokenReq.method).toBe('POST');
    expect(tokenReq.url).toBe('https://maskinporten.no/token');
    expect(tokenReq.upstreamId).toBe('maskinporten');
    expect(tokenReq.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.keys(tokenReq.headers).map((h) => h.toLowerCase())).not.toContain('authorization');
    const body = form(tokenReq);
    expect(Object.keys(body).sort()).toEqual(['assertion', 'grant_type']);
    expect(body.grant_type).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(decodeProtectedHeader(body.assertion)).toEqual({ alg: 'RS256', kid: MP.MASKINPORTEN_KID });
    const { payload } = await jwtVerify(body.assertion, PUBLIC_KEY, { audience: 'https://maskinporten.no/', issuer: MP.MASKINPORTEN_CLIENT_ID, currentDate: new Date('2026-11-22T12:00:30Z') });
    expect(payload.scope).toBe('skatteetaten:aksjonaer');
    expect(payload.iat).toBe(Date.parse('2026-11-22T12:00:00Z') / 1000);
    expect(payload.exp! - payload.iat!).toBe(120);
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.keys(payload).sort()).toEqual(['aud', 'exp', 'iat', 'iss', 'jti', 'scope']);
  });

  it('sends the token as a bearer header on the API call', async () => {
    const { client, transport } = setup(MP);
    const r = await aksjonaer(client, '313136841', 2022);
    expect(r.status).toBe(200);
    const api = transport.requests.find((x) => x.upstreamId === 'skatteetaten-aksjonaer')!;
    expect(api.headers.authorization).toBe('Bearer synthetic-mp-prod-token-7c1d');
  });

  it('omits kid when MASKINPORTEN_KID is not set, and takes the test issuer from MASKINPORTEN_ENV=test', async () => {
    const { client, transport } = setup({ ...MP, MASKINPORTEN_KID: undefined, MASKINPORTEN_ENV: 'test' });
    await client.request({ upstream: 'altinn', path: '/systemuser/vendor/byquery', query: { 'system-id': '991825827_smartcloud', orgno: '314248295', 'external-ref': '0.abc123xyz' } });
    const [tokenReq] = transport.tokenRequests();
    expect(tokenReq.url).toBe('https://test.maskinporten.no/token');
    const { assertion } = form(tokenReq);
    expect(decodeProtectedHeader(assertion)).toEqual({ alg: 'RS256' });
    const { payload } = await jwtVerify(assertion, PUBLIC_KEY, { audience: 'https://test.maskinporten.no/', currentDate: new Date('2026-11-22T12:00:30Z') });
    expect(payload.scope).toBe('altinn:authentication/systemuser.request.read altinn:authentication/systemuser.request.write');
    const api = transport.requests.find((x) => x.upstreamId === 'altinn')!;
    expect(api.headers.authorization).toBe('Bearer synthetic-mp-test-token-42aa');
  });

  it('MASKINPORTEN_BASE_URL moves the host the grant is posted to, not its audience', async () => {
    const { client, transport } = setup({ ...MP, MASKINPORTEN_BASE_URL: 'https://maskinporten-proxy.example.test/' });
    await rejection(aksjonaer(client, '313136841', 2022));
    const [tokenReq] = transport.tokenRequests();
    expect(tokenReq.url).toBe('https://maskinporten-proxy.example.test/token');
    const { payload } = await jwtVerify(form(tokenReq).assertion, PUBLIC_KEY, { currentDate: new Date('2026-11-22T12:00:30Z') });
    expect(payload.aud).toBe('https://maskinporten.no/');
  });

  it('fetches one token for many calls', async () => {
    const { client } = setup(MP);
    await aksjonaer(client, '313136841', 2022);
    await aksjonaer(client, '313136841');
    await aksjonaer(client, '310350842', 2024);
    await aksjonaer(client, '313136841', 2021);
    expect(client.sent.get('skatteetaten-aksjonaer')).toBe(4);
    expect(client.sent.get('maskinporten')).toBe(1);
    expect(client.tokens.fetches).toBe(1);
  });

  it('refreshes the token shortly before expires_in runs out (119 s: reused for 89 s), with a new grant', async () => {
    const { client, transport, clock: c } = setup(MP);
    await aksjonaer(client, '313136841', 2022);
    c.advance(80_000);
    await aksjonaer(client, '313136841');
    expect(client.sent.get('maskinporten')).toBe(1);
    c.advance(10_000);
    await aksjonaer(client, '310350842', 2024);
    expect(client.sent.get('maskinporten')).toBe(2);
    const [first, second] = transport.tokenRequests().map((r) => form(r).assertion);
    const a = (await jwtVerify(first, PUBLIC_KEY, { currentDate: new Date('2026-11-22T12:00:30Z') })).payload;
    const b = (await jwtVerify(second, PUBLIC_KEY, { currentDate: new Date('2026-11-22T12:02:00Z') })).payload;
    expect(b.jti).not.toBe(a.jti);
    expect(b.iat! - a.iat!).toBe(90);
  });

  it('concurrent calls share one token fetch', async () => {
    const { client } = setup(MP, { tokenDelayMs: 20 });
    const calls = [aksjonaer(client, '313136841', 2022), aksjonaer(client, '313136841'), aksjonaer(client, '310350842', 2024), aksjonaer(client, '313136841', 2021)];
    const results = await Promise.all(calls);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 404]);
    expect(client.sent.get('maskinporten')).toBe(1);
  });

  it('caches a token per scope: two upstreams with different scopes fetch two tokens, once each', async () => {
    const { client, transport } = setup(MP);
    const altinn = () =>
      client.request({ upstream: 'altinn', path: '/systemuser/vendor/byquery', query: { 'system-id': '991825827_smartcloud', orgno: '313775429' }, notFound: 'null' });
    await aksjonaer(client, '313136841', 2022);
    await altinn();
    await aksjonaer(client, '310350842', 2024);
    await altinn();
    expect(client.sent.get('maskinporten')).toBe(2);
    const scopes = await Promise.all(transport.tokenRequests().map(async (r) => (await jwtVerify(form(r).assertion, PUBLIC_KEY, { currentDate: new Date('2026-11-22T12:00:30Z') })).payload.scope));
    expect(scopes).toEqual(['skatteetaten:aksjonaer', 'altinn:authentication/systemuser.request.read altinn:authentication/systemuser.request.write']);
  });

  it('caches per extra claims (system-user authorization_details), which go into the grant', async () => {
    const { client, transport } = setup(MP);
    const def = client.definition('altinn');
    const details = (orgnr: string) => ({ authorization_details: [{ type: 'urn:altinn:systemuser', systemuser_org: { authority: 'iso6523-actorid-upis', ID: `0192:${orgnr}` } }] });
    await client.tokens.authorization(def, details('314248295'));
    await client.tokens.authorization(def, details('314248295'));
    await client.tokens.authorization(def, details('313775429'));
    await client.tokens.authorization(def);
    expect(client.sent.get('maskinporten')).toBe(3);
    const { payload } = await jwtVerify(form(transport.tokenRequests()[0]).assertion, PUBLIC_KEY, { currentDate: new Date('2026-11-22T12:00:30Z') });
    expect(payload.authorization_details).toEqual(details('314248295').authorization_details);
  });

  it('a rejected credential (token endpoint 400) is not_configured "credentials rejected", with nothing of the body, and the API is not called', async () => {
    const { client } = setup({ ...MP, MASKINPORTEN_BASE_URL: 'https://maskinporten-proxy.example.test' });
    const err = (await rejection(aksjonaer(client, '313136841', 2022))) as ToolError;
    expect(err).toBeInstanceOf(ToolError);
    expect(err.code).toBe('not_configured');
    expect(err.status).toBe(503);
    expect(err.detailCode).toBe('credentials_rejected');
    expect(err.message).toContain('credentials rejected');
    expect(err.message).toContain('MASKINPORTEN_CLIENT_ID');
    const text = JSON.stringify(err.toBody());
    expect(text).not.toContain('invalid_grant');
    expect(text).not.toContain('MP-100');
    expect(text).not.toContain('trace_id');
    expectNoSecret(text);
    expect(client.sent.get('skatteetaten-aksjonaer')).toBeUndefined();
    // Not remembered: the next call asks again (the operator may have fixed the key).
    await rejection(aksjonaer(client, '313136841', 2022));
    expect(client.sent.get('maskinporten')).toBe(2);
  });

  it('missing variables answer not_configured naming them, before any token request', async () => {
    const { client, transport } = setup({ MASKINPORTEN_CLIENT_ID: MP.MASKINPORTEN_CLIENT_ID });
    const err = (await rejection(aksjonaer(client, '313136841', 2022))) as ToolError;
    expect(err.code).toBe('not_configured');
    expect(err.extra).toEqual({ missing: ['MASKINPORTEN_KEY', 'SKATTEETATEN_RETTIGHETSPAKKE'] });
    expect(err.message).not.toContain(MP.MASKINPORTEN_CLIENT_ID);
    expect(transport.requests).toHaveLength(0);
  });

  it('an unusable key answers not_configured naming MASKINPORTEN_KEY, never its value', async () => {
    const bad = '-----BEGIN PRIVATE KEY-----\nbm90LWEta2V5LVNFQ1JFVA==\n-----END PRIVATE KEY-----';
    const { client, transport } = setup({ ...MP, MASKINPORTEN_KEY: bad });
    const err = (await rejection(aksjonaer(client, '313136841', 2022))) as ToolError;
    expect(err.code).toBe('not_configured');
    expect(err.extra).toEqual({ invalid: ['MASKINPORTEN_KEY'] });
    expect(JSON.stringify(err.toBody())).not.toContain('bm90LWEta2V5');
    expect(transport.requests).toHaveLength(0);
  });

  it('accepts the key as \\n-escaped PEM and as base64 of the PEM (common in deployment secrets)', async () => {
    for (const key of [KEY_PEM.replace(/\n/g, '\\n'), Buffer.from(KEY_PEM).toString('base64')]) {
      const { client } = setup({ ...MP, MASKINPORTEN_KEY: key });
      expect((await aksjonaer(client, '313136841', 2022)).status).toBe(200);
    }
  });

  it('an invalid MASKINPORTEN_ENV is not_configured', async () => {
    const { client } = setup({ ...MP, MASKINPORTEN_ENV: 'staging' });
    const err = (await rejection(aksjonaer(client, '313136841', 2022))) as ToolError;
    expect(err.code).toBe('not_configured');
    expect(err.message).toContain('MASKINPORTEN_ENV must be prod or test');
  });
});

describe('OAuth 2 client credentials', () => {
  it('posts grant_type=client_credentials and the scope, with the client as HTTP Basic (form-encoded)', async () => {
    const { client, transport } = setup(BV);
    await isalive(client, 0);
    const [tokenReq] = transport.tokenRequests();
    expect(tokenReq.url).toBe(BV_TOKEN);
    expect(tokenReq.upstreamId).toBe('oauth');
    expect(form(tokenReq)).toEqual({ grant_type: 'client_credentials', scope: 'vardefulla-datamangder:read' });
    const expected = Buffer.from('bv-client-SECRET-11aa:bv%3Asecret+SECRET%2677').toString('base64');
    expect(tokenReq.headers.authorization).toBe(`Basic ${expected}`);
    const api = transport.requests.find((x) => x.upstreamId === 'bolagsverket')!;
    expect(api.headers.authorization).toBe('Bearer synthetic-bv-token-0b3e');
  });

  it('fetches one token for many calls and refreshes it shortly before expires_in (3600 s: reused for 3540 s)', async () => {
    const { client, clock: c } = setup(BV);
    for (let i = 0; i < 5; i += 1) await isalive(client, i);
    expect(client.sent.get('oauth')).toBe(1);
    c.advance(3_539_000);
    await isalive(client, 5);
    expect(client.sent.get('oauth')).toBe(1);
    c.advance(2_000);
    await isalive(client, 6);
    expect(client.sent.get('oauth')).toBe(2);
    expect(client.sent.get('bolagsverket')).toBe(7);
  });

  it('concurrent calls share one token fetch', async () => {
    const { client } = setup(BV, { tokenDelayMs: 20 });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => isalive(client, i)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(client.sent.get('oauth')).toBe(1);
    expect(client.sent.get('bolagsverket')).toBe(10);
  });

  it('takes the token URL from tokenUrlEnvVar; a 401 there is not_configured "credentials rejected", body withheld', async () => {
    const { client, transport } = setup({ ...BV, BOLAGSVERKET_TOKEN_URL: 'https://portal-accept2.api.bolagsverket.se/oauth2/token' });
    const err = (await rejection(isalive(client, 0))) as ToolError;
    expect(transport.tokenRequests()[0].url).toBe('https://portal-accept2.api.bolagsverket.se/oauth2/token');
    expect(err.code).toBe('not_configured');
    expect(err.message).toContain('credentials rejected');
    expect(err.message).toContain('BOLAGSVERKET_CLIENT_ID, BOLAGSVERKET_CLIENT_SECRET');
    const text = JSON.stringify(err.toBody());
    expect(text).not.toContain('invalid_client');
    expectNoSecret(text);
    expect(client.sent.get('bolagsverket')).toBeUndefined();
  });

  it('missing client secret answers not_configured naming it', async () => {
    const { client, transport } = setup({ BOLAGSVERKET_CLIENT_ID: BV.BOLAGSVERKET_CLIENT_ID });
    const err = (await rejection(isalive(client, 0))) as ToolError;
    expect(err.code).toBe('not_configured');
    expect(err.extra).toEqual({ missing: ['BOLAGSVERKET_CLIENT_SECRET'] });
    expect(transport.requests).toHaveLength(0);
  });
});

describe('token endpoint failures', () => {
  const route = (token: (req: OutgoingRequest) => RawResponse) => new FakeTransport((req) => (req.body?.includes('grant_type') ? token(req) : json(200, { ok: true })));

  it('retries a 5xx with a fresh grant each time, then succeeds', async () => {
    let n = 0;
    const fake = route(() => (++n < 3 ? json(503, { error: 'temporarily_unavailable' }) : json(200, { access_token: 'tok-3', expires_in: 120 })));
    const { client, transport } = setup(MP, { transport: fake });
    await aksjonaer(client, '313136841', 2022);
    const grants = transport.tokenRequests().map((r) => form(r).assertion);
    expect(grants).toHaveLength(3);
    expect(new Set(grants).size).toBe(3);
    expect(transport.requests.at(-1)!.headers.authorization).toBe('Bearer tok-3');
  });

  it('a token endpoint failing every attempt is upstream_unavailable; 429 is a 503 with Retry-After', async () => {
    const down = setup(MP, { transport: route(() => json(502, {})) });
    const err = (await rejection(aksjonaer(down.client, '313136841', 2022))) as ToolError;
    expect(err.code).toBe('upstream_unavailable');
    expect(down.client.sent.get('maskinporten')).toBe(3);
    expect(down.client.sent.get('skatteetaten-aksjonaer')).toBeUndefined();

    const limited = setup(MP, { transport: route(() => json(429, {}, { 'retry-after': '7' })) });
    const err2 = (await rejection(aksjonaer(limited.client, '313136841', 2022))) as ToolError;
    expect(err2.code).toBe('upstream_unavailable');
    expect(err2.status).toBe(503);
    expect(err2.retryAfterMs).toBe(7000);
  });

  it('a 200 without an access token is upstream_unavailable', async () => {
    const { client } = setup(MP, { transport: route(() => json(200, { token_type: 'Bearer' })) });
    const err = (await rejection(aksjonaer(client, '313136841', 2022))) as ToolError;
    expect(err.code).toBe('upstream_unavailable');
    expect(err.message).toContain('without a usable access token');
  });

  it('a replay miss of a token request names it with the assertion redacted', async () => {
    const { client } = setup(MP, { transport: new ReplayTransport([]) });
    const err = (await rejection(aksjonaer(client, '313136841', 2022))) as ToolError;
    expect(err.code).toBe('upstream_unavailable');
    expect(err.message).toContain('POST https://maskinporten.no/token');
    expect(err.message).toContain('assertion=%3Credacted%3E');
    expectNoSecret(err.message);
    const misses = takeReplayMisses();
    expect(misses).toHaveLength(1);
    expectNoSecret(misses[0]);
  });
});

describe('recordings of token requests', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('are written with matchBody false, no body and the token redacted, and replay for any later grant', async () => {
    dir = mkdtempSync(join(tmpdir(), 'token-recordings-'));
    const live = new FakeTransport((req) =>
      req.body?.includes('grant_type') ? json(200, { access_token: 'live-SECRET-token', token_type: 'Bearer', expires_in: 120, scope: 'skatteetaten:aksjonaer' }) : json(200, { identifikator: '313136841' }),
    );
    const recorder = setup(MP, { transport: new RecordingTransport(live, dir) });
    await aksjonaer(recorder.client, '313136841', 2022);
    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
    expect(files).toHaveLength(2);
    for (const f of files) expectNoSecret(readFileSync(f, 'utf8'));
    const token = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as RecordingFile).find((r) => r.request.url.endsWith('/token'))!;
    expect(token.matchBody).toBe(false);
    expect(token.request).toEqual({ method: 'POST', url: 'https://maskinporten.no/token' });
    expect(token.response.json).toEqual({ access_token: '<redacted>', token_type: 'Bearer', expires_in: 120, scope: 'skatteetaten:aksjonaer' });

    const replayed = setup(MP, { transport: new ReplayTransport([dir]) });
    expect((await aksjonaer(replayed.client, '313136841', 2022)).data).toEqual({ identifikator: '313136841' });
    expect(replayed.client.sent.get('maskinporten')).toBe(1);
  });

  it('matchBody false answers any body; a recording with a body still matches only its body, and wins', async () => {
    const replay = new ReplayTransport([]);
    replay.add({ matchBody: false, request: { method: 'POST', url: 'https://h.test/token' }, response: { status: 200, json: { any: true } } });
    replay.add({ request: { method: 'POST', url: 'https://h.test/token', body: { exact: 1 } }, response: { status: 200, json: { exact: true } } });
    replay.add({ request: { method: 'POST', url: 'https://h.test/search', body: { q: 'a' } }, response: { status: 200, json: { hits: 1 } } });
    const post = (url: string, body: string): OutgoingRequest => ({ method: 'POST', url, headers: {}, body, timeoutMs: 1000, maxBodyBytes: 1 << 20, upstreamId: 'x' });
    const text = async (p: Promise<RawResponse>) => JSON.parse((await p).body.toString());
    expect(await text(replay.send(post('https://h.test/token', 'grant_type=x&assertion=abc')))).toEqual({ any: true });
    expect(await text(replay.send(post('https://h.test/token', '{"exact":1}')))).toEqual({ exact: true });
    await expect(replay.send(post('https://h.test/search', '{"q":"b"}'))).rejects.toBeInstanceOf(RecordingMiss);
    expect(takeReplayMisses()).toEqual(['POST https://h.test/search {"q":"b"}']);
  });

  it('loading refuses two matchBody-false recordings of one URL that answer differently', () => {
    dir = mkdtempSync(join(tmpdir(), 'token-recordings-'));
    const rec = (status: number) => JSON.stringify({ matchBody: false, request: { method: 'POST', url: 'https://h.test/token' }, response: { status, json: {} } });
    writeFileSync(join(dir, 'a.json'), rec(200));
    writeFileSync(join(dir, 'b.json'), rec(400));
    expect(() => new ReplayTransport([dir!])).toThrow(/answer the same request/);
  });
});
