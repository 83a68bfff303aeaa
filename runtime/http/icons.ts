// GET /icons/<name>-<hash>.svg: the icons of servers and tools (runtime/icons.ts), without a key on
// the anonymous allowance, as the MCP specification asks consumers to fetch icons without
// credentials. The file name names the content's hash, so an answer is cached for a year; the
// SVG gets a policy that lets it run and load nothing even when it is opened on its own.
import { Hono } from 'hono';
import { SVG_TYPE } from '../icons.js';
import { assetHandler, type Asset } from '../rest/docs-assets.js';
import type { Services } from '../services.js';
import { limitAnonymous } from './api-auth.js';
import type { AppEnv } from './request.js';

export const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const ICON_HEADERS = {
  'content-security-policy': SVG_POLICY,
  // Icons are public and carry no credentials: a web client may fetch the bytes to check them.
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
};

export function iconRoutes(services: Services): Hono<AppEnv> {
  const handlers = new Map(
    [...services.registry.icons.values()].map((icon) => {
      const svg = Buffer.from(icon.svg);
      const asset: Asset = { path: icon.path, contentType: SVG_TYPE, headers: ICON_HEADERS, read: async () => svg };
      // The bytes are in memory: the handler's "not installed" answer cannot happen.
      return [icon.path.slice('/icons/'.length), assetHandler(asset, (c) => c.body(null, 500))] as const;
    }),
  );
  const app = new Hono<AppEnv>();
  app.get('/:file', limitAnonymous(services), (c) => {
    c.get('log').route = 'icon';
    const handler = handlers.get(c.req.param('file'));
    return handler ? handler(c) : c.notFound();
  });
  return app;
}
