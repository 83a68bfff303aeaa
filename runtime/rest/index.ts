// The REST tier under /api (REST spec, document 1): one OpenAPIHono app whose routes are declared
// with the zod schemas that validate them, so /api/openapi.json is generated from the same code.
// Each part registers its routes here; bearer keys and rate limits are applied by the app before.
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/request.js';
import type { Services } from '../services.js';
import { registerCompanyRoutes } from './companies.js';

export type RestApp = OpenAPIHono<AppEnv>;

/** Routes of /api/* besides the connector routes (mounted at /api). */
export function restRoutes(services: Services): RestApp {
  const app = new OpenAPIHono<AppEnv>();
  registerCompanyRoutes(app, services);
  return app;
}
