// What a tool function gets besides its validated input: the upstream layer (already bound to the
// tool's cache lifetime and the request's counters), a clock, and configuration.
import { toToolError, type ErrorCode } from './errors.js';
import type { RequestStats, UpstreamCall, UpstreamClient, UpstreamResult } from './upstream/client.js';
import type { QueryValue } from './upstream/url.js';

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  accept?: 'json' | 'text' | 'buffer';
  ttlSeconds?: number;
}

export type Settled<T> =
  | { status: 'ok'; value: T }
  | { status: 'not_found' }
  | { status: 'error'; error: { code: ErrorCode; message: string } };

export interface ToolContext {
  /** GET and parse; an upstream 404/410 becomes a not_found error. */
  get<T = unknown>(upstream: string, path: string, options?: CallOptions): Promise<T>;
  /** GET and parse; an upstream 404/410 resolves to null. */
  find<T = unknown>(upstream: string, path: string, options?: CallOptions): Promise<T | null>;
  /** Any call, with status, headers and fetch time. */
  request<T = unknown>(call: UpstreamCall): Promise<UpstreamResult<T | null>>;
  /** Runs a part of a composite answer and reports ok / not_found / error instead of throwing. */
  settle<T>(work: Promise<T>): Promise<Settled<T>>;
  now(): Date;
  env(name: string): string | undefined;
  publicBaseUrl: string;
}

export interface ContextDeps {
  upstream: UpstreamClient;
  stats: RequestStats;
  ttlSeconds: number;
  env: (name: string) => string | undefined;
  publicBaseUrl: string;
  now?: () => Date;
}

export function createContext(deps: ContextDeps): ToolContext {
  const call = <T>(upstream: string, path: string, options: CallOptions, notFound: 'error' | 'null') =>
    deps.upstream.request<T>({ upstream, path, ...options, notFound }, deps.stats, deps.ttlSeconds);
  return {
    get: async <T>(upstream: string, path: string, options: CallOptions = {}) => (await call<T>(upstream, path, options, 'error')).data as T,
    find: async <T>(upstream: string, path: string, options: CallOptions = {}) => (await call<T>(upstream, path, options, 'null')).data,
    request: <T>(c: UpstreamCall) => deps.upstream.request<T>(c, deps.stats, deps.ttlSeconds),
    settle: async <T>(work: Promise<T>): Promise<Settled<T>> => {
      try {
        return { status: 'ok', value: await work };
      } catch (err) {
        const e = toToolError(err);
        if (e.code === 'not_found') return { status: 'not_found' };
        return { status: 'error', error: { code: e.code, message: e.message } };
      }
    },
    now: deps.now ?? (() => new Date()),
    env: deps.env,
    publicBaseUrl: deps.publicBaseUrl,
  };
}
