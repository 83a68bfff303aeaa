// Timing pieces shared by every retrying caller of an upstream (requests, token requests, the proxy).
import type { Deadline } from '../deadline.js';

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

/** The shortest attempt worth starting (or a quarter of a shorter budget): a retry that would get less is not started. */
export const MIN_ATTEMPT_MS = 1_000;

/** An attempt's timeout: the upstream's own, or the time left when the call's deadline comes first (`cut`). */
export function attemptTimeout(timeoutMs: number, deadline: Deadline | undefined): { timeoutMs: number; cut: boolean } {
  if (!deadline) return { timeoutMs, cut: false };
  const left = Math.ceil(deadline.left());
  return left < timeoutMs ? { timeoutMs: Math.max(1, left), cut: true } : { timeoutMs, cut: false };
}

/** Whether a retry after waiting `waitMs` still leaves it a worthwhile attempt before the deadline. */
export function retryFits(deadline: Deadline | undefined, waitMs: number, timeoutMs: number): boolean {
  return !deadline || deadline.left() >= waitMs + Math.min(timeoutMs, MIN_ATTEMPT_MS, deadline.budgetMs / 4);
}
