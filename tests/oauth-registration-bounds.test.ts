// Dynamic client registration (RFC 7591) and refresh rotation under hostile use, over real HTTP on
// loopback: every client metadata field has a bound, redirect URIs follow the MCP authorization
// spec (https, or http on a loopback host), registrations are limited per address per hour and in
// all, unused clients expire and are swept, and two uses of one refresh token within the grace
// window get the same new pair instead of revoking the grant. The clock of the OAuth store is
// moved by hand (no sleeps); addresses come from X-Forwarded-For behind one trusted proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryArtifactStore, type OAuthArtifactStore } from '../runtime/oauth/artifacts.js';
import { openStore } from '../runtime/store/open.js';
import type { Store } from '../runtime/store/types.js';
import type { Running } from '../runtime/server.js';
import type { Driver } from '../runtime/store/driver.js';
import { KEYS } from './helpers/app.js';
import { eventually } from './helpers/live-app.js';
import { authorizeClient, MemoryClientProvider, REDIRECT_URI, startOAuthApp, storeRows } from './helpers/oauth.js';
import { skipPostgresTests, startPostgres, type TestPostgres } from './helpers/postgres-server.js';

// The documented bounds (runtime/oauth/registration-policy.ts, runtime/oauth/refresh-grace.ts).
const REGISTRATIONS_PER_HOUR = 20;
const MAX_UNUSED_CLIENTS = 10_000;
const UNUSED_CLIENT_TTL_MS = 24 * 60 * 60 * 1000;
const REFRESH_GRACE_MS = 5_000;

/** Added to the OAuth service's clock (its store's expiries, consumption times and windows). */
let clockOffset = 0;
const clock = () => Date.now() + clockOffset;
let running: Running;
let base: string;

beforeAll(async () => {
  running = await startOAuthApp({ TRUST_PROXY: '1' }, { oauth: { now: clock } });
  base = running.services.config.publicBaseUrl;
});
afterAll(async () => {
  await running.close();
});

let addresses = 0;
/** A documentation address (RFC 5737) not used before in this file: its own registration allowance. */
const freshAddress = () => `198.51.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

async function register(metadata: Record<string, unknown>, address = freshAddress()) {
  const res = await fetch(`${base}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(metadata),
  });
  const text = await res.text();
  let body: Record<string, string> = {};
  try {
    body = JSON.parse(text);
  } catch {
    body = { raw: text };
  }
  return { status: res.status, body, headers: res.headers };
}

const client = (extra: Record<string, unknown> = {}) => ({ client_name: 'bounds test', redirect_uris: ['https://client.example/cb'], token_endpoint_auth_method: 'none', ...extra });
const long = (n: number) => 'x'.repeat(n);
const longUri = (n: number) => `https://client.example/${long(n - 'https://client.example/'.length)}`;

describe('client metadata bounds', () => {
  it('accepts an ordinary registration', async () => {
    const r = await register(client());
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  });

  it.each([
    ['client_name', { client_name: long(201) }, 'invalid_client_metadata', /client_name: at most 200 characters \(got 201\)/],
    ['client_uri', { client_uri: longUri(2001) }, 'invalid_client_metadata', /client_uri: at most 2000 characters \(got 2001\)/],
    ['logo_uri', { logo_uri: longUri(2001) }, 'invalid_client_metadata', /logo_uri: at most 2000 characters/],
    ['policy_uri', { policy_uri: longUri(2001) }, 'invalid_client_metadata', /policy_uri: at most 2000 characters/],
    ['tos_uri', { tos_uri: longUri(2001) }, 'invalid_client_metadata', /tos_uri: at most 2000 characters/],
    ['one redirect URI', { redirect_uris: [longUri(2001)] }, 'invalid_redirect_uri', /redirect_uris\[0\]: at most 2000 characters \(got 2001\)/],
    ['the number of redirect URIs', { redirect_uris: Array.from({ length: 11 }, (_, i) => `https://client.example/cb${i}`) }, 'invalid_redirect_uri', /redirect_uris: at most 10 entries \(got 11\)/],
    ['the number of contacts', { contacts: Array.from({ length: 6 }, (_, i) => `c${i}@client.example`) }, 'invalid_client_metadata', /contacts: at most 5 entries \(got 6\)/],
    ['one contact', { contacts: [`${long(250)}@client.example`] }, 'invalid_client_metadata', /contacts\[0\]: at most 254 characters/],
    ['scope', { scope: long(501) }, 'invalid_client_metadata', /scope: at most 500 characters \(got 501\)/],
    ['software_id', { software_id: long(201) }, 'invalid_client_metadata', /software_id: at most 200 characters/],
    ['software_version', { software_version: long(201) }, 'invalid_client_metadata', /software_version: at most 200 characters/],
    ['the number of grant types', { grant_types: Array.from({ length: 11 }, (_, i) => `urn:x:${i}`) }, 'invalid_client_metadata', /grant_types: at most 10 entries \(got 11\)/],
    ['a string field without its own bound', { token_endpoint_auth_method: long(101) }, 'invalid_client_metadata', /token_endpoint_auth_method: at most 100 characters/],
    [
      'the metadata as a whole',
      { client_uri: longUri(2000), logo_uri: longUri(2000), policy_uri: longUri(2000), tos_uri: longUri(2000), redirect_uris: [longUri(2000)] },
      'invalid_client_metadata',
      /client metadata: at most 8192 bytes as JSON \(got \d+\)/,
    ],
  ])('refuses %s past its bound, naming the field and the bound', async (_what, extra, error, description) => {
    const r = await register(client(extra));
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(400);
    expect(r.body.error).toBe(error);
    expect(r.body.error_description).toMatch(description);
  });

  it('refuses a request body past 16 KiB before parsing it, with 413', async () => {
    const r = await register(client({ client_name: 'padded', junk: long(20_000) }));
    expect(r.status).toBe(413);
    expect(r.body.error).toBe('invalid_client_metadata');
    expect(r.body.error_description).toMatch(/registration request: at most 16384 bytes \(got \d+\)/);
  });

  it('answers 400, never 500, to fields of the wrong type', async () => {
    for (const odd of [{ client_name: { a: 1 } }, { redirect_uris: 'https://client.example/cb' }, { redirect_uris: [42] }, { contacts: 'a@b.example' }, { scope: ['x'] }, { software_id: 7 }]) {
      const r = await register(client(odd));
      expect(r.status, JSON.stringify(odd)).toBe(400);
    }
  });
});

describe('redirect URIs (MCP authorization: https, or http on a loopback host)', () => {
  it.each([
    ['web', 'http://evil.example/cb'],
    ['web', 'http://169.254.169.254/latest'],
    [undefined, 'http://evil.example/cb'],
    [undefined, 'http://169.254.169.254/latest'],
    [undefined, 'http://10.0.0.7/cb'],
    [undefined, 'http://localhost.evil.example/cb'],
    ['native', 'http://evil.example/cb'],
    ['native', 'http://169.254.169.254/latest'],
    ['web', 'https://169.254.169.254/latest'],
    ['web', 'https://[fe80::1]/cb'],
    [undefined, 'https://0.0.0.0/cb'],
    ['web', 'https://client.example/cb#fragment'],
    ['web', 'com.example.app:/cb'],
  ])('refuses for application_type %s: %s', async (applicationType, uri) => {
    const r = await register(client({ redirect_uris: [uri], ...(applicationType && { application_type: applicationType }) }));
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.error).toBe('invalid_redirect_uri');
    expect(r.body.error_description).toMatch(/^redirect_uris\[0\]: /);
  });

  it.each([
    ['native', 'http://127.0.0.1:8123/callback'],
    ['native', 'http://[::1]:8123/callback'],
    ['native', 'http://localhost:8123/callback'],
    // What MCP clients send without an application type (the SDK's own client, Claude Code): loopback http.
    [undefined, REDIRECT_URI],
    ['web', 'https://client.example/cb'],
    [undefined, 'https://client.example/cb'],
    // A private-use scheme for a native app (RFC 8252 section 7.1).
    ['native', 'com.example.app:/cb'],
  ])('accepts for application_type %s: %s', async (applicationType, uri) => {
    const r = await register(client({ redirect_uris: [uri], ...(applicationType && { application_type: applicationType }) }));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  });
});

describe('registrations per address and in all', () => {
  it(`refuses registration number ${REGISTRATIONS_PER_HOUR + 1} from one address within the hour, with 429 and Retry-After`, async () => {
    const address = '203.0.113.77';
    for (let i = 0; i < REGISTRATIONS_PER_HOUR; i++) expect((await register(client(), address)).status, `registration ${i + 1}`).toBe(201);
    const refused = await register(client(), address);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('temporarily_unavailable');
    expect(refused.body.error_description).toMatch(new RegExp(`at most ${REGISTRATIONS_PER_HOUR} registrations per address per hour`));
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another address is not affected.
    expect((await register(client())).status).toBe(201);
  });

  it('counts IPv6 addresses by their /64', async () => {
    for (let i = 0; i < REGISTRATIONS_PER_HOUR; i++) expect((await register(client(), `2001:db8:1:2::${(i + 1).toString(16)}`)).status).toBe(201);
    expect((await register(client(), '2001:db8:1:2:ffff::1')).status).toBe(429);
    expect((await register(client(), '2001:db8:1:3::1')).status).toBe(201);
  });
});

describe('unused clients expire and are swept', () => {
  it('gives a new client an expiry, lifts it once an authorization completes, and sweeps the unused one', async () => {
    const unused = await register(client({ client_name: 'never used' }));
    expect(unused.status).toBe(201);
    const provider = new MemoryClientProvider({ client_name: 'used once' });
    const { client: mcp } = await authorizeClient(base, provider, KEYS.pro);
    await mcp.close();

    const clients = async () => (await storeRows(running, 'oauth_artifacts')).filter((r) => r.kind === 'Client').map((r) => ({ name: JSON.parse(String(r.payload)).client_name, expires: r.expires_at === null ? null : Number(r.expires_at) }));
    const before = await clients();
    const neverUsed = before.find((c) => c.name === 'never used')!;
    expect(neverUsed.expires).toBeGreaterThan(clock());
    expect(neverUsed.expires).toBeLessThanOrEqual(clock() + UNUSED_CLIENT_TTL_MS);
    expect(before.find((c) => c.name === 'used once')!.expires).toBeNull();

    clockOffset += UNUSED_CLIENT_TTL_MS + 60_000;
    try {
      // Past its expiry the client is unknown at once, and the next sweep deletes its row.
      const authorize = await fetch(`${base}/oauth/authorize?client_id=${encodeURIComponent(unused.body.client_id)}&response_type=code&redirect_uri=${encodeURIComponent('https://client.example/cb')}`, { redirect: 'manual' });
      expect(authorize.status).toBe(400);
      expect(await authorize.text()).toContain('invalid_client');
      running.services.oauth.stop();
      running.services.oauth.start();
      await eventually(async () => {
        const after = await clients();
        expect(after.find((c) => c.name === 'never used')).toBeUndefined();
        expect(after.find((c) => c.name === 'used once')).toBeDefined();
      });
    } finally {
      clockOffset -= UNUSED_CLIENT_TTL_MS + 60_000;
    }
  });

  it(`refuses registrations past ${MAX_UNUSED_CLIENTS} live unused clients in all with 503 and Retry-After, and takes them again once those expire`, async () => {
    const db = (running.services.store as unknown as { db: Driver }).db;
    const until = clock() + 10 * 60_000;
    await db.run(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${MAX_UNUSED_CLIENTS})
       INSERT INTO oauth_artifacts (kind, id_hash, payload, expires_at) SELECT 'Client', 'filler-' || i, '{}', ${until} FROM n`,
    );
    const refused = await register(client());
    expect(refused.status).toBe(503);
    expect(refused.body.error).toBe('temporarily_unavailable');
    expect(refused.body.error_description).toMatch(new RegExp(`at most ${MAX_UNUSED_CLIENTS} registered clients`));
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    clockOffset += 11 * 60_000;
    try {
      // The fillers have expired: they no longer count.
      expect((await register(client())).status).toBe(201);
    } finally {
      clockOffset -= 11 * 60_000;
      await db.run("DELETE FROM oauth_artifacts WHERE id_hash LIKE 'filler-%'");
    }
  });
});

describe('refresh token reuse within the grace window', () => {
  const toolsCall = (token: string) =>
    fetch(`${base}/mcp/brreg`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } } }),
    });
  const refresh = async (provider: MemoryClientProvider, refreshToken: string) => {
    const res = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: provider.client!.client_id, resource: `${base}/mcp/brreg` }).toString(),
    });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  };

  it('answers two parallel refreshes of one token with the same new pair, and the grant survives', async () => {
    const provider = new MemoryClientProvider();
    const { client: mcp } = await authorizeClient(base, provider, KEYS.pro);
    await mcp.close();
    const first = provider.saved!.refresh_token!;
    const [a, b] = await Promise.all([refresh(provider, first), refresh(provider, first)]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    expect(b.body.access_token).toBe(a.body.access_token);
    expect(b.body.refresh_token).toBe(a.body.refresh_token);
    expect(a.body.refresh_token).not.toBe(first);
    expect((await toolsCall(a.body.access_token)).status).toBe(200);

    // A third use, a moment later but within the window: the same pair again.
    clockOffset += REFRESH_GRACE_MS - 2_000;
    try {
      const c = await refresh(provider, first);
      expect(c.status).toBe(200);
      expect(c.body.refresh_token).toBe(a.body.refresh_token);
    } finally {
      clockOffset -= REFRESH_GRACE_MS - 2_000;
    }
    // The new refresh token rotates as usual.
    const next = await refresh(provider, a.body.refresh_token);
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(a.body.refresh_token);
    expect((await toolsCall(next.body.access_token)).status).toBe(200);
  });

  it('revokes the grant when a used refresh token comes back after the window', async () => {
    const provider = new MemoryClientProvider();
    const { client: mcp } = await authorizeClient(base, provider, KEYS.pro);
    await mcp.close();
    const first = provider.saved!.refresh_token!;
    const rotated = await refresh(provider, first);
    expect(rotated.status).toBe(200);

    clockOffset += REFRESH_GRACE_MS + 2_000;
    try {
      const reused = await refresh(provider, first);
      expect(reused.status).toBe(400);
      expect(reused.body.error).toBe('invalid_grant');
      expect((await toolsCall(rotated.body.access_token)).status).toBe(401);
      expect((await refresh(provider, rotated.body.refresh_token)).status).toBe(400);
    } finally {
      clockOffset -= REFRESH_GRACE_MS + 2_000;
    }
  });

  it('keeps no raw token in the store for the replayed answer', async () => {
    const provider = new MemoryClientProvider();
    const { client: mcp } = await authorizeClient(base, provider, KEYS.pro);
    await mcp.close();
    const rotated = await refresh(provider, provider.saved!.refresh_token!);
    const dump = JSON.stringify(await storeRows(running, 'oauth_artifacts'));
    expect(dump).not.toContain(rotated.body.access_token);
    expect(dump).not.toContain(rotated.body.refresh_token);
  });
});

/** What the registration gate asks of a store: unused clients counted, and an atomic counter per address and hour. */
async function checkCountersOf(artifacts: OAuthArtifactStore, setNow: (ms: number) => void) {
  setNow(1_000_000);
  await artifacts.upsert({ kind: 'Client', idHash: 'a'.repeat(64), payload: {}, expiresAt: 2_000_000 });
  await artifacts.upsert({ kind: 'Client', idHash: 'b'.repeat(64), payload: {} });
  await artifacts.upsert({ kind: 'Client', idHash: 'c'.repeat(64), payload: {}, expiresAt: 1_000_000 });
  await artifacts.upsert({ kind: 'Grant', idHash: 'd'.repeat(64), payload: {}, expiresAt: 2_000_000 });
  expect(await artifacts.countExpiring('Client')).toBe(1);
  const counts = await Promise.all(Array.from({ length: 5 }, () => artifacts.tally('RegistrationWindow', 'e'.repeat(64), 1_500_000)));
  expect(counts.sort()).toEqual([1, 2, 3, 4, 5]);
  expect(await artifacts.tally('RegistrationWindow', 'f'.repeat(64), 1_500_000)).toBe(1);
  setNow(1_500_000);
  // A counter met after its end, before a sweep: it starts again.
  expect(await artifacts.tally('RegistrationWindow', 'f'.repeat(64), 1_600_000)).toBe(1);
  expect(await artifacts.deleteExpired()).toBe(2);
  expect(await artifacts.tally('RegistrationWindow', 'e'.repeat(64), 2_500_000)).toBe(1);
  expect(await artifacts.countExpiring('Client')).toBe(1);
}

describe('the artifact stores count unused clients and registrations', () => {
  it('in process', async () => {
    let now = 0;
    await checkCountersOf(new MemoryArtifactStore(() => now), (ms) => (now = ms));
  });

  it('in SQLite', async () => {
    const store = openStore({ databasePath: ':memory:' });
    try {
      await store.migrate();
      let now = 0;
      await checkCountersOf(store.oauthArtifacts(() => now), (ms) => (now = ms));
    } finally {
      await store.close();
    }
  });

  describe.skipIf(skipPostgresTests)('in PostgreSQL', () => {
    let server: TestPostgres;
    let store: Store | undefined;
    beforeAll(async () => {
      server = await startPostgres();
      store = openStore({ databaseUrl: await server.createDatabase('registration_counts'), databasePath: '' });
      await store.migrate();
    }, 60_000);
    afterAll(async () => {
      await store?.close();
      await server?.stop();
    });

    it('the same', async () => {
      let now = 0;
      await checkCountersOf(store!.oauthArtifacts(() => now), (ms) => (now = ms));
    });
  });
});
