// One error type for every failure a tool, a route or the upstream layer can report, and one
// table that fixes each code's HTTP status and Problem title. Tools throw; the runtime maps once.

export type ErrorCode =
  | 'invalid_input'
  | 'not_found'
  | 'upstream_unavailable'
  | 'not_configured'
  | 'upstream_blocked'
  | 'source_migrated'
  | 'api_sunset'
  | 'rate_limited'
  | 'unauthorized'
  | 'forbidden'
  | 'payload_too_large'
  | 'method_not_allowed'
  | 'unsupported_media_type'
  | 'not_ready'
  | 'not_implemented'
  | 'robots_disallowed'
  | 'internal';

interface CodeInfo {
  status: number;
  title: string;
}

/** Status and title per code. A title never changes for a code (REST spec 2.1). */
export const ERROR_CODES: Record<ErrorCode, CodeInfo> = {
  invalid_input: { status: 400, title: 'Invalid input' },
  not_found: { status: 404, title: 'Not found' },
  upstream_unavailable: { status: 502, title: 'Upstream unavailable' },
  not_configured: { status: 503, title: 'Source not configured' },
  upstream_blocked: { status: 503, title: 'Upstream blocks this service' },
  source_migrated: { status: 503, title: 'Source migrated' },
  api_sunset: { status: 410, title: 'API retired' },
  rate_limited: { status: 429, title: 'Rate limit exceeded' },
  unauthorized: { status: 401, title: 'Not authenticated' },
  forbidden: { status: 403, title: 'Forbidden' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  not_ready: { status: 503, title: 'Service not ready' },
  not_implemented: { status: 501, title: 'Not implemented' },
  /** A review platform's robots.txt disallows the path for this service's User-Agent (REST spec 7). */
  robots_disallowed: { status: 451, title: 'Disallowed by the platform\'s robots rules' },
  internal: { status: 500, title: 'Internal error' },
};

export interface ToolErrorOptions {
  /** Overrides the code's default HTTP status (for example 503 for a breaker that is open). */
  status?: number;
  /** A finer, stable identifier such as `ORG_NOT_FOUND` or `source_migrated`. */
  detailCode?: string;
  retryAfterMs?: number;
  /** Problem `type` suffix under `{base_url}/errors/` when the spec fixes one. */
  problemType?: string;
  /** Extra public fields for the error body (never secrets). */
  extra?: Record<string, unknown>;
  /**
   * The spec puts this answer's fields at the top level (a retired tool's `_status` and `error`, as
   * in its REST Problem): the MCP error body is then flat, not wrapped in `error`.
   */
  topLevel?: boolean;
}

export class ToolError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detailCode?: string;
  readonly retryAfterMs?: number;
  readonly problemType?: string;
  readonly extra?: Record<string, unknown>;
  readonly topLevel?: boolean;

  constructor(code: ErrorCode, message: string, options: ToolErrorOptions = {}) {
    super(message);
    this.name = 'ToolError';
    this.code = code;
    this.status = options.status ?? ERROR_CODES[code].status;
    this.detailCode = options.detailCode;
    this.retryAfterMs = options.retryAfterMs;
    this.problemType = options.problemType;
    this.extra = options.extra;
    this.topLevel = options.topLevel;
  }

  /** The structured body an MCP error result carries: `{error: {...}}`, or flat when `topLevel`. */
  toBody(): Record<string, unknown> {
    const fields = {
      status: this.status,
      code: this.code,
      message: this.message,
      ...(this.detailCode && { detailCode: this.detailCode }),
      ...(this.retryAfterMs !== undefined && { svcRetryAfterMs: this.retryAfterMs }),
      ...this.extra,
    };
    return this.topLevel ? fields : { error: fields };
  }
}

export const fail = {
  invalidInput: (message: string, options?: ToolErrorOptions) => new ToolError('invalid_input', message, options),
  notFound: (message: string, options?: ToolErrorOptions) => new ToolError('not_found', message, options),
  upstream: (message: string, options?: ToolErrorOptions) => new ToolError('upstream_unavailable', message, options),
  notConfigured: (message: string, options?: ToolErrorOptions) => new ToolError('not_configured', message, options),
  blocked: (message: string, options?: ToolErrorOptions) => new ToolError('upstream_blocked', message, options),
  migrated: (message: string, options?: ToolErrorOptions) =>
    new ToolError('source_migrated', message, { detailCode: 'source_migrated', ...options }),
  sunset: (message: string, options?: ToolErrorOptions) => new ToolError('api_sunset', message, options),
  rateLimited: (message: string, retryAfterMs: number) => new ToolError('rate_limited', message, { retryAfterMs }),
};

/**
 * Turns anything thrown into a ToolError. Unknown errors become a generic 500 whose message
 * reveals nothing of the internals; the caller logs the original.
 */
export function toToolError(err: unknown): ToolError {
  if (err instanceof ToolError) return err;
  return new ToolError('internal', 'An internal error occurred; the request id identifies it in our logs.');
}
