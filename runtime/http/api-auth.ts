// Bearer keys and rate limits for /api routes: 401/403/429 as Problem bodies, and the
// X-RateLimit-* headers on every response of a limited route, whatever its status.
import type { MiddlewareHandler } from 'hono';
import { bearerToken, type KeyRecord } from '../auth/keys.js';
import { ToolError, fail } from '../errors.js';
import type { Services } from '../services.js';
import { problemResponse } from './problem.js';
import { addResponseHeaders, clientAddress, type AppEnv } from './request.js';

declare module 'hono' {
  interface ContextVariableMap {
    key?: KeyRecord;
  }
}

/** Requires a key with `scope`, then spends one request of its tier. */
export function requireKey(services: Services, scope = 'api:read'): MiddlewareHandler<AppEnv> {
  const { trustProxy } = services.config;
  const base = services.config.publicBaseUrl;
  return async (c, next) => {
    const reqId = c.get('reqId');
    const token = bearerToken(c.req.header('authorization'));
    const record = token ? services.keys.lookup(token) : undefined;
    if (!record) {
      const anon = await services.limiter.checkAnonymous(clientAddress(c, trustProxy));
      const err = new ToolError('unauthorized', token ? 'The bearer key is not known.' : 'This route needs "Authorization: Bearer <key>".');
      return problemResponse(err, base, reqId, anon.headers);
    }
    c.get('log').keyId = record.id;
    if (!record.scopes.includes(scope)) {
      return problemResponse(new ToolError('forbidden', `This key lacks the scope ${scope}.`), base, reqId);
    }
    const decision = await services.limiter.checkKey(record.id, record.tier);
    if (!decision.allowed) {
      const err = fail.rateLimited(`Rate limit exceeded (${decision.reason}); retry after ${decision.retryAfterMs} ms.`, decision.retryAfterMs ?? 1000);
      return problemResponse(err, base, reqId, decision.headers);
    }
    c.set('key', record);
    try {
      await next();
    } finally {
      decision.release();
    }
    addResponseHeaders(c, decision.headers);
  };
}

/** Spends one request of the client address's allowance (pages and discovery that need no key). */
export function limitAnonymous(services: Services): MiddlewareHandler<AppEnv> {
  const { trustProxy } = services.config;
  return async (c, next) => {
    const decision = await services.limiter.checkAnonymous(clientAddress(c, trustProxy));
    if (!decision.allowed) {
      const err = fail.rateLimited(`Rate limit exceeded; retry after ${decision.retryAfterMs} ms.`, decision.retryAfterMs ?? 1000);
      return problemResponse(err, services.config.publicBaseUrl, c.get('reqId'), decision.headers);
    }
    await next();
    addResponseHeaders(c, decision.headers);
  };
}
