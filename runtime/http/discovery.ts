// The discovery documents over HTTP (runtime/server-card.ts): GET /.well-known/mcp/catalog.json,
// GET /mcp/<slug>/server-card and GET /mcp/<slug>/server.json. They are public metadata, so they
// are open to any origin (CORS `*`, GET, HEAD and OPTIONS; the Origin check of the rebinding guard
// is not applied to them, the Host check is), cacheable for an hour with an ETag, and spend the
// anonymous allowance (a 429 keeps the CORS headers, so a browser client can read it). The card
// answers a plain GET whatever its Accept says (experimental-ext-server-card, docs/discovery.md).
import { createHash } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { CATALOG_PATH, SERVER_CARD_TYPE, mcpCatalog, registryEntry, renderJson, serverCard } from '../server-card.js';
import type { Services } from '../services.js';
import { limitAnonymous } from './api-auth.js';
import type { AppEnv } from './request.js';

/** How long a client may keep a document (docs/discovery.md, "Caching"). */
export const DISCOVERY_MAX_AGE = 3600;

export const DISCOVERY_CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Accept',
  'access-control-expose-headers': 'ETag',
};

/** The paths of the discovery documents: the rebinding guard checks their Host but not their Origin. */
export function isDiscoveryPath(path: string): boolean {
  return path === CATALOG_PATH || /^\/mcp\/[^/]+\/(?:server-card|server\.json)$/.test(path);
}

export interface Document {
  body: string;
  etag: string;
  contentType: string;
}

export const document = (body: string, contentType: string): Document => ({
  body,
  contentType,
  etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
});

const matches = (ifNoneMatch: string | undefined, etag: string) =>
  ifNoneMatch?.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag) ?? false;

export function answer(c: Context<AppEnv>, doc: Document): Response {
  const headers = {
    'content-type': doc.contentType,
    'cache-control': `public, max-age=${DISCOVERY_MAX_AGE}`,
    etag: doc.etag,
    'x-content-type-options': 'nosniff',
  };
  if (matches(c.req.header('if-none-match'), doc.etag)) return c.body(null, 304, headers);
  return c.body(doc.body, 200, headers);
}

export const cors: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(DISCOVERY_CORS)) c.res.headers.set(name, value);
};

export const preflight = (c: Context<AppEnv>) => c.body(null, 204, { 'access-control-max-age': '86400' });
export const notAllowed = (c: Context<AppEnv>) => c.json({ error: 'method_not_allowed', message: 'Use GET, HEAD or OPTIONS.' }, 405, { allow: 'GET, HEAD, OPTIONS' });

export function discoveryRoutes(services: Services): Hono<AppEnv> {
  const base = services.config.publicBaseUrl;
  const { version } = services.config;
  const records = services.invokeDeps.platform.servers();
  const catalog = document(renderJson(mcpCatalog(records, base)), 'application/json; charset=utf-8');
  const cards = new Map(records.map((s) => [s.slug, document(renderJson(serverCard(s, base, version)), SERVER_CARD_TYPE)]));
  const entries = new Map(records.map((s) => [s.slug, document(renderJson(registryEntry(s, base, version)), 'application/json; charset=utf-8')]));
  const limited = limitAnonymous(services);
  const app = new Hono<AppEnv>();

  const route = (path: string, name: string, find: (c: Context<AppEnv>) => Document | undefined) => {
    app.use(path, cors);
    app.options(path, preflight);
    app.get(path, limited, (c) => {
      c.get('log').route = name;
      const doc = find(c);
      if (!doc) {
        const slug = c.req.param('slug') ?? '';
        return c.json({ error: 'not_found', message: `No server "${slug.slice(0, 64)}". The servers are listed at ${base}${CATALOG_PATH}.` }, 404);
      }
      return answer(c, doc);
    });
    app.all(path, notAllowed);
  };
  route(CATALOG_PATH, 'mcp-catalog', () => catalog);
  route('/mcp/:slug/server-card', 'server-card', (c) => cards.get(c.req.param('slug') ?? ''));
  route('/mcp/:slug/server.json', 'registry-entry', (c) => entries.get(c.req.param('slug') ?? ''));
  return app;
}
