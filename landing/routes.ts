// Routes of the landing pages. Every page is rendered once at start-up from the server records of
// this process (the same records discovery, sources and catalogue.json are made of).
import { Hono } from 'hono';
import { buildCatalogue, SERVED_CATALOGUE } from '../runtime/catalogue.js';
import type { AppEnv } from '../runtime/http/request.js';
import type { Services } from '../runtime/services.js';
import { renderIndex, renderPostNotice, renderServer } from './pages.js';

const HTML = { 'content-type': 'text/html; charset=utf-8' };

export interface LandingPages {
  index: string;
  servers: Map<string, string>;
  postNotice: string;
  postNoticeJsonRpc: string;
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
  };
}

/** GET /mcp, POST /mcp, and the HTML page of GET /mcp/<slug> (the caller checks Accept). */
export function landingRoutes(pages: LandingPages): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/mcp', (c) => {
    c.get('log').route = 'landing';
    return c.body(pages.index, 200, HTML);
  });
  app.post('/mcp', async (c) => {
    c.get('log').route = 'landing';
    let jsonRpc = false;
    try {
      const text = await c.req.text();
      jsonRpc = text.length < 1_000_000 && /"jsonrpc"\s*:/.test(text);
    } catch {
      jsonRpc = false;
    }
    return c.body(jsonRpc ? pages.postNoticeJsonRpc : pages.postNotice, 200, HTML);
  });
  return app;
}
