// JSON-RPC methods of one MCP server: initialize, ping, tools/list, tools/call (2025 revisions);
// server/discover, tools/list, tools/call (revision 2026-07-28, see modern.ts). Everything that
// does not depend on the request is serialised once per server at start-up.
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from './protocol.js';
import { ALL_PROTOCOL_VERSIONS, META_SERVER_INFO, MODERN_OPEN_BYTES, RESULT_OPEN_BYTES, withResultType } from './modern.js';
import { gzipPrefix, gzipWithTail, type GzipPrefix } from '../http/gzip-splice.js';
import { andThen, type Maybe } from '../maybe.js';
import type { Icon } from '../icons.js';
import type { CompiledServer, CompiledTool } from '../registry.js';
import { isInitialize, type JsonRpcRequest, type RequestId } from './messages.js';

export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;

/** `Implementation` of the MCP schema: who answers, for initialize and any later method that names the server. */
export interface ServerInfo {
  name: string;
  title: string;
  version: string;
  icons: Icon[];
}

export interface PreparedServer {
  server: CompiledServer;
  serverInfo: ServerInfo;
  /** `"capabilities":…,"serverInfo":…,"instructions":…` without the braces. */
  initializeTail: string;
  /** `{"result":{"tools":…},"jsonrpc":"2.0","id":` as bytes: a tools/list answer is this plus the id. */
  toolsListHead: Buffer;
  /** The same, gzip-compressed, made on the first request that accepts gzip. */
  toolsListGzip?: GzipPrefix;
  /** Revision 2026-07-28: the server/discover result, whole. */
  discoverResult: string;
  /** Revision 2026-07-28: the tools/list answer's head, with resultType, ttlMs, cacheScope and _meta. */
  modernToolsListHead: Buffer;
  modernToolsListGzip?: GzipPrefix;
}

/**
 * How long a 2026-07-28 client may keep tools/list (and server/discover) before asking again. The
 * list is the same for every caller (no credential changes it, so cacheScope is public) and for
 * the whole life of the process: tool statuses come from this instance's configuration, which
 * changes only on a restart, and no list_changed notification is ever sent. The lifetime is
 * therefore how stale a client may be after a redeploy: one hour, short enough that a deploy
 * reaches every client within the hour, long enough that a client asks about once per session.
 */
export const TOOLS_LIST_TTL_MS = 3_600_000;
const CACHE_HINTS = { ttlMs: TOOLS_LIST_TTL_MS, cacheScope: 'public' } as const;

/** A serialised JSON-RPC answer: text, or byte chunks to be written one after the other. */
export type Answer = string | Buffer[];

export function answerLength(a: Answer): number {
  return typeof a === 'string' ? Buffer.byteLength(a) : a.reduce((n, b) => n + b.length, 0);
}

export function prepareServer(server: CompiledServer, version: string): PreparedServer {
  const capabilities = { tools: { listChanged: false } };
  const serverInfo: ServerInfo = { name: server.slug, title: server.def.name, version, icons: server.icons };
  const instructions = `${server.def.description} Data owner: ${server.def.owner}. Licence: ${server.def.license}. tools/list needs no key; tools/call needs "Authorization: Bearer <key>".`;
  const tail = JSON.stringify({ capabilities, serverInfo, instructions }).slice(1, -1);
  const toolsListResult = `{"tools":${server.toolsListJson}}`;
  // Revision 2026-07-28: the server names itself in each prepared result's _meta.
  const modernMeta = JSON.stringify({ [META_SERVER_INFO]: serverInfo });
  const modernHints = `"resultType":"complete",${JSON.stringify(CACHE_HINTS).slice(1, -1)},"_meta":${modernMeta}`;
  return {
    server,
    serverInfo,
    initializeTail: tail,
    toolsListHead: Buffer.from(`{"result":${toolsListResult},"jsonrpc":"2.0","id":`),
    discoverResult: `{${modernHints},${JSON.stringify({ supportedVersions: ALL_PROTOCOL_VERSIONS, capabilities, instructions }).slice(1)}`,
    modernToolsListHead: Buffer.from(`{"result":{${modernHints},"tools":${server.toolsListJson}},"jsonrpc":"2.0","id":`),
  };
}

/** The gzip form of a fixed piece of an answer, made once: today the heads of the tools/list answers (2025 and 2026-07-28). */
export function precompressed(prepared: PreparedServer, piece: Buffer): GzipPrefix | undefined {
  if (piece === prepared.toolsListHead) return (prepared.toolsListGzip ??= gzipPrefix(piece));
  if (piece === prepared.modernToolsListHead) return (prepared.modernToolsListGzip ??= gzipPrefix(piece));
  return undefined;
}

const idJson = (id: RequestId) => JSON.stringify(id);

export function resultMessage(id: RequestId, resultJson: string): string {
  return `{"result":${resultJson},"jsonrpc":"2.0","id":${idJson(id)}}`;
}

export function errorMessage(id: RequestId | null, code: number, message: string, data?: unknown): string {
  return JSON.stringify({ jsonrpc: '2.0', id, error: { code, message, ...(data !== undefined && { data }) } });
}

export function initializeResult(prepared: PreparedServer, requested: unknown): string {
  const version = typeof requested === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_PROTOCOL_VERSION;
  return `{"protocolVersion":${JSON.stringify(version)},${prepared.initializeTail}}`;
}

// --- tools/call results (issue 12 #2: structured results with provenance) ---
// MCP 2025-06-18 and later (specification/2025-06-18/server/tools, "Structured Content" and
// "Output Schema"): a result may carry `structuredContent`, a JSON object, beside `content`; a tool
// that returns it SHOULD also send the serialised JSON as a text block, for older clients. A
// result's `_meta` carries our provenance (runtime/provenance.ts). Fields a 2025-03-26 client does
// not know are additive and ignored by it, so every revision gets the same bytes.

const TOOL_RESULT_HEAD = Buffer.from('{"result":{"content":[{"type":"text","text":');
const STRUCTURED = Buffer.from('}],"structuredContent":');
const META_AFTER_TEXT = Buffer.from('}],"_meta":');
const META = Buffer.from(',"_meta":');

/** What a successful tools/call answers: the tool's JSON, quoted and plain, and its `_meta`, as bytes. */
export interface ToolResultBytes {
  quotedBytes(): Buffer;
  jsonBytes(): Buffer;
  metaBytes(): Buffer;
  json: string;
}

/** Each outcome's answer up to its id, per era: a remembered outcome is the same object on every repeat call. */
const resultHeads = { legacy: new WeakMap<ToolResultBytes, Buffer>(), modern: new WeakMap<ToolResultBytes, Buffer>() };
const MODERN_TOOL_RESULT_HEAD = Buffer.concat([MODERN_OPEN_BYTES, TOOL_RESULT_HEAD.subarray(RESULT_OPEN_BYTES.length)]);

/**
 * The answer to a successful tools/call as bytes (`modern`: with revision 2026-07-28's
 * resultType). The JSON is sent twice, as text and (when it is an object, as MCP requires) as
 * `structuredContent`, from bytes serialised once: for a remembered result the whole answer up to
 * the id is kept, so a repeat call encodes only the id and copies nothing (the copy into one
 * buffer cost about 0.9 µs a call, measured with bench/micro.ts).
 */
export function toolResultMessage(id: RequestId, result: ToolResultBytes, modern = false): Buffer[] {
  const heads = modern ? resultHeads.modern : resultHeads.legacy;
  let head = heads.get(result);
  if (!head) {
    const open = modern ? MODERN_TOOL_RESULT_HEAD : TOOL_RESULT_HEAD;
    head = result.json.startsWith('{')
      ? Buffer.concat([open, result.quotedBytes(), STRUCTURED, result.jsonBytes(), META, result.metaBytes()])
      : Buffer.concat([open, result.quotedBytes(), META_AFTER_TEXT, result.metaBytes()]);
    heads.set(result, head);
  }
  return [head, Buffer.from(`},"jsonrpc":"2.0","id":${idJson(id)}}`)];
}

export function toolErrorResult(body: unknown): string {
  return `{"content":[{"type":"text","text":${JSON.stringify(JSON.stringify(body))}}],"isError":true}`;
}

/** Runs a tool and answers its JSON-RPC message; `modern`: for revision 2026-07-28 (results carry resultType). */
export type CallTool = (tool: CompiledTool, args: unknown, id: RequestId, modern: boolean) => Maybe<Answer>;

export interface DispatchOptions {
  /** Answer tools/list gzip-compressed (the caller sets Content-Encoding). */
  gzip?: boolean;
  /** A request of revision 2026-07-28, already checked by modern.ts (method one of MODERN_METHODS). */
  modern?: boolean;
}

/** Answers one request with a serialised JSON-RPC response (at once when nothing has to be waited for). */
export function dispatch(prepared: PreparedServer, message: JsonRpcRequest, callTool: CallTool, options: DispatchOptions = {}): Maybe<Answer> {
  return options.modern ? dispatchModern(prepared, message, callTool, options) : dispatchLegacy(prepared, message, callTool, options);
}

/** Revision 2026-07-28: server/discover and tools/list are prepared; tools/call as in 2025, plus resultType. */
function dispatchModern(prepared: PreparedServer, message: JsonRpcRequest, callTool: CallTool, options: DispatchOptions): Maybe<Answer> {
  switch (message.method) {
    case 'server/discover':
      return resultMessage(message.id, prepared.discoverResult);
    case 'tools/list':
      return listAnswer(prepared, prepared.modernToolsListHead, message.id, options.gzip);
    default:
      return andThen(dispatchLegacy(prepared, message, callTool, options), withResultType);
  }
}

/** The tool list is large and never changes: its bytes are made once, only the id is new. */
function listAnswer(prepared: PreparedServer, head: Buffer, id: RequestId, gzip: boolean | undefined): Answer {
  const tail = Buffer.from(`${idJson(id)}}`);
  if (!gzip) return [head, tail];
  return gzipWithTail(precompressed(prepared, head)!, tail);
}

function dispatchLegacy(prepared: PreparedServer, message: JsonRpcRequest, callTool: CallTool, options: DispatchOptions): Maybe<Answer> {
  const { id, method } = message;
  const params = message.params ?? {};
  switch (method) {
    case 'initialize':
      return andThen(isInitialize(message), (valid) =>
        valid
          ? resultMessage(id, initializeResult(prepared, params.protocolVersion))
          : errorMessage(id, INVALID_PARAMS, 'Invalid params: initialize needs protocolVersion, capabilities and clientInfo {name, version}'),
      );
    case 'ping':
      return resultMessage(id, '{}');
    case 'tools/list':
      return listAnswer(prepared, prepared.toolsListHead, id, options.gzip);
    case 'tools/call': {
      const name = params.name;
      if (typeof name !== 'string') return errorMessage(id, INVALID_PARAMS, 'Invalid params: tools/call needs a string "name"');
      const args = params.arguments;
      if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
        return errorMessage(id, INVALID_PARAMS, 'Invalid params: "arguments" must be an object');
      }
      const tool = prepared.server.toolsByName.get(name);
      if (!tool) {
        return errorMessage(id, INVALID_PARAMS, `Unknown tool: ${name.slice(0, 100)}. tools/list names the ${prepared.server.tools.length} tools of ${prepared.server.slug}.`);
      }
      return callTool(tool, args ?? {}, id, options.modern === true);
    }
    default:
      return errorMessage(id, METHOD_NOT_FOUND, 'Method not found');
  }
}
