// Platform keys of REST spec 2.5 that the data backend answers itself (no server of their own):
// `connectors` (every connector with status and health), `metrics` (calls, errors and latency per
// connector since start) and `config` (public configuration: tiers and limits). `companies`,
// `discovery` and `sources` are servers and are served by their tools' connector routes.
import { Hono, type Context } from 'hono';
import type { ServerRecord } from '../catalogue.js';
import type { ToolStatus } from '../define.js';
import { fail } from '../errors.js';
import { problemResponse } from '../http/problem.js';
import type { AppEnv } from '../http/request.js';
import type { Services } from '../services.js';

/** Keys answered here, with the `endepunkt` values each serves. */
export const RUNTIME_PLATFORM_KEYS: Record<string, string[]> = {
  connectors: ['list', '{slug}'],
  metrics: ['summary'],
  config: ['public'],
};

/** The API description version of REST spec 9. */
export const API_VERSION = '0.1.0' as const;

/** Limits of REST spec 8 besides the tiers, published by `config` and the OpenAPI description. */
export const REST_LIMITS = {
  endepunkt: { minLength: 1, maxLength: 200 },
  companySearch: { limit: { min: 1, max: 50, default: 20 }, noMaxWindow: 10000 },
  cursorLifetimeHours: 24,
};

export function connectorHealth(services: Services, slug: string) {
  const states = services.invokeDeps.platform.health();
  const upstreams = services.invokeDeps.platform
    .upstreamsOf(slug)
    .filter((id) => states[id])
    .map((id) => ({ id, ...states[id] }));
  const closed = upstreams.filter((u) => u.state === 'closed').length;
  return { status: closed === upstreams.length ? 'ok' : closed === 0 ? 'down' : 'degraded', upstreams };
}

function connector(services: Services, s: ServerRecord, withTools: boolean) {
  const tools: Record<ToolStatus, number> = { active: 0, not_configured: 0, deprecated: 0, planned: 0 };
  for (const t of s.tools) tools[t.status] += 1;
  const base = services.config.publicBaseUrl;
  return {
    slug: s.slug,
    sourceKey: s.sourceKey,
    name: s.name,
    owner: s.owner,
    platform: s.platform,
    available: s.available,
    url: s.url,
    connectorUrl: `${base}/api/connectors/${s.slug}`,
    dataUrl: `${base}/api/data/${s.sourceKey}`,
    toolCount: s.tools.length,
    tools,
    health: connectorHealth(services, s.slug),
    ...(withTools && { toolList: s.tools.map((t) => ({ name: t.name, status: t.status, route: `${base}${t.route}` })) }),
  };
}

function json(c: Context<AppEnv>, data: unknown): Response {
  c.get('log').outcome = 'ok';
  return c.body(JSON.stringify(data), 200, { 'content-type': 'application/json' });
}

export function platformKeyRoutes(services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const view = services.invokeDeps.platform;
  const base = services.config.publicBaseUrl;
  const now = () => (services.invokeDeps.now ?? (() => new Date()))().toISOString();

  app.on(['GET', 'POST'], '/connectors/list', (c) => {
    const connectors = view.servers().map((s) => connector(services, s, false));
    return json(c, { total: connectors.length, checkedAt: now(), connectors });
  });
  app.on(['GET', 'POST'], '/connectors/:slug', (c) => {
    const s = view.servers().find((x) => x.slug === c.req.param('slug'));
    if (!s) return problemResponse(fail.notFound(`No connector is named "${c.req.param('slug').slice(0, 64)}"; /api/data/connectors/list lists them.`), base, c.get('reqId'));
    return json(c, { checkedAt: now(), ...connector(services, s, true) });
  });
  app.on(['GET', 'POST'], '/metrics/summary', (c) => {
    const measured = view.metrics();
    const connectors = view.servers().map((s) => {
      const m = measured[s.slug] ?? { calls: 0, errors: 0, meanLatencyMs: 0, maxLatencyMs: 0 };
      return { slug: s.slug, ...m, errorRate: m.calls ? Math.round((m.errors / m.calls) * 10000) / 10000 : 0 };
    });
    return json(c, { since: services.startedAt.toISOString(), checkedAt: now(), connectors });
  });
  app.on(['GET', 'POST'], '/config/public', (c) => {
    const config = view.config();
    const tiers = Object.fromEntries(
      Object.entries(config.tiers).map(([tier, l]) => [
        tier,
        l ? { requestsPerWindow: l.limit, windowSeconds: l.windowMs / 1000, burstPerSecond: l.burst, concurrent: l.concurrent } : { byAgreement: true },
      ]),
    );
    return json(c, {
      version: config.version,
      apiVersion: API_VERSION,
      publicBaseUrl: config.publicBaseUrl,
      upstreamMode: config.upstreamMode,
      dataBackend: services.config.dataBackendUrl ? 'external' : 'in-process',
      tiers,
      anonymousPerMinute: config.anonymousPerMinute,
      limits: { ...REST_LIMITS, maxBodyBytes: services.config.maxBodyBytes },
    });
  });
  return app;
}
