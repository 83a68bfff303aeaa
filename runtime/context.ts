// What a tool function gets besides its validated input: the upstream layer (already bound to the
// tool's cache lifetime, the request's counters and the call's deadline), a clock, and configuration.
import type { Deadline } from './deadline.js';
import { fail, toToolError, ToolError, type ErrorCode } from './errors.js';
import type { PlatformView } from './platform.js';
import type { CacheRef, RequestStats, UpstreamCall, UpstreamClient, UpstreamResult } from './upstream/client.js';
import type { QueryValue } from './upstream/url.js';
import { recordingOf, type RecordingOrigin } from './upstream/recordings.js';

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  accept?: 'json' | 'text' | 'buffer';
  ttlSeconds?: number;
  /** Error statuses whose body the tool reads itself (UpstreamCall.answer). */
  answer?: readonly number[];
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
  /**
   * The same upstreams for work that outlives this call and is shared by later ones (a list
   * loaded once for every caller): not bound by this call's deadline, counters or result memo.
   */
  detached(): ToolContext;
  /** Waits for shared work (started with a detached context) no longer than this call's deadline. */
  awaitShared<T>(work: Promise<T>, upstream: string): Promise<T>;
  /**
   * The address a request to `path` of `upstream` goes to, at the base URL in use (an override
   * included) without userinfo: what a file index is keyed by and reports as its source.
   */
  locate(upstream: string, path: string): string;
  now(): Date;
  env(name: string): string | undefined;
  publicBaseUrl: string;
  /** The service's own catalogue, health, metrics and public configuration (platform tools). */
  platform: PlatformView;
}

/**
 * What a run depended on: the cached upstream answers it read. A run is reusable (its result may
 * be served again while those answers stay cached) only if every upstream answer it used was
 * cached, none failed, and it did not read the clock.
 */
export interface RunTrace {
  refs: CacheRef[];
  reusable: boolean;
  /** Upstreams (ids) that answered this run: a mapping that trips over their data blames them. */
  answered?: Set<string>;
  /** The upstream answers the run read, in order: the provenance of its result (runtime/provenance.ts). */
  sources?: TracedSource[];
}

export interface TracedSource {
  upstream: string;
  url: string;
  fetchedAt: number;
  fromCache: boolean;
  /** In replay: the recording that answered (runtime/upstream/recordings.ts). */
  recording?: RecordingOrigin;
}

export interface ContextDeps {
  trace?: RunTrace;
  upstream: UpstreamClient;
  stats: RequestStats;
  ttlSeconds: number;
  env: (name: string) => string | undefined;
  publicBaseUrl: string;
  platform: PlatformView;
  now?: () => Date;
  /** The call's deadline (runtime/invoke.ts makes one per call); without one, only the upstreams' own timeouts apply. */
  deadline?: Deadline;
}

/** Thrown by a tool's mapping when data is not what it expects (reading a field of a string, an invalid date, …). */
const SHAPE_ERRORS = [TypeError, RangeError, SyntaxError];

/**
 * A mapping that failed on data an upstream answered is that upstream's fault: a 502 naming it,
 * not a 500. Undefined when `err` is not such a failure, or no upstream answered.
 */
export function unexpectedShape(err: unknown, trace: RunTrace | undefined, upstream: UpstreamClient): ToolError | undefined {
  if (!trace?.answered?.size || !SHAPE_ERRORS.some((type) => err instanceof type)) return undefined;
  const ids = [...trace.answered];
  const names = ids.map((id) => upstream.definition(id).name);
  return fail.upstream(`${names.join(' or ')} answered data of an unexpected shape`, { detailCode: 'unexpected_upstream_data', extra: { upstreams: ids } });
}

export function createContext(deps: ContextDeps): ToolContext {
  const trace = deps.trace;
  const traced = async <T>(c: UpstreamCall): Promise<UpstreamResult<T | null>> => {
    try {
      const result = await deps.upstream.request<T>(deps.deadline && !c.deadline ? { ...c, deadline: deps.deadline } : c, deps.stats, deps.ttlSeconds);
      if (trace) {
        if (result.ref) trace.refs.push(result.ref);
        else trace.reusable = false;
        (trace.answered ??= new Set()).add(c.upstream);
        if (result.publicUrl) {
          const recording = recordingOf(result.headers);
          (trace.sources ??= []).push({ upstream: c.upstream, url: result.publicUrl, fetchedAt: result.fetchedAt, fromCache: result.fromCache, ...(recording && { recording }) });
        }
      }
      return result;
    } catch (err) {
      if (trace) trace.reusable = false;
      throw err;
    }
  };
  const call = <T>(upstream: string, path: string, options: CallOptions, notFound: 'error' | 'null') => traced<T>({ upstream, path, ...options, notFound });
  const now = deps.now ?? (() => new Date());
  return {
    get: async <T>(upstream: string, path: string, options: CallOptions = {}) => (await call<T>(upstream, path, options, 'error')).data as T,
    find: async <T>(upstream: string, path: string, options: CallOptions = {}) => (await call<T>(upstream, path, options, 'null')).data,
    request: <T>(c: UpstreamCall) => traced<T>(c),
    settle: async <T>(work: Promise<T>): Promise<Settled<T>> => {
      try {
        return { status: 'ok', value: await work };
      } catch (err) {
        const e = unexpectedShape(err, trace, deps.upstream) ?? toToolError(err);
        if (e.code === 'not_found') return { status: 'not_found' };
        return { status: 'error', error: { code: e.code, message: e.message } };
      }
    },
    now: () => {
      if (trace) trace.reusable = false;
      return now();
    },
    locate: (upstream, path) => {
      const url = new URL(`${deps.upstream.baseUrl(upstream).replace(/\/+$/, '')}${path}`);
      url.username = '';
      url.password = '';
      return url.toString();
    },
    env: deps.env,
    publicBaseUrl: deps.publicBaseUrl,
    // The service's own state (health, metrics) changes without any upstream answer changing.
    get platform() {
      if (trace) trace.reusable = false;
      return deps.platform;
    },
    detached: () => createContext({ ...deps, trace: undefined, deadline: undefined, stats: { upstreamCalls: 0, cacheHits: 0 } }),
    awaitShared: <T>(work: Promise<T>, upstream: string) => (deps.deadline ? deps.deadline.race(work, deps.upstream.definition(upstream).name) : work),
  };
}
