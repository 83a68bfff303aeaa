// The robots gate of the reviews routes (RFC 9309). Before any request to a review platform, the
// platform's robots.txt is read through the upstream layer (so the User-Agent, timeouts, breaker
// and record/replay apply, and a redirect is never followed) and parsed with robots-parser; the
// path is then checked for this service's product token (the first token of UPSTREAM_USER_AGENT).
//
// Each platform's rules are cached with their own lifetime: what the file's Cache-Control or
// Expires states, 24 hours when it states nothing, and never longer than 24 hours (RFC 9309 2.4).
// A robots.txt that answers 4xx (404: there is none) allows everything (2.3.1.3); one that answers
// 5xx, 429 or a redirect, or cannot be reached, disallows everything for now (2.3.1.4; a redirect
// would have to be followed to be read, and this service follows none), and is asked again after
// five minutes. Only the first 500 KiB are parsed (2.5).
//
// What the client is told: a path the rules disallow, or a redirect this service will not follow,
// is 451 (REST spec 7: the platform's robots rules keep us out); a file that answers 5xx or 429, or
// cannot be reached, is the platform being unavailable, a 503 with svcRetryAfterMs until it is asked
// again (REST spec 7: "Upstream or gateway unavailable"), since nothing says the platform disallows.
import robotsModule from 'robots-parser';
import type { Deadline } from '../../deadline.js';
import { ToolError, fail } from '../../errors.js';
import type { RequestStats, UpstreamClient } from '../../upstream/client.js';
import { freshnessMs } from '../../upstream/freshness.js';

/** The longest robots rules are used before they are read again (RFC 9309 2.4). */
export const ROBOTS_MAX_AGE_MS = 24 * 3600_000;
/** How long a robots.txt that could not be read keeps everything disallowed before it is asked again. */
export const ROBOTS_RETRY_MS = 5 * 60_000;
/** The least a stated lifetime keeps the rules, so that `max-age=0` does not mean one fetch per request. */
export const ROBOTS_MIN_AGE_MS = 60_000;
const PARSE_LIMIT = 500 * 1024;

/** The parser's rules of one file (robots-parser's own declaration types its CommonJS export as an ES default, which it is not). */
interface Robot {
  isAllowed(url: string, ua?: string): boolean | undefined;
  getMatchingLineNumber(url: string, ua?: string): number;
}
const robotsParser = robotsModule as unknown as (url: string, contents: string) => Robot;

/** What is known of one platform's robots.txt. */
export interface RobotsState {
  /** The robots.txt read (on the configured base URL). */
  url: string;
  /** `rules`: a file was read; `none`: it answered 4xx (everything allowed); `unreachable`: 5xx, 429, a redirect or no answer (everything disallowed). */
  status: 'rules' | 'none' | 'unreachable';
  httpStatus: number | null;
  fetchedAt: string;
  expiresAt: string;
  /** Why an unreachable file counts as a disallow. */
  detail?: string;
}

export interface RobotsVerdict {
  allowed: boolean;
  state: RobotsState;
  /** The rule that decided, as written in the file, with its line number. */
  rule: { line: number; text: string } | null;
}

interface Entry {
  state: RobotsState;
  robot?: Robot;
  lines?: string[];
  expires: number;
}

/** The product token robots rules name a crawler by: the User-Agent's first token (`nordic-open-data-host/0.1.0 (+…)` → `nordic-open-data-host`). */
export function productToken(userAgent: string): string {
  return (userAgent.trim().split(/[\s/]/)[0] || userAgent).trim();
}

export class RobotsGate {
  private readonly entries = new Map<string, Entry>();
  private readonly inflight = new Map<string, Promise<Entry>>();
  readonly token: string;

  constructor(
    private readonly upstream: UpstreamClient,
    userAgent: string,
    private readonly now: () => number = Date.now,
  ) {
    this.token = productToken(userAgent);
  }

  /** The robots.txt URL of an upstream as configured (its base URL's origin). */
  robotsUrl(upstreamId: string): string {
    return new URL('/robots.txt', this.upstream.baseUrl(upstreamId)).toString();
  }

  /** Whether `targetUrl` may be fetched, reading (or reusing) the robots.txt of `upstreamId` first. */
  async check(upstreamId: string, targetUrl: string, stats?: RequestStats, deadline?: Deadline): Promise<RobotsVerdict> {
    const entry = await this.entry(upstreamId, stats, deadline);
    if (entry.state.status === 'none') return { allowed: true, state: entry.state, rule: null };
    if (entry.state.status === 'unreachable' || !entry.robot) return { allowed: false, state: entry.state, rule: null };
    // robots-parser answers undefined for a URL on another host than its robots.txt: never allowed.
    const allowed = entry.robot.isAllowed(targetUrl, this.token) === true;
    const line = entry.robot.getMatchingLineNumber(targetUrl, this.token);
    const rule = line > 0 && entry.lines ? { line, text: (entry.lines[line - 1] ?? '').trim() } : null;
    return { allowed, state: entry.state, rule };
  }

  /** Forgets every cached file (tests). */
  clear(): void {
    this.entries.clear();
  }

  private async entry(upstreamId: string, stats?: RequestStats, deadline?: Deadline): Promise<Entry> {
    const url = this.robotsUrl(upstreamId);
    const known = this.entries.get(url);
    if (known && known.expires > this.now()) return known;
    let pending = this.inflight.get(url);
    if (!pending) {
      pending = this.fetch(upstreamId, url, stats, deadline).finally(() => this.inflight.delete(url));
      this.inflight.set(url, pending);
    }
    const entry = await pending;
    this.entries.set(url, entry);
    return entry;
  }

  private async fetch(upstreamId: string, url: string, stats?: RequestStats, deadline?: Deadline): Promise<Entry> {
    const at = this.now();
    const state = (status: RobotsState['status'], httpStatus: number | null, lifetime: number, detail?: string): RobotsState => ({
      url,
      status,
      httpStatus,
      fetchedAt: new Date(at).toISOString(),
      expiresAt: new Date(at + lifetime).toISOString(),
      ...(detail && { detail }),
    });
    const unreachable = (httpStatus: number | null, detail: string): Entry => ({ state: state('unreachable', httpStatus, ROBOTS_RETRY_MS, detail), expires: at + ROBOTS_RETRY_MS });
    let answer;
    try {
      // Pass-through: the status comes back as it is (a 5xx is not retried into a 502, a 3xx is not followed).
      answer = await this.upstream.request<Buffer>({ upstream: upstreamId, path: '/robots.txt', accept: 'text', passthrough: true, deadline }, stats);
    } catch (err) {
      const reason = err instanceof ToolError ? err.message : 'the request failed';
      return unreachable(null, `robots.txt could not be read (${reason}); RFC 9309 2.3.1.4: everything is disallowed until it can be`);
    }
    const { status, headers } = answer;
    const lifetime = Math.min(ROBOTS_MAX_AGE_MS, Math.max(ROBOTS_MIN_AGE_MS, freshnessMs(headers, at) ?? ROBOTS_MAX_AGE_MS));
    if (status >= 200 && status < 300) {
      const text = Buffer.from(answer.data ?? Buffer.alloc(0)).subarray(0, PARSE_LIMIT).toString('utf8');
      return { state: state('rules', status, lifetime), robot: robotsParser(url, text), lines: text.split(/\r\n|\r|\n/), expires: at + lifetime };
    }
    if (status >= 400 && status < 500 && status !== 429) {
      return { state: state('none', status, lifetime), expires: at + lifetime };
    }
    const why = status >= 300 && status < 400 ? `a redirect (HTTP ${status}), which this service does not follow` : `HTTP ${status}`;
    return unreachable(status, `robots.txt answered ${why}; RFC 9309 2.3.1.4: everything is disallowed until it can be read`);
  }
}

/** Whether the rules are unknown because the platform failed (5xx, 429, no answer), not because it redirected. */
export function robotsUnavailable(state: RobotsState): boolean {
  return state.status === 'unreachable' && (state.httpStatus === null || state.httpStatus === 429 || state.httpStatus >= 500);
}

/**
 * The 503 of a platform whose robots.txt could not be read because the platform failed: an
 * unavailable upstream (REST spec 7), to be retried once the file is asked again.
 */
export function robotsUnavailableError(platformName: string, state: RobotsState, path: string, now: number, extra: Record<string, unknown>): ToolError {
  const answered = state.httpStatus === null ? 'no answer' : `HTTP ${state.httpStatus}`;
  return fail.upstream(
    `${platformName}'s robots.txt (${state.url}) could not be read (${answered}); under RFC 9309 nothing may be fetched until it can be read, so ${path} is not fetched; it is asked again at ${state.expiresAt}`,
    { status: 503, detailCode: 'robots_unavailable', retryAfterMs: Math.max(1000, Date.parse(state.expiresAt) - now), extra: { ...extra, robots: state, retryAt: state.expiresAt } },
  );
}
