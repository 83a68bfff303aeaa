// Meta routes (tag `meta`): health (liveness and readiness with every upstream's circuit breaker;
// no key, so load balancers can probe it), version (no key) and diagnostics (for a key: its tier,
// limits, what is left of its window, and the request id).
import { createRoute, z } from '@hono/zod-openapi';
import { ToolError } from '../errors.js';
import { problemResponse } from '../http/problem.js';
import type { Services } from '../services.js';
import type { RestApp } from './index.js';
import { API_VERSION } from './platform-keys.js';
import { BEARER, problemResponse as problemEntry } from './schemas.js';

const Breaker = z
  .object({
    state: z.enum(['closed', 'open', 'half_open']),
    consecutiveFailures: z.number().int(),
    openedAt: z.string().nullable(),
    retryAfterMs: z.number().int(),
  })
  .openapi('BreakerState');

const Health = z
  .object({
    status: z.enum(['ok', 'degraded']).openapi({ description: 'ok: every upstream breaker closed and the store reachable; degraded: some upstream is failing or the store cannot be reached (the service still answers).' }),
    live: z.literal(true),
    ready: z.literal(true),
    version: z.string(),
    commit: z.string(),
    uptimeSeconds: z.number(),
    checkedAt: z.string(),
    checks: z.object({
      rateLimitStore: z.object({
        backend: z.string(),
        healthy: z.boolean(),
        slotLeaseSeconds: z
          .number()
          .optional()
          .openapi({ description: 'With Redis: a concurrency slot held by a replica that died is free again at most this long after the replica last renewed it.' }),
      }),
      store: z
        .object({
          kind: z.enum(['sqlite', 'postgres']),
          where: z.string().openapi({ description: 'The SQLite file, or the PostgreSQL URL without its password.' }),
          reachable: z.boolean(),
          pendingAuditEntries: z.number().int().openapi({ description: 'Audit entries held in memory, not yet written (bounded by AUDIT_BUFFER_LIMIT).' }),
          droppedAuditEntries: z.number().int().openapi({ description: 'Audit entries dropped since start because the buffer was full while the store was unreachable.' }),
        })
        .openapi({
          description:
            'Keys and audit entries. An unreachable store makes the status degraded, not the service unready: keys checked in the last KEY_CACHE_SECONDS keep working and audit entries wait in memory.',
        }),
      registry: z.object({ servers: z.number().int(), tools: z.number().int() }),
      dataBackend: z.enum(['in-process', 'external']),
    }),
    upstreamsNotClosed: z.array(z.string()),
    upstreams: z.record(z.string(), Breaker).openapi({ description: 'Circuit-breaker state per upstream id.' }),
  })
  .openapi('Health');

const Version = z
  .object({
    name: z.string(),
    version: z.string().openapi({ description: 'Service version.' }),
    commit: z.string().openapi({ description: 'Source commit (GIT_COMMIT), or "unknown".' }),
    apiVersion: z.literal(API_VERSION).openapi({ description: 'Version of the API description (REST spec 9).' }),
    apiStatus: z.literal('draft'),
    startedAt: z.string(),
  })
  .openapi('Version');

const Limits = z.object({ requestsPerWindow: z.number().int(), windowSeconds: z.number(), burstPerSecond: z.number().int(), concurrent: z.number().int() });

const Diagnostics = z
  .object({
    requestId: z.string().openapi({ description: 'This request’s id (also in X-Request-Id); quote it to support.' }),
    key: z.object({ id: z.string().openapi({ description: 'Public key id (hash prefix), safe to share.' }), tier: z.enum(['dev', 'pro', 'team', 'enterprise']), scopes: z.array(z.string()) }),
    limits: Limits.nullable().openapi({ description: 'The tier’s limits (REST spec 8); null when unlimited by agreement.' }),
    remaining: z
      .object({ window: z.number().int().openapi({ description: 'Requests left in the current window, after this one.' }), resetAt: z.string() })
      .nullable(),
  })
  .openapi('Diagnostics');

const keyErrors = {
  401: problemEntry('No or unknown bearer key.'),
  403: problemEntry('The key lacks the api:read scope.'),
  429: problemEntry('Rate limit exceeded.'),
};

const healthRoute = createRoute({
  method: 'get',
  path: '/v1/health',
  operationId: 'getHealth',
  tags: ['meta'],
  summary: 'Liveness and readiness, with each upstream’s circuit breaker',
  description:
    'Needs no key and spends no rate limit, so load balancers can probe it. 200 while the service can answer (status degraded when some upstream’s breaker is open); 503 Problem when it is not ready (rate-limit store unreachable or no servers loaded).',
  security: [],
  responses: { 200: { description: 'Live and ready.', content: { 'application/json': { schema: Health } } }, 503: problemEntry('Not ready; the Problem carries the checks.') },
});

const versionRoute = createRoute({
  method: 'get',
  path: '/v1/version',
  operationId: 'getVersion',
  tags: ['meta'],
  summary: 'Service version, commit and API description version',
  description: 'Needs no key.',
  security: [],
  responses: { 200: { description: 'The version.', content: { 'application/json': { schema: Version } } }, 429: problemEntry('Rate limit of the client address exceeded.') },
});

const diagnosticsRoute = createRoute({
  method: 'get',
  path: '/v1/diagnostics',
  operationId: 'getDiagnostics',
  tags: ['meta'],
  summary: 'This key’s tier, limits and what is left, and the request id',
  security: BEARER,
  responses: { 200: { description: 'Diagnostics for the calling key.', content: { 'application/json': { schema: Diagnostics } } }, ...keyErrors },
});

/** How long health waits for the store's answer before calling it unreachable. */
const STORE_PING_MS = 1_000;

async function storeHealth(services: Services) {
  const { store, audit } = services;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), STORE_PING_MS)));
  const reachable = await Promise.race([store.ping(), timeout]).then(
    () => true,
    () => false,
  );
  clearTimeout(timer);
  const stats = audit.stats();
  return { kind: store.kind, where: store.where, reachable, pendingAuditEntries: stats.pending, droppedAuditEntries: stats.dropped };
}

export function registerMetaRoutes(app: RestApp, services: Services): void {
  const base = services.config.publicBaseUrl;
  const now = () => (services.invokeDeps.now ?? (() => new Date()))();

  app.openapi(healthRoute, async (c) => {
    c.get('log').route = 'meta';
    const storeCheck = await storeHealth(services);
    const upstreams = services.upstream.breakerStates();
    const store = services.limiter.store.describe();
    const registry = { servers: services.registry.servers.length, tools: services.registry.uniqueTools().length };
    const responseCache = { backend: store.redis ? (store.shared ? 'redis' : 'memory (Redis unavailable)') : 'memory' };
    const checks = { rateLimitStore: store, responseCache, store: storeCheck, registry, dataBackend: services.config.dataBackendUrl ? ('external' as const) : ('in-process' as const) };
    const notClosed = Object.entries(upstreams)
      .filter(([, b]) => b.state !== 'closed')
      .map(([id]) => id);
    if (!store.healthy || registry.servers === 0) {
      const why = !store.healthy ? `the rate-limit store (${store.backend}) is unreachable` : 'no servers are loaded';
      return problemResponse(new ToolError('not_ready', `Not ready: ${why}.`, { extra: { live: true, ready: false, checks, upstreams } }), base, c.get('reqId')) as never;
    }
    return c.json(
      {
        status: notClosed.length || !storeCheck.reachable ? ('degraded' as const) : ('ok' as const),
        live: true as const,
        ready: true as const,
        version: services.config.version,
        commit: services.config.commit,
        uptimeSeconds: Math.round((Date.now() - services.startedAt.getTime()) / 1000),
        checkedAt: now().toISOString(),
        checks,
        upstreamsNotClosed: notClosed,
        upstreams,
      },
      200,
    );
  });

  app.openapi(versionRoute, (c) => {
    c.get('log').route = 'meta';
    return c.json(
      {
        name: 'nordic-open-data-host',
        version: services.config.version,
        commit: services.config.commit,
        apiVersion: API_VERSION,
        apiStatus: 'draft' as const,
        startedAt: services.startedAt.toISOString(),
      },
      200,
    );
  });

  app.openapi(diagnosticsRoute, async (c) => {
    c.get('log').route = 'meta';
    const key = c.get('key')!;
    const limits = services.limiter.limitsFor(key.tier);
    const window = limits ? await services.limiter.peekWindow(key.id, limits) : undefined;
    return c.json(
      {
        requestId: c.get('reqId'),
        key: { id: key.id, tier: key.tier, scopes: key.scopes },
        limits: limits ? { requestsPerWindow: limits.limit, windowSeconds: limits.windowMs / 1000, burstPerSecond: limits.burst, concurrent: limits.concurrent } : null,
        remaining: window ? { window: window.remaining, resetAt: new Date(window.resetAtMs).toISOString() } : null,
      },
      200,
    );
  });
}
