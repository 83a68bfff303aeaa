// Bearer keys and rate limits for /api routes: 401/403/429 as Problem bodies, and the
// X-RateLimit-* headers on every response of a limited route, whatever its status: these two
// middlewares are the one place that puts them on REST answers.
import type { MiddlewareHandler } from 'hono';
import { authenticate, STORE_RETRY_SECONDS, type AuthVerdict } from '../auth/authenticate.js';
import type { KeyRecord } from '../auth/keys.js';
import { ToolError, fail } from '../errors.js';
import { refusalMessage, type Decision } from '../ratelimit/limiter.js';
import type { Services } from '../services.js';
import { problemResponse } from './problem.js';
import { addResponseHeaders, clientAddress, type AppEnv } from './request.js';

declare module 'hono' {
  interface ContextVariableMap {
    key?: KeyRecord;
    /**
     * The X-RateLimit-* headers this middleware puts on the answer once the route is done: a
     * route that spends more of the window (limiter.chargeKey) updates them here.
     */
    rateLimitHeaders?: Record<string, string>;
  }
}

/**
 * Requires a key with `scope`, then spends one request of its tier. Every answer, refusals
 * included, leaves with the X-RateLimit-* headers of the limit the request was counted against
 * (a 403 shows the key's window without spending it).
 */
export function requireKey(services: Services, scope = 'api:read'): MiddlewareHandler<AppEnv> {
  const { trustProxy } = services.config;
  const base = services.config.publicBaseUrl;
  return async (c, next) => {
    const reqId = c.get('reqId');
    const pending = authenticate(services.keys, services.limiter, c.req.header('authorization'), () => clientAddress(c, trustProxy), scope);
    const verdict = pending instanceof Promise ? await pending : pending;
    if (!verdict.ok) {
      if ('keyId' in verdict && verdict.keyId) c.get('log').keyId = verdict.keyId;
      return problemResponse(authProblem(verdict, scope), base, reqId, verdict.headers);
    }
    const record = verdict.record;
    c.get('log').keyId = record.id;
    const decision = await services.limiter.checkKey(record.id, record.tier);
    if (!decision.allowed) return problemResponse(rateLimitProblem(decision), base, reqId, decision.headers);
    c.set('key', record);
    c.set('rateLimitHeaders', decision.headers);
    try {
      await next();
    } finally {
      decision.release();
    }
    addResponseHeaders(c, decision.headers);
  };
}

function rateLimitProblem(decision: Decision): ToolError {
  return fail.rateLimited(`${refusalMessage(decision)}.`, decision.retryAfterMs ?? 1000);
}

function authProblem(verdict: Exclude<AuthVerdict, { ok: true }>, scope: string): ToolError {
  switch (verdict.reason) {
    case 'limited':
      return rateLimitProblem(verdict.decision);
    case 'unavailable':
      return new ToolError('not_ready', `The key store cannot be reached, so this key cannot be checked now; retry in ${STORE_RETRY_SECONDS} s.`, {
        retryAfterMs: STORE_RETRY_SECONDS * 1000,
      });
    case 'scope':
      return new ToolError('forbidden', `This key lacks the scope ${scope}.`);
    case 'unknown':
      return new ToolError('unauthorized', 'The bearer key is not known.');
    default:
      return new ToolError('unauthorized', 'This route needs "Authorization: Bearer <key>".');
  }
}

/** Spends one request of the client address's allowance (pages and discovery that need no key). */
export function limitAnonymous(services: Services): MiddlewareHandler<AppEnv> {
  const { trustProxy } = services.config;
  return async (c, next) => {
    const decision = await services.limiter.checkAnonymous(clientAddress(c, trustProxy));
    if (!decision.allowed) return problemResponse(rateLimitProblem(decision), services.config.publicBaseUrl, c.get('reqId'), decision.headers);
    // For routes that write their answer on Node's response themselves (the OAuth provider).
    c.set('rateLimitHeaders', decision.headers);
    await next();
    addResponseHeaders(c, decision.headers);
  };
}
