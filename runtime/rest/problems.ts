// Problem bodies for the REST tier's own failures (REST spec 2.1 and 7): validation errors of the
// OpenAPIHono routes (its default hook would answer its own JSON), HTTP exceptions of the
// validators (malformed JSON, media type), wrong methods and anything unexpected.
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { z } from 'zod';
import { ToolError, toToolError } from '../errors.js';
import { problemResponse } from '../http/problem.js';
import type { AppEnv } from '../http/request.js';
import type { Services } from '../services.js';
import { validationError } from '../validation.js';

interface HookResult {
  success: boolean;
  error?: z.ZodError;
  target?: string;
}

/**
 * The default hook of every OpenAPIHono route: a failed validation answers a 400 Problem naming
 * the field, the bound it broke and what was sent (the message of MCP and connector routes).
 */
export function validationHook(services: Services) {
  const base = services.config.publicBaseUrl;
  return (result: HookResult, c: Context<AppEnv>): Response | undefined => {
    if (result.success || !result.error) return undefined;
    const err = validationError(result.error);
    c.get('log').outcome = err.code;
    const where = result.target === 'query' ? 'query parameter' : result.target === 'param' ? 'path parameter' : result.target === 'json' ? 'body field' : 'field';
    return problemResponse(new ToolError('invalid_input', `Invalid ${where}: ${err.message}`, { extra: { ...err.extra, in: result.target } }), base, c.get('reqId'));
  };
}

const HTTP_CODES: Record<number, ToolError['code']> = { 400: 'invalid_input', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 413: 'payload_too_large' };

/** onError of the REST app: every failure a Problem, never a stack trace. */
export function restErrorHandler(services: Services): ErrorHandler<AppEnv> {
  const base = services.config.publicBaseUrl;
  return (err, c) => {
    const reqId = c.get('reqId');
    if (err instanceof ToolError) {
      c.get('log').outcome = err.code;
      return problemResponse(err, base, reqId);
    }
    if (err instanceof HTTPException) {
      if (err.status === 415) {
        return problemResponse(new ToolError('unsupported_media_type', 'The request body must be JSON (Content-Type: application/json).'), base, reqId);
      }
      const code = HTTP_CODES[err.status];
      if (code) return problemResponse(new ToolError(code, err.message || 'The request was refused.'), base, reqId);
    }
    services.logger.error({ err, reqId }, 'unhandled error in the REST tier');
    return problemResponse(toToolError(err), base, reqId);
  };
}

/** 405 for a known path asked with another method, with the methods it takes in `Allow`. */
export function methodNotAllowed(services: Services, allowed: string[]) {
  const base = services.config.publicBaseUrl;
  const allow = [...new Set([...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])])].join(', ');
  return (c: Context<AppEnv>): Response =>
    problemResponse(new ToolError('method_not_allowed', `${c.req.method} is not allowed on ${c.req.path.slice(0, 200)}; use ${allow}.`), base, c.get('reqId'), { Allow: allow });
}
