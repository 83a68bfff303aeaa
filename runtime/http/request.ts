// Per-request plumbing: request id, counters, the one structured log line, the headers every
// response carries, and the client address. The DNS-rebinding guard is in host-guard.ts.
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Services } from '../services.js';
import type { AuditEntry } from '../store/types.js';
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

/** On every response, whichever path made it: browsers take the content type as sent, never a guess. */
export const NO_SNIFF = { name: 'x-content-type-options', value: 'nosniff' } as const;

/**
 * The one structured log line of a request (and its metric), and for a request that presented a
 * known key, its audit entry. No key or credential is in either.
 */
export function logRequest(services: Services, r: RequestRecord): void {
  // What the handler made of a request whose client hung up (often "internal") is not its outcome.
  if (r.status === CLIENT_CLOSED_REQUEST) r.log.outcome = 'client_closed';
  services.metrics.countHttp(r.log.route ?? 'other', r.status);
  services.accessLog(r);
  if (r.log.keyId !== undefined) services.audit.record(auditEntry(r));
}

function auditEntry(r: RequestRecord, now = performance.now()): AuditEntry {
  return {
    at: Date.now(),
    keyId: r.log.keyId!,
    method: r.method,
    route: r.template?.() ?? 'unmatched',
    slug: r.log.slug,
    tool: r.log.tool,
    status: r.status,
    durationMs: Math.round((now - r.started) * 100) / 100,
    requestId: r.reqId,
  };
}

/**
 * The template of the route that answered a Hono request, in OpenAPI's form (`{orgnr}`): the
 * route whose handler ran last (Hono's routeIndex), so a 405 names the path it was asked on and
 * not a route of another method that matches the same path (GET /sanctions/screen is no
 * /sanctions/{entityId}). When a middleware pattern answered (a 403 of the key check), the route
 * that would have run next: the first matched route that is no middleware pattern, in the order
 * Hono tries them.
 */
export function routeTemplate(c: Context): string {
  const routes = matchedRoutes(c);
  const answered = routes[c.req.routeIndex];
  const hit = answered && !answered.path.includes('*') ? answered : routes.find((r) => !r.path.includes('*'));
  return hit ? hit.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}') : 'unmatched';
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
    const log: LogFields = {};
    const stats = requestStats(log, () => clientAddress(c, services.config.trustProxy));
    c.set('reqId', reqId);
    c.set('stats', stats);
    c.set('log', log);
    await next();
    addResponseHeaders(c, { 'x-request-id': reqId, [NO_SNIFF.name]: NO_SNIFF.value });
    logRequest(services, {
      reqId,
      method: c.req.method,
      path: c.req.path,
      status: loggedStatus(incomingOf(c.env), c.res.status),
      started,
      log,
      stats,
      template: () => routeTemplate(c),
    });
  };
}

/**
 * A request's counters, and whom its upstream slots count against: its key once one is
 * authenticated (the key id the log line names), else its client address.
 */
export function requestStats(log: LogFields, address: () => string): RequestStats {
  let known: string | undefined;
  return { upstreamCalls: 0, cacheHits: 0, caller: () => (log.keyId !== undefined ? `key:${log.keyId}` : `addr:${(known ??= address())}`) };
}

/** The client's address: the socket peer, or what the trusted proxies in front of it say (see forwardedClient). */
export function clientAddress(c: Context, trustProxy: number): string {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    peer = undefined;
  }
  return resolveClientAddress(trustProxy ? c.req.header('x-forwarded-for') : undefined, peer, trustProxy);
}

/** The forwarded client when `trustProxy` proxies stand in front and said who it is, else the socket peer. */
export function resolveClientAddress(forwardedFor: string | undefined, peer: string | undefined, trustProxy: number): string {
  return (trustProxy > 0 && forwardedFor !== undefined && forwardedClient(forwardedFor, trustProxy)) || peer || 'unknown';
}

/**
 * The address the outermost of `hops` trusted proxies saw, from X-Forwarded-For. Each proxy
 * appends the address of whoever connected to it, so the trusted part is the last `hops`
 * entries, and the `hops`-th from the right is the client as the outermost trusted proxy saw it;
 * anything left of it was written by the client and is ignored. Undefined when the header has
 * fewer entries or that entry is not an IP address.
 */
export function forwardedClient(forwardedFor: string, hops: number): string | undefined {
  const entries = forwardedFor.split(',');
  if (entries.length < hops) return undefined;
  return ipAddress(entries[entries.length - hops].trim());
}

/** An IP address, without the port or brackets some proxies add (`1.2.3.4:5678`, `[::1]:80`). */
function ipAddress(entry: string): string | undefined {
  if (isIP(entry)) return entry;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(entry);
  if (bracketed) return isIP(bracketed[1]) === 6 ? bracketed[1] : undefined;
  const withPort = /^([\d.]+):\d{1,5}$/.exec(entry);
  if (withPort) return isIP(withPort[1]) === 4 ? withPort[1] : undefined;
  return undefined;
}
