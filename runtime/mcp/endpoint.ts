// POST /mcp/<slug>: the streamable HTTP transport in stateless, JSON-response form, free of any
// HTTP framework so that the Hono route and the raw Node fast path run the very same code. The
// checks, their order, statuses, codes and messages are those of the SDK's
// WebStandardStreamableHTTPServerTransport (tests/mcp-transport-parity.test.ts compares them); the
// difference is that nothing is built per request, and two deliberate ones: a batch holds at most
// MAX_BATCH_MESSAGES messages (the SDK allows 100), and each message of a batch is counted by the
// rate limits as a request of its own.
//
// Every answer leaves through handle(), which adds the X-RateLimit-* headers to any answer that
// has none (REST spec 8: on all 200, 4xx and 5xx responses of a limited route).
import { requestBodyTooLargeMessage } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { preloadSdkSchemas, SUPPORTED_PROTOCOL_VERSIONS } from './protocol.js';
import { authenticate, STORE_RETRY_SECONDS, type AuthVerdict } from '../auth/authenticate.js';
import { UNAVAILABLE } from '../auth/key-store.js';
import { bearerToken, type KeyRecord } from '../auth/keys.js';
import { bearerChallenge, resourceUrl } from '../oauth/resource.js';
import type { ToolError } from '../errors.js';
import type { BodyText } from '../http/body.js';
import type { LogFields } from '../http/request.js';
import { gzipSpliced, prefersGzip } from '../http/gzip-splice.js';
import { invokeTool } from '../invoke.js';
import { andThen, inOrder, type Maybe } from '../maybe.js';
import { RATE_LIMIT_HEADER, refusalMessage, type Decision } from '../ratelimit/limiter.js';
import type { CompiledTool } from '../registry.js';
import type { Services } from '../services.js';
import type { RequestStats } from '../upstream/client.js';
import { dispatch, errorMessage, precompressed, prepareServer, resultMessage, toolErrorResult, toolResultMessage, type Answer, type PreparedServer } from './dispatch.js';
import { classify, isInitialize, quick, type JsonRpcRequest, type RequestId } from './messages.js';
import { checkModern, isModern, modernErrorMessage } from './modern.js';

/**
 * The most messages a JSON-RPC batch may hold. Every message is a request for the rate limits
 * and a batch's calls run at once, so a batch larger than a tier's concurrency cap (Dev 4, Pro 16)
 * only gathers refusals; 20 keeps one HTTP request's work and answer small.
 */
export const MAX_BATCH_MESSAGES = 20;

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
  const body = error.toBody();
  (error.topLevel ? body : (body.error as Record<string, unknown>)).requestId = reqId;
  return body;
}

/** The rate-limit refusal of one message: the JSON-RPC error answered for its id. */
function refusalAnswer(decision: Decision, id: RequestId | null): string {
  return errorMessage(id, -32000, refusalMessage(decision), { status: 429, code: 'rate_limited', svcRetryAfterMs: decision.retryAfterMs ?? 1000 });
}

function refused(decision: Decision, id: RequestId | null): McpHttpResponse {
  return { status: 429, headers: { 'content-type': JSON_TYPE, ...decision.headers }, body: refusalAnswer(decision, id) };
}

/**
 * 401 and 403 carry the challenge of MCP authorization (RFC 9728 section 5.1): where the server's
 * protected resource metadata is and which scope a call needs, so an OAuth client can begin.
 */
function authRefusal(verdict: Exclude<AuthVerdict, { ok: true }>, id: RequestId, base: string, slug: string): McpHttpResponse {
  switch (verdict.reason) {
    case 'limited':
      return refused(verdict.decision, id);
    case 'unavailable':
      return rpcError(503, -32000, `Service unavailable: the key store cannot be reached, so this key cannot be checked now; retry in ${STORE_RETRY_SECONDS} s`, verdict.headers, id, {
        status: 503,
        code: 'not_ready',
      });
    case 'scope':
      return rpcError(403, -32000, 'Forbidden: this key lacks the scope mcp:tools', { ...verdict.headers, 'WWW-Authenticate': bearerChallenge(base, slug, 'insufficient_scope') }, id, {
        status: 403,
        code: 'forbidden',
      });
    default: {
      const message =
        verdict.reason === 'unknown'
          ? 'Unauthorized: the bearer key or token is not known (or not for this server). Keys: see the README (npm run keys -- create); OAuth clients: see WWW-Authenticate.'
          : 'Unauthorized: tools/call needs "Authorization: Bearer <key or OAuth access token>". initialize and tools/list need no key.';
      const challenge = bearerChallenge(base, slug, verdict.reason === 'unknown' ? 'invalid_token' : undefined);
      return rpcError(401, -32000, message, { ...verdict.headers, 'WWW-Authenticate': challenge }, id, { status: 401, code: 'unauthorized' });
    }
  }
}

export const internalError = (reqId: string): McpHttpResponse => rpcError(500, -32603, `Internal error (request ${reqId})`);

/** Runs `work` and frees the concurrency slot of its decision when it is done, however it ends. */
function holding<T>(decision: Decision, work: () => Maybe<T>): Maybe<T> {
  let result: Maybe<T>;
  try {
    result = work();
  } catch (err) {
    decision.release();
    throw err;
  }
  if (result instanceof Promise) return result.finally(decision.release);
  decision.release();
  return result;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

export interface McpEndpoint {
  has(slug: string): boolean;
  /** Answers any request to /mcp/<slug> (`method` defaults to POST), with X-RateLimit-* headers on every answer. */
  handle(slug: string, req: McpHttpRequest, method?: string): Promise<McpHttpResponse>;
}

export function createMcpEndpoint(services: Services): McpEndpoint {
  const prepared = new Map<string, PreparedServer>();
  for (const server of services.registry.servers) prepared.set(server.slug, prepareServer(server, services.config.version));
  const { keys, limiter, config } = services;
  const base = config.publicBaseUrl;
  preloadSdkSchemas();

  // A bearer token that is no API key may be an OAuth access token bound to this server's URL.
  const tokensFor = (slug: string) => {
    const resource = resourceUrl(base, slug);
    return (token: string) => services.oauth.keyForToken(token, resource);
  };
  const tokenResolvers = new Map([...prepared.keys()].map((slug) => [slug, tokensFor(slug)]));

  const authenticateCall = (req: McpHttpRequest, slug: string): Maybe<AuthVerdict> =>
    andThen(authenticate(keys, limiter, req.header('authorization'), () => req.clientAddress(), 'mcp:tools', tokenResolvers.get(slug)), (verdict) => {
      const keyId = verdict.ok ? verdict.record.id : 'keyId' in verdict ? verdict.keyId : undefined;
      if (keyId) req.log.keyId = keyId;
      return verdict;
    });

  /** A tools/call alone: the key, then one request of its tier. */
  const admitCall = (req: McpHttpRequest, slug: string, id: RequestId): Maybe<Decision | McpHttpResponse> =>
    andThen(authenticateCall(req, slug), (verdict) => (verdict.ok ? limiter.checkKey(verdict.record.id, verdict.record.tier) : authRefusal(verdict, id, base, slug)));

  /** Headers for an answer that counted nothing: the window of the request's known key, else its address's. */
  function uncountedHeaders(req: McpHttpRequest): Maybe<Record<string, string>> {
    const token = bearerToken(req.header('authorization'));
    return andThen(token ? keys.lookup(token) : undefined, (record) =>
      record && record !== UNAVAILABLE ? limiter.keyHeaders(record.id, record.tier) : limiter.anonymousHeaders(req.clientAddress()),
    );
  }

  function callToolFor(req: McpHttpRequest) {
    return (tool: CompiledTool, args: unknown, id: RequestId, modern: boolean): Maybe<Answer> => {
      req.log.tool = tool.name;
      return andThen(invokeTool(tool, args, services.invokeDeps, req.stats, req.reqId), (outcome) => {
        req.log.outcome = outcome.ok ? 'ok' : outcome.error.code;
        return outcome.ok ? toolResultMessage(id, outcome, modern) : resultMessage(id, toolErrorResult(errorBody(outcome.error, req.reqId)));
      });
    };
  }

  async function handle(slug: string, req: McpHttpRequest, method = 'POST'): Promise<McpHttpResponse> {
    let answer: McpHttpResponse;
    try {
      answer = await respond(slug, req, method);
    } catch (err) {
      services.logger.error({ err, reqId: req.reqId }, 'unhandled error');
      answer = internalError(req.reqId);
    }
    if (RATE_LIMIT_HEADER in answer.headers) return answer;
    const pending = uncountedHeaders(req);
    const limits = pending instanceof Promise ? await pending : pending;
    return { ...answer, headers: { ...limits, ...answer.headers } };
  }

  async function respond(slug: string, req: McpHttpRequest, method: string): Promise<McpHttpResponse> {
    const server = prepared.get(slug);
    if (!server) return unknownServer(slug, base);
    if (method !== 'POST') return METHOD_NOT_ALLOWED;
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
    // Revision 2026-07-28 is told apart by its header or _meta (modern.ts); the 2025 path below is unchanged.
    if (isModern(raw, req.header('mcp-protocol-version'))) {
      const verdict = checkModern(raw, (name) => req.header(name));
      if (verdict.kind === 'error') return { status: verdict.error.status, headers: { 'content-type': JSON_TYPE }, body: modernErrorMessage(verdict.error) };
      return answerOne(server, slug, verdict.kind === 'request' ? verdict.message : undefined, req, true);
    }
    if (Array.isArray(raw) && raw.length > MAX_BATCH_MESSAGES) {
      return rpcError(400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH_MESSAGES} messages`);
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
    if (requests.length > 1) return answerBatch(server, slug, requests, req);
    return answerOne(server, slug, requests[0], req, false);
  }

  /** One request (or none: notifications only), counted as one request. */
  async function answerOne(server: PreparedServer, slug: string, message: JsonRpcRequest | undefined, req: McpHttpRequest, modern: boolean): Promise<McpHttpResponse> {
    const call = message?.method === 'tools/call' ? message : undefined;
    let decision: Decision;
    if (call) {
      const pending = admitCall(req, slug, call.id);
      const verdict = pending instanceof Promise ? await pending : pending;
      if (!('allowed' in verdict)) return verdict;
      decision = verdict;
    } else {
      const pending = limiter.checkAnonymous(req.clientAddress());
      decision = pending instanceof Promise ? await pending : pending;
    }
    if (!decision.allowed) return refused(decision, call?.id ?? null);
    if (!message) {
      decision.release();
      return { status: 202, headers: decision.headers, body: null };
    }
    const headers = decision.headers;
    let body: Answer;
    try {
      // The tools/list answer is large and compresses about 4:1; gzip is spliced, not run per request.
      const listing = message.method === 'tools/list';
      const gzip = listing && prefersGzip(req.header('accept-encoding'));
      if (listing) headers.vary = 'Accept-Encoding';
      if (gzip) headers['content-encoding'] = 'gzip';
      const answer = dispatch(server, message, callToolFor(req), { gzip, modern });
      body = answer instanceof Promise ? await answer : answer;
    } finally {
      decision.release();
    }
    headers['content-type'] = JSON_TYPE;
    return { status: 200, headers, body };
  }

  /**
   * A batch: each message is counted as a request of its own, in order (tools/call against the
   * key, anything else against the address), and runs only if its count allowed it; a refused
   * message is answered with the rate-limit error for its id. The headers are those of the last
   * count, so X-RateLimit-Remaining shows what the batch spent. 429 only when nothing ran.
   */
  async function answerBatch(server: PreparedServer, slug: string, requests: JsonRpcRequest[], req: McpHttpRequest): Promise<McpHttpResponse> {
    const firstCall = requests.find((m) => m.method === 'tools/call');
    let keyed: KeyRecord | undefined;
    if (firstCall) {
      const verdict = await authenticateCall(req, slug);
      if (!verdict.ok) return authRefusal(verdict, firstCall.id, base, slug);
      keyed = verdict.record;
    }
    const address = req.clientAddress();
    const isCall = (m: JsonRpcRequest) => m.method === 'tools/call';
    const decisions = await inOrder(requests, (m) => (isCall(m) ? limiter.checkKey(keyed!.id, keyed!.tier) : limiter.checkAnonymous(address)));
    const shown = decisions.filter((_, i) => !keyed || isCall(requests[i])).pop()!;
    if (decisions.every((d) => !d.allowed)) {
      return { status: 429, headers: { 'content-type': JSON_TYPE, ...shown.headers }, body: `[${requests.map((m, i) => refusalAnswer(decisions[i], m.id)).join(',')}]` };
    }
    const headers: Record<string, string> = { ...shown.headers };
    delete headers['Retry-After'];
    const callTool = callToolFor(req);
    const answers = await Promise.all(requests.map((m, i) => (decisions[i].allowed ? holding(decisions[i], () => dispatch(server, m, callTool)) : refusalAnswer(decisions[i], m.id))));
    const pieces: Buffer[] = [OPEN];
    for (const [i, answer] of answers.entries()) {
      if (i > 0) pieces.push(COMMA);
      if (typeof answer === 'string') pieces.push(Buffer.from(answer));
      else pieces.push(...answer);
    }
    pieces.push(CLOSE);
    let body: Answer = pieces;
    // Compressed as a single tools/list answer is: the list's bytes are spliced in already compressed.
    if (requests.some((m) => m.method === 'tools/list')) {
      headers.vary = 'Accept-Encoding';
      if (prefersGzip(req.header('accept-encoding'))) {
        headers['content-encoding'] = 'gzip';
        body = gzipSpliced(pieces, (piece) => precompressed(server, piece));
      }
    }
    headers['content-type'] = JSON_TYPE;
    return { status: 200, headers, body };
  }

  return { has: (slug) => prepared.has(slug), handle };
}
