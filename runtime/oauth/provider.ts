// The OAuth 2.1 authorization server: panva's oidc-provider (OpenID-certified), configured for MCP
// clients. Authorization code with PKCE (S256, required of every client), dynamic client
// registration (RFC 7591), Client ID Metadata Documents (fetched through metadata-fetch.ts: https
// only, an address that is not public refused before connecting, no redirects, a 2.5 s timeout, a
// 5 KiB cap, cached by the document's Cache-Control within 30 s..1 day), resource indicators (RFC
// 8707: every token is bound to one MCP server URL), opaque access tokens looked up on every call,
// rotating refresh tokens, and revocation (RFC 7009). Everything it issues goes through the
// hashing adapter. Authorization errors are shown on this service's page, never redirected to
// the client (only the person's own deny is), and the query response mode is the only one.
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type Provider from 'oidc-provider';
import type { OAuthConfig } from '../config.js';
import { UNAVAILABLE, type KeyStore } from '../auth/key-store.js';
import { artifactAdapter } from './adapter.js';
import { RefreshGrace } from './refresh-grace.js';
import { boundedClientMetadata, registrationGate } from './registration-policy.js';
import { consentHeaders, renderAuthorizationError } from './consent-page.js';
import { guardedFetch, MAX_FETCHED_BYTES } from './metadata-fetch.js';
import type { OAuthArtifactStore } from './artifacts.js';
import { MCP_SCOPE } from './resource.js';
import type { JwkSet } from './signing-keys.js';

/** The provider's endpoints, all under /oauth (the issuer is PUBLIC_BASE_URL itself). */
export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
  end_session: '/oauth/session/end',
  userinfo: '/oauth/userinfo',
  introspection: '/oauth/introspect',
  pushed_authorization_request: '/oauth/par',
  code_verification: '/oauth/device',
  device_authorization: '/oauth/device/auth',
  backchannel_authentication: '/oauth/backchannel',
  challenge: '/oauth/challenge',
  credential: '/oauth/credential',
} as const;

export const INTERACTION_PREFIX = '/oauth/interaction';
/** How long a person has to complete the consent page. */
const INTERACTION_TTL = 600;
const CODE_TTL = 60;

export interface ProviderOptions {
  issuer: string;
  config: OAuthConfig;
  /** The signing keys and cookie secrets: the operator's, or made once for this process. */
  jwks: JwkSet;
  cookieKeys: string[];
  store: OAuthArtifactStore;
  keys: KeyStore;
  /** Whether a resource indicator names one of this service's MCP servers. */
  isResource(resource: string): boolean;
  /** An example resource for error messages. */
  exampleResource: string;
  /** Whether X-Forwarded-* of a proxy in front are to be believed (TRUST_PROXY). */
  behindProxy: boolean;
  /** TRUST_PROXY: how many proxies may name the client's address (registrations are counted per address). */
  trustProxy?: number;
  /** Replaces the guarded fetch of Client ID Metadata Documents (tests only: they map https client ids to a loopback server). */
  fetch?: typeof fetch;
  now?: () => number;
}

/** The routes whose errors a person sees in the browser: the authorization endpoint and its resumption after consent. */
const AUTHORIZATION_ROUTES = new Set(['authorization', 'resume']);
const routeOf = (ctx: object): string | undefined => (ctx as { oidc?: { route?: string } }).oidc?.route;

/**
 * Keeps an authorization error on this service's page (the library redirects most of them to the
 * redirect URI, which an anonymous registration makes an open redirect). The one error that goes
 * back to the client is the person's own deny on the consent page, once the request was trusted.
 */
function keepErrorHere(ctx: KoaContextWithOIDC, err: unknown): void {
  if (!err || typeof err !== 'object') return;
  const { error } = err as { error?: unknown };
  if (routeOf(ctx) === 'resume' && error === 'access_denied') return;
  (err as { allow_redirect?: boolean }).allow_redirect = false;
}

export async function createProvider(options: ProviderOptions): Promise<Provider> {
  const { default: ProviderClass, errors } = await import('oidc-provider');
  const { config, keys } = options;
  // A refresh token used again within a few seconds gets the first use's answer (refresh-grace.ts).
  const grace = new RefreshGrace(options.store, OAUTH_ROUTES.token, options.now);
  const configuration: Configuration = {
    adapter: artifactAdapter(options.store, options.now, grace),
    jwks: options.jwks as Configuration['jwks'],
    cookies: { keys: options.cookieKeys },
    routes: OAUTH_ROUTES,
    responseTypes: ['code'],
    // mcp:tools is listed here too, so that registration and discovery know it; tokens get it only
    // through the resource indicator (getResourceServerInfo below).
    scopes: ['openid', 'offline_access', MCP_SCOPE],
    pkce: { required: () => true },
    // Every client metadata field bounded, redirect URIs https or loopback http (registration-policy.ts).
    extraClientMetadata: boundedClientMetadata(errors.InvalidClientMetadata),
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'ES256',
    },
    enabledJWA: { idTokenSigningAlgValues: ['ES256'] },
    // The account is an API key, by id: a revoked key has no account, so its grants stop.
    findAccount: async (_ctx, sub) => {
      const key = await keys.findById(sub);
      // A store that cannot be asked is not a revoked key: the request fails (server_error) and is retried, the grant stays.
      if (key === UNAVAILABLE) throw new Error('the key store is not reachable');
      return key ? { accountId: sub, claims: () => ({ sub }) } : undefined;
    },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PREFIX}/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      introspection: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      dPoP: { enabled: false },
      // No registration access token: nothing reads or updates a client, and each would be one more row kept.
      registration: { enabled: true, initialAccessToken: false, issueRegistrationAccessToken: false },
      revocation: {
        enabled: true,
        // A client revokes only its own tokens (the library's default rule, stated here).
        allowedPolicy: async (ctx, client, token) => token.clientId === client.clientId,
      },
      resourceIndicators: {
        enabled: true,
        // A token is always for one MCP server: a request that names none is refused.
        defaultResource: async (_ctx, _client, oneOf) => {
          if (oneOf) return oneOf;
          throw new errors.InvalidTarget(`the resource parameter (RFC 8707) must name the MCP server the token is for, such as ${options.exampleResource}`);
        },
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource) => {
          if (!options.isResource(resource)) throw new errors.InvalidTarget(`${resource.slice(0, 200)} is not an MCP server of this service; use the URL of one, such as ${options.exampleResource}`);
          return { scope: MCP_SCOPE, audience: resource, accessTokenTTL: config.accessTokenTtl, accessTokenFormat: 'opaque' };
        },
      },
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        allowFetch: async () => true,
        allowClient: async () => true,
        cacheDuration: { min: 30, max: 86_400 },
      } as NonNullable<Configuration['features']>['clientIdMetadataDocument'],
    },
    // Refresh tokens for every client allowed the grant (MCP clients rarely ask for offline_access);
    // each refresh rotates it, and presenting a used one again (after the grace window of refresh-grace.ts) revokes the whole grant.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    expiresWithSession: async () => false,
    ttl: {
      AccessToken: config.accessTokenTtl,
      AuthorizationCode: CODE_TTL,
      RefreshToken: config.refreshTokenTtl,
      Grant: config.refreshTokenTtl,
      Interaction: INTERACTION_TTL,
      Session: INTERACTION_TTL,
      IdToken: config.accessTokenTtl,
    },
    // Browser-based clients may call the token endpoint from the origin of their redirect URI.
    clientBasedCORS: (_ctx, origin, client) => origin !== 'null' && (client.redirectUris ?? []).some((uri) => URL.parse(uri)?.origin === origin),
    renderError: async (ctx: KoaContextWithOIDC, out) => {
      // A refused authorization is a page for a person (invalid_client would be 401 without a challenge).
      if (ctx.status < 500 && AUTHORIZATION_ROUTES.has(routeOf(ctx) ?? '')) ctx.status = 400;
      for (const [name, value] of Object.entries(consentHeaders(''))) ctx.set(name, value);
      const description = typeof out.error_description === 'string' ? out.error_description : undefined;
      ctx.body = renderAuthorizationError(String(out.error ?? 'invalid_request'), description);
    },
    fetch: (options.fetch ?? guardedFetch()) as Configuration['fetch'],
    fetchResponseBodyLimits: { 'client_id metadata document': 5 * 1024, jwks_uri: MAX_FETCHED_BYTES, sector_identifier_uri: MAX_FETCHED_BYTES },
  };
  const provider = new ProviderClass(options.issuer, configuration);
  provider.proxy = options.behindProxy;
  provider.use(registrationGate({ store: options.store, path: OAUTH_ROUTES.registration, trustProxy: options.trustProxy ?? 0, now: options.now }));
  provider.use(grace.middleware);
  provider.on('authorization.error', keepErrorHere);
  provider.on('server_error', keepErrorHere);
  onlyQueryResponseMode(provider);
  // An authorization request that names no scope asks for mcp:tools, the one scope there is
  // (RFC 6749 section 3.3 lets the server define a default); the library would grant nothing.
  provider.use(async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === OAUTH_ROUTES.authorization && !ctx.query.scope) ctx.query = { ...ctx.query, scope: MCP_SCOPE };
    await next();
  });
  return provider;
}

/**
 * The query response mode only: form_post answers with a page of the library's that submits itself
 * to the redirect URI, fragment is for implicit flows. The library always registers both, and asks
 * the client at the authorization and PAR endpoints whether a mode is allowed: the answer is no.
 */
function onlyQueryResponseMode(provider: Provider): void {
  const client = provider.Client.prototype as { responseModeAllowed(mode: string, ...rest: unknown[]): boolean };
  const allowed = client.responseModeAllowed;
  client.responseModeAllowed = function (mode, ...rest) {
    return mode === 'query' && allowed.call(this, mode, ...rest);
  };
  provider.use(async (ctx, next) => {
    await next();
    if (routeOf(ctx) === 'discovery' && ctx.body && typeof ctx.body === 'object') (ctx.body as Record<string, unknown>).response_modes_supported = ['query'];
  });
}
