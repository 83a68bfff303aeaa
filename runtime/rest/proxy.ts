// The data proxy (REST spec 4.1): GET and POST /api/data/{kilde}/{endepunkt}, forwarded through
// the upstream layer to `{DATA_BACKEND_URL}/v1/connectors/{kilde}/{endepunkt}` with the path
// decoded once and re-encoded segment by segment; the backend's status and body come back as they
// are. The bearer key and rate limits are checked by the app before (runtime/http/app.ts).
import { createRoute, z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { ToolError, fail } from '../errors.js';
import { readBodyText } from '../http/body.js';
import { PROBLEM_CONTENT_TYPE, problemResponse } from '../http/problem.js';
import type { AppEnv } from '../http/request.js';
import { callDeadline, invokeTool } from '../invoke.js';
import type { Services } from '../services.js';
import { DATA_BACKEND } from './backend.js';
import type { RestApp } from './index.js';
import { RUNTIME_PLATFORM_KEYS } from './platform-keys.js';
import { BACKEND_TEMPLATE, ENDPOINT_MAX, backendUrl } from './proxy-path.js';
import { BEARER, problemResponse as problemEntry } from './schemas.js';
import { parseRetryAfter } from '../upstream/retry.js';

const KildeParam = z
  .string()
  .min(1)
  .max(64)
  .openapi({
    param: { name: 'kilde', in: 'path' },
    description:
      'Source key (REST spec 2.5), kebab-case: every server’s source key, the keys not named after an agency and the platform keys. GET /api/v1/sources lists them with their status; a planned key answers 503, an unknown key 404.',
    example: 'brreg',
  });

const EndepunktParam = z
  .string()
  .min(1)
  .max(ENDPOINT_MAX)
  .openapi({
    param: { name: 'endepunkt', in: 'path' },
    description:
      'Route of the source, 1 to 200 characters after decoding; may span several segments (enheter/923609016). Forwarded to /v1/connectors/{kilde}/{endepunkt} decoded once. `.`/`..` or empty segments, backslashes, control characters (NUL) and anything still percent-encoded after decoding (double encoding such as %252e) answer 400. Query parameters are forwarded as they are.',
    example: 'enheter/923609016',
  });

const ProxyParams = z.object({ kilde: KildeParam, endepunkt: EndepunktParam });

const ProxyAnswer = z
  .record(z.string(), z.unknown())
  .openapi('ProxyAnswer', { description: 'The source’s own answer, with the source’s field names; its schema depends on the source (extra properties allowed).' });

const ProxyBody = z
  .record(z.string(), z.unknown())
  .openapi('ProxyRequestBody', { description: 'The query as a JSON object (extra properties allowed): the tool arguments of the route, for queries that do not fit in a URL.' });

const errors = {
  400: problemEntry('Invalid endepunkt (length, traversal, encoding), or invalid arguments for the source.'),
  401: problemEntry('No or unknown bearer key.'),
  403: problemEntry('The key lacks the api:read scope.'),
  404: problemEntry('Unknown source key, or no such record or route at the source.'),
  429: problemEntry('Rate limit exceeded; see Retry-After and svcRetryAfterMs.'),
  502: problemEntry('The source behind the backend failed.'),
  503: problemEntry('The source is not connected yet (planned), not configured, or the data backend did not answer.'),
};

const getRoute = createRoute({
  method: 'get',
  path: '/data/{kilde}/{endepunkt}',
  operationId: 'proxyConnectorGet',
  tags: ['data-proxy'],
  summary: 'Pass-through GET to a source',
  description:
    'Forwarded to /v1/connectors/{kilde}/{endepunkt} on the data backend (DATA_BACKEND_URL; by default this service, in process) with the path segment decoded. The answer keeps the source’s own field names. Stable for v0.x; will be marked deprecated when /api/v1 reaches v1.',
  security: BEARER,
  request: { params: ProxyParams },
  responses: { 200: { description: 'The source’s answer (a JSON object).', content: { 'application/json': { schema: ProxyAnswer } } }, ...errors },
});

const postRoute = createRoute({
  method: 'post',
  path: '/data/{kilde}/{endepunkt}',
  operationId: 'proxyConnectorPost',
  tags: ['data-proxy'],
  summary: 'Pass-through POST to a source (queries that do not fit in a URL)',
  description:
    'As proxyConnectorGet, with the query as a required JSON object body (Content-Type application/json); used by sources whose queries do not fit in a URL (one statistics source needs this from about 2000 characters). Any other body (none, not JSON, an array, a string) answers 400.',
  security: BEARER,
  request: { params: ProxyParams, body: { required: true, content: { 'application/json': { schema: ProxyBody } } } },
  responses: {
    200: { description: 'The source’s answer (a JSON object).', content: { 'application/json': { schema: ProxyAnswer } } },
    ...errors,
    413: problemEntry('The body is larger than MAX_BODY_BYTES.'),
  },
});

/** Hono path of the proxy: `endepunkt` spans the rest of the path, slashes included. */
// `[\s\S]` rather than `.`: a decoded line break must reach the path rules (and be refused there).
export const PROXY_ROUTING_PATH = '/data/:kilde/:endepunkt{[\\s\\S]+}';

/** POST bodies: a JSON object with a JSON content type, within MAX_BODY_BYTES; everything else 400 (413 when too large). */
function jsonObjectBody(services: Services): MiddlewareHandler<AppEnv> {
  const max = services.config.maxBodyBytes;
  return async (c, next) => {
    const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (!/^application\/([\w.-]+\+)?json$/.test(type)) {
      throw fail.invalidInput(`The body must be a JSON object sent with Content-Type: application/json (got ${type ? JSON.stringify(type.slice(0, 60)) : 'no Content-Type'}).`);
    }
    // Read with the cap (a chunked body without Content-Length stops being kept at the cap, not at its end).
    const read = await readBodyText(c, max);
    if (read.tooLarge) throw new ToolError('payload_too_large', `The body is larger than ${max} bytes.`);
    const { text } = read;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw fail.invalidInput(text.trim() === '' ? 'The body is empty; it must be a JSON object.' : 'The body is not valid JSON; it must be a JSON object.');
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw fail.invalidInput(`The body must be a JSON object, not ${Array.isArray(body) ? 'an array' : body === null ? 'null' : `a ${typeof body}`}.`);
    }
    // The route's JSON validator reads the body through Hono's body cache (which holds promises):
    // hand it this parse, since the stream is consumed.
    (c.req.bodyCache as { json?: Promise<unknown> }).json = Promise.resolve(body);
    await next();
  };
}

interface DirectoryEntry {
  key: string;
  name: string;
  status: 'connected' | 'planned' | 'scraping';
}

/**
 * Keys that are known but not served here, from the `sources` server's catalogue (sources.list,
 * through the same invoke path as MCP): loaded once, on the first request for a key that is not
 * connected.
 */
function sourceDirectory(services: Services): () => Promise<Map<string, DirectoryEntry>> {
  let pending: Promise<Map<string, DirectoryEntry>> | undefined;
  const load = async () => {
    const tool = services.registry.server('sources')?.toolsByName.get('sources.list');
    if (!tool) return new Map<string, DirectoryEntry>();
    const outcome = await invokeTool(tool, {}, services.invokeDeps, { upstreamCalls: 0, cacheHits: 0 });
    if (!outcome.ok) throw outcome.error;
    const { sources } = outcome.data as { sources: DirectoryEntry[] };
    return new Map(sources.map((s) => [s.key, s]));
  };
  return () => {
    pending ??= load().catch((err) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
}

/** A backend error that is not a Problem becomes one; a Problem passes as it is. */
function backendFailure(status: number, retryAfter: string | undefined): ToolError {
  if (status === 401 || status === 403) return fail.notConfigured('The data backend refused this service’s key; the operator must set a valid DATA_BACKEND_KEY.');
  if (status === 404 || status === 410) return fail.notFound('The data backend has no such route or record.');
  if (status === 400 || status === 422) return fail.invalidInput('The data backend refused the request as invalid.');
  if (status === 413) return new ToolError('payload_too_large', 'The data backend refused the body as too large.');
  if (status === 429 || status === 503) {
    return fail.upstream(`The data backend is unavailable (HTTP ${status}).`, { status: 503, retryAfterMs: parseRetryAfter(retryAfter, Date.now()) });
  }
  return fail.upstream(`The data backend answered HTTP ${status}.`);
}

const NULL_BODY = new Set([101, 204, 205, 304]);

export function registerProxyRoutes(app: RestApp, services: Services): void {
  const base = services.config.publicBaseUrl;
  const served = new Set([...services.registry.servers.map((s) => s.sourceKey), ...Object.keys(RUNTIME_PLATFORM_KEYS)]);
  const directory = sourceDirectory(services);

  const forward = async (c: Context<AppEnv>, kilde: string, endepunkt: string, body?: Record<string, unknown>): Promise<Response> => {
    const log = c.get('log');
    log.route = 'proxy';
    log.slug = kilde.slice(0, 64);
    const reqId = c.get('reqId');
    const query = c.req.queries();
    // Checks the path rules and that the forwarded URL stays under /v1/connectors/{kilde}/; the
    // upstream layer then builds the same URL from the same template and values.
    backendUrl(services.upstream.baseUrl(DATA_BACKEND), kilde, endepunkt, query);
    if (!served.has(kilde)) {
      const known = (await directory()).get(kilde);
      if (!known) throw fail.notFound(`Unknown source key ${JSON.stringify(kilde.slice(0, 64))}; GET ${base}/api/v1/sources lists every key.`);
      throw fail.notConfigured(`The source "${kilde}" (${known.name}) is known but not connected yet (status ${known.status}); GET ${base}/api/v1/sources lists what is connected.`, {
        detailCode: 'source_not_connected',
        extra: { kilde, sourceStatus: known.status },
      });
    }
    const result = await services.upstream.request<Buffer>(
      {
        upstream: DATA_BACKEND,
        method: body === undefined ? 'GET' : 'POST',
        path: BACKEND_TEMPLATE,
        params: { kilde, endepunkt },
        query,
        body,
        passthrough: true,
        // In process, the connector route's own call has the deadline and names the real upstream.
        deadline: services.backend.inProcess ? undefined : callDeadline(services.invokeDeps),
        headers: { 'x-request-id': reqId, ...(services.config.dataBackendKey && { authorization: `Bearer ${services.config.dataBackendKey}` }) },
      },
      c.get('stats'),
    );
    const type = result.headers['content-type'] ?? 'application/json';
    log.outcome = result.status < 400 ? 'ok' : `backend_${result.status}`;
    if (result.status >= 400 && !type.startsWith(PROBLEM_CONTENT_TYPE)) {
      return problemResponse(backendFailure(result.status, result.headers['retry-after']), base, reqId);
    }
    const headers: Record<string, string> = { 'content-type': type };
    // REST spec 8: Retry-After only on 429; a backend's other answers say when to retry in their body.
    if (result.status === 429 && result.headers['retry-after']) headers['Retry-After'] = result.headers['retry-after'];
    return new Response(NULL_BODY.has(result.status) ? null : new Uint8Array(result.data as Buffer), { status: result.status, headers });
  };

  app.openapi({ ...getRoute, path: '/data/{kilde}/{endepunkt{[\\s\\S]+}}', hide: true }, async (c) => {
    const { kilde, endepunkt } = c.req.valid('param');
    return forward(c, kilde, endepunkt) as never;
  });
  app.openapi({ ...postRoute, path: '/data/{kilde}/{endepunkt{[\\s\\S]+}}', hide: true, middleware: [jsonObjectBody(services)] }, async (c) => {
    const { kilde, endepunkt } = c.req.valid('param');
    return forward(c, kilde, endepunkt, c.req.valid('json')) as never;
  });
  app.openAPIRegistry.registerPath(getRoute);
  app.openAPIRegistry.registerPath(postRoute);

  // An empty endepunkt (`/api/data/brreg` or `/api/data/brreg/`) is a 400, not an unknown route.
  app.on(['GET', 'POST'], ['/data/:kilde', '/data/:kilde/'], (c) => {
    c.get('log').route = 'proxy';
    return problemResponse(fail.invalidInput('endepunkt: must be at least 1 characters (got "")', { extra: { fields: ['endepunkt'] } }), base, c.get('reqId'));
  });
}
