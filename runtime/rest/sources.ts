// GET /api/v1/sources and /api/v1/sources/{key} (tag `sources`): the source catalogue. The routes
// call the `sources` server's tools (sources.list, sources.get) through runtime/invoke.ts, so REST
// and MCP answer the same data from the same code.
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { fail } from '../errors.js';
import { problemResponse } from '../http/problem.js';
import type { AppEnv } from '../http/request.js';
import { toolAnswer } from '../http/connectors.js';
import type { Services } from '../services.js';
import type { RestApp } from './index.js';
import { BEARER, problemResponse as problemEntry } from './schemas.js';

const Status = z.enum(['connected', 'planned', 'scraping']);
const Country = z.enum(['NO', 'SE', 'DK', 'FI', 'IS', 'EU']);
const Category = z.enum(['agency', 'non-agency', 'platform']);

const Health = z
  .object({
    status: z.enum(['ok', 'degraded', 'down', 'unknown']).openapi({ description: 'ok: no upstream breaker open; degraded: some open; down: all open; unknown: not connected.' }),
    upstreams: z.array(
      z.object({
        id: z.string(),
        state: z.enum(['closed', 'open', 'half_open']),
        consecutiveFailures: z.number().int(),
        retryAfterMs: z.number().int(),
      }),
    ),
    checkedAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('SourceHealth');

const ToolCounts = z.object({ active: z.number().int(), not_configured: z.number().int(), deprecated: z.number().int(), planned: z.number().int() });
const AvailabilityCounts = z.object({
  answers: z.number().int(),
  needs_credentials: z.number().int(),
  no_readable_source: z.number().int(),
  planned: z.number().int(),
  retired: z.number().int(),
});

export const SourceSchema = z
  .object({
    key: z.string().openapi({ description: 'Source key: the `kilde` of /api/data/{kilde}/{endepunkt}.', example: 'brreg' }),
    name: z.string(),
    status: Status,
    category: Category.openapi({ description: 'agency: named after an agency or register; non-agency and platform: the other keys of REST spec 2.5.' }),
    owner: z.string(),
    country: z.string().openapi({ description: 'First of `countries`.' }),
    countries: z.array(z.string()),
    license: z.string(),
    docs: z.array(z.object({ label: z.string(), url: z.string() })),
    server: z.string().nullable().openapi({ description: 'Slug of the MCP server serving the source.' }),
    serverUrl: z.string().nullable().openapi({ description: '{base_url}/mcp/<slug>; null when no server serves it.' }),
    dataUrl: z.string().openapi({ description: 'Prefix of the data proxy for this key.' }),
    toolCount: z.number().int(),
    tools: ToolCounts.openapi({ description: 'Tools by status in this service.' }),
    toolAvailability: AvailabilityCounts.openapi({
      description: 'Tools by whether they can answer data here: answers; needs_credentials (answers once the operator sets the credentials it names); no_readable_source (the source publishes nothing a program may read without a session; no credential helps); planned; retired.',
    }),
    available: z.enum(['nå', 'degraded', 'deprecated']).nullable(),
    health: Health,
    endpoints: z.array(z.string()).optional().openapi({ description: 'For platform keys the backend answers itself: the endepunkt values.' }),
    note: z.string().optional(),
    unconfirmed: z.array(z.string()).optional().openapi({ description: 'Facts of this record that no source confirmed.' }),
  })
  .openapi('Source');

const SourceList = z
  .object({
    total: z.number().int().openapi({ description: 'Sources matching the filters.' }),
    counts: z.object({ connected: z.number().int(), planned: z.number().int(), scraping: z.number().int() }).openapi({ description: 'All sources by status, before filtering.' }),
    filters: z.object({ status: Status.nullable(), country: Country.nullable(), category: Category.nullable() }),
    checkedAt: z.string(),
    sources: z.array(SourceSchema),
  })
  .openapi('SourceList');

const SourceDetail = SourceSchema.extend({
  toolList: z.array(z.object({ name: z.string(), status: z.string(), availability: z.enum(['answers', 'needs_credentials', 'no_readable_source', 'planned', 'retired']), route: z.string() })),
}).openapi('SourceDetail');

const errors = {
  400: problemEntry('Invalid filter.'),
  401: problemEntry('No or unknown bearer key.'),
  403: problemEntry('The key lacks the api:read scope.'),
  429: problemEntry('Rate limit exceeded.'),
  503: problemEntry('The source catalogue is not loaded.'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/v1/sources',
  operationId: 'listSources',
  tags: ['sources'],
  summary: 'Every data source with status, owner, licence, documentation and health',
  description:
    'Every source key with status connected, planned or scraping, owner, countries, licence, documentation links, its MCP server URL and tool count, and its current health (circuit-breaker state of its upstreams). The same data as the sources.list tool of /mcp/sources.',
  security: BEARER,
  request: {
    query: z.strictObject({
      status: Status.optional().openapi({ description: 'Only this status.' }),
      country: Country.optional().openapi({ description: 'Only sources covering this country.' }),
      category: Category.optional().openapi({ description: 'Only this category.' }),
    }),
  },
  responses: { 200: { description: 'The sources.', content: { 'application/json': { schema: SourceList } } }, ...errors },
});

const getRoute = createRoute({
  method: 'get',
  path: '/v1/sources/{key}',
  operationId: 'getSource',
  tags: ['sources'],
  summary: 'One data source',
  description: 'One source by key, with its tools and their connector routes. The same data as the sources.get tool.',
  security: BEARER,
  request: {
    params: z.object({
      key: z
        .string()
        .min(1)
        .max(64)
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
        .openapi({ param: { name: 'key', in: 'path' }, description: 'Source key, kebab-case.', example: 'brreg' }),
    }),
  },
  responses: {
    200: { description: 'The source.', content: { 'application/json': { schema: SourceDetail } } },
    ...errors,
    404: problemEntry('No source has this key.'),
  },
});

export function registerSourceRoutes(app: RestApp, services: Services): void {
  const base = services.config.publicBaseUrl;
  const call = async (c: Context<AppEnv>, toolName: string, args: Record<string, unknown>): Promise<Response> => {
    const log = c.get('log');
    log.route = 'sources';
    const tool = services.registry.server('sources')?.toolsByName.get(toolName);
    if (!tool) return problemResponse(fail.upstream('The source catalogue (the sources server) is not loaded in this service.', { status: 503 }), base, c.get('reqId'));
    return toolAnswer(c, services, tool, args, 'sources');
  };
  app.openapi(listRoute, async (c) => {
    const q = c.req.valid('query');
    const args = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined));
    return (await call(c, 'sources.list', args)) as never;
  });
  app.openapi(getRoute, async (c) => (await call(c, 'sources.get', { key: c.req.valid('param').key })) as never);
}
