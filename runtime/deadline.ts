// One deadline per tool call, for the whole of its work: attempts, retries and their backoff,
// token fetches, pages, several upstreams. MCP clients give up after 60 s (the SDK's default
// request timeout), so a call must have answered before then; each upstream's own timeout applies
// inside it (an attempt waits min(upstream timeout, time left)).
import { fail, type ToolError } from './errors.js';

/** CALL_DEADLINE_MS's default: 15 s short of the common 60 s client timeout, for queueing and the answer's way back. */
export const DEFAULT_CALL_DEADLINE_MS = 45_000;

export class Deadline {
  private readonly endsAt: number;
  private abortSignal?: AbortSignal;

  constructor(
    readonly budgetMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.endsAt = clock() + budgetMs;
  }

  /** Milliseconds left, 0 once it has passed. */
  left(): number {
    return Math.max(0, this.endsAt - this.clock());
  }

  get expired(): boolean {
    return this.left() <= 0;
  }

  /** Aborted when the deadline passes; made on first use (a call answered from a cache never needs one). */
  get signal(): AbortSignal {
    this.abortSignal ??= AbortSignal.timeout(Math.ceil(this.left()));
    return this.abortSignal;
  }

  /** The error of a call whose deadline passed while `upstreamName` had not answered. */
  error(upstreamName: string): ToolError {
    return fail.upstream(`${upstreamName} did not answer within the call's deadline (${formatSeconds(this.budgetMs)})`, {
      detailCode: 'deadline_exceeded',
      extra: { deadlineMs: this.budgetMs },
    });
  }

  /**
   * Waits for `work` no longer than the deadline, then fails with the deadline error. What the
   * work yields after that is handed to `abandon` (for example a semaphore slot to give back).
   */
  race<T>(work: Promise<T>, upstreamName: string, abandon?: (late: T) => void): Promise<T> {
    if (this.expired) {
      if (abandon) void work.then(abandon, () => {});
      return Promise.reject(this.error(upstreamName));
    }
    const signal = this.signal;
    return new Promise<T>((resolve, reject) => {
      let late = false;
      const onAbort = () => {
        late = true;
        reject(this.error(upstreamName));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      work.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          if (late) abandon?.(value);
          else resolve(value);
        },
        (err) => {
          signal.removeEventListener('abort', onAbort);
          reject(err);
        },
      );
    });
  }
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
