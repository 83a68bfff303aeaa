// An index of a file that a source publishes instead of an API (a full list as XML, a CSV or JSON
// download): downloaded through the upstream layer, built once, shared by every caller in the
// process, and refreshed in the background. Never downloaded per call.
//
// Lifecycle (one index per file address, so every app in the process shares it):
// - first use: the file is fetched through ctx (not put in the response cache: the index is the
//   cache), decoded in a worker thread within a time budget and under caps on what it holds
//   (runtime/files/; a body that does not decode or breaks a cap counts against the upstream's
//   breaker, like any answer that cannot be read) and built; callers wait, each no longer than
//   its own call's deadline (the download itself is shared and outlives a caller that gives up);
// - every use: when the index is older than `refreshAfterMs` a refresh starts in the background
//   and the call answers from the current index (stale-while-revalidate). The refresh is a
//   conditional request (If-None-Match / If-Modified-Since from the last good download): a 304
//   keeps the index and counts as a fresh load. There is no timer, so an idle process downloads
//   nothing;
// - a failed refresh keeps the last good index and records the error and its time; the next
//   download waits an exponential backoff (RETRY_AFTER_FAILURE_MS, doubling per failure in a row,
//   at most MAX_RETRY_AFTER_FAILURE_MS); every answer carries the index's age, the last error and
//   when the next attempt may start (`Freshness`);
// - without any good index the caller gets the last failure's error (never an empty list) saying
//   when the next download will be tried; requests before then download nothing.
// The clock is ctx.now(), so replay (FIXED_NOW) never sees the index age.
import type { ToolContext } from './context.js';
import { ToolError, fail, type ErrorCode } from './errors.js';
import { validatorsOf, type Validators } from './upstream/freshness.js';
import type { QueryValue } from './upstream/url.js';
import { decodeOffThread, type OffThreadDecode } from './files/off-thread-decode.js';

/** The pause after a first failed download; it doubles with each further failure in a row. */
export const RETRY_AFTER_FAILURE_MS = 60_000;
export const MAX_RETRY_AFTER_FAILURE_MS = 60 * 60_000;

/** The pause before the next download after `failures` failed ones in a row. */
export function retryAfterFailures(failures: number): number {
  return Math.min(MAX_RETRY_AFTER_FAILURE_MS, RETRY_AFTER_FAILURE_MS * 2 ** Math.max(0, failures - 1));
}

export interface FileIndexSpec<D, T> {
  /** What the file is, in messages: "the EU sanctions list". */
  title: string;
  /** The register that publishes it, as answers name it (`source.register`). */
  register: string;
  /** What callers cannot do without it, in the error: "nothing can be searched or screened". */
  withoutIt: string;
  upstream: string;
  path: string;
  query?: Record<string, QueryValue>;
  /**
   * How the body is read: in a worker thread, within a budget, under caps (runtime/files/), never
   * on the main thread (DESIGN.md "Bounded work"). `csvFile(format, caps)` for a CSV file; a worker
   * module of the server's own (`decodeWorker`) for anything else. What comes back is cloned onto
   * the main thread: keep it compact (arrays of strings rather than objects repeating keys).
   */
  decodeOffThread: OffThreadDecode<D>;
  /** Builds the index from the decoded file; may yield to the event loop. A throw fails the refresh. */
  build: (decoded: D) => T | Promise<T>;
  refreshAfterMs: number;
  /** Facts of a loaded index for answers (its entries, the file's own date or version). */
  describe?: (index: T) => Record<string, unknown>;
}

export interface Freshness {
  /**
   * Where the file is read from, in the `{ register, url }` shape of every source in answers
   * (runtime/output.ts sourceRef); never with credentials an operator put in the base URL.
   */
  source: { register: string; url: string };
  loadedAt: string;
  ageSeconds: number;
  refreshAfterSeconds: number;
  /** True when the index is older than the refresh interval (a refresh failed or is running). */
  stale: boolean;
  refreshing: boolean;
  lastRefreshError: { at: string; code: string; message: string } | null;
  /** After a failed refresh: the earliest time of the next download. */
  nextRefreshAttemptAt: string | null;
  [fact: string]: unknown;
}

export interface Loaded<T> {
  index: T;
  freshness: Freshness;
}

export type IndexState = { loaded: false; lastRefreshError: Freshness['lastRefreshError']; nextRefreshAttemptAt: string | null } | ({ loaded: true } & Freshness);

interface Slot<T> {
  index?: T;
  loadedAt?: Date;
  validators?: Validators;
  lastError?: { at: Date; code: ErrorCode; message: string };
  /** Failed downloads in a row, and when the next one may start. */
  failures: number;
  nextAttemptAt?: Date;
  refreshing?: Promise<void>;
}

/** Every index of the process, for tests (settle, reset). */
const ALL = new Set<FileIndex<unknown, unknown>>();

export class FileIndex<D, T> {
  private readonly slots = new Map<string, Slot<T>>();

  constructor(readonly spec: FileIndexSpec<D, T>) {
    ALL.add(this as FileIndex<unknown, unknown>);
  }

  /** The current index, loading it on first use and refreshing it in the background when it is old. */
  async load(ctx: ToolContext): Promise<Loaded<T>> {
    const slot = this.slot(ctx);
    if (!slot.index) {
      if (slot.refreshing || this.mayDownload(slot, ctx.now())) await ctx.awaitShared(this.refresh(ctx, slot), this.spec.upstream);
      if (!slot.index) throw this.notLoaded(slot, ctx.now());
    }
    const now = ctx.now();
    if (now.getTime() - slot.loadedAt!.getTime() > this.spec.refreshAfterMs && this.mayDownload(slot, now)) void this.refresh(ctx, slot);
    return { index: slot.index, freshness: this.freshness(ctx, slot, now) };
  }

  /** What is known without loading (status tools). Reads the clock, so its answer is never remembered. */
  state(ctx: ToolContext): IndexState {
    const now = ctx.now();
    const slot = this.slots.get(ctx.locate(this.spec.upstream, this.spec.path));
    if (!slot?.index) {
      return { loaded: false, lastRefreshError: errorOf(slot), nextRefreshAttemptAt: slot?.nextAttemptAt?.toISOString() ?? null };
    }
    return { loaded: true, ...this.freshness(ctx, slot, now) };
  }

  /** Tests: waits for background refreshes. */
  async settle(): Promise<void> {
    await Promise.all([...this.slots.values()].map((s) => s.refreshing));
  }

  /** Tests: forgets every loaded copy. */
  reset(): void {
    this.slots.clear();
  }

  private slot(ctx: ToolContext): Slot<T> {
    const key = ctx.locate(this.spec.upstream, this.spec.path);
    let slot = this.slots.get(key);
    if (!slot) this.slots.set(key, (slot = { failures: 0 }));
    return slot;
  }

  /** Whether a download may start now: none running, and the pause after failures is over. */
  private mayDownload(slot: Slot<T>, now: Date): boolean {
    return !slot.refreshing && (!slot.nextAttemptAt || now >= slot.nextAttemptAt);
  }

  /** One download shared by every caller; it runs outside any call's deadline. Never rejects. */
  private refresh(ctx: ToolContext, slot: Slot<T>): Promise<void> {
    if (slot.refreshing) return slot.refreshing;
    const shared = ctx.detached();
    slot.refreshing = (async () => {
      const result = await shared.settle(this.download(shared, slot));
      const now = shared.now();
      if (result.status === 'ok') {
        if (result.value.index !== undefined) slot.index = result.value.index;
        if (result.value.validators) slot.validators = result.value.validators;
        slot.loadedAt = now;
        slot.lastError = undefined;
        slot.failures = 0;
        slot.nextAttemptAt = undefined;
      } else {
        const error = result.status === 'error' ? result.error : { code: 'upstream_unavailable' as const, message: `${this.spec.title} was not found` };
        slot.lastError = { at: now, code: error.code, message: error.message };
        slot.failures += 1;
        slot.nextAttemptAt = new Date(now.getTime() + retryAfterFailures(slot.failures));
      }
    })().finally(() => {
      slot.refreshing = undefined;
    });
    return slot.refreshing;
  }

  /** The new index, or none when the file has not changed since the kept copy (304). */
  private async download(ctx: ToolContext, slot: Slot<T>): Promise<{ index?: T; validators?: Validators }> {
    const res = await ctx.request<D>({
      upstream: this.spec.upstream,
      path: this.spec.path,
      query: this.spec.query,
      accept: 'buffer',
      decode: (body) => decodeOffThread(this.spec.decodeOffThread, body, this.spec.title),
      notFound: 'null',
      // The index is the cache: a second copy of the file in the response cache helps no one.
      ttlSeconds: 0,
      ...(slot.index && slot.validators && { revalidate: slot.validators }),
    });
    if (res.status === 304) return {};
    if (res.data === null) throw fail.upstream(`${this.spec.title} is not at its address (HTTP ${res.status}); the publisher may have moved the file`);
    return { index: await this.spec.build(res.data), validators: validatorsOf(res.headers) };
  }

  private notLoaded(slot: Slot<T>, now: Date): ToolError {
    const e = slot.lastError!;
    const next = slot.nextAttemptAt!;
    const waitMs = Math.max(0, next.getTime() - now.getTime());
    // The last failure's code (upstream_unavailable, 502; upstream_blocked, 503), with when to come back.
    return new ToolError(
      e.code,
      `${this.spec.title} could not be loaded, so ${this.spec.withoutIt}: ${e.message}. The next download will be tried at ${next.toISOString()} (in ${Math.ceil(waitMs / 1000)} s)`,
      { retryAfterMs: waitMs, extra: { nextAttemptAt: next.toISOString() } },
    );
  }

  private freshness(ctx: ToolContext, slot: Slot<T>, now: Date): Freshness {
    const age = Math.max(0, now.getTime() - slot.loadedAt!.getTime());
    return {
      source: { register: this.spec.register, url: ctx.locate(this.spec.upstream, this.spec.path) },
      ...this.spec.describe?.(slot.index!),
      loadedAt: slot.loadedAt!.toISOString(),
      ageSeconds: Math.round(age / 1000),
      refreshAfterSeconds: this.spec.refreshAfterMs / 1000,
      stale: age > this.spec.refreshAfterMs,
      refreshing: slot.refreshing !== undefined,
      lastRefreshError: errorOf(slot),
      nextRefreshAttemptAt: slot.nextAttemptAt?.toISOString() ?? null,
    };
  }
}

function errorOf(slot: Slot<unknown> | undefined): Freshness['lastRefreshError'] {
  return slot?.lastError ? { at: slot.lastError.at.toISOString(), code: slot.lastError.code, message: slot.lastError.message } : null;
}

/** Tests: waits for every index's background refreshes. */
export async function settleFileIndexes(): Promise<void> {
  await Promise.all([...ALL].map((i) => i.settle()));
}

/** Tests: forgets every index of every file. */
export function resetFileIndexes(): void {
  for (const i of ALL) i.reset();
}
