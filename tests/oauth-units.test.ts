// The OAuth pieces on their own: the hashing adapter over the in-process artifact store (hashes
// only, expiry on an injected clock, consume, revocation by grant), the OAUTH_* settings and their
// errors, the 401/403 challenges, and the consent page's policy and escaping.
import { describe, expect, it } from 'vitest';
import { KeyStore, UNAVAILABLE } from '../runtime/auth/key-store.js';
import { loadConfig } from '../runtime/config.js';
import { createOAuthService } from '../runtime/oauth/service.js';
import { artifactAdapter, hashId } from '../runtime/oauth/adapter.js';
import { MemoryArtifactStore } from '../runtime/oauth/artifacts.js';
import { consentPolicy, renderConsent } from '../runtime/oauth/consent-page.js';
import { bearerChallenge, protectedResourceMetadata } from '../runtime/oauth/resource.js';

function setup() {
  let now = 1_000_000;
  const store = new MemoryArtifactStore(() => now);
  const Adapter = artifactAdapter(store, () => now);
  return { store, Adapter, tick: (ms: number) => (now += ms) };
}

const items = (store: MemoryArtifactStore) => JSON.stringify([...(store as unknown as { items: Map<string, unknown> }).items]);

describe('artifact adapter', () => {
  it('stores the hash of the id and no raw id, and gives the id back on find', async () => {
    const { store, Adapter } = setup();
    const tokens = new Adapter('AccessToken');
    await tokens.upsert('raw-token-value-1234567890', { jti: 'raw-token-value-1234567890', accountId: 'k1', grantId: 'grant-abc', clientId: 'c1' }, 60);
    expect(items(store)).not.toContain('raw-token-value-1234567890');
    // The grant's id stays in the payload as the provider's reference to it (no endpoint takes it);
    // the grant itself is stored under its hash, and the grant index is a hash too.
    expect(items(store)).toContain(hashId('grant-abc'));
    expect(items(store)).toContain(hashId('raw-token-value-1234567890'));
    expect(await tokens.find('raw-token-value-1234567890')).toMatchObject({ jti: 'raw-token-value-1234567890', accountId: 'k1', grantId: 'grant-abc' });
    expect(await tokens.find('another-value')).toBeUndefined();
  });

  it('keeps an interaction\'s session cookie only as a hash', async () => {
    const { store, Adapter } = setup();
    await new Adapter('Interaction').upsert('uid-1', { jti: 'uid-1', uid: 'uid-1', session: { cookie: 'session-cookie-secret', uid: 's-uid' } }, 60);
    expect(items(store)).not.toContain('session-cookie-secret');
  });

  it('forgets an artifact when it expires (injected clock)', async () => {
    const { Adapter, tick } = setup();
    const codes = new Adapter('AuthorizationCode');
    await codes.upsert('code-1', { jti: 'code-1' }, 60);
    tick(59_000);
    expect(await codes.find('code-1')).toBeDefined();
    tick(1_000);
    expect(await codes.find('code-1')).toBeUndefined();
  });

  it('marks a consumed artifact, and revokes every artifact of a grant', async () => {
    const { Adapter } = setup();
    const refresh = new Adapter('RefreshToken');
    const access = new Adapter('AccessToken');
    await refresh.upsert('r1', { jti: 'r1', grantId: 'g1' }, 600);
    await access.upsert('a1', { jti: 'a1', grantId: 'g1' }, 600);
    await access.upsert('a2', { jti: 'a2', grantId: 'g2' }, 600);
    await refresh.consume('r1');
    expect((await refresh.find('r1'))?.consumed).toBe(1000);
    await access.revokeByGrantId('g1');
    expect(await refresh.find('r1')).toBeUndefined();
    expect(await access.find('a1')).toBeUndefined();
    expect(await access.find('a2')).toBeDefined();
  });

  it('keeps at most its bound in memory, dropping the oldest', async () => {
    const store = new MemoryArtifactStore(() => 0, 3);
    for (const id of ['a', 'b', 'c', 'd']) await store.upsert({ kind: 'Client', idHash: id, payload: {} });
    expect(store.size).toBe(3);
    expect(await store.find('Client', 'a')).toBeUndefined();
    expect(await store.find('Client', 'd')).toBeDefined();
  });

  it('finds a session by its uid', async () => {
    const { Adapter } = setup();
    const sessions = new Adapter('Session');
    await sessions.upsert('cookie-id', { jti: 'cookie-id', uid: 'public-uid', accountId: 'k1' }, 600);
    expect(await sessions.findByUid('public-uid')).toMatchObject({ uid: 'public-uid', accountId: 'k1' });
  });
});

describe('OAUTH_* settings', () => {
  it('has short access tokens and month-long refresh tokens by default, and no signup', () => {
    const { oauth } = loadConfig({});
    expect(oauth).toMatchObject({ accessTokenTtl: 3600, refreshTokenTtl: 30 * 86_400, allowDevKeySignup: false });
    expect(oauth.jwks).toBeUndefined();
  });

  it('names the variable and the bound of a bad value', () => {
    expect(() => loadConfig({ OAUTH_ACCESS_TOKEN_TTL: '10' })).toThrow(/OAUTH_ACCESS_TOKEN_TTL must be an integer of at least 60/);
    expect(() => loadConfig({ OAUTH_ACCESS_TOKEN_TTL: '999999' })).toThrow(/OAUTH_ACCESS_TOKEN_TTL must be at most 86400/);
    expect(() => loadConfig({ OAUTH_ALLOW_DEV_KEY_SIGNUP: 'yes' })).toThrow(/OAUTH_ALLOW_DEV_KEY_SIGNUP must be true or false/);
    expect(() => loadConfig({ OAUTH_JWKS: 'not json' })).toThrow(/OAUTH_JWKS is not JSON/);
    expect(() => loadConfig({ OAUTH_JWKS: '{"keys":[{"kty":"EC"}]}' })).toThrow(/private part "d"/);
    expect(() => loadConfig({ OAUTH_JWKS_FILE: '/nonexistent/jwks.json' })).toThrow(/OAUTH_JWKS_FILE \/nonexistent\/jwks.json cannot be read \(ENOENT\)/);
  });

  it('takes a JWK Set of private keys and cookie keys', () => {
    const jwks = { keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'd' }] };
    const { oauth } = loadConfig({ OAUTH_JWKS: JSON.stringify(jwks), OAUTH_COOKIE_KEYS: 'a, b', OAUTH_ALLOW_DEV_KEY_SIGNUP: 'true' });
    expect(oauth.jwks).toEqual(jwks);
    expect(oauth.cookieKeys).toEqual(['a', 'b']);
    expect(oauth.allowDevKeySignup).toBe(true);
  });
});

describe('challenges and metadata', () => {
  it('builds the 401 and 403 challenges of a server URL', () => {
    const base = 'https://data.example.org';
    expect(bearerChallenge(base, 'brreg')).toBe('Bearer resource_metadata="https://data.example.org/.well-known/oauth-protected-resource/mcp/brreg", scope="mcp:tools"');
    expect(bearerChallenge(base, 'brreg', 'insufficient_scope')).toMatch(/^Bearer error="insufficient_scope", resource_metadata="[^"]+", scope="mcp:tools"$/);
    expect(protectedResourceMetadata(base, base, { slug: 'brreg', name: 'Brreg' }).resource).toBe('https://data.example.org/mcp/brreg');
  });
});

describe('consent page', () => {
  it('lets its form go to the client\'s redirect origin or scheme, and nothing a hostile URI could add', () => {
    expect(consentPolicy('https://claude.ai/api/mcp/auth_callback')).toContain("form-action 'self' https://claude.ai;");
    expect(consentPolicy('cursor://anysphere.cursor-mcp/oauth/callback')).toContain("form-action 'self' cursor:;");
    expect(consentPolicy('not a url; script-src *')).toContain("form-action 'self';");
  });

  it('escapes everything a client controls', () => {
    const html = renderConsent({
      uid: 'u"1',
      clientName: '<script>alert(1)</script>',
      clientId: 'c"><img src=x>',
      redirectUri: 'https://x.example/"><b>',
      resources: ['https://data.example.org/mcp/brreg'],
      scopes: ['mcp:tools'],
      allowSignup: false,
      error: '<i>bad</i>',
    });
    expect(html).not.toMatch(/<script|<img|<b>|<i>/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('action="/oauth/interaction/u%221"');
  });
});

describe('OAuth service: a token while the store is down', () => {
  it('answers unavailable (503, retry), not unknown (401), when the artifact store cannot be read', async () => {
    const failing = new MemoryArtifactStore();
    failing.find = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    const config = loadConfig({ PUBLIC_BASE_URL: 'https://data.example.org' });
    const oauth = createOAuthService(config, new KeyStore(undefined, undefined), ['brreg'], { store: failing });
    await oauth.provider();
    expect(await oauth.keyForToken('some-token-000000000000', 'https://data.example.org/mcp/brreg')).toBe(UNAVAILABLE);
    // The service's own store passes no error on: an unknown token in a working store is unknown.
    const working = createOAuthService(config, new KeyStore(undefined, undefined), ['brreg'], { store: new MemoryArtifactStore() });
    await working.provider();
    expect(await working.keyForToken('some-token-000000000000', 'https://data.example.org/mcp/brreg')).toBeUndefined();
  });
});
