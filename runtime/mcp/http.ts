// POST /mcp/<slug>: the streamable HTTP transport in stateless, JSON-response form. The checks,
// their order, statuses, codes and messages are those of the SDK's WebStandardStreamableHTTPServerTransport;
// the difference is that nothing is built per request, so it serves many times more requests.
import { requestBodyTooLargeMessage, readRequestBody, MAX_BATCH_SIZE } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { Context } from 'hono';
import { bearerToken } from '../auth/keys.js';
import { ToolError } from '../errors.js';
import { invokeTool } from '../invoke.js';
import type { Decision } from '../ratelimit/limiter.js';
import type { CompiledTool } from '../registry.js';
import type { Services } from '../services.js';
import { clientAddress, type AppEnv } from '../http/request.js';
import { dispatch, errorMessage, prepareServer, toolErrorResult, toolResult, type PreparedServer } from './dispatch.js';
import { classify, isInitialize, type JsonRpcRequest, type RequestId } from './messages.js';

const JSON_TYPE = 'application/json';

function rpcErrorResponse(status: number, code: number, message: string, headers: Record<string, string> = {}, id: RequestId | null = null, data?: unknown): Response {
  return new Response(errorMessage(id, code, message, data), { status, headers: { 'content-type': JSON_TYPE, ...headers } });
}

export function methodNotAllowed(): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }), {
    status: 405,
    headers: { Allow: 'POST', 'content-type': JSON_TYPE },
  });
}

export function createMcpHandler(services: Services) {
  const prepared = new Map<string, PreparedServer>();
  for (const server of services.registry.servers) prepared.set(server.slug, prepareServer(server, services.config.version));
  const { keys, limiter, config } = services;
  const { trustProxy } = config;

  async function authorise(c: Context<AppEnv>, firstCallId: RequestId): Promise<Decision | Response> {
    const token = bearerToken(c.req.header('authorization'));
    const record = token ? keys.lookup(token) : undefined;
    const address = clientAddress(c, trustProxy);
    if (!record) {
      // Unauthenticated callers still spend their address's allowance, so guessing keys is limited too.
      const anon = await limiter.checkAnonymous(address);
      const message = token
        ? 'Unauthorized: the bearer key is not known. Keys: see the README (npm run keys -- create).'
        : 'Unauthorized: tools/call needs "Authorization: Bearer <key>". initialize and tools/list need no key.';
      return rpcErrorResponse(401, -32000, message, { ...anon.headers, 'WWW-Authenticate': 'Bearer realm="mcp", error="invalid_token"' }, firstCallId, {
        status: 401,
        code: 'unauthorized',
      });
    }
    c.get('log').keyId = record.id;
    if (!record.scopes.includes('mcp:tools')) {
      return rpcErrorResponse(403, -32000, 'Forbidden: this key lacks the scope mcp:tools', { 'WWW-Authenticate': 'Bearer realm="mcp", error="insufficient_scope", scope="mcp:tools"' }, firstCallId, {
        status: 403,
        code: 'forbidden',
      });
    }
    return limiter.checkKey(record.id, record.tier);
  }

  return async function handle(c: Context<AppEnv>, slug: string): Promise<Response> {
    const server = prepared.get(slug)!;
    const log = c.get('log');
    log.route = 'mcp';
    log.slug = slug;

    const accept = c.req.header('accept');
    if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) {
      return rpcErrorResponse(406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
    }
    if (!isJsonContentType(c.req.header('content-type'))) {
      return rpcErrorResponse(415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    }
    let raw: unknown;
    try {
      const body = await readRequestBody(c.req.raw, config.maxBodyBytes);
      if (body.tooLarge) return rpcErrorResponse(413, -32000, requestBodyTooLargeMessage(config.maxBodyBytes));
      raw = JSON.parse(body.text);
    } catch {
      return rpcErrorResponse(400, -32700, 'Parse error: Invalid JSON');
    }
    if (Array.isArray(raw) && raw.length > MAX_BATCH_SIZE) {
      return rpcErrorResponse(400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`);
    }
    const list = Array.isArray(raw) ? raw : [raw];
    const requests: JsonRpcRequest[] = [];
    for (const item of list) {
      const verdict = classify(item);
      if (!verdict) return rpcErrorResponse(400, -32700, 'Parse error: Invalid JSON-RPC message');
      if (verdict.kind === 'request') requests.push(verdict.message);
    }
    const hasInit = requests.some(isInitialize);
    if (hasInit && list.length > 1) {
      return rpcErrorResponse(400, -32600, 'Invalid Request: Only one initialization request is allowed');
    }
    if (!hasInit) {
      const version = c.req.header('mcp-protocol-version');
      if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
        return rpcErrorResponse(
          400,
          -32000,
          `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
        );
      }
    }

    const firstCall = requests.find((m) => m.method === 'tools/call');
    let decision: Decision;
    if (firstCall) {
      const verdict = await authorise(c, firstCall.id);
      if (verdict instanceof Response) return verdict;
      decision = verdict;
    } else {
      decision = await limiter.checkAnonymous(clientAddress(c, trustProxy));
    }
    if (!decision.allowed) {
      const ms = decision.retryAfterMs ?? 1000;
      return rpcErrorResponse(429, -32000, `Rate limit exceeded (${decision.reason}); retry after ${ms} ms`, decision.headers, firstCall?.id ?? null, {
        status: 429,
        code: 'rate_limited',
        svcRetryAfterMs: ms,
      });
    }
    if (requests.length === 0) {
      decision.release();
      return new Response(null, { status: 202, headers: decision.headers });
    }

    const stats = c.get('stats');
    const reqId = c.get('reqId');
    const callTool = async (tool: CompiledTool, args: unknown): Promise<string> => {
      log.tool = tool.name;
      const outcome = await invokeTool(tool, args, services.invokeDeps, stats, reqId);
      log.outcome = outcome.ok ? 'ok' : outcome.error.code;
      return outcome.ok ? toolResult(outcome.data) : toolErrorResult(errorBody(outcome.error, reqId));
    };
    let answers: string[];
    try {
      answers = requests.length === 1 ? [await dispatch(server, requests[0], callTool)] : await Promise.all(requests.map((m) => dispatch(server, m, callTool)));
    } finally {
      decision.release();
    }
    const body = answers.length === 1 ? answers[0] : `[${answers.join(',')}]`;
    return new Response(body, { status: 200, headers: { 'content-type': JSON_TYPE, ...decision.headers } });
  };
}

function errorBody(error: ToolError, reqId: string) {
  const body = error.toBody() as { error: Record<string, unknown> };
  body.error.requestId = reqId;
  return body;
}
