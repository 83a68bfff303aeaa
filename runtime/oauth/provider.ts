// The OAuth 2.1 authorization server: panva's oidc-provider (OpenID-certified), configured for MCP
// clients. Authorization code with PKCE (S256, required of every client), dynamic client
// registration (RFC 7591), Client ID Metadata Documents (the library fetches an https client_id
// itself: no redirects, a 2.5 s timeout, a 5 KiB cap, special-use addresses refused, cached by
// the document's Cache-Control within 30 s..1 day), resource indicators (RFC 8707: every token is
// bound to one MCP server URL), opaque access tokens looked up on every call, rotating refresh
// tokens, and revocation (RFC 7009). Everything it issues goes through the hashing adapter.
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type Provider from 'oidc-provider';
import type { OAuthConfig } from '../config.js';
import { UNAVAILABLE, type KeyStore } from '../auth/key-store.js';
import { artifactAdapter } from './adapter.js';
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
  /** Fetches Client ID Metadata Documents (tests map https client ids to a loopback server). */
  fetch?: typeof fetch;
  now?: () => number;
}

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export async function createProvider(options: ProviderOptions): Promise<Provider> {
  const { default: ProviderClass, errors } = await import('oidc-provider');
  const { config, keys } = options;
  const configuration: Configuration = {
    adapter: artifactAdapter(options.store, options.now),
    jwks: options.jwks as Configuration['jwks'],
    cookies: { keys: options.cookieKeys },
    routes: OAUTH_ROUTES,
    responseTypes: ['code'],
    // mcp:tools is listed here too, so that registration and discovery know it; tokens get it only
    // through the resource indicator (getResourceServerInfo below).
    scopes: ['openid', 'offline_access', MCP_SCOPE],
    pkce: { required: () => true },
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
      registration: { enabled: true, initialAccessToken: false },
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
    // each refresh rotates it, and presenting a used one revokes the whole grant.
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
      ctx.type = 'html';
      ctx.set('content-security-policy', "default-src 'none'; base-uri 'none'; frame-ancestors 'none'");
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Authorization failed</title></head><body><main><h1>Authorization failed</h1>${Object.entries(out)
        .map(([k, v]) => `<p><strong>${escapeHtml(k)}</strong>: ${escapeHtml(v)}</p>`)
        .join('')}<p>Go back to your MCP client and connect again.</p></main></body></html>`;
    },
    ...(options.fetch && { fetch: options.fetch as Configuration['fetch'] }),
  };
  const provider = new ProviderClass(options.issuer, configuration);
  provider.proxy = options.behindProxy;
  // An authorization request that names no scope asks for mcp:tools, the one scope there is
  // (RFC 6749 section 3.3 lets the server define a default); the library would grant nothing.
  provider.use(async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === OAUTH_ROUTES.authorization && !ctx.query.scope) ctx.query = { ...ctx.query, scope: MCP_SCOPE };
    await next();
  });
  return provider;
}
