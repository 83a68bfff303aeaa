// The HTTP application: request plumbing, the DNS-rebinding guard, MCP per slug, the landing
// pages, the catalogue, metrics and the /api routes.
import { Hono } from 'hono';
import { landingRoutes, renderLanding } from '../../landing/routes.js';
import { BASE_PLACEHOLDER, renderCatalogue } from '../catalogue.js';
import { ToolError } from '../errors.js';
import { createMcpEndpoint, METHOD_NOT_ALLOWED, unknownServer, type McpEndpoint } from '../mcp/endpoint.js';
import { honoMcpHandler, toResponse } from '../mcp/http.js';
import { backendGate, backendRoutes } from '../rest/backend.js';
import { restRoutes } from '../rest/index.js';
import type { Services } from '../services.js';
import { limitAnonymous, requireKey } from './api-auth.js';
import { connectorRoutes } from './connectors.js';
import { problemResponse } from './problem.js';
import { allowedHostnames, hostChecker, hostGuard, requestContext, type AppEnv } from './request.js';

/** /api paths that need no key. */
const PUBLIC_API = new Set(['/api/v1/health', '/api/v1/version', '/api/openapi.json', '/api/docs']);

export interface AppParts {
  app: Hono<AppEnv>;
  mcp: McpEndpoint;
  checkHost: ReturnType<typeof hostChecker>;
}

export function createApp(services: Services): Hono<AppEnv> {
  return createAppParts(services).app;
}

/** The app and the pieces the Node fast path shares with it (runtime/http/node-listener.ts). */
export function createAppParts(services: Services): AppParts {
  const { config } = services;
  const base = config.publicBaseUrl;
  const app = new Hono<AppEnv>();
  const extraHosts = (config.env.ALLOWED_HOSTS ?? '').split(',').map((h) => h.trim()).filter(Boolean);
  const checkHost = hostChecker(allowedHostnames(base, config.host, extraHosts));

  app.use('*', requestContext(services));
  app.use('*', hostGuard(checkHost));

  const pages = renderLanding(services);
  const catalogueJson = renderCatalogue(services.registry).split(BASE_PLACEHOLDER).join(base);
  const mcp = createMcpEndpoint(services);
  const mcpRoute = honoMcpHandler(mcp, config.trustProxy);

  app.get('/', (c) => c.redirect('/mcp'));
  app.use('/mcp', limitAnonymous(services));
  app.route('/', landingRoutes(pages));

  app.post('/mcp/:slug', (c) => mcpRoute(c, c.req.param('slug')));
  app.get('/mcp/:slug', limitAnonymous(services), (c) => {
    const slug = c.req.param('slug');
    const html = pages.servers.get(slug);
    if (!html) return toResponse(unknownServer(slug, base));
    if ((c.req.header('accept') ?? '').includes('text/html')) {
      c.get('log').route = 'landing';
      return c.body(html, 200, { 'content-type': 'text/html; charset=utf-8' });
    }
    return toResponse(METHOD_NOT_ALLOWED);
  });
  // Any other method on a server URL: 405, as the SDK's stateless mode answers GET and DELETE.
  app.all('/mcp/:slug', (c) => mcpRoute(c, c.req.param('slug')));

  app.get('/catalogue.json', limitAnonymous(services), (c) => {
    c.get('log').route = 'catalogue';
    return c.body(catalogueJson, 200, { 'content-type': 'application/json; charset=utf-8' });
  });
  app.get('/metrics', async (c) => {
    c.get('log').route = 'metrics';
    return c.body(await services.metrics.registry.metrics(), 200, { 'content-type': services.metrics.registry.contentType });
  });

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
    services.logger.error({ err, reqId: c.get('reqId') }, 'unhandled error');
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
