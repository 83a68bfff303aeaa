// Per-request plumbing: request id, counters, the one structured log line, client address, and
// the DNS-rebinding guard on Host and Origin.
import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { isLoopback } from '../config.js';
import type { Services } from '../services.js';
import type { RequestStats } from '../upstream/client.js';

export interface LogFields {
  slug?: string;
  tool?: string;
  route?: string;
  keyId?: string;
  outcome?: string;
}

export type AppEnv = {
  Variables: {
    reqId: string;
    stats: RequestStats;
    log: LogFields;
  };
};

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function requestContext(services: Services): MiddlewareHandler<AppEnv> {
  const { logger } = services;
  return async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const reqId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const stats: RequestStats = { upstreamCalls: 0, cacheHits: 0 };
    const log: LogFields = {};
    c.set('reqId', reqId);
    c.set('stats', stats);
    c.set('log', log);
    await next();
    c.res.headers.set('x-request-id', reqId);
    const status = c.res.status;
    services.metrics.httpRequests.labels(log.route ?? 'other', String(status)).inc();
    logger.info(
      {
        reqId,
        method: c.req.method,
        path: c.req.path.length > 200 ? `${c.req.path.slice(0, 200)}…` : c.req.path,
        route: log.route,
        slug: log.slug,
        tool: log.tool,
        keyId: log.keyId,
        outcome: log.outcome,
        status,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
        upstreamCalls: stats.upstreamCalls,
        cacheHits: stats.cacheHits,
      },
      'request',
    );
  };
}

/** The client's address: the socket peer, or the first X-Forwarded-For hop when TRUST_PROXY is set. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

function hostnameOf(value: string): string | undefined {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

const LOCAL_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** Hostnames this service answers to: PUBLIC_BASE_URL's, plus localhost names when bound to loopback. */
export function allowedHostnames(publicBaseUrl: string, bindHost: string, extra: string[] = []): Set<string> {
  const names = new Set<string>(extra.map((h) => h.toLowerCase()));
  const pub = hostnameOf(publicBaseUrl);
  if (pub) names.add(pub);
  if (isLoopback(bindHost)) for (const n of LOCAL_NAMES) names.add(n);
  return names;
}

function refusal(path: string, message: string): Response {
  const body = path.startsWith('/mcp')
    ? { jsonrpc: '2.0', error: { code: -32000, message }, id: null }
    : { type: 'about:blank', title: 'Forbidden', status: 403, detail: message };
  return new Response(JSON.stringify(body), {
    status: 403,
    headers: { 'content-type': path.startsWith('/mcp') ? 'application/json' : 'application/problem+json' },
  });
}

/** Refuses requests whose Host or Origin names another site (DNS rebinding), with 403. */
export function hostGuard(allowed: Set<string>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const host = c.req.header('host');
    if (!host) return refusal(c.req.path, 'Missing Host header');
    const hostname = hostnameOf(host);
    if (!hostname) return refusal(c.req.path, `Invalid Host header: ${host.slice(0, 100)}`);
    if (!allowed.has(hostname)) return refusal(c.req.path, `Invalid Host: ${hostname.slice(0, 100)}`);
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== 'null') {
      const originHost = hostnameOf(origin);
      if (!originHost || !allowed.has(originHost)) return refusal(c.req.path, `Invalid Origin: ${origin.slice(0, 100)}`);
    } else if (origin === 'null') {
      return refusal(c.req.path, 'Invalid Origin: null');
    }
    await next();
  };
}
