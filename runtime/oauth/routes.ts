// The OAuth routes of the app: the protected resource metadata of every MCP server (RFC 9728), the
// authorization server's metadata (RFC 8414, and the OpenID name for it), the provider's endpoints
// under /oauth, and the consent page. The metadata and the endpoints clients call from scripts
// (token, registration, revocation, keys) are open to any origin: the Host check applies to them,
// the Origin check does not (runtime/http/app.ts); the consent page keeps both.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hono, type Context } from 'hono';
import { limitAnonymous } from '../http/api-auth.js';
import { answer, cors, document, notAllowed, preflight, type Document } from '../http/discovery.js';
import { NO_SNIFF, type AppEnv } from '../http/request.js';
import type { Services } from '../services.js';
import { interactionRoutes } from './interaction.js';
import { INTERACTION_PREFIX, OAUTH_ROUTES } from './provider.js';
import { PRM_PATH, protectedResourceMetadata } from './resource.js';

export const AS_METADATA_PATH = '/.well-known/oauth-authorization-server';
const OPENID_METADATA_PATH = '/.well-known/openid-configuration';

/** What the provider's answers carry unless it set its own (its error page does): none may be framed, run script or leak a referrer. */
const PROVIDER_DEFAULTS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/**
 * Adds headers to a Node response when its head is written (Node writes it through writeHead,
 * implicit heads included), so that every answer of the provider has them, even one of Koa's
 * error fallback, which clears the headers set before: `always` replace, `defaults` fill in.
 */
function headersAtHead(res: ServerResponse, always: Record<string, string>, defaults: Record<string, string>): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent) {
      for (const name in always) this.setHeader(name, always[name]);
      for (const name in defaults) if (!this.hasHeader(name)) this.setHeader(name, defaults[name]);
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse['writeHead'];
}

/** Paths any web page may call (metadata and the endpoints a browser-based client posts to). */
export function isOAuthPublicPath(path: string): boolean {
  return (
    path === PRM_PATH ||
    path.startsWith(`${PRM_PATH}/`) ||
    path === AS_METADATA_PATH ||
    path === OPENID_METADATA_PATH ||
    path === OAUTH_ROUTES.token ||
    path === OAUTH_ROUTES.revocation ||
    path === OAUTH_ROUTES.jwks ||
    path === OAUTH_ROUTES.registration ||
    path.startsWith(`${OAUTH_ROUTES.registration}/`)
  );
}

export function oauthRoutes(services: Services): Hono<AppEnv> {
  const base = services.config.publicBaseUrl;
  const { oauth } = services;
  const limited = limitAnonymous(services);
  const app = new Hono<AppEnv>();

  // RFC 9728: one document per server, and one for the service as a whole.
  const json = (value: unknown) => document(`${JSON.stringify(value, null, 2)}\n`, 'application/json; charset=utf-8');
  const root = json(protectedResourceMetadata(base, oauth.issuer));
  const perServer = new Map(services.registry.servers.map((s) => [s.slug, json(protectedResourceMetadata(base, oauth.issuer, { slug: s.slug, name: s.def.name }))]));
  const metadataRoute = (path: string, find: (c: Context<AppEnv>) => Document | undefined) => {
    app.use(path, cors);
    app.options(path, preflight);
    app.get(path, limited, (c) => {
      c.get('log').route = 'oauth-resource-metadata';
      const doc = find(c);
      if (!doc) return c.json({ error: 'not_found', message: `No MCP server "${(c.req.param('slug') ?? '').slice(0, 64)}". The servers are listed at ${base}/mcp.` }, 404);
      return answer(c, doc);
    });
    app.all(path, notAllowed);
  };
  metadataRoute(PRM_PATH, () => root);
  metadataRoute(`${PRM_PATH}/mcp/:slug`, (c) => perServer.get(c.req.param('slug') ?? ''));

  // The consent page spends the address's anonymous allowance too (a wrong key also counts as a failed authentication).
  app.use(`${INTERACTION_PREFIX}/*`, limited);
  app.route('/', interactionRoutes(services));

  /**
   * Hands the request to the provider on Node's own request and response (it is a Koa app), and
   * tells the Node adapter the answer is sent; the status is kept for the log line.
   */
  const viaProvider = (rewrite?: string) => async (c: Context<AppEnv>) => {
    c.get('log').route = 'oauth';
    const env = c.env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;
    if (!env?.incoming || !env.outgoing) return c.json({ error: 'not_available', message: 'The authorization server answers only over the Node listener.' }, 501);
    const { incoming, outgoing } = env;
    if (rewrite) incoming.url = rewrite + (incoming.url ?? '').slice(c.req.path.length);
    // What requestContext and limitAnonymous add to other routes' answers, written here since the provider sends its own.
    headersAtHead(outgoing, { 'x-request-id': c.get('reqId'), [NO_SNIFF.name]: NO_SNIFF.value, ...c.get('rateLimitHeaders') }, PROVIDER_DEFAULTS);
    await oauth.serve(incoming, outgoing);
    const sent = new Response(null, { status: outgoing.statusCode, headers: { 'x-hono-already-sent': 'true' } });
    // Reading `body` turns @hono/node-server's lightweight response into a full one, the kind whose
    // already-sent header the adapter honours (it would write the lightweight kind's head again).
    void sent.body;
    return sent;
  };
  app.all(AS_METADATA_PATH, limited, viaProvider(OPENID_METADATA_PATH));
  app.all(OPENID_METADATA_PATH, limited, viaProvider());
  app.all('/oauth/*', limited, viaProvider());
  return app;
}
