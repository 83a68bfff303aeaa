// The other candidate of issue 12 §1: the brreg server's tools served by the SDK's v2 handler
// (`createMcpHandler` of @modelcontextprotocol/server, which answers 2026-07-28 and, through its
// stateless fallback, the 2025 revisions) instead of our own endpoint. Mounted as the package
// documents it for Hono (`handler.fetch(c.req.raw)`, Host checked in front). What sits around the
// handler is what our endpoint does too, so that the rows compare the MCP handling only: the same
// services (recorded upstreams, result memo), the bearer key and rate limits on tools/call, the
// tool run through runtime/invoke.ts, provenance in `_meta`, and the request's log line.
// Prints `READY <url>` on standard output; SIGTERM stops it.
import { serve } from '@hono/node-server';
import { createMcpHandler, hostHeaderValidationResponse, localhostAllowedHostnames, McpServer, type CallToolResult, type McpRequestContext, type StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { Hono } from 'hono';
import type { z } from 'zod';
import { authenticate } from '../runtime/auth/authenticate.js';
import { loadConfig } from '../runtime/config.js';
import type { ToolError } from '../runtime/errors.js';
import { logRequest, requestIdFrom, requestStats, type LogFields } from '../runtime/http/request.js';
import { invokeTool } from '../runtime/invoke.js';
import { TOOLS_LIST_TTL_MS } from '../runtime/mcp/dispatch.js';
import { PROVENANCE_KEY } from '../runtime/provenance.js';
import type { CompiledTool } from '../runtime/registry.js';
import { createServices } from '../runtime/services.js';
import type { RequestStats } from '../runtime/upstream/client.js';
import { SERVERS } from '../servers/index.js';

const SLUG = 'brreg';
const services = createServices(loadConfig(process.env), { servers: SERVERS });
const server = services.registry.servers.find((s) => s.slug === SLUG)!;

/**
 * A tool's zod schema as the Standard Schema the SDK takes, validated by zod but published as the
 * JSON Schema the registry made at start-up: tools/list then carries what our endpoint lists, and
 * no handler instance converts zod to JSON Schema again (the fairest use of the SDK).
 */
function standard(schema: z.ZodType, json: Record<string, unknown>): StandardSchemaWithJSON {
  const zod = schema['~standard'];
  return { '~standard': { version: 1, vendor: 'nordic-open-data', validate: (value) => zod.validate(value), jsonSchema: { input: () => json, output: () => json } } };
}

/** Everything of a registration that does not depend on the request, made once. */
const registrations = server.tools.map((tool) => ({
  tool,
  config: {
    title: tool.def.title,
    description: tool.description,
    inputSchema: standard(tool.schema, tool.jsonSchema),
    ...(tool.def.output && tool.outputJsonSchema && { outputSchema: standard(tool.def.output, tool.outputJsonSchema) }),
    annotations: tool.annotations,
    icons: tool.icons,
    _meta: { 'no.opendata/status': tool.status, 'no.opendata/requiresAuth': true },
  },
}));
const serverInfo = { name: SLUG, title: server.def.name, version: services.config.version, icons: server.icons };
const instructions = `${server.def.description} Data owner: ${server.def.owner}. Licence: ${server.def.license}.`;
// The cache hints our endpoint gives (runtime/mcp/dispatch.ts), so that the 2026-07-28 answers say the same.
const listHint = { ttlMs: TOOLS_LIST_TTL_MS, cacheScope: 'public' } as const;
const options = { instructions, cacheHints: { 'tools/list': listHint, 'server/discover': listHint } };

/** What the HTTP route knows of a request and the tool call needs: its id, log fields and counters. */
interface RequestState {
  reqId: string;
  log: LogFields;
  stats: RequestStats;
}
const states = new WeakMap<Request, RequestState>();
/** The bench's load generator runs on this machine: its address is what the limits would key on. */
const LOCAL = () => '127.0.0.1';

const textResult = (text: string, isError = false): CallToolResult => ({ content: [{ type: 'text', text }], ...(isError && { isError }) });

function errorResult(error: ToolError, reqId: string): CallToolResult {
  const body = error.toBody() as { error: Record<string, unknown> };
  body.error.requestId = reqId;
  return textResult(JSON.stringify(body), true);
}

/** tools/call as our endpoint runs it: key, rate limit, the tool through runtime/invoke.ts, provenance in `_meta`. */
async function callTool(tool: CompiledTool, args: unknown, request: Request | undefined, state: RequestState): Promise<CallToolResult> {
  const verdict = await authenticate(services.keys, services.limiter, request?.headers.get('authorization') ?? undefined, LOCAL, 'mcp:tools');
  if (!verdict.ok) return textResult(`Unauthorized (${verdict.reason})`, true);
  state.log.keyId = verdict.record.id;
  const decision = await services.limiter.checkKey(verdict.record.id, verdict.record.tier);
  if (!decision.allowed) return textResult('Rate limited', true);
  try {
    state.log.tool = tool.name;
    const outcome = await invokeTool(tool, args, services.invokeDeps, state.stats, state.reqId);
    state.log.outcome = outcome.ok ? 'ok' : outcome.error.code;
    if (!outcome.ok) return errorResult(outcome.error, state.reqId);
    const structured = outcome.json.startsWith('{') ? (outcome.data as Record<string, unknown>) : undefined;
    return { ...textResult(outcome.json), ...(structured && { structuredContent: structured }), _meta: { [PROVENANCE_KEY]: outcome.provenance } };
  } finally {
    decision.release();
  }
}

/** The factory the handler calls for every request (its documented use: a fresh instance each time). */
function buildServer(ctx: McpRequestContext): McpServer {
  const request = ctx.requestInfo;
  const state = (request && states.get(request)) ?? { reqId: requestIdFrom(undefined), log: {}, stats: requestStats({}, LOCAL) };
  const mcp = new McpServer(serverInfo, options);
  for (const { tool, config } of registrations) {
    mcp.registerTool(tool.name, config, (args, extra) => callTool(tool, args, extra.http?.req ?? request, state));
  }
  return mcp;
}

const handler = createMcpHandler(buildServer, { onerror: (err) => services.logger.warn({ err }, 'SDK v2 handler error') });
const allowedHosts = localhostAllowedHostnames();

const app = new Hono();
app.all(`/mcp/${SLUG}`, async (c) => {
  const started = performance.now();
  const request = c.req.raw;
  const log: LogFields = { route: 'mcp', slug: SLUG };
  const state: RequestState = { reqId: requestIdFrom(c.req.header('x-request-id')), log, stats: requestStats(log, LOCAL) };
  states.set(request, state);
  const response = hostHeaderValidationResponse(request, allowedHosts) ?? (await handler.fetch(request));
  logRequest(services, { reqId: state.reqId, method: c.req.method, path: c.req.path, status: response.status, started, log, stats: state.stats });
  return response;
});

const http = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' }, (info) => process.stdout.write(`READY http://127.0.0.1:${info.port}\n`));
process.on('SIGTERM', () => http.close(() => void Promise.all([handler.close(), services.close()]).then(() => process.exit(0))));
