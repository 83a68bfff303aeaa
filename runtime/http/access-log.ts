// The one log line per request. It has pino's own shape ({"level":30,"time":…,fields…,"msg":
// "request"}), but when the service owns the log destination the line is put together here and
// written to that destination directly: pino's generic serialiser cost about 12 µs a line, as much
// as the whole MCP endpoint (profiled with --cpu-prof). A logger handed in from outside (tests, an
// embedding program) may carry formatters, mixins or another stream, so it gets logger.info().
//
// Per line, most of the cost was formatting (about 13 000 instructions, counted with callgrind):
// quoting values that repeat, and turning doubles into text. Quoted values are remembered, the
// time's text is reused within a millisecond, and the duration is written from integers.
import type { IncomingMessage } from 'node:http';
import type { DestinationStream, Logger } from 'pino';
import { rememberByText } from '../text-memo.js';
import type { RequestStats } from '../upstream/client.js';

export interface LogFields {
  slug?: string;
  tool?: string;
  route?: string;
  keyId?: string;
  outcome?: string;
}

export interface RequestRecord {
  reqId: string;
  method: string;
  path: string;
  status: number;
  /** performance.now() when the request arrived. */
  started: number;
  log: LogFields;
  stats: RequestStats;
  /** The route template that answered (`/api/v1/company/{orgnr}`), asked only for audited requests. */
  template?: () => string;
}

export type AccessLog = (r: RequestRecord) => void;

/**
 * The status logged and counted for a request whose client closed the connection before its
 * answer was sent (nginx's 499, "client closed request"): not a server error, whatever the
 * handler made of the broken request, so a client cannot raise the 5xx rate by hanging up.
 */
export const CLIENT_CLOSED_REQUEST = 499;

/** The Node request behind a Hono context's `env` (none for app.request and in-process calls). */
export function incomingOf(env: unknown): IncomingMessage | undefined {
  return (env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/** Whether the client of `incoming` has closed its connection (mid-body, or before the answer). */
export function clientClosed(incoming: IncomingMessage | undefined): boolean {
  return incoming?.socket?.destroyed === true;
}

/** The status to log and count: the answer's, or CLIENT_CLOSED_REQUEST when the client is gone. */
export function loggedStatus(incoming: IncomingMessage | undefined, status: number): number {
  return clientClosed(incoming) ? CLIENT_CLOSED_REQUEST : status;
}

const MAX_PATH = 200;
const INFO = 30;
const q = JSON.stringify;

const loggedPath = (path: string) => (path.length > MAX_PATH ? `${path.slice(0, MAX_PATH)}…` : path);
const durationMs = (r: RequestRecord, now: number) => Math.round((now - r.started) * 100) / 100;

/** The fields of a request's line, in the order they are written. No key or credential is in it. */
export function requestFields(r: RequestRecord, now = performance.now()) {
  return {
    reqId: r.reqId,
    method: r.method,
    path: loggedPath(r.path),
    route: r.log.route,
    slug: r.log.slug,
    tool: r.log.tool,
    keyId: r.log.keyId,
    outcome: r.log.outcome,
    status: r.status,
    durationMs: durationMs(r, now),
    upstreamCalls: r.stats.upstreamCalls,
    cacheHits: r.stats.cacheHits,
  };
}

/** A value's JSON text; routes, slugs, tools, outcomes, keys and most paths repeat. */
const quoted = rememberByText(q, 1024, MAX_PATH + 1);

const optional = (name: string, value: string | undefined) => (value === undefined ? '' : `,"${name}":${quoted(value)}`);

let lastTime = -1;
let lastTimeText = '';
/** Many lines share a millisecond: its text is made once. */
function timeText(time: number): string {
  if (time !== lastTime) {
    lastTime = time;
    lastTimeText = String(time);
  }
  return lastTimeText;
}

/** `durationMs` as JSON writes Math.round(ms * 100) / 100, made from integers (a double's text costs more). */
export function durationText(r: RequestRecord, now: number): string {
  const hundredths = Math.round((now - r.started) * 100);
  if (!(hundredths > 0 && hundredths < 1e15)) return JSON.stringify(hundredths / 100);
  const whole = Math.floor(hundredths / 100);
  const fraction = hundredths - whole * 100;
  if (fraction === 0) return String(whole);
  if (fraction % 10 === 0) return `${whole}.${fraction / 10}`;
  return `${whole}.${fraction < 10 ? '0' : ''}${fraction}`;
}

/** A request's line exactly as pino (no base, default keys) writes it, newline included. */
export function requestLine(r: RequestRecord, time: number, now = performance.now()): string {
  const { log, stats } = r;
  return (
    `{"level":${INFO},"time":${timeText(time)},"reqId":${q(r.reqId)},"method":${quoted(r.method)},"path":${quoted(loggedPath(r.path))}` +
    optional('route', log.route) +
    optional('slug', log.slug) +
    optional('tool', log.tool) +
    optional('keyId', log.keyId) +
    optional('outcome', log.outcome) +
    `,"status":${r.status},"durationMs":${durationText(r, now)},"upstreamCalls":${stats.upstreamCalls},"cacheHits":${stats.cacheHits},"msg":"request"}\n`
  );
}

/**
 * The request logger. `ownDestination` is the stream of a logger this service created itself
 * (`pino({ level, base: undefined }, destination)`); only then may lines bypass pino.
 */
export function createAccessLog(logger: Logger, ownDestination?: DestinationStream): AccessLog {
  if (!ownDestination) return (r) => logger.info(requestFields(r), 'request');
  return (r) => {
    if (logger.levelVal > INFO) return;
    ownDestination.write(requestLine(r, Date.now()));
  };
}
