// The authorization server as the rest of the service sees it: the provider (made on first use, so
// that start-up and processes that never see OAuth pay nothing for it), the Node request handler
// of its endpoints, and the one question the MCP endpoint asks: whose key is behind this token,
// for this server URL? Artifacts live in the store (SQLite or PostgreSQL); what a token resolved
// to is kept in process for KEY_CACHE_SECONDS, like a key's verdict, so that a tools/call with a
// token does not read the database each time; a revocation in this process applies at once, one
// on another replica within that time. Expired artifacts are deleted every `sweepEveryMs`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { LRUCache } from 'lru-cache';
import { UNAVAILABLE, type KeyLookup, type KeyStore } from '../auth/key-store.js';
import type { Config } from '../config.js';
import { MemoryArtifactStore, type OAuthArtifactStore } from './artifacts.js';
import { createProvider } from './provider.js';
import { resourceUrl } from './resource.js';
import { generatedJwks, randomCookieKeys } from './signing-keys.js';

export interface OAuthServiceOptions {
  /** Where codes, tokens and grants live: the service passes the SQL store's; in process when unset (unit tests). */
  store?: OAuthArtifactStore;
  /** How long what a token resolved to is kept in process (KEY_CACHE_SECONDS). */
  tokenCacheMs?: number;
  /** How often expired artifacts are deleted (hourly by default). */
  sweepEveryMs?: number;
  /** A sweep that failed (the store is down; it is tried again at the next interval). */
  warn?: (message: string) => void;
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
  keyForToken(token: string, resource: string): Promise<KeyLookup>;
  /** Starts the periodic deletion of expired artifacts. */
  start(): void;
  stop(): void;
}

/** What an access token is, once read from the store: enough to answer keyForToken again. */
interface TokenFacts {
  accountId: string;
  audiences: string[];
  scopes: Set<string>;
  /** Epoch ms when the token expires, and until when these facts stand without asking the store. */
  expiresAt: number;
  until: number;
}

const DEFAULT_TOKEN_CACHE_MS = 5_000;
const DEFAULT_SWEEP_MS = 60 * 60 * 1000;

/** Any store call that fails (the database is down) answers UNAVAILABLE: the client is asked to retry (503), not told the token is bad. */
function whenStoreFails<T>(work: Promise<T>): Promise<T | typeof UNAVAILABLE> {
  return work.catch(() => UNAVAILABLE);
}

export function createOAuthService(config: Config, keys: KeyStore, slugs: readonly string[], options: OAuthServiceOptions = {}): OAuthService {
  const base = config.publicBaseUrl;
  const resources = new Set(slugs.map((slug) => resourceUrl(base, slug)));
  const now = options.now ?? Date.now;
  const tokenCacheMs = options.tokenCacheMs ?? DEFAULT_TOKEN_CACHE_MS;
  const tokens = new LRUCache<string, TokenFacts>({ max: 10_000 });
  // A revocation or a destroyed grant here is seen at once: the token facts of this process go.
  const store = forgetOnRevoke(options.store ?? new MemoryArtifactStore(now), () => tokens.clear());
  let sweeper: NodeJS.Timeout | undefined;
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
      trustProxy: config.trustProxy,
      fetch: options.fetch,
      now: options.now,
    });
    p.silent = true;
    p.on('server_error', (_ctx: unknown, err: unknown) => options.onServerError?.(err));
    return p;
  };
  let handler: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;

  async function tokenFacts(token: string): Promise<TokenFacts | undefined> {
    const known = tokens.get(token);
    if (known && now() < known.until) return known;
    // Nothing was issued yet in this process (and the store is its own): no provider to make.
    if (!made && store.inProcessAndEmpty) return undefined;
    const access = await (await provider()).AccessToken.find(token);
    if (!access || access.isExpired || !access.accountId) {
      // Unknown tokens are not kept: one issued a moment later on another replica must be found.
      return undefined;
    }
    const facts: TokenFacts = {
      accountId: access.accountId,
      audiences: (Array.isArray(access.aud) ? access.aud : [access.aud]).filter((a): a is string => typeof a === 'string'),
      scopes: new Set((access.scope ?? '').split(' ')),
      expiresAt: ((access as { exp?: number }).exp ?? 0) * 1000,
      until: now() + tokenCacheMs,
    };
    tokens.set(token, facts);
    return facts;
  }

  return {
    issuer: base,
    provider,
    async serve(req, res) {
      handler ??= (await provider()).callback() as (req: IncomingMessage, res: ServerResponse) => Promise<void>;
      await handler(req, res);
    },
    async keyForToken(token, resource) {
      const facts = await whenStoreFails(tokenFacts(token));
      if (facts === UNAVAILABLE) return UNAVAILABLE;
      if (!facts || facts.expiresAt <= now() || !facts.audiences.includes(resource)) return undefined;
      const record = await keys.findById(facts.accountId);
      if (!record || record === UNAVAILABLE) return record;
      return { ...record, scopes: record.scopes.filter((s) => facts.scopes.has(s)) };
    },
    start() {
      const every = options.sweepEveryMs ?? DEFAULT_SWEEP_MS;
      const sweep = () =>
        store.deleteExpired().catch((err: Error) => options.warn?.(`expired OAuth artifacts could not be deleted (${err.message}); trying again in ${Math.round(every / 60000)} min`));
      sweeper = setInterval(() => void sweep(), every);
      sweeper.unref();
      void sweep();
    },
    stop() {
      clearInterval(sweeper);
      sweeper = undefined;
    },
  };
}

/** The store, with `onRevoke` called after every destroy and grant revocation. */
function forgetOnRevoke(store: OAuthArtifactStore, onRevoke: () => void): OAuthArtifactStore & { inProcessAndEmpty: boolean } {
  return {
    get inProcessAndEmpty() {
      return store instanceof MemoryArtifactStore && store.size === 0;
    },
    upsert: (a) => store.upsert(a),
    find: (kind, id) => store.find(kind, id),
    findByUid: (kind, uid) => store.findByUid(kind, uid),
    findByUserCode: (kind, code) => store.findByUserCode(kind, code),
    consume: (kind, id, at) => store.consume(kind, id, at),
    destroy: (kind, id) => store.destroy(kind, id).finally(onRevoke),
    revokeByGrantId: (grant) => store.revokeByGrantId(grant).finally(onRevoke),
    deleteExpired: () => store.deleteExpired(),
    countExpiring: (kind) => store.countExpiring(kind),
    tally: (kind, id, expiresAt) => store.tally(kind, id, expiresAt),
  };
}
