// How often a key may take its export (GET /api/v1/account/export): an export reads everything
// stored about the key, so each key gets a few an hour, one at a time, and the process runs a
// few at once. Counted in this process: each replica bounds its own work.

export interface ExportLimits {
  perKeyPerHour: number;
  /** Exports streaming at once in this process, all keys together. */
  atOnce: number;
}

export const EXPORT_LIMITS: ExportLimits = { perKeyPerHour: 4, atOnce: 4 };

const HOUR_MS = 60 * 60 * 1000;
/** An export still marked running after this long is taken as ended (a stream nobody closed). */
const RUNNING_AT_MOST_MS = 15 * 60 * 1000;

export type ExportTurn = { release: () => void } | { refused: string; retryAfterMs: number };

export class ExportAllowance {
  /** Key id → start times of its exports in the last hour, oldest first. */
  private started = new Map<string, number[]>();
  /** Key id → start time of its export that is streaming. */
  private running = new Map<string, number>();

  constructor(
    private readonly limits: ExportLimits = EXPORT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes an export for `keyId`, or says why not and when to try again. */
  take(keyId: string): ExportTurn {
    const now = this.now();
    for (const [id, at] of this.running) if (now - at > RUNNING_AT_MOST_MS) this.running.delete(id);
    const recent = (this.started.get(keyId) ?? []).filter((at) => now - at < HOUR_MS);
    if (this.running.has(keyId)) {
      return { refused: 'export: one export per key at a time, and this key’s export is still streaming; retry once it has ended', retryAfterMs: 10_000 };
    }
    if (recent.length >= this.limits.perKeyPerHour) {
      const retryAfterMs = recent[0] + HOUR_MS - now;
      return { refused: `export: at most ${this.limits.perKeyPerHour} exports per key per hour; the next one is allowed in ${Math.ceil(retryAfterMs / 1000)} s`, retryAfterMs };
    }
    if (this.running.size >= this.limits.atOnce) {
      return { refused: `export: at most ${this.limits.atOnce} exports stream at once on this server; retry shortly`, retryAfterMs: 10_000 };
    }
    recent.push(now);
    this.started.set(keyId, recent);
    this.running.set(keyId, now);
    // Keys whose exports are all older than an hour are forgotten.
    for (const [id, times] of this.started) if (times.every((at) => now - at >= HOUR_MS)) this.started.delete(id);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        if (this.running.get(keyId) === now) this.running.delete(keyId);
      },
    };
  }
}
