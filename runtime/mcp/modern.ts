// Revision 2026-07-28 ("modern": no initialize, no sessions; every request carries its protocol
// version and client capabilities in params._meta) beside the 2025 revisions on the same endpoint.
// Followed from the revision's own text:
// - specification/2026-07-28/basic/versioning: "A request carrying modern per-request _meta is
//   served statelessly according to this revision. An initialize request selects legacy
//   semantics"; UnsupportedProtocolVersionError (-32022, data.supported, data.requested).
// - specification/2026-07-28/basic/transports/streamable-http: the body is a single request (no
//   batches); MCP-Protocol-Version, Mcp-Method and Mcp-Name headers must match the body, else 400
//   with HeaderMismatch (-32020), Base64 sentinel `=?base64?…?=` decoded; an unknown method is 404
//   with -32601; a request without the header may be treated as 2025-03-26.
// - specification/2026-07-28/basic/index (`_meta`): protocolVersion and clientCapabilities are
//   required, a request missing one is answered -32602 with HTTP 400; error responses carry the
//   request's id; results carry resultType and SHOULD carry _meta serverInfo.
// - specification/2026-07-28/changelog and schema/2026-07-28/schema.ts: server/discover
//   (DiscoverResult: supportedVersions, capabilities, instructions, ttlMs, cacheScope); ttlMs and
//   cacheScope on tools/list (CacheableResult); ping and initialize are gone.
import { SUPPORTED_PROTOCOL_VERSIONS } from './protocol.js';
import type { JsonRpcRequest, RequestId } from './messages.js';

export const MODERN_PROTOCOL_VERSION = '2026-07-28';
export const MODERN_PROTOCOL_VERSIONS: readonly string[] = [MODERN_PROTOCOL_VERSION];
/** Every revision this endpoint answers: the modern one per request, the legacy ones after initialize. */
export const ALL_PROTOCOL_VERSIONS: readonly string[] = [...MODERN_PROTOCOL_VERSIONS, ...SUPPORTED_PROTOCOL_VERSIONS];

export const HEADER_MISMATCH = -32020;
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;
const INVALID_PARAMS = -32602;
const INVALID_REQUEST = -32600;
const METHOD_NOT_FOUND = -32601;

export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

/** The methods a read-only tool server answers in this revision; anything else is 404 / -32601. */
export const MODERN_METHODS: ReadonlySet<string> = new Set(['server/discover', 'tools/list', 'tools/call']);
/** Methods whose Mcp-Name header mirrors params.name (or params.uri). */
const NAMED_METHODS: Record<string, 'name' | 'uri'> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

export interface ModernError {
  status: number;
  /** The JSON-RPC error object; `id` is the request's when it could be read. */
  id: RequestId | undefined;
  code: number;
  message: string;
  data?: unknown;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The protocol version a message's _meta declares, if it declares one (any type: it is checked later). */
function metaVersion(message: unknown): { present: boolean; value: unknown } {
  if (!isPlainObject(message) || !isPlainObject(message.params) || !isPlainObject(message.params._meta)) return { present: false, value: undefined };
  const meta = message.params._meta;
  return { present: META_PROTOCOL_VERSION in meta, value: meta[META_PROTOCOL_VERSION] };
}

/** Header values arrive with optional whitespace around them (RFC 9110 5.5): compare them trimmed. */
const headerValue = (raw: string | undefined) => raw?.trim();

/**
 * Whether a parsed body is a 2026-07-28 request. Modern: the MCP-Protocol-Version header names a
 * modern revision, or the body's _meta declares a protocol version (unless it is a legacy revision
 * the header repeats: that is a 2025 client that set the key, served as before). Everything else,
 * with or without the header, is served as the 2025 revisions were (the header's absence means
 * 2025-03-26), byte for byte.
 */
export function isModern(raw: unknown, headerVersion: string | undefined): boolean {
  const header = headerValue(headerVersion);
  const items = Array.isArray(raw) ? raw : [raw];
  for (const item of items) {
    const meta = metaVersion(item);
    if (meta.present) return !(typeof meta.value === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(meta.value) && header === meta.value);
  }
  return header !== undefined && MODERN_PROTOCOL_VERSIONS.includes(header);
}

function isRequestShape(v: unknown): v is JsonRpcRequest {
  if (!isPlainObject(v) || v.jsonrpc !== '2.0' || typeof v.method !== 'string') return false;
  const id = v.id;
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)))) return false;
  return v.params === undefined || isPlainObject(v.params);
}

const isNotificationShape = (v: unknown) => isPlainObject(v) && v.jsonrpc === '2.0' && typeof v.method === 'string' && !('id' in v);

/** Decodes an Mcp-Name / Mcp-Param-* value in the Base64 sentinel form; undefined when malformed. */
export function decodeHeaderValue(value: string): string | undefined {
  if (!value.startsWith('=?base64?') || !value.endsWith('?=') || value.length < 11) return value;
  const encoded = value.slice(9, -2);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) return undefined;
  return Buffer.from(encoded, 'base64').toString('utf8');
}

/** Visible ASCII, space and tab only (RFC 9110 field values). */
const VALID_FIELD_VALUE = /^[\t\x20-\x7e]*$/;

type Verdict = { kind: 'request'; message: JsonRpcRequest } | { kind: 'notification' } | { kind: 'error'; error: ModernError };

const fail = (status: number, id: RequestId | undefined, code: number, message: string, data?: unknown): Verdict => ({ kind: 'error', error: { status, id, code, message, data } });

/**
 * Checks a 2026-07-28 body in the order the revision implies: one message (no batch); a valid
 * request; its _meta (-32602); the mirrored headers (-32020); the version (-32022); the method
 * (404, -32601). A notification is accepted (202): the revision defines none over HTTP.
 */
export function checkModern(raw: unknown, header: (name: string) => string | undefined): Verdict {
  if (Array.isArray(raw)) return fail(400, undefined, INVALID_REQUEST, 'Invalid Request: revision 2026-07-28 takes one JSON-RPC message per POST, not a batch');
  if (isNotificationShape(raw)) return { kind: 'notification' };
  if (!isRequestShape(raw)) return fail(400, undefined, INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 request (jsonrpc "2.0", string or integer id, string method, object params)');
  const { id, method } = raw;
  const params = raw.params ?? {};

  const meta = params._meta;
  if (!isPlainObject(meta)) return fail(400, id, INVALID_PARAMS, `Invalid params: revision ${MODERN_PROTOCOL_VERSION} needs params._meta with "${META_PROTOCOL_VERSION}" and "${META_CLIENT_CAPABILITIES}"`);
  const version = meta[META_PROTOCOL_VERSION];
  if (typeof version !== 'string' || version === '') return fail(400, id, INVALID_PARAMS, `Invalid params: params._meta["${META_PROTOCOL_VERSION}"] must be a protocol version string`);
  if (!isPlainObject(meta[META_CLIENT_CAPABILITIES])) return fail(400, id, INVALID_PARAMS, `Invalid params: params._meta["${META_CLIENT_CAPABILITIES}"] must be an object (empty when the client offers none)`);
  const info = meta[META_CLIENT_INFO];
  if (info !== undefined && !(isPlainObject(info) && typeof info.name === 'string' && typeof info.version === 'string')) {
    return fail(400, id, INVALID_PARAMS, `Invalid params: params._meta["${META_CLIENT_INFO}"], when given, must be {name, version}`);
  }

  const mismatch = headerMismatch(header, version, method, params);
  if (mismatch) return fail(400, id, HEADER_MISMATCH, `Header mismatch: ${mismatch}`);
  if (!MODERN_PROTOCOL_VERSIONS.includes(version)) {
    return fail(400, id, UNSUPPORTED_PROTOCOL_VERSION, 'Unsupported protocol version', { supported: ALL_PROTOCOL_VERSIONS, requested: version });
  }
  if (!MODERN_METHODS.has(method)) return fail(404, id, METHOD_NOT_FOUND, `Method not found: ${method.slice(0, 100)} (revision ${MODERN_PROTOCOL_VERSION} of this server answers ${[...MODERN_METHODS].join(', ')})`);
  return { kind: 'request', message: raw };
}

/** What is wrong with the mirrored headers, or undefined when they match the body. */
function headerMismatch(header: (name: string) => string | undefined, version: string, method: string, params: Record<string, unknown>): string | undefined {
  const checks: Array<[string, string | undefined, unknown]> = [
    ['MCP-Protocol-Version', header('mcp-protocol-version'), version],
    ['Mcp-Method', header('mcp-method'), method],
  ];
  const nameField = NAMED_METHODS[method];
  if (nameField) checks.push(['Mcp-Name', header('mcp-name'), params[nameField]]);
  for (const [name, raw, body] of checks) {
    if (raw === undefined) return `the ${name} header is required`;
    if (!VALID_FIELD_VALUE.test(raw)) return `the ${name} header holds characters a header value may not`;
    const value = name === 'Mcp-Name' ? decodeHeaderValue(raw.trim()) : raw.trim();
    if (value === undefined) return `the ${name} header is not valid Base64 in its =?base64?…?= form`;
    if (value !== body) return `${name} header value '${value.slice(0, 100)}' does not match body value '${String(body).slice(0, 100)}'`;
  }
  return undefined;
}

/** A modern error response: the request's id when it was read, no id member otherwise. */
export function modernErrorMessage(error: ModernError): string {
  const body: Record<string, unknown> = { jsonrpc: '2.0' };
  if (error.id !== undefined) body.id = error.id;
  body.error = { code: error.code, message: error.message, ...(error.data !== undefined && { data: error.data }) };
  return JSON.stringify(body);
}

const RESULT_OPEN = '{"result":{';
/** How every serialised result begins; at 2026-07-28 with resultType first (dispatch.ts makes tool results so). */
export const RESULT_OPEN_BYTES = Buffer.from(RESULT_OPEN);
const RESULT_TYPE = '"resultType":"complete"';
export const MODERN_OPEN_BYTES = Buffer.from(`${RESULT_OPEN}${RESULT_TYPE},`);

const RESULT_TYPE_BYTES = Buffer.from(RESULT_TYPE);

/** Whether `bytes` holds `part` at `at` (compared in place, nothing sliced). */
const holdsAt = (bytes: Buffer, part: Buffer, at: number) => bytes.length >= at + part.length && bytes.compare(part, 0, part.length, at, at + part.length) === 0;

/**
 * A serialised answer as revision 2026-07-28 words it: every result gains `resultType`. Results are
 * all serialised starting `{"result":{`, so the field is spliced in there (no re-serialisation,
 * no copy of a large result: the first chunk is sliced). Error answers, and answers made with the
 * field already (a tool's result, dispatch.ts), pass unchanged.
 */
export function withResultType<T extends string | Buffer[]>(answer: T): T {
  if (typeof answer === 'string') {
    if (!answer.startsWith(RESULT_OPEN)) return answer;
    const rest = answer.slice(RESULT_OPEN.length);
    if (rest.startsWith(RESULT_TYPE)) return answer;
    return `${RESULT_OPEN}${RESULT_TYPE}${rest.startsWith('}') ? '' : ','}${rest}` as T;
  }
  const first = answer[0];
  const n = RESULT_OPEN_BYTES.length;
  if (!first || first.length <= n || !holdsAt(first, RESULT_OPEN_BYTES, 0) || holdsAt(first, RESULT_TYPE_BYTES, n)) return answer;
  if (first[n] === 0x7d /* } */) return [Buffer.from(`${RESULT_OPEN}${RESULT_TYPE}`), first.subarray(n), ...answer.slice(1)] as T;
  return [MODERN_OPEN_BYTES, first.subarray(n), ...answer.slice(1)] as T;
}
