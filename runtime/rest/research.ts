// The research group (REST spec 1 and 7): queued, agent-driven company research with versioned
// reports. This service is the local development server of the spec, where research answers 501.
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ToolError } from '../errors.js';
import { problemResponse } from '../http/problem.js';
import type { AppEnv } from '../http/request.js';
import type { Services } from '../services.js';
import type { RestApp } from './index.js';
import { BEARER, problemResponse as problemEntry } from './schemas.js';

const notImplemented = {
  401: problemEntry('No or unknown bearer key.'),
  403: problemEntry('The key lacks the api:read scope.'),
  429: problemEntry('Rate limit exceeded.'),
  501: problemEntry('Research is not available in a local development server (REST spec 7).'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/v1/research',
  operationId: 'listResearch',
  tags: ['research'],
  summary: 'Research jobs and reports (not available here)',
  description: 'Always 501 in this service, as the spec says for a local development server; so do every method and sub-path of /api/v1/research.',
  security: BEARER,
  responses: notImplemented,
});

const createRoute_ = createRoute({
  method: 'post',
  path: '/v1/research',
  operationId: 'createResearch',
  tags: ['research'],
  summary: 'Queue company research (not available here)',
  description: 'Always 501 in this service.',
  security: BEARER,
  responses: notImplemented,
});

export function registerResearchRoutes(app: RestApp, services: Services): void {
  const base = services.config.publicBaseUrl;
  const answer = (c: Context<AppEnv>): Response => {
    c.get('log').route = 'research';
    return problemResponse(
      new ToolError('not_implemented', 'The research API (queued, agent-driven company research with versioned reports) is not available in a local development server.'),
      base,
      c.get('reqId'),
    );
  };
  app.openapi(listRoute, answer as never);
  app.openapi(createRoute_, answer as never);
  app.all('/v1/research', answer);
  app.all('/v1/research/*', answer);
}
