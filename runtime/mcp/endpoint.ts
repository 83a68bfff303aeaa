// POST /mcp/<slug>: the streamable HTTP transport in stateless, JSON-response form, free of any
// HTTP framework so that the Hono route and the raw Node fast path run the very same code. The
// checks, their order, statuses, codes and messages are those of the SDK's
// WebStandardStreamableHTTPServerTransport (tests/mcp-transport-parity.test.ts compares them); the
// difference is that nothing is built per request.
import { requestBodyTooLargeMessage, MAX_BATCH_SIZE } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { preloadSdkSchemas, SUPPORTED_PROTOCOL_VERSIONS } from './protocol.js';
import { bearerToken } from '../auth/keys.js';
import type { ToolError } from '../errors.js';
import type { BodyText } from '../http/body.js';
import type { LogFields } from '../http/request.js';
import { prefersGzip } from '../http/gzip-splice.js';
import { invokeTool } from '../invoke.js';
import { andThen, type Maybe } from '../maybe.js';
import type { Decision } from '../ratelimit/limiter.js';
import type { CompiledTool } from '../registry.js';
import type { Services } from '../services.js';
import type { RequestStats } from '../upstream/client.js';
import { answerText, dispatch, errorMessage, prepareServer, resultMessage, toolErrorResult, toolResultMessage, type Answer, type PreparedServer } from './dispatch.js';
import { classify, isInitialize, quick, type JsonRpcRequest, type RequestId } from './messages.js';

/** What the endpoint needs of an HTTP request, whichever server delivered it. */
export interface McpHttpRequest {
  header(name: string): string | undefined;
  readBody(maxBytes: number): Promise<BodyText>;
  clientAddress(): string;
  reqId: string;
  stats: RequestStats;
  log: LogFields;
}

export interface McpHttpResponse {
  status: number;
  headers: Record<string, string>;
  body: Answer | null;
}

const JSON_TYPE = 'application/json';

export function rpcError(status: number, code: number, message: string, headers: Record<string, string> = {}, id: RequestId | null = null, data?: unknown): McpHttpResponse {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body: errorMessage(id, code, message, data) };
}

export const METHOD_NOT_ALLOWED: McpHttpResponse = {
  status: 405,
  headers: { Allow: 'POST', 'content-type': JSON_TYPE },
  body: JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }),
};

export function unknownServer(slug: string, base: string): McpHttpResponse {
  return {
    status: 404,
    headers: { 'content-type': JSON_TYPE },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message: `No MCP server "${slug.slice(0, 80)}". The list of servers is at ${base}/mcp (HTML) and ${base}/catalogue.json (JSON).`,
        data: { servers: `${base}/mcp`, catalogue: `${base}/catalogue.json` },
      },
    }),
  };
}

function errorBody(error: ToolError, reqId: string) {
  const body = error.toBody() as { error: Record<string, unknown> };
  body.error.requestId = reqId;
  return body;
}

export interface McpEndpoint {
  has(slug: string): boolean;
  handle(slug: string, req: McpHttpRequest): Promise<McpHttpResponse>;
}

export function createMcpEndpoint(services: Services): McpEndpoint {
  const prepared = new Map<string, PreparedServer>();
  for (const server of services.registry.servers) prepared.set(server.slug, prepareServer(server, services.config.version));
  const { keys, limiter, config } = services;
  preloadSdkSchemas();

  function authorise(req: McpHttpRequest, firstCallId: RequestId): Maybe<Decision | McpHttpResponse> {
    const token = bearerToken(req.header('authorization'));
    const record = token ? keys.lookup(token) : undefined;
    if (!record) {
      // Unauthenticated callers still spend their address's allowance, so guessing keys is limited too.
      return andThen(limiter.checkAnonymous(req.clientAddress()), (anon) => {
        const message = token
          ? 'Unauthorized: the bearer key is not known. Keys: see the README (npm run keys -- create).'
          : 'Unauthorized: tools/call needs "Authorization: Bearer <key>". initialize and tools/list need no key.';
        return rpcError(401, -32000, message, { ...anon.headers, 'WWW-Authenticate': 'Bearer realm="mcp", error="invalid_token"' }, firstCallId, {
          status: 401,
          code: 'unauthorized',
        });
      });
    }
    req.log.keyId = record.id;
    if (!record.scopes.includes('mcp:tools')) {
      return rpcError(403, -32000, 'Forbidden: this key lacks the scope mcp:tools', { 'WWW-Authenticate': 'Bearer realm="mcp", error="insufficient_scope", scope="mcp:tools"' }, firstCallId, {
        status: 403,
        code: 'forbidden',
      });
    }
    return limiter.checkKey(record.id, record.tier);
  }

  async function handle(slug: string, req: McpHttpRequest): Promise<McpHttpResponse> {
    const server = prepared.get(slug)!;
    const { log } = req;
    log.route = 'mcp';
    log.slug = slug;

    const accept = req.header('accept');
    if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) {
      return rpcError(406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream');
    }
    if (!isJsonContentType(req.header('content-type'))) {
      return rpcError(415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    }
    let raw: unknown;
    try {
      const body = await req.readBody(config.maxBodyBytes);
      if (body.tooLarge) return rpcError(413, -32000, requestBodyTooLargeMessage(config.maxBodyBytes), { connection: 'close' });
      raw = JSON.parse(body.text);
    } catch {
      return rpcError(400, -32700, 'Parse error: Invalid JSON');
    }
    if (Array.isArray(raw) && raw.length > MAX_BATCH_SIZE) {
      return rpcError(400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`);
    }
    const list = Array.isArray(raw) ? raw : [raw];
    const requests: JsonRpcRequest[] = [];
    for (const item of list) {
      const verdict = quick(item) ?? (await classify(item));
      if (!verdict) return rpcError(400, -32700, 'Parse error: Invalid JSON-RPC message');
      if (verdict.kind === 'request') requests.push(verdict.message);
    }
    const hasInit = requests.some((m) => m.method === 'initialize') && (await Promise.all(requests.map(isInitialize))).some(Boolean);
    if (hasInit && list.length > 1) {
      return rpcError(400, -32600, 'Invalid Request: Only one initialization request is allowed');
    }
    if (!hasInit) {
      const version = req.header('mcp-protocol-version');
      if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
        return rpcError(400, -32000, `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`);
      }
    }

    const firstCall = requests.find((m) => m.method === 'tools/call');
    let decision: Decision;
    if (firstCall) {
      const pending = authorise(req, firstCall.id);
      const verdict = pending instanceof Promise ? await pending : pending;
      if (!('allowed' in verdict)) return verdict;
      decision = verdict;
    } else {
      const pending = limiter.checkAnonymous(req.clientAddress());
      decision = pending instanceof Promise ? await pending : pending;
    }
    if (!decision.allowed) {
      const ms = decision.retryAfterMs ?? 1000;
      return rpcError(429, -32000, `Rate limit exceeded (${decision.reason}); retry after ${ms} ms`, decision.headers, firstCall?.id ?? null, {
        status: 429,
        code: 'rate_limited',
        svcRetryAfterMs: ms,
      });
    }
    if (requests.length === 0) {
      decision.release();
      return { status: 202, headers: decision.headers, body: null };
    }

    const callTool = (tool: CompiledTool, args: unknown, id: RequestId): Maybe<Answer> => {
      log.tool = tool.name;
      return andThen(invokeTool(tool, args, services.invokeDeps, req.stats, req.reqId), (outcome) => {
        log.outcome = outcome.ok ? 'ok' : outcome.error.code;
        return outcome.ok ? toolResultMessage(id, outcome.quotedBytes()) : resultMessage(id, toolErrorResult(errorBody(outcome.error, req.reqId)));
      });
    };
    const headers = decision.headers;
    let body: Answer;
    try {
      if (requests.length === 1) {
        // The tools/list answer is large and compresses about 4:1; gzip is spliced, not run per request.
        const listing = requests[0].method === 'tools/list';
        const gzip = listing && prefersGzip(req.header('accept-encoding'));
        if (listing) headers.vary = 'Accept-Encoding';
        if (gzip) headers['content-encoding'] = 'gzip';
        const answer = dispatch(server, requests[0], callTool, { gzip });
        body = answer instanceof Promise ? await answer : answer;
      } else {
        body = `[${(await Promise.all(requests.map((m) => dispatch(server, m, callTool)))).map(answerText).join(',')}]`;
      }
    } finally {
      decision.release();
    }
    headers['content-type'] = JSON_TYPE;
    return { status: 200, headers, body };
  }

  return { has: (slug) => prepared.has(slug), handle };
}
