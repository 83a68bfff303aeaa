// Routes of the landing pages. Every page is rendered once at start-up from the server records of
// this process (the same records discovery, sources and catalogue.json are made of).
import { Hono } from 'hono';
import { buildCatalogue, SERVED_CATALOGUE } from '../runtime/catalogue.js';
import { limitAnonymous } from '../runtime/http/api-auth.js';
import { readBodyText } from '../runtime/http/body.js';
import type { AppEnv } from '../runtime/http/request.js';
import { assetHandler } from '../runtime/rest/docs-assets.js';
import type { Services } from '../runtime/services.js';
import { LANDING_ASSETS } from './assets.js';
import { HTML_HEADERS as HTML, esc, page } from './html.js';
import { renderIndex, renderPostNotice, renderServer } from './pages.js';

export interface LandingPages {
  index: string;
  servers: Map<string, string>;
  postNotice: string;
  postNoticeJsonRpc: string;
  /** MAX_BODY_BYTES, and the page answered (413) for a POST body over it. */
  maxBodyBytes: number;
  postTooLarge: string;
}

export function renderLanding(services: Services): LandingPages {
  const base = services.config.publicBaseUrl;
  const records = services.invokeDeps.platform.servers();
  const totals = buildCatalogue(records, SERVED_CATALOGUE).totals;
  const servers = new Map<string, string>();
  for (const [i, server] of services.registry.servers.entries()) {
    const examples = new Map(server.tools.map((t) => [t.name, t.def.example] as const));
    servers.set(server.slug, renderServer(records[i], examples, base));
  }
  return {
    index: renderIndex(records, totals, base),
    servers,
    postNotice: renderPostNotice(records, false),
    postNoticeJsonRpc: renderPostNotice(records, true),
    maxBodyBytes: services.config.maxBodyBytes,
    postTooLarge: page('Request body too large', `<h1>Request body too large</h1><p>This page reads at most ${esc(services.config.maxBodyBytes)} bytes of a request body. MCP clients connect to one server per source: see <a href="${esc(base)}/mcp">${esc(base)}/mcp</a>.</p>`),
  };
}

/** GET /mcp, POST /mcp and the pages' stylesheet and script (the app serves GET /mcp/<slug>, checking Accept). */
export function landingRoutes(pages: LandingPages, services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // In memory, named by their hash: the "not installed" answer cannot happen.
  for (const asset of LANDING_ASSETS) app.get(asset.path, limitAnonymous(services), assetHandler(asset, (c) => c.body(null, 500)));
  app.get('/mcp', (c) => {
    c.get('log').route = 'landing';
    return c.body(pages.index, 200, HTML);
  });
  app.post('/mcp', async (c) => {
    c.get('log').route = 'landing';
    // The shared capped reader: past MAX_BODY_BYTES it stops keeping data and the answer is 413,
    // with the connection closed so that the rest of the body is not read either.
    const body = await readBodyText(c, pages.maxBodyBytes).catch(() => ({ tooLarge: false as const, text: '' }));
    if (body.tooLarge) return c.body(pages.postTooLarge, 413, { ...HTML, connection: 'close' });
    const jsonRpc = /"jsonrpc"\s*:/.test(body.text);
    return c.body(jsonRpc ? pages.postNoticeJsonRpc : pages.postNotice, 200, HTML);
  });
  return app;
}
