// The one log line per request. It has pino's own shape ({"level":30,"time":…,fields…,"msg":
// "request"}), but when the service owns the log destination the line is put together here and
// written to that destination directly: pino's generic serialiser cost about 12 µs a line, as much
// as the whole MCP endpoint (profiled with --cpu-prof). A logger handed in from outside (tests, an
// embedding program) may carry formatters, mixins or another stream, so it gets logger.info().
import type { DestinationStream, Logger } from 'pino';
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
}

export type AccessLog = (r: RequestRecord) => void;

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

const optional = (name: string, value: string | undefined) => (value === undefined ? '' : `,"${name}":${q(value)}`);

/** A request's line exactly as pino (no base, default keys) writes it, newline included. */
export function requestLine(r: RequestRecord, time: number, now = performance.now()): string {
  const { log, stats } = r;
  return (
    `{"level":${INFO},"time":${time},"reqId":${q(r.reqId)},"method":${q(r.method)},"path":${q(loggedPath(r.path))}` +
    optional('route', log.route) +
    optional('slug', log.slug) +
    optional('tool', log.tool) +
    optional('keyId', log.keyId) +
    optional('outcome', log.outcome) +
    `,"status":${r.status},"durationMs":${durationMs(r, now)},"upstreamCalls":${stats.upstreamCalls},"cacheHits":${stats.cacheHits},"msg":"request"}\n`
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
