// Loads every server once at start-up, refuses broken declarations, and prepares everything a
// request needs (validators, JSON Schemas, the serialised tools/list) so requests do no such work.
import { z } from 'zod';
import './validation.js';
import { ERROR_CODES } from './errors.js';
import { acceptingDigitNumbers } from './fields.js';
import type { IconDefinition, ServerDefinition, ToolAvailability, ToolDefinition, ToolStatus } from './define.js';
import { compileIcon, iconsOf, type CompiledIcon, type Icon } from './icons.js';
import type { CredentialSource } from './upstream/auth.js';
import { REVIEW_UPSTREAMS } from './rest/reviews/platforms/index.js';
import { RUNTIME_UPSTREAMS, type UpstreamDefinition } from './upstream/catalogue.js';

export interface ToolAnnotations {
  title: string;
  readOnlyHint: true;
  destructiveHint: false;
  idempotentHint: true;
  openWorldHint: true;
}

export interface CompiledTool {
  name: string;
  server: CompiledServer;
  def: ToolDefinition;
  schema: z.ZodType;
  shape: z.ZodRawShape;
  jsonSchema: Record<string, unknown>;
  /** JSON Schema of the tool's answer (def.output): every active tool has one; a retired tool may not. */
  outputJsonSchema?: Record<string, unknown>;
  annotations: ToolAnnotations;
  /** Its own icon, or its server's. */
  icon: CompiledIcon;
  /** `icons` of tools/list, at absolute URLs. */
  icons: Icon[];
  /** Status without credentials (what the API description publishes). */
  declaredStatus: ToolStatus;
  /** Status in this process, given its credentials: what tools/list, the catalogue and the landing pages show. */
  status: ToolStatus;
  /** Whether it can answer data in this process (define.ts ToolAvailability): what every face shows beside the status. */
  availability: ToolAvailability;
  missingCredentials: string[];
  description: string;
  routeParams: string[];
}

export interface CompiledServer {
  def: ServerDefinition;
  slug: string;
  sourceKey: string;
  icon: CompiledIcon;
  /** `icons` of serverInfo, at absolute URLs. */
  icons: Icon[];
  tools: CompiledTool[];
  toolsByName: Map<string, CompiledTool>;
  /** The `tools` array of tools/list, serialised once. */
  toolsListJson: string;
}

export interface RegistryOptions {
  /** PUBLIC_BASE_URL: icon URLs are absolute. Defaults to the literal `{base_url}` of the committed catalogue. */
  publicBaseUrl?: string;
}

export class RegistryError extends Error {
  override name = 'RegistryError';
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const PREFIX = /^[a-z0-9]+$/;
const SUFFIX = /^(?:_[a-z0-9]+(?:_[a-z0-9]+)*|[a-z0-9]+(?:[_-][a-z0-9]+)*(?:\.[a-z0-9]+(?:[_-][a-z0-9]+)*)*)$/;
const ROUTE = /^(?:\/(?:[a-z0-9][a-z0-9._-]*|:[A-Za-z][A-Za-z0-9]*))+$/;

/**
 * The runtime's upstreams (its own, and the review platforms of the REST tier's reviews routes)
 * and every server's, once each. Servers that share an upstream import the
 * one declaration (servers/_shared/); two declarations under one id are refused.
 */
export function collectUpstreams(definitions: readonly ServerDefinition[]): UpstreamDefinition[] {
  const byId = new Map<string, UpstreamDefinition>();
  for (const def of [...RUNTIME_UPSTREAMS, ...REVIEW_UPSTREAMS, ...definitions.flatMap((d) => d.upstreams)]) {
    const known = byId.get(def.id);
    if (known && known !== def) throw new RegistryError(`upstream id "${def.id}" is declared twice; servers that share an upstream import one declaration`);
    byId.set(def.id, def);
  }
  return [...byId.values()];
}

/** SERVERS.md: a suffix with a leading `_` is joined as it stands, any other with a dot. */
export function toolName(prefix: string, suffix: string): string {
  return suffix.startsWith('_') ? `${prefix}${suffix}` : `${prefix}.${suffix}`;
}

/**
 * Namespace of this service's keys in a tool's `_meta` (MCP reserves `_meta` for such data; a
 * prefixed key needs a reverse-DNS prefix): the tool record fields of tool-server spec 2.2 that
 * tools/list has no field of its own for.
 */
export const META_PREFIX = 'no.opendata/';

/** The sentence that ends a tool's description: its status in this process, in words. */
function statusSentence(def: ToolDefinition, status: ToolStatus): string {
  if (status === 'deprecated') return ` Deprecated: always answers ${def.retired?.code === 'api_sunset' ? 'HTTP 410 api_sunset' : 'an expiry message'} and no data.`;
  if (status === 'planned') return ' Planned: not available yet; answers an error that says why.';
  if (def.unavailable) {
    return ` Its source publishes no data a program can read without a session, and no credential changes that: once its input is valid it answers ${ERROR_CODES[def.unavailable.code].status} ${def.unavailable.code} (retrying does not help) and no data.`;
  }
  const creds = def.credentials ?? [];
  if (creds.length === 0) return '';
  if (status === 'not_configured') {
    const how = def.whenNotConfigured ? 'a structured not_configured status' : '503 not_configured';
    const them = creds.length > 1 ? 'them' : 'it';
    return ` Needs ${creds.join(', ')} on the server; without ${them} the tool answers ${how}.`;
  }
  return ` Uses ${creds.join(', ')}, which this server has set (status active).`;
}

/** One entry of tools/list; `_meta` carries the spec's `status` and `requiresAuth` (tool-server spec 2.2). */
function toolsListEntry(t: CompiledTool) {
  return {
    name: t.name,
    title: t.def.title,
    icons: t.icons,
    description: t.description,
    inputSchema: t.jsonSchema,
    ...(t.outputJsonSchema && { outputSchema: t.outputJsonSchema }),
    annotations: t.annotations,
    _meta: { [`${META_PREFIX}status`]: t.status, [`${META_PREFIX}availability`]: t.availability, [`${META_PREFIX}requiresAuth`]: true },
  };
}

function buildSchema(def: ToolDefinition): z.ZodType {
  // Validation takes digit strings sent as numbers too; the published schema (toJsonSchema) does not.
  const base = z.strictObject(acceptingDigitNumbers(def.input, def.example));
  if (!def.refine) return base;
  const refine = def.refine;
  return base.superRefine((value, ctx) => {
    refine(value, { add: (message, path) => ctx.addIssue({ code: 'custom', message, path: path ?? [] }) });
  });
}

const SAFE = Number.MAX_SAFE_INTEGER;

function toJsonSchema(def: ToolDefinition): Record<string, unknown> {
  const schema = z.toJSONSchema(z.strictObject(def.input), { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  return withoutSafeBounds(schema) as Record<string, unknown>;
}

/**
 * The input schema with the tool's example as JSON Schema 2020-12 `examples` (an array of valid
 * instances), so a client can try the tool without reading the HTML pages. Only a tool that can
 * answer data shows one (issue 25 item 19).
 */
function withExample(schema: Record<string, unknown>, example: unknown): Record<string, unknown> {
  return example === undefined ? schema : { ...schema, examples: [example] };
}

/** Drops the bounds zod writes for every `.int()` that only say "a safe integer" (a page without a maximum). */
function withoutSafeBounds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutSafeBounds);
  if (node === null || typeof node !== 'object') return node;
  return safeBoundsDropped(Object.fromEntries(Object.entries(node).map(([k, v]) => [k, withoutSafeBounds(v)])));
}

function safeBoundsDropped(node: Record<string, unknown>): Record<string, unknown> {
  if (node.type !== 'integer' || (node.minimum !== -SAFE && node.maximum !== SAFE)) return node;
  const out = { ...node };
  if (out.minimum === -SAFE) delete out.minimum;
  if (out.maximum === SAFE) delete out.maximum;
  return out;
}

/**
 * The answer's JSON Schema 2020-12, as a client validates `structuredContent` against it (an object
 * at the root, as MCP requires). The strict form is what the tests hold every recorded answer to:
 * no field the schema does not name, every field it requires present. The published form is a
 * looser, shorter reading of the same schema, because tools/list is read into a model's context:
 * objects stay open (a field added later breaks no client), and an object whose fields are all
 * always present has no `required` list (README "Structured results and provenance": a field
 * named in an output schema is in every answer, null where the register has no value, unless its
 * object lists `required`, which then names the fields that are always there).
 */
export function toOutputJsonSchema(output: z.ZodObject, strict = false): Record<string, unknown> {
  const schema = z.toJSONSchema(output, { io: 'output', target: 'draft-2020-12', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  return strict ? schema : (published(schema) as Record<string, unknown>);
}

function published(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(published);
  if (node === null || typeof node !== 'object') return node;
  const { additionalProperties, required, ...rest } = node as Record<string, unknown>;
  // `properties` and `$defs` map names (which may be any word, "required" too) to schemas.
  const each = (map: object) => Object.fromEntries(Object.entries(map).map(([k, v]) => [k, published(v)]));
  const out = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, (k === 'properties' || k === '$defs') && v && typeof v === 'object' ? each(v) : published(v)]));
  const names = Object.keys((rest.properties ?? {}) as object);
  if (Array.isArray(required) && required.length < names.length) out.required = required;
  if (additionalProperties !== undefined && additionalProperties !== false) out.additionalProperties = published(additionalProperties);
  return shorter(out);
}

/**
 * The same schema in fewer bytes, for tools/list: an integer's bounds that only say "a safe
 * integer" (zod writes them for every `.int()`) go, as in input schemas, "this or null" written as
 * `anyOf: [{type: T, …}, {type: "null"}]` becomes `{type: [T, "null"], …}` (with null added to an
 * `enum` or `const`), and an `enum` of strings needs no `type: "string"`. Every object and array keeps
 * its `type`: without it a schema would accept any other kind of value there, and clients that
 * translate schemas into their own type systems need it. A nullable reference (`$ref`) stays an anyOf.
 */
function shorter(node: Record<string, unknown>): Record<string, unknown> {
  node = enumOnly(safeBoundsDropped(node));
  const any = node.anyOf;
  if (!Array.isArray(any) || any.length !== 2) return node;
  const nullAt = any.findIndex((x) => isNullSchema(x));
  const other = any[1 - nullAt] as Record<string, unknown> | undefined;
  if (nullAt < 0 || !other || '$ref' in other || 'anyOf' in other) return node;
  // Its own type, or the one its keywords imply (children are already shortened).
  const type = other.type ?? ('properties' in other ? 'object' : 'items' in other ? 'array' : undefined);
  const listed = Array.isArray(other.enum) || 'const' in other;
  if (!listed && typeof type !== 'string') return node;
  const { anyOf: _anyOf, ...outer } = node;
  if (Object.keys(outer).some((k) => k in other)) return node;
  const merged: Record<string, unknown> = { ...other, ...outer };
  if (typeof type === 'string') merged.type = [type, 'null'];
  if (Array.isArray(other.enum)) merged.enum = [...other.enum, null];
  if ('const' in other) {
    delete merged.const;
    merged.enum = [other.const, null];
  }
  return enumOnly(merged);
}

/** An `enum` names its values, so a `type` that only repeats theirs goes. */
function enumOnly(node: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(node.enum) || node.type === undefined) return node;
  const types = new Set((node.enum as unknown[]).map((v) => (v === null ? 'null' : typeof v)));
  const declared = new Set(Array.isArray(node.type) ? node.type : [node.type]);
  if (types.size !== declared.size || ![...types].every((t) => declared.has(t))) return node;
  const { type: _type, ...rest } = node;
  return rest;
}

const isNullSchema = (x: unknown) => x !== null && typeof x === 'object' && Object.keys(x).length === 1 && (x as { type?: unknown }).type === 'null';

function availabilityOf(def: ToolDefinition, declared: ToolStatus, missing: string[]): ToolAvailability {
  if (declared === 'deprecated') return 'retired';
  if (declared === 'planned') return 'planned';
  if (def.unavailable) return 'no_readable_source';
  return missing.length > 0 ? 'needs_credentials' : 'answers';
}

function compileTool(server: CompiledServer, def: ToolDefinition, credentials: CredentialSource, icon: CompiledIcon, baseUrl: string): CompiledTool {
  const where = `${server.slug}/${def.name}`;
  if (!SUFFIX.test(def.name)) throw new RegistryError(`${where}: tool suffix breaks the naming rules of SERVERS.md`);
  const name = toolName(server.def.prefix, def.name);
  if (name.length > 64) throw new RegistryError(`${where}: tool name ${name} is longer than 64 characters`);
  if (!def.title || !def.description) throw new RegistryError(`${where}: title and description are required`);
  if (!ROUTE.test(def.route)) throw new RegistryError(`${where}: route ${def.route} is not a path such as /enheter/:orgnr`);
  const routeParams = [...def.route.matchAll(/:([A-Za-z0-9]+)/g)].map((m) => m[1]);
  for (const p of routeParams) {
    if (!(p in def.input)) throw new RegistryError(`${where}: route parameter :${p} is not an input field`);
  }
  const declared = def.status ?? 'active';
  if (def.unavailable && (declared !== 'active' || def.run)) {
    throw new RegistryError(`${where}: only an active tool without run() may be unavailable`);
  }
  if (def.unavailable && def.credentials?.length) {
    throw new RegistryError(`${where}: a tool without a readable source names no credentials (none would unlock it)`);
  }
  if (declared === 'active' && ((!def.unavailable && !def.run) || def.example === undefined)) {
    throw new RegistryError(`${where}: an active tool needs run() and an example input`);
  }
  if (declared === 'active' && !def.unavailable && !def.output) {
    throw new RegistryError(`${where}: an active tool needs an output schema (output), published as outputSchema`);
  }
  const outputJsonSchema = def.output && toOutputJsonSchema(def.output);
  if (outputJsonSchema && outputJsonSchema.type !== 'object') {
    throw new RegistryError(`${where}: the output schema must be an object at its root (MCP outputSchema), not ${JSON.stringify(outputJsonSchema).slice(0, 60)}`);
  }
  if ((declared === 'deprecated' || declared === 'planned') && !def.retired) {
    throw new RegistryError(`${where}: a ${declared} tool needs its retired answer`);
  }
  const schema = buildSchema(def);
  if (def.example !== undefined) {
    const check = schema.safeParse(def.example);
    if (!check.success) throw new RegistryError(`${where}: example input is invalid: ${check.error.issues[0]?.message}`);
  }
  const creds = def.credentials ?? [];
  const missing = creds.filter((v) => credentials.get(v) === undefined);
  // A tool that always answers not_configured (the spec's "source lacks the number") is listed so.
  const alwaysNotConfigured = def.unavailable?.code === 'not_configured';
  const declaredStatus: ToolStatus = declared === 'active' && (creds.length > 0 || alwaysNotConfigured) ? 'not_configured' : declared;
  const status: ToolStatus = declared === 'active' && (missing.length > 0 || alwaysNotConfigured) ? 'not_configured' : declared;
  return {
    name,
    server,
    def,
    schema,
    shape: def.input,
    jsonSchema: withExample(toJsonSchema(def), declared === 'active' && !def.unavailable ? def.example : undefined),
    ...(outputJsonSchema && { outputJsonSchema }),
    annotations: { title: def.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    icon,
    icons: iconsOf(icon, baseUrl),
    declaredStatus,
    status,
    availability: availabilityOf(def, declared, missing),
    missingCredentials: missing,
    description: `${def.description}${statusSentence(def, status)}`,
    routeParams,
  };
}

export class Registry {
  readonly servers: CompiledServer[] = [];
  private readonly bySlug = new Map<string, CompiledServer>();
  /** Every icon of every server and tool, by the path it is served at. */
  readonly icons = new Map<string, CompiledIcon>();
  private readonly iconsByName = new Map<string, CompiledIcon>();
  /** Every upstream: the runtime's own and those the servers declare, each once. */
  readonly upstreams: UpstreamDefinition[];

  constructor(definitions: ServerDefinition[], credentials: CredentialSource, options: RegistryOptions = {}) {
    const baseUrl = options.publicBaseUrl ?? '{base_url}';
    const toolOwners = new Map<string, ToolDefinition>();
    this.upstreams = collectUpstreams(definitions);
    const sourceKeys = new Map<string, string>();
    for (const def of definitions) {
      if (!SLUG.test(def.slug)) throw new RegistryError(`server slug "${def.slug}" is not lower-case kebab-case`);
      if (!PREFIX.test(def.prefix)) throw new RegistryError(`${def.slug}: prefix "${def.prefix}" must be lower-case letters and digits`);
      if (this.bySlug.has(def.slug)) throw new RegistryError(`duplicate server slug "${def.slug}"`);
      const sourceKey = def.sourceKey ?? def.slug;
      if (sourceKeys.has(sourceKey)) throw new RegistryError(`${def.slug}: source key "${sourceKey}" is already used by ${sourceKeys.get(sourceKey)}`);
      sourceKeys.set(sourceKey, def.slug);
      const icon = this.icon(def.icon, def.slug);
      const server: CompiledServer = { def, slug: def.slug, sourceKey, icon, icons: iconsOf(icon, baseUrl), tools: [], toolsByName: new Map(), toolsListJson: '[]' };
      const routes = new Set<string>();
      for (const toolDef of def.tools) {
        const toolIcon = toolDef.icon ? this.icon(toolDef.icon, `${def.slug}/${toolDef.name}`) : icon;
        const tool = compileTool(server, toolDef, credentials, toolIcon, baseUrl);
        if (server.toolsByName.has(tool.name)) throw new RegistryError(`${def.slug}: duplicate tool name ${tool.name}`);
        // A tool may appear in several servers only as the very same declaration (a shared tool).
        const owner = toolOwners.get(tool.name);
        if (owner && owner !== toolDef) throw new RegistryError(`${def.slug}: tool name ${tool.name} is already declared differently by another server`);
        toolOwners.set(tool.name, toolDef);
        const routeKey = toolDef.route.replace(/:[A-Za-z0-9]+/g, ':');
        if (routes.has(routeKey)) throw new RegistryError(`${def.slug}: two tools share the route ${toolDef.route}`);
        routes.add(routeKey);
        server.tools.push(tool);
        server.toolsByName.set(tool.name, tool);
      }
      server.toolsListJson = JSON.stringify(server.tools.map(toolsListEntry));
      this.servers.push(server);
      this.bySlug.set(def.slug, server);
    }
  }

  /** Checks an icon once; one name may not stand for two drawings (its URL would be ambiguous to people). */
  private icon(def: IconDefinition | undefined, where: string): CompiledIcon {
    if (!def) throw new RegistryError(`${where}: a server needs an icon`);
    const known = this.iconsByName.get(def.name);
    if (known) {
      if (known.svg !== def.svg) throw new RegistryError(`${where}: icon name ${def.name} is already another drawing`);
      return known;
    }
    const icon = compileIcon(def);
    if (typeof icon === 'string') throw new RegistryError(`${where}: ${icon}`);
    this.iconsByName.set(icon.name, icon);
    this.icons.set(icon.path, icon);
    return icon;
  }

  server(slug: string): CompiledServer | undefined {
    return this.bySlug.get(slug);
  }

  /** Every tool once, across servers (shared tools counted once). */
  uniqueTools(): CompiledTool[] {
    const seen = new Map<string, CompiledTool>();
    for (const s of this.servers) for (const t of s.tools) if (!seen.has(t.name)) seen.set(t.name, t);
    return [...seen.values()];
  }
}
