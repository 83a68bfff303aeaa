// The reviews group of the unified tier (REST spec 1, tag `reviews`): review retrieval for 19
// platforms, each with its own parameter names, honouring each platform's robots rules.
//
//   GET /api/v1/reviews             the platforms: how each is read, its parameters, whether this
//                                   instance has its credential and whether its robots.txt allows it
//   GET /api/v1/reviews/{platform}  one platform's reviews; one OpenAPI operation per platform, so
//                                   that each documents its own parameters
//
// Order of a request: the parameters are validated (400 naming the platform's own names); an API
// platform without its credential answers 503 not_configured before anything is fetched; the
// platform's robots.txt is read (cached, ./robots.ts) and a disallowed path answers 451 with
// nothing else fetched; then the one request goes out through the upstream layer (which never
// follows a redirect) and its answer is read into the common shape.
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { Deadline } from '../../deadline.js';
import { fail, ToolError } from '../../errors.js';
import { problemResponse } from '../../http/problem.js';
import type { AppEnv } from '../../http/request.js';
import type { Services } from '../../services.js';
import { missingCredentials } from '../../upstream/auth.js';
import { authEnvVars } from '../../upstream/catalogue.js';
import { buildUrl } from '../../upstream/url.js';
import { validationError } from '../../validation.js';
import type { RestApp } from '../index.js';
import { BEARER, problemResponse as problemEntry } from '../schemas.js';
import type { ReviewPlatform } from './platform.js';
import { PLATFORMS, PLATFORM_BY_ID, ROBOTS_UPSTREAM } from './platforms/index.js';
import { RobotsGate, robotsUnavailable, robotsUnavailableError, type RobotsState } from './robots.js';

/** How long a platform's answer is reused (the upstream layer's response cache). */
const REVIEWS_TTL_SECONDS = 900;

const ReviewSchema = z
  .object({
    rating: z.number().nullable().openapi({ description: 'The reviewer\'s rating, on the scale up to bestRating.' }),
    bestRating: z.number().nullable().openapi({ description: 'Top of the rating scale (5 on most platforms, 10 on Booking.com).' }),
    author: z.string().nullable().openapi({ description: 'The name the reviewer shows on the platform.' }),
    date: z.string().nullable().openapi({ description: 'When the review was written, as the platform gives it (ISO 8601 on most).' }),
    title: z.string().nullable(),
    text: z.string().nullable(),
    language: z.string().nullable().openapi({ description: 'Language of the text where the platform gives it.' }),
    url: z.string().nullable().openapi({ description: 'The review on the platform, where it has an address.' }),
    recommendation: z.enum(['positive', 'negative']).nullable().optional().openapi({ description: 'Facebook only: a recommendation rather than stars.' }),
  })
  .openapi('Review');

const AggregateSchema = z
  .object({
    ratingValue: z.number().nullable(),
    bestRating: z.number().nullable(),
    reviewCount: z.number().nullable().openapi({ description: 'Reviews (or ratings) the platform counts in all, not only those answered.' }),
  })
  .openapi('AggregateRating');

const RobotsStateSchema = z
  .object({
    url: z.string(),
    status: z.enum(['rules', 'none', 'unreachable']).openapi({ description: 'rules: the file was read; none: it answered 4xx (everything allowed, RFC 9309 2.3.1.3); unreachable: 5xx, 429, a redirect or no answer (everything disallowed, 2.3.1.4).' }),
    httpStatus: z.number().int().nullable(),
    fetchedAt: z.string(),
    expiresAt: z.string(),
    detail: z.string().optional(),
  })
  .openapi('RobotsState');

const ReviewsResultSchema = z
  .object({
    platform: z.string(),
    name: z.string(),
    read: z.enum(['api', 'feed', 'json-ld']),
    parameters: z.record(z.string(), z.unknown()).openapi({ description: 'The parameters used, under the platform\'s own names.' }),
    subject: z.string().nullable().openapi({ description: 'The name of what is reviewed, where the answer gives it.' }),
    aggregate: AggregateSchema.nullable().openapi({ description: 'The overall rating, where the platform states it in this answer.' }),
    count: z.number().int(),
    reviews: z.array(ReviewSchema),
    next: z.record(z.string(), z.union([z.string(), z.number()])).nullable().openapi({ description: 'Parameters for the next page, in the platform\'s own names, when there is one.' }),
    source: z.object({
      url: z.string().openapi({ description: 'What was read, on the platform\'s public address (no credential).' }),
      pageUrl: z.string().nullable().openapi({ description: 'The page a person opens for these reviews.' }),
      fetchedAt: z.string(),
      cached: z.boolean(),
      robots: RobotsStateSchema,
    }),
  })
  .openapi('Reviews');

const PlatformSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    market: z.string().openapi({ description: 'INT, or the Nordic country (NO, SE, DK, FI, NORDIC) where the platform is used.' }),
    read: z.enum(['api', 'feed', 'json-ld']).openapi({ description: 'api: official API with its credential; feed: official feed, no credential; json-ld: the public page\'s schema.org structured data, where robots.txt allows it.' }),
    about: z.string(),
    route: z.string(),
    baseUrl: z.string(),
    baseUrlVariable: z.string(),
    robotsUrl: z.string(),
    docs: z.string(),
    parameters: z.array(z.object({ name: z.string(), required: z.boolean(), description: z.string().nullable(), example: z.union([z.string(), z.number()]).nullable() })),
    credentials: z.array(z.string()).openapi({ description: 'Environment variables the official API needs.' }),
    configured: z.boolean().openapi({ description: 'Whether this instance has every credential (always true without one).' }),
    allowed: z.boolean().openapi({ description: 'Whether the platform\'s robots.txt allows the example request for this service\'s User-Agent.' }),
    robots: RobotsStateSchema,
  })
  .openapi('ReviewPlatform');

const PlatformListSchema = z
  .object({
    total: z.number().int(),
    userAgent: z.string().openapi({ description: 'The product token robots rules are matched against.' }),
    platforms: z.array(PlatformSchema),
  })
  .openapi('ReviewPlatformList');

const errors = {
  401: problemEntry('No or unknown bearer key.'),
  403: problemEntry('The key lacks the api:read scope.'),
  429: problemEntry('Rate limit exceeded.'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/v1/reviews',
  operationId: 'listReviewPlatforms',
  tags: ['reviews'],
  summary: 'The 19 review platforms and their parameters',
  description:
    'Every review platform: how it is read (official API, official feed, or the public page\'s JSON-LD), its route and parameters under the platform\'s own names, the credential its API needs and whether this instance has it, and whether its robots.txt (read and cached) allows the example request for this service\'s User-Agent.',
  security: BEARER,
  responses: { 200: { description: 'The platforms.', content: { 'application/json': { schema: PlatformListSchema } } }, ...errors },
});

function platformRoute(p: ReviewPlatform) {
  return createRoute({
    method: 'get',
    path: `/v1/reviews/${p.id}`,
    operationId: `getReviews_${p.id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}`,
    tags: ['reviews'],
    summary: `Reviews on ${p.name}`,
    description: `${p.about} Read ${p.read === 'api' ? `through its official API (${p.upstream.name}; needs ${authEnvVars(p.upstream.auth).join(', ')} on the server, otherwise 503 not_configured)` : p.read === 'feed' ? `from its official feed (${p.upstream.name}), no credential` : 'from the schema.org JSON-LD of its public page'}. Parameters keep ${p.name}'s own names. Before anything else is fetched, ${p.robotsUrl} (cached up to 24 h) is checked: a path it disallows for this service's User-Agent answers 451. Documentation: ${p.docs}`,
    security: BEARER,
    request: { query: p.params.strict() },
    responses: {
      200: { description: 'The reviews.', content: { 'application/json': { schema: ReviewsResultSchema } } },
      400: problemEntry("A parameter is missing, out of its bounds or not one of the platform's own names."),
      ...errors,
      404: problemEntry('The platform has nothing at this address.'),
      451: problemEntry("The platform's robots.txt disallows this path for this service's User-Agent, or redirects (never followed; RFC 9309: then everything is disallowed). Type …/errors/robots-disallowed; names the platform, the robots.txt, the path and the rule."),
      502: problemEntry('The platform failed, answered a redirect (never followed), or its page carries no structured data.'),
      503: problemEntry('The platform\'s official API needs a credential this instance lacks (not_configured, naming the variable), the platform is paused, or its robots.txt answered 5xx or 429 or no answer (upstream_unavailable, detailCode robots_unavailable, with svcRetryAfterMs until it is asked again).'),
    },
  });
}

interface ParamInfo {
  name: string;
  required: boolean;
  description: string | null;
  example: string | number | null;
}

/** A platform's parameters as the listing shows them, from its zod schema (once, at start-up). */
function paramsOf(p: ReviewPlatform): ParamInfo[] {
  const schema = z.toJSONSchema(p.params, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, { description?: string }>; required?: string[] };
  return Object.keys(p.params.shape).map((name) => ({
    name,
    required: (schema.required ?? []).includes(name),
    description: schema.properties?.[name]?.description ?? null,
    example: p.example[name] ?? null,
  }));
}

export function registerReviewRoutes(app: RestApp, services: Services): void {
  const base = services.config.publicBaseUrl;
  const gate = new RobotsGate(services.upstream, services.config.userAgent);
  const credentials = { get: (name: string) => services.invokeDeps.env(name) };
  const params = new Map(PLATFORMS.map((p) => [p.id, paramsOf(p)]));

  const robotsId = (p: ReviewPlatform) => ROBOTS_UPSTREAM.get(p.id)!.id;
  const deadline = () => new Deadline(services.config.callDeadlineMs);

  /** The URL a request for `input` goes to, as the upstream layer builds it (no credential). */
  const targetOf = (p: ReviewPlatform, input: Record<string, unknown>) => {
    const req = p.request(input);
    return { req, url: buildUrl(services.upstream.baseUrl(p.upstream.id), req.path, req.params, req.query) };
  };

  const disallowed = (p: ReviewPlatform, url: string, state: RobotsState, rule: { line: number; text: string } | null): ToolError => {
    const target = new URL(url);
    const path = `${target.pathname}${target.search}`;
    if (robotsUnavailable(state)) return robotsUnavailableError(p.name, state, path, Date.now(), { platform: p.id, robotsUrl: state.url, path });
    const why =
      state.status === 'unreachable'
        ? `${p.name}'s robots.txt (${state.url}) could not be read (${state.httpStatus === null ? 'no answer' : `HTTP ${state.httpStatus}`}); under RFC 9309 everything is disallowed until it can be read, so ${path} is not fetched`
        : `${p.name}'s robots.txt (${state.url}) disallows ${path} for the User-Agent ${gate.token}${rule ? ` (line ${rule.line}: "${rule.text}")` : ''}; this service does not fetch it`;
    return new ToolError('robots_disallowed', why, {
      extra: { platform: p.id, robotsUrl: state.url, path, userAgent: gate.token, rule, robots: state, retryAt: state.expiresAt },
    });
  };

  app.openapi(listRoute, (async (c: Context<AppEnv>) => {
    c.get('log').route = 'reviews';
    const stats = c.get('stats');
    const budget = deadline();
    const platforms = await Promise.all(
      PLATFORMS.map(async (p) => {
        const creds = authEnvVars(p.upstream.auth);
        const { url } = targetOf(p, p.example);
        const verdict = await gate.check(robotsId(p), url, stats, budget);
        return {
          id: p.id,
          name: p.name,
          market: p.market,
          read: p.read,
          about: p.about,
          route: `${base}/api/v1/reviews/${p.id}`,
          baseUrl: p.upstream.baseUrl,
          baseUrlVariable: p.upstream.envVar,
          robotsUrl: p.robotsUrl,
          docs: p.docs,
          parameters: params.get(p.id)!,
          credentials: creds,
          configured: missingCredentials(p.upstream, credentials).length === 0,
          allowed: verdict.allowed,
          robots: verdict.state,
        };
      }),
    );
    return c.json({ total: platforms.length, userAgent: gate.token, platforms });
  }) as never);

  for (const p of PLATFORMS) {
    const names = Object.keys(p.params.shape);
    // A refused parameter names the platform's own parameters, so that a client that sent another
    // platform's name (placeId for place_id) sees which to use.
    const hook = (result: { success: true } | { success: false; error: z.ZodError }, c: Context<AppEnv>) => {
      if (result.success) return undefined;
      const err = validationError(result.error as never);
      c.get('log').outcome = err.code;
      return problemResponse(
        new ToolError('invalid_input', `Invalid query parameter: ${err.message}. ${p.name} takes ${names.join(', ')} (its own names; required: ${params.get(p.id)!.filter((x) => x.required).map((x) => x.name).join(', ') || 'none'}).`, {
          extra: { ...err.extra, in: 'query', platform: p.id, parameters: names },
        }),
        base,
        c.get('reqId'),
      );
    };

    app.openapi(
      platformRoute(p),
      (async (c: Context<AppEnv>) => {
        const log = c.get('log');
        log.route = 'reviews';
        const input = (c.req as unknown as { valid(t: 'query'): Record<string, unknown> }).valid('query');
        const stats = c.get('stats');
        const budget = deadline();

        // 1. The official API's credential: without it nothing is fetched, robots.txt included.
        const missing = missingCredentials(p.upstream, credentials);
        if (missing.length > 0) {
          throw fail.notConfigured(`${p.name} is read through its official API (${p.upstream.name}), which needs ${missing.join(', ')} on the server; the operator has not set ${missing.length > 1 ? 'them' : 'it'}`, {
            extra: { platform: p.id, missing },
          });
        }

        // 2. The platform's robots rules, for exactly the request that would be sent.
        const { req, url } = targetOf(p, input);
        const verdict = await gate.check(robotsId(p), url, stats, budget);
        if (!verdict.allowed) throw disallowed(p, url, verdict.state, verdict.rule);

        // 3. The one request, and its answer in the common shape.
        const answer = await services.upstream.request(
          { upstream: p.upstream.id, path: req.path, params: req.params, query: req.query, headers: req.headers, accept: p.read === 'json-ld' ? 'text' : 'json', ttlSeconds: REVIEWS_TTL_SECONDS, deadline: budget },
          stats,
        );
        const read = p.parse(answer.data, input);
        return c.json({
          platform: p.id,
          name: p.name,
          read: p.read,
          parameters: input,
          subject: read.subject ?? null,
          aggregate: read.aggregate,
          count: read.reviews.length,
          reviews: read.reviews,
          next: read.next ?? null,
          source: {
            url: answer.publicUrl ?? url,
            pageUrl: p.pageUrl?.(input) ?? (p.read === 'json-ld' ? (answer.publicUrl ?? url) : null),
            fetchedAt: new Date(answer.fetchedAt).toISOString(),
            cached: answer.fromCache,
            robots: verdict.state,
          },
        });
      }) as never,
      hook as never,
    );
  }

  // Any other platform name is a 404 that lists the platforms; a known one asked with another method a 405.
  app.all('/v1/reviews/:platform', (c) => {
    const name = c.req.param('platform');
    if (PLATFORM_BY_ID.has(name)) {
      return problemResponse(new ToolError('method_not_allowed', `${c.req.method} is not allowed on /api/v1/reviews/${name}; use GET, HEAD.`), base, c.get('reqId'), { Allow: 'GET, HEAD' });
    }
    c.get('log').route = 'reviews';
    return problemResponse(
      fail.notFound(`No review platform "${name.slice(0, 60)}"; the platforms are ${PLATFORMS.map((p) => p.id).join(', ')} (GET /api/v1/reviews lists them with their parameters).`, {
        extra: { platforms: PLATFORMS.map((p) => p.id) },
      }),
      base,
      c.get('reqId'),
    );
  });
}
