// The HTTP application: request plumbing, the DNS-rebinding guard, MCP per slug, the landing
// pages, the catalogue, OAuth for MCP clients, metrics and the /api routes.
import { Hono } from 'hono';
import { dataSourceHandler } from '../../landing/data-source.js';
import { HTML_HEADERS } from '../../landing/html.js';
import { landingRoutes, renderLanding } from '../../landing/routes.js';
import { renderCatalogue, SERVED_CATALOGUE } from '../catalogue.js';
import { ToolError } from '../errors.js';
import { createMcpEndpoint, METHOD_NOT_ALLOWED, unknownServer, type McpEndpoint } from '../mcp/endpoint.js';
import { honoMcpHandler, toResponse } from '../mcp/http.js';
import { backendGate, backendRoutes } from '../rest/backend.js';
import { REFERENCE_PAGE, assetsOf } from '../rest/docs-page.js';
import { isOAuthPublicPath, oauthRoutes } from '../oauth/routes.js';
import { restRoutes } from '../rest/index.js';
import type { Services } from '../services.js';
import { clientClosed, incomingOf } from './access-log.js';
import { limitAnonymous, requireKey } from './api-auth.js';
import { connectorRoutes } from './connectors.js';
import { discoveryRoutes, isDiscoveryPath } from './discovery.js';
import { metricsRoute } from './metrics-route.js';
import { problemResponse } from './problem.js';
import { hostChecker, hostGuard, type HostCheck } from './host-guard.js';
import { iconRoutes } from './icons.js';
import { requestContext, type AppEnv } from './request.js';

/** /api paths that need no key. */
const PUBLIC_API = new Set(['/api/v1/health', '/api/v1/version', '/api/openapi.json', '/api/docs', ...assetsOf(REFERENCE_PAGE).map((a) => `/api${a.path}`)]);
/** Paths the Host check leaves alone: a load balancer's probe names whatever address it dialled. */
const UNGUARDED = new Set(['/api/v1/health']);

export interface AppParts {
  app: Hono<AppEnv>;
  mcp: McpEndpoint;
  checkHost: HostCheck;
}

export function createApp(services: Services): Hono<AppEnv> {
  return createAppParts(services).app;
}

/** The app and the pieces the Node fast path shares with it (runtime/http/node-listener.ts). */
export function createAppParts(services: Services): AppParts {
  const { config } = services;
  const base = config.publicBaseUrl;
  const app = new Hono<AppEnv>();
  const checkHost = hostChecker({ publicBaseUrl: base, bindHost: config.host, allowedHosts: config.allowedHosts });

  app.use('*', requestContext(services));
  // The discovery documents, OAuth metadata and the OAuth endpoints scripts call, and icons are
  // public and open to any web page: Host check only.
  app.use('*', hostGuard(checkHost, config.port, UNGUARDED, (path) => isDiscoveryPath(path) || isOAuthPublicPath(path) || path.startsWith('/icons/')));

  const pages = renderLanding(services);
  // This instance's catalogue: its base URL, its tools' statuses under its credentials.
  const catalogueJson = renderCatalogue(services.invokeDeps.platform.servers(), SERVED_CATALOGUE);
  const mcp = createMcpEndpoint(services);
  const mcpRoute = honoMcpHandler(mcp, config.trustProxy);

  app.get('/', (c) => c.redirect('/mcp'));
  app.use('/mcp', limitAnonymous(services));
  app.route('/', landingRoutes(pages, services));
  // Server cards, the MCP catalog and server.json (before GET /mcp/:slug, which takes one segment only).
  app.route('/', discoveryRoutes(services));
  // Protected resource metadata, the authorization server and its consent page (runtime/oauth/).
  app.route('/', oauthRoutes(services));

  app.post('/mcp/:slug', (c) => mcpRoute(c, c.req.param('slug')));
  app.get('/mcp/:slug', limitAnonymous(services), (c) => {
    const slug = c.req.param('slug');
    const html = pages.servers.get(slug);
    if (!html) return toResponse(unknownServer(slug, base));
    if ((c.req.header('accept') ?? '').includes('text/html')) {
      c.get('log').route = 'landing';
      return c.body(html, 200, HTML_HEADERS);
    }
    return toResponse(METHOD_NOT_ALLOWED);
  });
  // Any other method on a server URL: 405, as the SDK's stateless mode answers GET and DELETE.
  app.all('/mcp/:slug', (c) => mcpRoute(c, c.req.param('slug')));

  app.get('/catalogue.json', limitAnonymous(services), (c) => {
    c.get('log').route = 'catalogue';
    return c.body(catalogueJson, 200, { 'content-type': 'application/json; charset=utf-8' });
  });
  // dataSourceUrl of the server records: a page for people, the source record for programs.
  app.get('/data/:source', limitAnonymous(services), dataSourceHandler(services));
  app.get('/metrics', metricsRoute(services));
  app.route('/icons', iconRoutes(services));

  // /api needs a bearer key, except exactly these: health (load balancers probe it; no limit
  // either), version and the API description (the anonymous allowance of the client address).
  const keyed = requireKey(services);
  const anonymous = limitAnonymous(services);
  app.use('/api/*', (c, next) => {
    const path = c.req.path;
    if (path === '/api/v1/health') return next();
    if (PUBLIC_API.has(path)) return anonymous(c, next);
    return keyed(c, next);
  });
  app.route('/api', restRoutes(services));
  app.route('/api/connectors', connectorRoutes(services, 'slug'));
  // The data proxy's backend (/v1/connectors/{sourceKey}/...): reached in process unless
  // DATA_BACKEND_URL names another service; anyone else needs a key.
  app.use('/v1/*', backendGate(services));
  app.route('/v1/connectors', backendRoutes(services));
  services.backend.attach((request) => app.fetch(request));

  app.notFound((c) => {
    const path = c.req.path;
    if (path.startsWith('/api') || path.startsWith('/v1')) {
      return problemResponse(new ToolError('not_found', `No route ${c.req.method} ${path.slice(0, 200)}. See ${base}/catalogue.json for connector routes.`), base, c.get('reqId'));
    }
    return c.json({ error: 'not_found', message: `No route ${path.slice(0, 200)}. Servers are listed at ${base}/mcp.` }, 404);
  });
  app.onError((err, c) => {
    // A client that hung up mid-body breaks the read: its matter, not the server's (access-log.ts).
    if (clientClosed(incomingOf(c.env))) services.logger.debug({ reqId: c.get('reqId') }, 'client closed the request');
    else services.logger.error({ err, reqId: c.get('reqId') }, 'unhandled error');
    const reqId = c.get('reqId') ?? 'unknown';
    if (c.req.path.startsWith('/mcp')) {
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: `Internal error (request ${reqId})` } }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    }
    return problemResponse(new ToolError('internal', 'An internal error occurred; the request id identifies it in our logs.'), base, reqId);
  });
  return { app, mcp, checkHost };
}
