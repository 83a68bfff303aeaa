// The authorization server as the rest of the service sees it: the provider (made on first use, so
// that start-up and processes that never see OAuth pay nothing for it), the Node request handler
// of its endpoints, and the one question the MCP endpoint asks: whose key is behind this token,
// for this server URL?
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { KeyRecord, KeyStore } from '../auth/keys.js';
import type { Config } from '../config.js';
import { MemoryArtifactStore, type OAuthArtifactStore } from './artifacts.js';
import { createProvider } from './provider.js';
import { resourceUrl } from './resource.js';
import { generatedJwks, randomCookieKeys } from './signing-keys.js';

export interface OAuthServiceOptions {
  store?: OAuthArtifactStore;
  /** Fetches Client ID Metadata Documents (tests only: maps https client ids to loopback). */
  fetch?: typeof fetch;
  now?: () => number;
  /** Where the provider's own server errors go (the service's logger); Koa's console output is off. */
  onServerError?: (err: unknown) => void;
}

export interface OAuthService {
  /** The issuer identifier: PUBLIC_BASE_URL. */
  issuer: string;
  provider(): Promise<Provider>;
  /** Answers a request to one of the provider's endpoints on Node's own objects; resolves once answered. */
  serve(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /**
   * The key behind an access token when the token is live, was issued for `resource`, and its
   * key is still active; its scopes are those both the token and the key have.
   */
  keyForToken(token: string, resource: string): Promise<KeyRecord | undefined>;
}

export function createOAuthService(config: Config, keys: KeyStore, slugs: readonly string[], options: OAuthServiceOptions = {}): OAuthService {
  const base = config.publicBaseUrl;
  const resources = new Set(slugs.map((slug) => resourceUrl(base, slug)));
  const store = options.store ?? new MemoryArtifactStore(options.now);
  // Made now, not with the provider: a process keeps one key for its whole life.
  const jwks = config.oauth.jwks ?? generatedJwks();
  const cookieKeys = config.oauth.cookieKeys?.length ? config.oauth.cookieKeys : randomCookieKeys();
  let made: Promise<Provider> | undefined;
  const provider = () =>
    (made ??= makeProvider());
  const makeProvider = async () => {
    const p = await createProvider({
      issuer: base,
      config: config.oauth,
      jwks,
      cookieKeys,
      store,
      keys,
      isResource: (resource) => resources.has(resource),
      exampleResource: resourceUrl(base, slugs[0] ?? 'brreg'),
      behindProxy: config.trustProxy > 0,
      fetch: options.fetch,
      now: options.now,
    });
    p.silent = true;
    p.on('server_error', (_ctx: unknown, err: unknown) => options.onServerError?.(err));
    return p;
  };
  let handler: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;

  return {
    issuer: base,
    provider,
    async serve(req, res) {
      handler ??= (await provider()).callback() as (req: IncomingMessage, res: ServerResponse) => Promise<void>;
      await handler(req, res);
    },
    async keyForToken(token, resource) {
      // Nothing was issued yet in this process (and the store is its own): no provider to make.
      if (!made && store instanceof MemoryArtifactStore && store.size === 0) return undefined;
      const p = await provider();
      const access = await p.AccessToken.find(token);
      if (!access || access.isExpired || !access.accountId) return undefined;
      const audiences = Array.isArray(access.aud) ? access.aud : [access.aud];
      if (!audiences.includes(resource)) return undefined;
      const record = keys.findById(access.accountId);
      if (!record) return undefined;
      const granted = new Set((access.scope ?? '').split(' '));
      return { ...record, scopes: record.scopes.filter((s) => granted.has(s)) };
    },
  };
}
