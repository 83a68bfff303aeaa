// Builds the real app on recorded upstream answers for tests: no network, quiet logs, known keys.
import { pino } from 'pino';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { JsonSchemaType, JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { expect } from 'vitest';
import { loadConfig } from '../../runtime/config.js';
import { createApp } from '../../runtime/http/app.js';
import { createServices, type ServiceOptions, type Services } from '../../runtime/services.js';
import { RECORDED_AT, ReplayTransport } from '../../runtime/upstream/recordings.js';
import type { Transport } from '../../runtime/upstream/transport.js';
import { toOutputJsonSchema } from '../../runtime/registry.js';
import { SERVERS } from '../../servers/index.js';

export const KEYS = {
  dev: 'test-dev-key-000000000001',
  pro: 'test-pro-key-000000000002',
  team: 'test-team-key-00000000003',
  enterprise: 'test-ent-key-000000000004',
  /** A key without the mcp:tools scope. */
  apiOnly: 'test-api-only-key-0000005',
  /** A key without the api:read scope. */
  mcpOnly: 'test-mcp-only-key-0000006',
};

export const BASE = 'http://127.0.0.1:8787';

export interface TestApp {
  services: Services;
  transport: Transport;
  fetch(path: string, init?: RequestInit & { headers?: Record<string, string> }): Promise<Response>;
}

export interface TestAppOptions extends Partial<ServiceOptions> {
  env?: Record<string, string>;
}

/** One shared replay transport: loading the recordings once keeps the suite fast. */
let sharedReplay: ReplayTransport | undefined;
export function replay(): ReplayTransport {
  sharedReplay ??= new ReplayTransport(['tests/recordings']);
  return sharedReplay;
}

export function createTestApp(options: TestAppOptions = {}): TestApp {
  const env: NodeJS.ProcessEnv = {
    PUBLIC_BASE_URL: BASE,
    UPSTREAM_MODE: 'replay',
    FIXED_NOW: RECORDED_AT,
    API_KEYS: [
      `${KEYS.dev}:dev`,
      `${KEYS.pro}:pro`,
      `${KEYS.team}:team`,
      `${KEYS.enterprise}:enterprise`,
      `${KEYS.apiOnly}:pro:api:read`,
      `${KEYS.mcpOnly}:pro:mcp:tools`,
    ].join(','),
    // Keys and audit in memory: a test app leaves no file behind.
    DATABASE_PATH: ':memory:',
    ...options.env,
  };
  const config = loadConfig(env);
  const transport = options.transport ?? replay();
  const services = createServices(config, {
    servers: SERVERS,
    logger: pino({ level: 'silent' }),
    retryBaseMs: 1,
    ...options,
    transport,
  });
  const app = createApp(services);
  return {
    services,
    transport,
    fetch: (path, init = {}) => {
      const headers = { host: '127.0.0.1:8787', ...(init.headers ?? {}) };
      return Promise.resolve(app.request(path, { ...init, headers }));
    },
  };
}

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** POSTs one JSON-RPC message to /mcp/<slug> and returns status, headers and parsed body. */
export async function rpc(t: TestApp, slug: string, message: unknown, key?: string, headers: Record<string, string> = {}) {
  const res = await t.fetch(`/mcp/${slug}`, {
    method: 'POST',
    headers: { ...MCP_HEADERS, ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    body: typeof message === 'string' ? message : JSON.stringify(message),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** Calls a tool over MCP and returns the parsed content of its result (data or error body). */
export async function callTool(t: TestApp, slug: string, name: string, args: unknown, key = KEYS.pro) {
  const r = await rpc(t, slug, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, key);
  if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${JSON.stringify(r.body)}`);
  const result = r.body.result;
  if (!result) throw new Error(`JSON-RPC error: ${JSON.stringify(r.body.error)}`);
  const data = JSON.parse(result.content[0].text);
  if (result.isError !== true) checkStructured(t, slug, name, result, data);
  return { isError: result.isError === true, data };
}

const validators = new WeakMap<object, JsonSchemaValidator<unknown>>();
const publishedValidators = new WeakMap<object, JsonSchemaValidator<unknown>>();
const schemaValidator = new AjvJsonSchemaValidator();

/**
 * Every successful tool call of every test checks what a client of 2025-06-18 and later checks:
 * `structuredContent` is the text's JSON and, when the tool declares an output schema, validates
 * against it (with the SDK's own validator), in its strict form and in the form tools/list
 * publishes. A schema can therefore not drift from any answer a test records.
 */
function checkStructured(t: TestApp, slug: string, name: string, result: { structuredContent?: unknown }, data: unknown): void {
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) expect(result.structuredContent, `${name}: structuredContent`).toEqual(data);
  const output = t.services.registry.server(slug)?.toolsByName.get(name)?.def.output;
  if (!output) return;
  let validate = validators.get(output);
  // The strict form: an answer with a field the schema does not name fails too.
  if (!validate) validators.set(output, (validate = schemaValidator.getValidator(toOutputJsonSchema(output, true) as JsonSchemaType)));
  const verdict = validate(result.structuredContent);
  if (!verdict.valid) throw new Error(`${name}: the answer does not match its output schema: ${verdict.errorMessage}\n${JSON.stringify(data).slice(0, 2000)}`);
  // And the shorter form tools/list publishes, which a client holds it to.
  let loose = publishedValidators.get(output);
  if (!loose) publishedValidators.set(output, (loose = schemaValidator.getValidator(toOutputJsonSchema(output) as JsonSchemaType)));
  const published = loose(result.structuredContent);
  if (!published.valid) throw new Error(`${name}: the answer does not match its published output schema: ${published.errorMessage}`);
}

/** The error body of a failed tool call, with the optional fields the tests read. */
export interface ToolErrorBody {
  code: string;
  status: number;
  message: string;
  detailCode?: string;
  fields?: string[];
  missing?: string[];
  alternative?: string;
}

/** Calls a tool that must fail (the test fails otherwise, showing the answer) and returns its error body. */
export async function callToolError(t: TestApp, slug: string, name: string, args: unknown, key = KEYS.pro): Promise<ToolErrorBody> {
  const r = await callTool(t, slug, name, args, key);
  expect(r.isError, JSON.stringify(r.data)).toBe(true);
  return r.data.error as ToolErrorBody;
}
