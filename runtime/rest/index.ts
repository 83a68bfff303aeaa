// The REST tier under /api (REST spec, document 1): one OpenAPIHono app whose routes are declared
// with the zod schemas that validate them, so /api/openapi.json is generated from the same code.
// Each part registers its routes here; bearer keys and rate limits are applied by the app before.
// Every error of this tier is a Problem: validation (the default hook), thrown errors and HTTP
// exceptions (onError), and a known path asked with another method (405).
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/request.js';
import type { Services } from '../services.js';
import { registerAccountRoutes } from './account.js';
import { registerCompanyRoutes } from './companies.js';
import { REFERENCE_PAGE, assetsOf } from './docs-page.js';
import { registerMetaRoutes } from './meta.js';
import { registerDocRoutes } from './openapi.js';
import { methodNotAllowed, restErrorHandler, validationHook } from './problems.js';
import { PROXY_ROUTING_PATH, registerProxyRoutes } from './proxy.js';
import { registerResearchRoutes } from './research.js';
import { registerReviewRoutes } from './reviews/routes.js';
import { registerSanctionsRoutes } from './sanctions.js';
import { registerSourceRoutes } from './sources.js';

export type RestApp = OpenAPIHono<AppEnv>;

/** OpenAPI paths whose Hono path is not the plain `{x}` → `:x` translation. */
const ROUTING_PATHS: Record<string, string> = { '/data/{kilde}/{endepunkt}': PROXY_ROUTING_PATH };

/** After every route: the same path with another method answers 405 with `Allow`. */
function registerMethodGuards(app: RestApp, services: Services): void {
  const methods = new Map<string, Set<string>>([
    ['/openapi.json', new Set(['GET'])],
    ['/docs', new Set(['GET'])],
    ...assetsOf(REFERENCE_PAGE).map((a): [string, Set<string>] => [a.path, new Set(['GET'])]),
  ]);
  for (const def of app.openAPIRegistry.definitions) {
    if (def.type !== 'route') continue;
    const path = ROUTING_PATHS[def.route.path] ?? def.route.path.replace(/\{([^}]+)\}/g, ':$1');
    const set = methods.get(path) ?? new Set<string>();
    set.add(def.route.method.toUpperCase());
    methods.set(path, set);
  }
  for (const [path, allowed] of methods) app.all(path, methodNotAllowed(services, [...allowed]));
}

/** Routes of /api/* besides the connector routes (mounted at /api). */
export function restRoutes(services: Services): RestApp {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook(services) as never });
  app.onError(restErrorHandler(services));
  registerProxyRoutes(app, services);
  registerCompanyRoutes(app, services);
  registerSourceRoutes(app, services);
  registerMetaRoutes(app, services);
  registerSanctionsRoutes(app, services);
  registerResearchRoutes(app, services);
  registerReviewRoutes(app, services);
  registerAccountRoutes(app, services);
  registerDocRoutes(app, services);
  registerMethodGuards(app, services);
  return app;
}
