// Company routes of the unified tier (REST spec 4.2, 4.3, 6): name search and its alias, lookup
// by national identifier, and a Norwegian company's change events. Each route validates its
// parameters with the zod schemas declared here (so /api/openapi.json documents exactly what is
// enforced), applies the REST-only rules (clamping of limit/pageSize, SE refused for search), then
// runs the companies tools through the runtime, the same code as MCP and the connector routes.
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { fail, toToolError } from '../errors.js';
import { problemResponse as problem } from '../http/problem.js';
import type { AppEnv } from '../http/request.js';
import { toolAnswer } from '../http/connectors.js';
import type { CompiledTool } from '../registry.js';
import type { Services } from '../services.js';
import { quoted, validationError } from '../validation.js';
import { CompanyEventsPageSchema, CompanySchema, CompanySearchResultSchema } from './company-schemas.js';
import type { RestApp } from './index.js';
import { BEARER, problemResponse } from './schemas.js';

export const PAGE_SIZE_MIN = 1;
export const PAGE_SIZE_MAX = 50;
export const PAGE_SIZE_DEFAULT = 20;

const SE_SEARCH_MESSAGE =
  'country: SE is not supported for name search; Swedish companies are looked up by organisation number at /api/v1/company/{orgnr} (for example /api/v1/company/5560160680)';

const errors = {
  400: problemResponse('Invalid parameter; page window beyond the register ceiling (type …/errors/page-out-of-range); invalid or expired cursor (type …/errors/invalid-cursor).'),
  401: problemResponse('Not authenticated.'),
  403: problemResponse('Forbidden.'),
  429: problemResponse('Rate limit exceeded (type …/errors/rate-limit-exceeded, with svcRetryAfterMs and Retry-After).'),
  502: problemResponse('The register could not be reached or failed.'),
  503: problemResponse('The register needs credentials that are not configured (not_configured, naming the variables), or is paused.'),
};

/** An integer written as query text ("", "abc" and "2.5" are refused naming the field), then checked by `schema`. */
const integer = (schema: z.ZodNumber = z.number()) =>
  z
    .string()
    .regex(/^[+-]?\d+$/, { error: (iss) => `must be an integer (got ${quoted(iss.input)})` })
    .transform(Number)
    .pipe(schema);

/** limit/pageSize: out-of-range values are clamped by the handler, not refused. */
const queryInt = (description: string, extra: Record<string, unknown> = {}) => integer().optional().openapi({ type: 'integer', description, ...extra });

const SearchQuery = z.object({
  q: z.string().min(1).max(200).openapi({ description: 'Company name or part of it (at least 1 character).', example: 'equinor' }),
  country: z
    .enum(['NO', 'DK', 'FI'])
    .optional()
    .openapi({
      description:
        'NO (default) searches Enhetsregisteret (shared cache and guardrails), DK the CVR register, FI the YTJ register. SE is not supported for name search: use /api/v1/company/{orgnr}.',
      default: 'NO',
    }),
  limit: queryInt('Page size, clamped to [1, 50]. Default 20. Wins over pageSize when both are given.', { minimum: 1, maximum: 50, default: 20 }),
  pageSize: queryInt('Alias of limit, so that the response field can be sent back. Clamped to [1, 50]. Default 20.', { minimum: 1, maximum: 50, default: 20 }),
  page: integer(z.number().min(0))
    .optional()
    .openapi({ type: 'integer', minimum: 0, default: 0, description: '0-indexed page. For country NO, page * pageSize must be below 10000.' }),
});

const searchRoute = (path: string, operationId: string, summary: string) =>
  createRoute({
    method: 'get',
    path,
    operationId,
    tags: ['companies'],
    summary,
    description:
      'Free-text name search in one national register. Answers total (hits in the register), page, pageSize, country, companies and canonicalUrl. For NO a window with page * pageSize >= 10000 is a 400 of type {base_url}/errors/page-out-of-range; DK without CVR credentials is a 503 not_configured.',
    security: BEARER,
    request: { query: SearchQuery },
    responses: {
      200: { description: 'One page of hits.', content: { 'application/json': { schema: CompanySearchResultSchema } } },
      ...errors,
    },
  });

const lookupRoute = createRoute({
  method: 'get',
  path: '/v1/company/{orgnr}',
  operationId: 'getCompany',
  tags: ['companies'],
  summary: 'Look up a company by national identifier',
  description:
    'A normalised Company for a Norwegian (9 digits), Danish (8), Finnish (NNNNNNN-C), Swedish or Icelandic (10 digits) identifier, recognised by its format and check digit. The country parameter settles a ten-digit number valid in both Sweden and Iceland. SE needs BOLAGSVERKET_CLIENT_ID/SECRET, IS RSK_API_KEY and DK CVR_ES_USER/PASS on the server, otherwise 503 not_configured.',
  security: BEARER,
  request: {
    params: z.object({
      orgnr: z.string().min(1).max(20).openapi({ param: { name: 'orgnr', in: 'path' }, description: 'National company identifier.', example: '923609016' }),
    }),
    query: z.object({
      country: z.enum(['NO', 'DK', 'FI', 'SE', 'IS']).optional().openapi({ description: 'Country of the identifier; needed only for a ten-digit number valid as both SE and IS.' }),
    }),
  },
  responses: {
    200: { description: 'The company.', content: { 'application/json': { schema: CompanySchema } } },
    ...errors,
    404: problemResponse('The register has no company with this identifier.'),
  },
});

const eventsRoute = createRoute({
  method: 'get',
  path: '/v1/companies/{orgnr}/events',
  operationId: 'listCompanyEvents',
  tags: ['companies'],
  summary: "A Norwegian company's change events",
  description:
    'Change events from the Enhetsregisteret update feed, newest first (order=desc, default) or oldest first (order=asc). Pages are linked by nextCursor: an opaque, signed base64url string valid 24 hours that gives the same page while the data is unchanged. An invalid, altered or expired cursor is a 400 of type {base_url}/errors/invalid-cursor.',
  security: BEARER,
  request: {
    params: z.object({
      orgnr: z.string().min(1).max(20).openapi({ param: { name: 'orgnr', in: 'path' }, description: 'Norwegian organisation number.', example: '923609016' }),
    }),
    query: z.object({
      cursor: z.string().optional().openapi({ description: 'nextCursor of the previous page, unchanged.' }),
      limit: integer(z.number().min(1).max(100)).optional().openapi({ type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Events per page, 1 to 100. Default 20.' }),
      order: z.enum(['desc', 'asc']).optional().openapi({ description: 'desc (default): newest first; asc: oldest first. Send the same order with each cursor.', default: 'desc' }),
    }),
  },
  responses: {
    200: { description: 'One page of events.', content: { 'application/json': { schema: CompanyEventsPageSchema } } },
    ...errors,
    404: problemResponse('The organisation number is not in Enhetsregisteret.'),
  },
});

/** Clamps a page size to [1, 50]; `limit` wins over `pageSize`; default 20 (REST spec 4.2). */
export function clampPageSize(limit: number | undefined, pageSize: number | undefined): number {
  const raw = limit ?? pageSize;
  if (raw === undefined) return PAGE_SIZE_DEFAULT;
  return Math.min(PAGE_SIZE_MAX, Math.max(PAGE_SIZE_MIN, raw));
}

export function registerCompanyRoutes(app: RestApp, services: Services): void {
  const base = services.config.publicBaseUrl;
  const server = services.registry.server('companies');
  if (!server) return;
  const tool = (name: string): CompiledTool => {
    const t = server.toolsByName.get(name);
    if (!t) throw new Error(`companies server has no tool ${name}`);
    return t;
  };
  const search = tool('companies.search');
  const lookup = tool('companies.lookup');
  const events = tool('companies.events');

  const fromError = (c: Context<AppEnv>, err: unknown) => {
    const e = toToolError(err);
    const log = c.get('log');
    log.route = 'rest';
    log.outcome = e.code;
    return problem(e, base, c.get('reqId'));
  };

  /** Runs a companies tool as the route's answer: its JSON on success, its error as a Problem. */
  const run = (c: Context<AppEnv>, t: CompiledTool, args: Record<string, unknown>): Promise<Response> => toolAnswer(c, services, t, args, 'rest');

  // Parameter errors become Problem bodies naming the field and the bound.
  const hook = (result: { success: true } | { success: false; error: z.ZodError }, c: Context<AppEnv>) => {
    if (!result.success) return fromError(c, validationError(result.error as never));
    return undefined;
  };

  const validQuery = <T>(c: Context<AppEnv>) => (c.req as unknown as { valid(t: 'query'): T }).valid('query');

  /** A route that runs `t` with the arguments read from the request; any failure is a Problem. */
  const toolRoute = (t: CompiledTool, argsOf: (c: Context<AppEnv>) => Record<string, unknown>) => async (c: Context<AppEnv>) => {
    try {
      return await run(c, t, argsOf(c));
    } catch (err) {
      return fromError(c, err);
    }
  };

  const searchHandler = toolRoute(search, (c) => {
    const q = validQuery<z.output<typeof SearchQuery>>(c);
    return { q: q.q, country: q.country ?? 'NO', pageSize: clampPageSize(q.limit, q.pageSize), page: q.page ?? 0 };
  });

  // A search for SE is refused with the way to look Swedish companies up, before validation names
  // the enum: the spec words this answer.
  const refuseSwedishSearch = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    if ((c.req.query('country') ?? '').toUpperCase() === 'SE') {
      return fromError(c, fail.invalidInput(SE_SEARCH_MESSAGE, { extra: { fields: ['country'] } }));
    }
    await next();
  };
  app.use('/v1/companies', refuseSwedishSearch);
  app.use('/v1/companies/search', refuseSwedishSearch);

  app.openapi(searchRoute('/v1/companies', 'searchCompanies', 'Search companies by name'), searchHandler as never, hook as never);
  app.openapi(
    searchRoute('/v1/companies/search', 'searchCompaniesAlias', 'Search companies by name (alias of /api/v1/companies)'),
    searchHandler as never,
    hook as never,
  );

  app.openapi(
    lookupRoute,
    toolRoute(lookup, (c) => {
      const { country } = validQuery<{ country?: string }>(c);
      return { companyId: c.req.param('orgnr') ?? '', ...(country && { country }) };
    }) as never,
    hook as never,
  );

  app.openapi(
    eventsRoute,
    toolRoute(events, (c) => {
      const q = validQuery<{ cursor?: string; limit?: number; order?: string }>(c);
      return {
        orgnr: c.req.param('orgnr') ?? '',
        ...(q.order !== undefined && { order: q.order }),
        ...(q.limit !== undefined && { limit: q.limit }),
        ...(q.cursor !== undefined && { cursor: q.cursor }),
      };
    }) as never,
    hook as never,
  );
}
