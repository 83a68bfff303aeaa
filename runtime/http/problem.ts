// Problem bodies (REST spec 2.1, RFC 9457): a stable `type` and `title` per kind of error, the
// occurrence in `detail`, the request id in `instance` and `svcRequestId`, and the retry hint.
import { ERROR_CODES, ToolError } from '../errors.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** Types the spec fixes, with titles that never change. */
const SPECIAL_TITLES: Record<string, string> = {
  'page-out-of-range': 'Page out of range',
  'invalid-cursor': 'Invalid or expired cursor',
  'rate-limit-exceeded': 'Rate limit exceeded',
};

export function problemType(err: ToolError): string {
  if (err.problemType) return err.problemType;
  if (err.code === 'rate_limited') return 'rate-limit-exceeded';
  return err.code.replace(/_/g, '-');
}

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string | null;
  instance: string | null;
  svcRequestId: string | null;
  svcRetryAfterMs?: number;
  code: string;
  [extra: string]: unknown;
}

export function problemBody(err: ToolError, baseUrl: string, requestId: string): ProblemBody {
  const type = problemType(err);
  return {
    type: `${baseUrl}/errors/${type}`,
    title: SPECIAL_TITLES[type] ?? ERROR_CODES[err.code].title,
    status: err.status,
    detail: err.message,
    instance: `urn:uuid:${requestId}`,
    svcRequestId: requestId,
    ...(err.retryAfterMs !== undefined && { svcRetryAfterMs: err.retryAfterMs }),
    code: err.code,
    ...(err.detailCode && { detailCode: err.detailCode }),
    ...err.extra,
  };
}

/**
 * The Problem as a response. Retry-After is sent on a 429 only (REST spec 8: "only on 429"); any
 * other answer says when to retry in the body's svcRetryAfterMs alone, whatever headers the caller
 * passed.
 */
export function problemResponse(err: ToolError, baseUrl: string, requestId: string, headers: Record<string, string> = {}): Response {
  const h: Record<string, string> = { 'content-type': PROBLEM_CONTENT_TYPE, ...headers };
  for (const name of Object.keys(h)) if (name.toLowerCase() === 'retry-after' && err.status !== 429) delete h[name];
  if (err.status === 429 && err.retryAfterMs !== undefined && !h['Retry-After']) h['Retry-After'] = String(Math.max(1, Math.ceil(err.retryAfterMs / 1000)));
  if (err.status === 401) h['WWW-Authenticate'] = 'Bearer realm="api", error="invalid_token"';
  return new Response(JSON.stringify(problemBody(err, baseUrl, requestId)), { status: err.status, headers: h });
}
