// The upstream layer every face of the service uses: URL building, auth headers, an LRU response
// cache bounded by what it holds in memory (cache-entry.ts; the upstream's own Cache-Control/Expires
// lifetime when it states one, else the calling tool's; stale answers revalidated with
// If-None-Match/If-Modified-Since), coalescing of identical requests in flight, a concurrency cap,
// the upstream's published request rate (pace.ts: a permit taken as each attempt is sent), retries
// with jittered backoff for idempotent requests, a circuit breaker, and error mapping.
import { LRUCache } from 'lru-cache';
import type { Deadline } from '../deadline.js';
import { fail, ToolError } from '../errors.js';
import type { Metrics } from '../metrics.js';
import { CircuitBreaker, type BreakerSnapshot } from './breaker.js';
import { authHeaders, authQuery, type CredentialSource } from './auth.js';
import type { UpstreamDefinition } from './catalogue.js';
import { TransportError, type OutgoingRequest, type RawResponse, type Transport } from './transport.js';
import { attemptTimeout, backoff, parseRetryAfter, retryFits, sleep } from './retry.js';
import { buildUrl, type QueryValue } from './url.js';
import { KEEP_READ_BYTES, MALFORMED, entrySize, readBody, readerOf, toShared, type CacheEntry, type Fetched, type Reader, type SharedEntry } from './cache-entry.js';
import { freshnessMs, validatorsOf, type Validators } from './freshness.js';
import { MemoryPacer, type Pacer } from './pace.js';
import { FairSemaphore } from './semaphore.js';
import type { SharedCache } from './shared-cache.js';
import { TokenCache, type TokenRequest } from './tokens.js';

export interface UpstreamCall {
  upstream: string;
  method?: 'GET' | 'POST';
  /** Path template relative to the upstream's base URL; `{name}` takes `params[name]`, encoded. */
  path: string;
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  /** JSON request body (POST). */
  body?: unknown;
  /**
   * A request body that is not JSON (a SOAP envelope, a SPARQL query), sent as it stands with
   * `contentType`. Not for form bodies: those are token requests to the recording layer.
   */
  bodyText?: { contentType: string; text: string };
  accept?: 'json' | 'text' | 'buffer';
  /** 'null': a 404/410 answer resolves to null data instead of a not_found error. */
  notFound?: 'error' | 'null';
  /** Cache lifetime; 0 disables caching. Defaults to the calling tool's lifetime. */
  ttlSeconds?: number;
  headers?: Record<string, string>;
  /** A POST that reads only (a search) may be cached and retried. */
  idempotent?: boolean;
  /**
   * Pass-through (the data proxy): the answer's status, headers and body come back unmapped, the
   * body as a Buffer, never cached; only a backend that does not answer (or times out, or whose
   * breaker is open) fails, with a 503.
   */
  passthrough?: boolean;
  /** The calling tool's deadline: every attempt, retry and token fetch of this call ends by then. */
  deadline?: Deadline;
  /**
   * Turns a 2xx body into the data, in place of JSON, text or bytes (a list in XML). A body it
   * cannot read is the upstream's failure, counted by the breaker like an answer that never came.
   */
  decode?: (body: Buffer) => unknown;
  /**
   * Validators of a copy the caller keeps itself (a file index): sent as If-None-Match and
   * If-Modified-Since, and a 304 answer comes back as `{ status: 304, data: null }`.
   */
  revalidate?: Validators;
  /**
   * Error statuses whose body the tool reads itself (a SOAP fault on 500, CKAN's error envelope on
   * 409): such an answer comes back as `{ status, data }` (data read as for a 2xx), is never cached,
   * never retried, and does not count against the upstream's health: the upstream meant it.
   */
  answer?: readonly number[];
}

export interface UpstreamResult<T = unknown> {
  status: number;
  data: T;
  headers: Record<string, string>;
  fetchedAt: number;
  fromCache: boolean;
  /** Set when the answer sits in the response cache: lets a caller ask later whether it still does. */
  ref?: CacheRef;
  /** The request's URL on the upstream's public base, as a person could open it (provenance; runtime/provenance.ts). */
  publicUrl?: string;
}

/**
 * A cached answer by identity: current while the cache still holds this very entry within its
 * lifetime. It names the entry by a number, so a kept reference (the result memo) never holds an
 * answer in memory after the cache has let it go.
 */
export interface CacheRef {
  key: string;
  serial: number;
  ttlMs: number;
}

/** Counters of one incoming request, for its log line, and whom it is for. */
export interface RequestStats {
  upstreamCalls: number;
  cacheHits: number;
  /**
   * The caller the request's upstream slots are counted against (its key, else its address), so
   * that an upstream's concurrency cap is shared fairly; unset, the request shares one anonymous caller.
   */
  caller?: () => string;
}

/** How long `entry` is fresh for a caller whose own lifetime is `ttlMs`. */
function lifetimeOf(entry: CacheEntry, ttlMs: number): number {
  // A 404 is remembered briefly: enough to absorb repeats, not to hide a new registration.
  return entry.statedTtlMs ?? (entry.status === 404 || entry.status === 410 ? Math.min(ttlMs, 300_000) : ttlMs);
}

/**
 * How long an answer with validators (ETag, Last-Modified) is kept past its freshness, so that the
 * next request revalidates it (a 304 costs the upstream little) instead of fetching it whole.
 */
const REVALIDATE_WINDOW_MS = 24 * 3600_000;

/** The longest a call waits for the upstream's request rate to allow it before answering 503. */
const MAX_PACE_WAIT_MS = 2_000;

export interface UpstreamClientOptions {
  transport: Transport;
  upstreams: UpstreamDefinition[];
  credentials: CredentialSource;
  metrics?: Metrics;
  userAgent: string;
  sharedCache?: SharedCache;
  /** Holds each upstream's published request rate; in process unless given (Redis, for replicas). */
  pacer?: Pacer;
  retries?: number;
  retryBaseMs?: number;
  breakerThreshold?: number;
  breakerCooldownMs?: number;
  cacheMaxBytes?: number;
  now?: () => number;
}

const RETRYABLE_STATUS = new Set([500, 502, 503, 504]);

export class UpstreamClient {
  private readonly defs = new Map<string, UpstreamDefinition>();
  private readonly breakers = new Map<string, CircuitBreaker>();
  private readonly gates = new Map<string, FairSemaphore>();
  private readonly inflight = new Map<string, Promise<Fetched>>();
  private serials = 0;
  private readonly cache: LRUCache<string, CacheEntry>;
  private readonly now: () => number;
  private readonly pacer: Pacer;
  /** Requests actually sent, per upstream (tests and benchmarks read it). */
  readonly sent = new Map<string, number>();
  /** Bearer tokens of the token schemes (OAuth client credentials, Maskinporten), cached. */
  readonly tokens: TokenCache;

  constructor(private readonly options: UpstreamClientOptions) {
    this.now = options.now ?? Date.now;
    this.pacer = options.pacer ?? new MemoryPacer(this.now);
    this.tokens = new TokenCache({
      send: (req) => this.sendToken(req),
      credentials: options.credentials,
      now: this.now,
      retries: options.retries,
      retryBaseMs: options.retryBaseMs,
    });
    for (const def of options.upstreams) {
      this.defs.set(def.id, def);
      this.breakers.set(def.id, new CircuitBreaker(def.breaker?.threshold ?? options.breakerThreshold ?? 5, def.breaker?.cooldownMs ?? options.breakerCooldownMs ?? 30_000, this.now));
      this.gates.set(def.id, new FairSemaphore(def.maxConcurrent ?? 8));
    }
    this.cache = new LRUCache<string, CacheEntry>({
      maxSize: options.cacheMaxBytes ?? 256 * 1024 * 1024,
      sizeCalculation: entrySize,
      ttlAutopurge: false,
    });
  }

  definition(id: string): UpstreamDefinition {
    const def = this.defs.get(id);
    if (!def) throw new Error(`unknown upstream ${id}`);
    return def;
  }

  baseUrl(id: string): string {
    const def = this.definition(id);
    return this.options.credentials.get(def.envVar) || def.baseUrl;
  }

  /**
   * The URL of a request as the public upstream serves it: on the declared production base when an
   * override (a mirror, a test server) is configured, so no operator's host or userinfo leaks.
   */
  private publicUrl(def: UpstreamDefinition, url: string, call: UpstreamCall): string {
    return this.baseUrl(def.id) === def.baseUrl ? url : buildUrl(def.baseUrl, call.path, call.params, call.query);
  }

  breakerStates(): Record<string, BreakerSnapshot> {
    const out: Record<string, BreakerSnapshot> = {};
    for (const [id, breaker] of this.breakers) out[id] = breaker.snapshot();
    return out;
  }

  /** Whether a cached answer a caller used is still the one the cache would serve. */
  isCurrent(ref: CacheRef): boolean {
    const entry = this.cache.get(ref.key);
    return entry !== undefined && entry.serial === ref.serial && this.now() - entry.fetchedAt <= ref.ttlMs;
  }

  /** How long the LRU keeps an entry: its freshness, and the revalidation window when it has validators. */
  private keepFor(entry: CacheEntry, ttlMs: number): number {
    const fresh = Math.max(1, lifetimeOf(entry, ttlMs) - (this.now() - entry.fetchedAt));
    return validatorsOf(entry.headers) ? fresh + REVALIDATE_WINDOW_MS : fresh;
  }

  /** Empties the local response cache (tests, benchmarks). */
  clearCache(): void {
    this.cache.clear();
  }

  /**
   * Sends one token request (a form POST) through the transport, so record/replay, the timeout
   * and a size cap apply; never cached, coalesced or retried here (the TokenCache does that).
   */
  async sendToken(req: TokenRequest): Promise<RawResponse> {
    const def = this.defs.get(req.upstreamId);
    const request: OutgoingRequest = {
      method: 'POST',
      url: req.url,
      headers: {
        'user-agent': this.options.userAgent,
        accept: 'application/json',
        'accept-encoding': 'identity',
        ...req.headers,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(req.form).toString(),
      timeoutMs: req.timeoutMs ?? def?.timeoutMs ?? 10_000,
      maxBodyBytes: 256 * 1024,
      upstreamId: req.upstreamId,
    };
    this.sent.set(req.upstreamId, (this.sent.get(req.upstreamId) ?? 0) + 1);
    try {
      const raw = await this.options.transport.send(request);
      this.options.metrics?.upstreamRequests.labels(req.upstreamId, String(raw.status)).inc();
      return raw;
    } catch (err) {
      this.options.metrics?.upstreamRequests.labels(req.upstreamId, err instanceof TransportError ? err.kind : 'reset').inc();
      throw err;
    }
  }

  async request<T = unknown>(call: UpstreamCall, stats?: RequestStats, defaultTtlSeconds = 0): Promise<UpstreamResult<T | null>> {
    const def = this.definition(call.upstream);
    const method = call.method ?? 'GET';
    const url = buildUrl(this.baseUrl(def.id), call.path, call.params, call.query);
    const body = call.bodyText?.text ?? (call.body === undefined ? undefined : JSON.stringify(call.body));
    const idempotent = method === 'GET' || call.idempotent === true;
    const ttlMs = call.passthrough ? 0 : (call.ttlSeconds ?? defaultTtlSeconds) * 1000;
    const headerPart = call.headers ? ` ${JSON.stringify(Object.entries(call.headers).sort())}` : '';
    // Tools build a request the same way every time, so the URL as built is a stable key.
    const key = `${call.accept ?? 'json'} ${method} ${url}${body === undefined ? '' : ` ${body}`}${headerPart}`;

    let entry: CacheEntry | undefined;
    /** The data as read for this call: from the fetch it made or joined, else from the cached entry. */
    let fetched: Fetched | undefined;
    let fromCache = false;
    /** An expired answer with validators: the fetch asks the upstream whether it still stands. */
    let stale: CacheEntry | undefined;
    if (idempotent && ttlMs > 0) {
      entry = this.cache.get(key);
      if (entry && this.now() - entry.fetchedAt > lifetimeOf(entry, ttlMs)) {
        if (validatorsOf(entry.headers)) stale = entry;
        entry = undefined;
      }
      if (!entry && this.options.sharedCache) {
        entry = await this.fromShared(await this.options.sharedCache.get<SharedEntry>(key), readerOf(def, call));
        if (entry && this.now() - entry.fetchedAt > lifetimeOf(entry, ttlMs)) entry = undefined;
        if (entry) this.cache.set(key, entry, { ttl: this.keepFor(entry, ttlMs) });
      }
      if (entry) {
        fromCache = true;
        if (stats) stats.cacheHits += 1;
        this.options.metrics?.upstreamCacheHits.labels(def.id).inc();
      }
    }
    if (!entry) {
      const pending = idempotent ? this.inflight.get(key) : undefined;
      if (pending) {
        fetched = await (call.deadline ? call.deadline.race(pending, def.name) : pending);
        fromCache = true;
        if (stats) stats.cacheHits += 1;
        this.options.metrics?.upstreamCacheHits.labels(def.id).inc();
      } else {
        const fetching = this.fetch(def, method, url, body, call, stats, stale);
        if (idempotent) this.inflight.set(key, fetching);
        try {
          fetched = await fetching;
        } finally {
          if (idempotent) this.inflight.delete(key);
        }
        const kept = fetched.entry;
        // An error the tool reads itself (call.answer) is never kept: the next call asks again.
        if (idempotent && ttlMs > 0 && kept.status !== 304 && (kept.status < 400 || kept.status === 404 || kept.status === 410)) {
          this.cache.set(key, kept, { ttl: this.keepFor(kept, ttlMs) });
          const shared = toShared(kept);
          if (shared) void this.options.sharedCache?.set(key, shared, lifetimeOf(kept, ttlMs));
        }
      }
      entry = fetched.entry;
    }
    if (call.passthrough) return { status: entry.status, data: fetched!.data as T, headers: entry.headers, fetchedAt: entry.fetchedAt, fromCache };
    const ref: CacheRef | undefined = idempotent && ttlMs > 0 && this.cache.peek(key) === entry ? { key, serial: entry.serial, ttlMs: lifetimeOf(entry, ttlMs) } : undefined;
    const publicUrl = this.publicUrl(def, url, call);
    // A 404 or 410 the tool reads itself (call.answer) comes back as it stands, like any status it asked for.
    if ((entry.status === 404 || entry.status === 410) && !call.answer?.includes(entry.status)) {
      if (call.notFound === 'null') {
        return { status: entry.status, data: null, headers: entry.headers, fetchedAt: entry.fetchedAt, fromCache, ref, publicUrl };
      }
      throw fail.notFound(`${def.name} has no record at ${new URL(url).pathname}`);
    }
    const data = fetched ? fetched.data : entry.kept ? entry.kept.data : await this.dataOf(entry);
    return { status: entry.status, data: data as T, headers: entry.headers, fetchedAt: entry.fetchedAt, fromCache, ref, publicUrl };
  }

  /** The data of a cached entry whose data is not kept: read again from its bytes (a private copy). */
  private async dataOf(entry: CacheEntry): Promise<unknown> {
    if (!entry.read || !entry.body) return null;
    return readBody(entry.read, entry.body, false);
  }

  /** A new cache entry of an answer, keeping its data as read when the body is small. */
  private entryOf(fields: Omit<CacheEntry, 'serial' | 'kept'>, data: unknown): CacheEntry {
    const small = fields.body === undefined || fields.body.length <= KEEP_READ_BYTES;
    return { ...fields, ...(small && fields.read && { kept: { data } }), serial: ++this.serials };
  }

  /** An entry read back from the shared cache, read as this call reads; any other shape, or a body that does not read, is a miss. */
  private async fromShared(shared: SharedEntry | undefined, read: Reader): Promise<CacheEntry | undefined> {
    if (!shared || typeof shared.status !== 'number' || typeof shared.fetchedAt !== 'number') return undefined;
    const { status, headers, fetchedAt, statedTtlMs } = shared;
    if (typeof shared.body !== 'string') {
      return status === 404 || status === 410 ? this.entryOf({ status, headers, fetchedAt, statedTtlMs }, null) : undefined;
    }
    const body = Buffer.from(shared.body, 'base64');
    try {
      const data = body.length <= KEEP_READ_BYTES ? await readBody(read, body, true) : undefined;
      return this.entryOf({ status, headers, fetchedAt, statedTtlMs, body, read }, data);
    } catch {
      return undefined;
    }
  }

  private async fetch(
    def: UpstreamDefinition,
    method: 'GET' | 'POST',
    url: string,
    body: string | undefined,
    call: UpstreamCall,
    stats?: RequestStats,
    stale?: CacheEntry,
  ): Promise<Fetched> {
    // Credentials first: a missing one is the operator's matter, not the upstream's health.
    const deadline = call.deadline;
    const auth = await authHeaders(def, this.options.credentials, this.tokens, deadline);
    const breaker = this.breakers.get(def.id)!;
    const held = breaker.heldFor();
    if (held > 0) throw rateLimited(def, held);
    const admitted = breaker.admit();
    if (typeof admitted === 'number') {
      throw fail.upstream(`${def.name} is failing; requests are paused for a moment`, { status: 503, retryAfterMs: admitted });
    }
    const headers: Record<string, string> = {
      'user-agent': this.options.userAgent,
      accept: call.accept === 'json' || call.accept === undefined ? 'application/json' : '*/*',
      'accept-encoding': 'identity',
      ...def.headers,
      ...call.headers,
      ...auth,
    };
    if (body !== undefined) headers['content-type'] = call.bodyText?.contentType ?? 'application/json';
    const validators = call.revalidate ?? (stale ? validatorsOf(stale.headers) : undefined);
    if (validators?.etag) headers['if-none-match'] = validators.etag;
    if (validators?.lastModified) headers['if-modified-since'] = validators.lastModified;
    // Slots of the upstream's concurrency cap are shared fairly between callers (semaphore.ts).
    const caller = stats?.caller?.() ?? '';
    const timeoutMs = def.timeoutMs ?? 10_000;
    // A key that travels in the query is added only now: the cache key and the public URL never hold it.
    const keyParam = authQuery(def, this.options.credentials);
    if (keyParam) {
      const keyed = new URL(url);
      keyed.searchParams.append(keyParam.param, keyParam.value);
      url = keyed.toString();
    }
    const request: OutgoingRequest = {
      method,
      url,
      headers,
      ...(keyParam && { secretQuery: [keyParam.param] }),
      body,
      timeoutMs,
      maxBodyBytes: def.maxBodyBytes ?? 16 * 1024 * 1024,
      upstreamId: def.id,
      caller,
    };
    const idempotent = method === 'GET' || call.idempotent === true;
    // A half-open probe gets one attempt: a recovering upstream should not be hammered.
    const attempts = idempotent && admitted !== 'probe' ? (this.options.retries ?? 2) + 1 : 1;
    const gate = this.gates.get(def.id)!;
    let lastError: ToolError | undefined;
    let unhealthy = false;
    try {
      for (let attempt = 0; attempt < attempts; attempt += 1) {
        if (attempt > 0) {
          const wait = backoff(attempt, this.options.retryBaseMs ?? 150);
          // No retry is started that the call's deadline would cut short: the last failure stands.
          if (!retryFits(deadline, wait, timeoutMs)) break;
          await sleep(wait);
        }
        let raw: RawResponse;
        let release: () => void;
        try {
          release = await slotWithin(gate, caller, def, deadline);
        } catch (err) {
          lastError = err as ToolError;
          break;
        }
        try {
          // The permit of the upstream's request rate is taken at the moment of sending, with the
          // slot held: a permit taken earlier could be spent late, beside the next window's, and
          // put more than the rate on the wire in one window (issue 24 #13).
          if (def.rateLimit) await this.paced(def, deadline);
        } catch (err) {
          release();
          lastError = err as ToolError;
          break;
        }
        // Whatever time the call has left bounds this attempt, below the upstream's own timeout.
        const bound = attemptTimeout(timeoutMs, deadline);
        try {
          this.sent.set(def.id, (this.sent.get(def.id) ?? 0) + 1);
          if (stats) stats.upstreamCalls += 1;
          raw = await this.options.transport.send({ ...request, timeoutMs: bound.timeoutMs });
        } catch (err) {
          const kind = err instanceof TransportError ? err.kind : 'reset';
          this.options.metrics?.upstreamRequests.labels(def.id, kind).inc();
          lastError = transportFailure(def, err);
          if (kind === 'no_recording' || kind === 'too_large') break;
          unhealthy = true;
          if (kind === 'timeout' && bound.cut) {
            lastError = deadline!.error(def.name);
            break;
          }
          continue;
        } finally {
          release();
        }
        this.options.metrics?.upstreamRequests.labels(def.id, String(raw.status)).inc();
        if (call.passthrough) {
          // It answered: whatever the status says is the backend's answer, not its ill health.
          unhealthy = false;
          if (raw.status === 429) holdAsAsked(breaker, raw, this.now());
          else breaker.success();
          // Never cached (ttl 0): the entry only carries the answer to this caller.
          return { entry: { status: raw.status, headers: raw.headers, fetchedAt: this.now(), serial: 0 }, data: raw.body };
        }
        if (call.answer?.includes(raw.status)) {
          unhealthy = false;
          breaker.success();
          return await this.interpret(def, raw, call, undefined, true);
        }
        const definite = def.definiteStatuses?.[raw.status];
        if (definite) throw fail.upstream(definite, { extra: { upstreamStatus: raw.status } });
        if (raw.status === 429) {
          // Not ill health (the breaker's count stands), but a quota: every caller waits as asked.
          unhealthy = false;
          throw rateLimited(def, holdAsAsked(breaker, raw, this.now()));
        }
        if (RETRYABLE_STATUS.has(raw.status)) {
          unhealthy = true;
          lastError = fail.upstream(`${def.name} answered HTTP ${raw.status}`, { extra: { upstreamStatus: raw.status } });
          continue;
        }
        let malformed = false;
        try {
          return await this.interpret(def, raw, call, validators ? stale ?? null : undefined);
        } catch (err) {
          malformed = err instanceof ToolError && err.detailCode === MALFORMED;
          throw err;
        } finally {
          // A refusal by status (401, 400, a redirect) says nothing of the upstream's health; a body that cannot be read does.
          unhealthy = malformed;
          if (!malformed) breaker.success();
        }
      }
      const failure = lastError ?? fail.upstream(`${def.name} could not be reached`);
      throw call.passthrough ? fail.upstream(failure.message, { status: 503 }) : failure;
    } finally {
      // One failed request is one failure, however many attempts it took; a probe that ended
      // without a verdict (too large, no recording, a definite answer) must not stay half-open.
      if (unhealthy) breaker.failure();
      breaker.release();
    }
  }

  /**
   * Waits for a permit of the upstream's request rate when one frees soon (within MAX_PACE_WAIT_MS
   * and the call's deadline); otherwise the call answers 503 with when to come back.
   */
  private async paced(def: UpstreamDefinition, deadline: Deadline | undefined): Promise<void> {
    const rule = { requests: def.rateLimit!.requests, windowMs: def.rateLimit!.perSeconds * 1000 };
    let waited = 0;
    for (;;) {
      const wait = await this.pacer.take(def.id, rule);
      if (wait === 0) return;
      if (waited + wait > MAX_PACE_WAIT_MS || (deadline && deadline.left() <= wait)) throw overRate(def, wait);
      await sleep(wait);
      waited += wait;
    }
  }

  /**
   * Turns an answer into a cache entry and its data as read. `revalidated`: the copy whose
   * validators were sent (null when the caller keeps its own copy), so that a 304 renews it.
   */
  private async interpret(def: UpstreamDefinition, raw: RawResponse, call: UpstreamCall, revalidated: CacheEntry | null | undefined, answered = false): Promise<Fetched> {
    const now = this.now();
    const base = { headers: raw.headers, fetchedAt: now, statedTtlMs: freshnessMs(raw.headers, now) };
    const { status } = raw;
    const read = readerOf(def, call);
    const answer = async (): Promise<Fetched> => {
      if (status === 204 && read.freezes) return none();
      const data = await readBody(read, raw.body, true);
      return { entry: this.entryOf({ ...base, status, body: raw.body, read }, data), data };
    };
    const none = (): Fetched => ({ entry: this.entryOf({ ...base, status }, null), data: null });
    if (answered) return answer();
    if (status === 304 && revalidated !== undefined) {
      if (revalidated === null) return none();
      // Still current: the kept answer with the fresh headers, fresh again from now.
      const headers = { ...revalidated.headers, ...raw.headers };
      const renewed: CacheEntry = { ...revalidated, headers, fetchedAt: now, statedTtlMs: freshnessMs(headers, now), serial: ++this.serials };
      return { entry: renewed, data: renewed.kept ? renewed.kept.data : await this.dataOf(renewed) };
    }
    if (status === 404 || status === 410) return none();
    if (status === 401 || status === 403) {
      if (def.auth.type !== 'none') throw fail.notConfigured(`${def.name} rejected the configured credentials (HTTP ${status})`);
      throw fail.blocked(`${def.name} refuses requests from this service (HTTP ${status})`);
    }
    if (status === 400 || status === 422) throw fail.invalidInput(`${def.name} rejected the request as invalid (HTTP ${status})`);
    if (status >= 300 && status < 400) throw fail.upstream(`${def.name} answered a redirect (HTTP ${status}), which is not followed`);
    if (status < 200 || status >= 300) throw fail.upstream(`${def.name} answered HTTP ${status}`);
    return answer();
  }
}


/** A 503 for a call that the upstream's published request rate cannot take now. */
function overRate(def: UpstreamDefinition, waitMs: number): ToolError {
  const rate = def.rateLimit!;
  return fail.upstream(
    `${def.name} accepts at most ${rate.requests} requests per ${rate.perSeconds} s, which this service holds to for all its callers; try again in ${Math.ceil(waitMs / 1000)} s`,
    { status: 503, retryAfterMs: waitMs, detailCode: 'upstream_rate_cap' },
  );
}

/** A slot of the upstream's concurrency gate, waited for no longer than the call's deadline (the deadline error then). */
async function slotWithin(gate: FairSemaphore, caller: string, def: UpstreamDefinition, deadline: Deadline | undefined): Promise<() => void> {
  if (!deadline) return gate.acquire(caller);
  if (deadline.expired) throw deadline.error(def.name);
  // A caller whose deadline passes while it waits leaves the queue (the semaphore takes the signal).
  let release: () => void;
  try {
    release = await gate.acquire(caller, deadline.signal);
  } catch {
    throw deadline.error(def.name);
  }
  if (!deadline.expired) return release;
  release();
  throw deadline.error(def.name);
}


/** A 429: every request to this upstream waits for as long as its Retry-After asks (if it does). */
function holdAsAsked(breaker: CircuitBreaker, raw: RawResponse, now: number): number | undefined {
  const retryAfterMs = parseRetryAfter(raw.headers['retry-after'], now);
  if (retryAfterMs !== undefined) breaker.hold(retryAfterMs);
  return retryAfterMs;
}

function rateLimited(def: UpstreamDefinition, retryAfterMs: number | undefined): ToolError {
  return fail.upstream(`${def.name} is rate limiting this service; try again later`, { status: 503, retryAfterMs });
}

function transportFailure(def: UpstreamDefinition, err: unknown): ToolError {
  if (err instanceof TransportError) {
    if (err.kind === 'no_recording') return fail.upstream(err.message);
    if (err.kind === 'timeout') return fail.upstream(`${def.name} did not answer in time`);
    if (err.kind === 'too_large') return fail.upstream(`${def.name} answered more data than this service accepts`);
    if (err.kind === 'connect') return fail.upstream(`${def.name} could not be reached`);
  }
  return fail.upstream(`the connection to ${def.name} failed`);
}
