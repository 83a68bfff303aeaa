// Runs one tool for any face of the service (MCP, connector routes, data proxy, REST): status
// rules, validation, the call's deadline, the tool function, error mapping and metrics, in one place.
import type { Logger } from 'pino';
import { createContext, unexpectedShape, type RunTrace } from './context.js';
import { DEFAULT_CALL_DEADLINE_MS, Deadline } from './deadline.js';
import { ToolError, fail, toToolError } from './errors.js';
import type { Maybe } from './maybe.js';
import type { Metrics } from './metrics.js';
import type { CompiledTool } from './registry.js';
import type { PlatformView } from './platform.js';
import { provenanceMetaJson, provenanceOf, replayed, type Provenance } from './provenance.js';
import type { Remembered, ResultMemo } from './result-memo.js';
import type { RequestStats, UpstreamClient } from './upstream/client.js';
import { validationError } from './validation.js';

export interface InvokeDeps {
  upstream: UpstreamClient;
  env: (name: string) => string | undefined;
  publicBaseUrl: string;
  metrics: Metrics;
  logger: Logger;
  now?: () => Date;
  results?: ResultMemo;
  platform: PlatformView;
  /** CALL_DEADLINE_MS: the time one call may take in all (default 45 s, runtime/deadline.ts). */
  callDeadlineMs?: number;
}

/** The deadline of one call, made where it starts (every face goes through here or through this). */
export function callDeadline(deps: Pick<InvokeDeps, 'callDeadlineMs'>): Deadline {
  return new Deadline(deps.callDeadlineMs ?? DEFAULT_CALL_DEADLINE_MS);
}

/**
 * A success carries its data, the data serialised (`json`, what the faces send), `quoted()`, the
 * JSON as a JSON string literal for MCP text content, the UTF-8 bytes of both (MCP sends the JSON
 * again as `structuredContent`), and where it came from (`provenance`, with `metaBytes()`: the MCP
 * result's `_meta` serialised). The byte forms are made on first use and, for a remembered result,
 * kept: a repeat call serialises nothing.
 */
export type Success = {
  ok: true;
  data: unknown;
  json: string;
  quoted(): string;
  quotedBytes(): Buffer;
  jsonBytes(): Buffer;
  provenance: Provenance;
  metaBytes(): Buffer;
};
export type Outcome = Success | { ok: false; error: ToolError };

/**
 * A remembered success: the JSON is at hand; the data is parsed only if someone asks for it, each
 * time and never kept (the memo counts the text it holds; parsed JSON can take 21 times as much).
 */
function rememberedOutcome(r: Remembered): Outcome {
  if (r.outcome) return r.outcome as Outcome;
  const quoted = () => (r.quoted ??= JSON.stringify(r.json));
  // Served again, every part of the answer comes from the cache.
  const provenance = replayed(r.provenance);
  let meta: Buffer | undefined;
  return (r.outcome = {
    ok: true,
    json: r.json,
    quoted,
    quotedBytes: () => (r.quotedBytes ??= Buffer.from(quoted())),
    jsonBytes: () => (r.jsonBytes ??= Buffer.from(r.json)),
    provenance,
    metaBytes: () => (meta ??= Buffer.from(provenanceMetaJson(provenance))),
    get data() {
      return JSON.parse(r.json) as unknown;
    },
  } satisfies Outcome);
}

function freshOutcome(data: unknown, json: string, provenance: Provenance): Success {
  return {
    ok: true,
    data,
    json,
    quoted: () => JSON.stringify(json),
    quotedBytes: () => Buffer.from(JSON.stringify(json)),
    jsonBytes: () => Buffer.from(json),
    provenance,
    metaBytes: () => Buffer.from(provenanceMetaJson(provenance)),
  };
}

/** The fixed answer of a retired (deprecated, planned) or unavailable tool. */
type FixedAnswer = { code: 'api_sunset' | 'source_migrated' | 'not_configured' | 'upstream_blocked' | 'not_implemented'; message: string; alternative?: string; fields?: Record<string, unknown> };

function retiredError(tool: CompiledTool, r: FixedAnswer = tool.def.retired!): ToolError {
  const fields = { ...(r.alternative && { alternative: r.alternative }), ...r.fields };
  const extra = Object.keys(fields).length > 0 ? fields : undefined;
  // Fields the spec names for this answer (`_status`, `error`) sit at its top level, over MCP as in the Problem.
  if (r.code === 'api_sunset') return fail.sunset(r.message, { detailCode: 'api_sunset', extra, topLevel: r.fields !== undefined });
  if (r.code === 'source_migrated') return fail.migrated(r.message, { extra });
  if (r.code === 'upstream_blocked') return fail.blocked(r.message, { detailCode: 'upstream_blocked', extra });
  if (r.code === 'not_implemented') return new ToolError('not_implemented', r.message, { extra });
  return fail.notConfigured(r.message, { extra });
}

/** Runs a tool. A remembered result is answered at once, without a promise. */
export function invokeTool(tool: CompiledTool, rawArgs: unknown, deps: InvokeDeps, stats: RequestStats, requestId?: string): Maybe<Outcome> {
  const started = performance.now();
  const memoKey = deps.results?.key(tool.name, rawArgs);
  const remembered = memoKey === undefined ? undefined : deps.results!.get(memoKey);
  if (remembered !== undefined) {
    stats.cacheHits += 1;
    deps.metrics.recordTool(tool.server.slug, tool.name, 'ok', performance.now() - started);
    return rememberedOutcome(remembered);
  }
  return run(tool, rawArgs, deps, stats, started, memoKey, requestId);
}

async function run(tool: CompiledTool, rawArgs: unknown, deps: InvokeDeps, stats: RequestStats, started: number, memoKey: string | undefined, requestId?: string): Promise<Outcome> {
  let outcome: Outcome;
  const trace: RunTrace = { refs: [], reusable: true };
  try {
    const data = await execute(tool, rawArgs, deps, stats, trace);
    checkOutput(tool, data, trace, deps.upstream);
    const json = JSON.stringify(data) ?? 'null';
    const provenance = provenanceOf(trace.sources, tool.server.def.license, (id) => deps.upstream.definition(id));
    if (memoKey !== undefined) deps.results!.remember(memoKey, trace, json, provenance);
    outcome = freshOutcome(data, json, provenance);
  } catch (err) {
    const shape = unexpectedShape(err, trace, deps.upstream);
    if (shape) deps.logger.warn({ err, reqId: requestId, tool: tool.name, upstreams: trace.answered && [...trace.answered] }, 'upstream answer of an unexpected shape');
    const error = shape ?? toToolError(err);
    if (error.code === 'internal') {
      deps.logger.error({ err, reqId: requestId, tool: tool.name }, 'tool failed unexpectedly');
    }
    outcome = { ok: false, error };
  }
  deps.metrics.recordTool(tool.server.slug, tool.name, outcome.ok ? 'ok' : outcome.error.code, performance.now() - started);
  return outcome;
}

/**
 * A fresh answer must meet the tool's declared output schema (clients of 2025-06-18 and later refuse
 * one that does not). Built from data an upstream answered, a miss is that upstream's unexpected
 * shape (502, as when the mapping throws); otherwise it is the tool's own fault (500). Remembered
 * answers were checked when they were made.
 */
function checkOutput(tool: CompiledTool, data: unknown, trace: RunTrace, upstream: UpstreamClient): void {
  const output = tool.def.output;
  if (!output) return;
  const checked = output.safeParse(data);
  if (checked.success) return;
  const issue = checked.error.issues[0];
  const problem = new TypeError(`${tool.name}: the answer does not meet its output schema at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  throw unexpectedShape(problem, trace, upstream) ?? problem;
}

async function execute(tool: CompiledTool, rawArgs: unknown, deps: InvokeDeps, stats: RequestStats, trace: RunTrace): Promise<unknown> {
  const parsed = tool.schema.safeParse(rawArgs ?? {});
  if (tool.status === 'deprecated' || tool.status === 'planned') throw retiredError(tool);
  if (!parsed.success) throw validationError(parsed.error);
  const input = parsed.data as Record<string, unknown>;
  const ctx = createContext({
    upstream: deps.upstream,
    stats,
    ttlSeconds: tool.def.cacheTtlSeconds,
    env: deps.env,
    publicBaseUrl: deps.publicBaseUrl,
    now: deps.now,
    platform: deps.platform,
    trace,
    deadline: callDeadline(deps),
  });
  const missing = (tool.def.credentials ?? []).filter((name) => deps.env(name) === undefined);
  if (missing.length > 0) {
    if (tool.def.whenNotConfigured) return tool.def.whenNotConfigured(input, ctx);
    throw fail.notConfigured(`${tool.name} needs ${missing.join(', ')} on the server; the operator has not set ${missing.length > 1 ? 'them' : 'it'}.`, {
      extra: { missing },
    });
  }
  if (tool.def.unavailable) throw retiredError(tool, tool.def.unavailable);
  return tool.def.run!(input, ctx);
}
