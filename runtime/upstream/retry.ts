// Timing pieces shared by every retrying caller of an upstream (requests, token requests, the proxy).

/** Jittered exponential backoff before attempt `attempt` (1 = the first retry): half to all of base·2^(attempt-1). */
export function backoff(attempt: number, baseMs: number): number {
  const ceiling = baseMs * 2 ** (attempt - 1);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/** A Retry-After header (seconds or an HTTP date) in milliseconds from `now`, or undefined. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
