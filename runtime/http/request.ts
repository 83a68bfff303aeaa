// Per-request plumbing: request id, counters, the one structured log line, client address, and
// the DNS-rebinding guard on Host and Origin.
import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { isLoopback } from '../config.js';
import type { Services } from '../services.js';
import type { RequestStats } from '../upstream/client.js';
import { CLIENT_CLOSED_REQUEST, incomingOf, loggedStatus, type LogFields, type RequestRecord } from './access-log.js';

export type { LogFields } from './access-log.js';

export type AppEnv = {
  Variables: {
    reqId: string;
    stats: RequestStats;
    log: LogFields;
  };
};

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The one structured log line of a request (and its metric). No key or credential is in it. */
export function logRequest(services: Services, r: RequestRecord): void {
  // What the handler made of a request whose client hung up (often "internal") is not its outcome.
  if (r.status === CLIENT_CLOSED_REQUEST) r.log.outcome = 'client_closed';
  services.metrics.countHttp(r.log.route ?? 'other', r.status);
  services.accessLog(r);
}

/**
 * Adds headers to the response a handler made. In place: assigning c.res makes Hono copy the
 * response, which turns @hono/node-server's lightweight response into a full one with a body
 * stream (about 60 µs a request, profiled). A response whose headers are immutable (one from
 * fetch) is copied once instead.
 */
export function addResponseHeaders(c: Context, headers: Record<string, string>): void {
  try {
    for (const name in headers) c.res.headers.set(name, headers[name]);
  } catch {
    const copy = new Response(c.res.body, c.res);
    for (const name in headers) copy.headers.set(name, headers[name]);
    c.res = copy;
  }
}

/** An incoming X-Request-Id when it is sane, else a new one. */
export function requestIdFrom(incoming: string | undefined): string {
  return incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

export function requestContext(services: Services): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const reqId = requestIdFrom(c.req.header('x-request-id'));
    const stats: RequestStats = { upstreamCalls: 0, cacheHits: 0 };
    const log: LogFields = {};
    c.set('reqId', reqId);
    c.set('stats', stats);
    c.set('log', log);
    await next();
    addResponseHeaders(c, { 'x-request-id': reqId });
    logRequest(services, { reqId, method: c.req.method, path: c.req.path, status: loggedStatus(incomingOf(c.env), c.res.status), started, log, stats });
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

export function refusal(path: string, message: string): { status: 403; contentType: string; body: string } {
  const mcp = path.startsWith('/mcp');
  const body = mcp
    ? { jsonrpc: '2.0', error: { code: -32000, message }, id: null }
    : { type: 'about:blank', title: 'Forbidden', status: 403, detail: message };
  return { status: 403, contentType: mcp ? 'application/json' : 'application/problem+json', body: JSON.stringify(body) };
}

/**
 * The DNS-rebinding check on Host and Origin: undefined when the request may pass, else the
 * reason. Host values found good are remembered, since a client sends the same one every time.
 */
export function hostChecker(allowed: Set<string>): (host: string | undefined, origin: string | undefined) => string | undefined {
  const good = new Set<string>();
  return (host, origin) => {
    if (!host) return 'Missing Host header';
    if (origin === undefined && good.has(host)) return undefined;
    const hostname = hostnameOf(host);
    if (!hostname) return `Invalid Host header: ${host.slice(0, 100)}`;
    if (!allowed.has(hostname)) return `Invalid Host: ${hostname.slice(0, 100)}`;
    if (good.size < 64) good.add(host);
    if (origin === undefined) return undefined;
    const originHost = origin === 'null' ? undefined : hostnameOf(origin);
    if (!originHost || !allowed.has(originHost)) return `Invalid Origin: ${origin.slice(0, 100)}`;
    return undefined;
  };
}

/** Refuses requests whose Host or Origin names another site (DNS rebinding), with 403. */
export function hostGuard(check: ReturnType<typeof hostChecker>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const reason = check(c.req.header('host'), c.req.header('origin'));
    if (reason) {
      const r = refusal(c.req.path, reason);
      return new Response(r.body, { status: r.status, headers: { 'content-type': r.contentType } });
    }
    await next();
  };
}
