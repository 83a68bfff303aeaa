// Audit entries and last-used times leave the request path through an in-process buffer, written
// in batches (every `flushEveryMs`, or as soon as a batch is full). While the store cannot be
// reached the buffer keeps them, up to `maxPending` (10 000 by default), and writes them once it
// is back; past that bound new entries are counted as dropped (reported in /api/v1/health), so an
// outage costs memory bounded by the cap, never the requests themselves. Retention
// (AUDIT_RETENTION_DAYS) is enforced by a delete every `pruneEveryMs`.
//
// What one key can make the audit hold is bounded per minute: up to `keyEntriesPerMinute`
// entries of a key in a clock minute are kept one each; past that, and for every request refused
// with 429 (a flood of refusals costs nothing else), requests are counted into one summary entry
// per key, minute, method, status and route, written when the minute is over. A key gets at most
// `summariesPerMinute` summaries a minute; what fits in none is counted as dropped.
import type { AuditEntry, Store } from './types.js';

export interface AuditWriterOptions {
  maxPending?: number;
  batchSize?: number;
  flushEveryMs?: number;
  retentionDays: number;
  pruneEveryMs?: number;
  now?: () => number;
  /** Entries of one key kept one each per clock minute (AUDIT_KEY_ENTRIES_PER_MINUTE); default 1 000. */
  keyEntriesPerMinute?: number;
  /** Summary entries of one key per minute; default 64. */
  summariesPerMinute?: number;
  /** A store failure (reported once until a write succeeds again) or a dropped entry (once per outage). */
  warn?: (message: string) => void;
}

export interface AuditStats {
  pending: number;
  dropped: number;
  written: number;
  /** Whether the last write to the store succeeded (true before any). */
  lastWriteOk: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

/** A key's current minute: how many entries it kept one each, and its summaries by method, status and route. */
interface KeyMinute {
  minute: number;
  kept: number;
  summaries: Map<string, AuditEntry & { count: number }>;
}

export class AuditWriter {
  private buffer: AuditEntry[] = [];
  /** Key id → epoch ms of its latest request (made into text only when written). */
  private lastUsed = new Map<string, number>();
  private dropped = 0;
  private written = 0;
  private lastWriteOk = true;
  private warnedDrop = false;
  private warnedSummaries = false;
  private minutes = new Map<string, KeyMinute>();
  private closing = false;
  private flushing?: Promise<void>;
  private timers: NodeJS.Timeout[] = [];
  private readonly maxPending: number;
  private readonly batchSize: number;
  private readonly keyEntriesPerMinute: number;
  private readonly summariesPerMinute: number;
  private readonly now: () => number;
  private readonly warn: (message: string) => void;

  constructor(
    private readonly store: Store,
    private readonly options: AuditWriterOptions,
  ) {
    this.maxPending = options.maxPending ?? 10_000;
    // Large: a write to the store costs mostly per write, not per entry (audit-batches.ts).
    this.batchSize = Math.min(options.batchSize ?? 5_000, this.maxPending);
    this.keyEntriesPerMinute = options.keyEntriesPerMinute ?? 1_000;
    this.summariesPerMinute = options.summariesPerMinute ?? 64;
    this.now = options.now ?? Date.now;
    this.warn = options.warn ?? (() => {});
  }

  record(entry: AuditEntry): void {
    const seen = this.lastUsed.get(entry.keyId);
    if (seen === undefined || seen < entry.at) this.lastUsed.set(entry.keyId, entry.at);
    const minute = Math.floor(entry.at / MINUTE_MS);
    let current = this.minutes.get(entry.keyId);
    // An entry of an earlier minute (it ended late) counts in the key's current one.
    if (current && current.minute < minute) {
      this.closeMinute(entry.keyId, current);
      current = undefined;
    }
    if (!current) this.minutes.set(entry.keyId, (current = { minute, kept: 0, summaries: new Map() }));
    if (entry.status !== 429 && current.kept < this.keyEntriesPerMinute) {
      current.kept += 1;
      this.push(entry);
    } else {
      this.summarise(current, entry);
    }
  }

  private summarise(current: KeyMinute, entry: AuditEntry): void {
    const group = `${entry.method} ${entry.status} ${entry.route}`;
    const summary = current.summaries.get(group);
    if (summary) {
      summary.count += 1;
      if (entry.durationMs > summary.durationMs) summary.durationMs = entry.durationMs;
      // Kept only while every request of the summary agrees.
      if (summary.slug !== entry.slug) summary.slug = undefined;
      if (summary.tool !== entry.tool) summary.tool = undefined;
    } else if (current.summaries.size < this.summariesPerMinute) {
      current.summaries.set(group, { ...entry, count: 1 });
    } else {
      this.dropped += 1;
      if (!this.warnedSummaries) {
        this.warnedSummaries = true;
        this.warn(`audit: key ${entry.keyId} made more than ${this.summariesPerMinute} kinds of request (method, status, route) past its ${this.keyEntriesPerMinute} entries in a minute; further ones are counted as dropped`);
      }
    }
  }

  private closeMinute(keyId: string, current: KeyMinute): void {
    this.minutes.delete(keyId);
    for (const summary of current.summaries.values()) this.push(summary);
  }

  /** Writes the summaries of minutes that are over (all of them with `all`). */
  private closeMinutes(all = false): void {
    // Not again from within: a summary that fills a batch starts a flush.
    if (this.closing) return;
    this.closing = true;
    const minute = Math.floor(this.now() / MINUTE_MS);
    for (const [keyId, current] of this.minutes) if (all || current.minute < minute) this.closeMinute(keyId, current);
    this.closing = false;
  }

  private push(entry: AuditEntry): void {
    if (this.buffer.length >= this.maxPending) {
      this.dropped += 1;
      if (!this.warnedDrop) {
        this.warnedDrop = true;
        this.warn(`audit buffer full (${this.maxPending} entries waiting for the store): further entries are dropped and counted until the store is back`);
      }
      return;
    }
    this.buffer.push(entry);
    if (this.buffer.length >= this.batchSize && !this.flushing) void this.flush();
  }

  stats(): AuditStats {
    return { pending: this.buffer.length, dropped: this.dropped, written: this.written, lastWriteOk: this.lastWriteOk };
  }

  /** Writes what is buffered; one flush at a time, later callers share it. Never rejects. */
  flush(): Promise<void> {
    this.closeMinutes();
    this.flushing ??= this.writeAll().finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async writeAll(): Promise<void> {
    try {
      // Only what was waiting when the flush began: entries recorded while it writes wait for the
      // next flush, or a busy service would go on writing batches of one or two (measured).
      for (let todo = this.buffer.length; todo > 0; ) {
        const batch = this.buffer.slice(0, Math.min(this.batchSize, todo));
        todo -= batch.length;
        await this.store.appendAudit(batch);
        // Entries recorded meanwhile were appended behind the batch.
        this.buffer.splice(0, batch.length);
        this.written += batch.length;
      }
      if (this.lastUsed.size > 0) {
        const used = this.lastUsed;
        this.lastUsed = new Map();
        try {
          await this.store.touchKeys(new Map([...used].map(([id, at]) => [id, new Date(at).toISOString()])));
        } catch (err) {
          for (const [id, at] of used) if ((this.lastUsed.get(id) ?? -1) < at) this.lastUsed.set(id, at);
          throw err;
        }
      }
      if (!this.lastWriteOk) this.warn(`store reachable again: audit entries are written (${this.dropped} dropped so far)`);
      this.lastWriteOk = true;
      this.warnedDrop = false;
    } catch (err) {
      if (this.lastWriteOk) this.warn(`audit entries could not be written (${(err as Error).message}); keeping up to ${this.maxPending} in memory until the store is back`);
      this.lastWriteOk = false;
    }
  }

  /** Deletes entries older than the retention; answers how many. */
  async prune(): Promise<number> {
    return this.store.deleteAuditBefore(this.now() - this.options.retentionDays * DAY_MS);
  }

  start(): void {
    const flushEvery = this.options.flushEveryMs ?? 1_000;
    const pruneEvery = this.options.pruneEveryMs ?? 60 * 60 * 1000;
    const prune = () =>
      this.prune().catch((err: Error) => this.warn(`audit retention could not be enforced (${err.message}); trying again in ${Math.round(pruneEvery / 60000)} min`));
    this.timers.push(setInterval(() => void this.flush(), flushEvery), setInterval(() => void prune(), pruneEvery));
    for (const t of this.timers) t.unref();
    void prune();
  }

  /** Stops the timers and writes what is left (once; an unreachable store keeps it unwritten). */
  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    this.closeMinutes(true);
    await this.flush();
  }
}
