// Servers and tools as data. `defineTool` and `defineServer` do nothing at run time; they give a
// declaration its type so that the compiler, not review, insists on every required field.
import type { z } from 'zod';
import type { ToolContext } from './context.js';
import type { UpstreamDefinition } from './upstream/catalogue.js';

export type { UpstreamDefinition } from './upstream/catalogue.js';

export type ToolStatus = 'active' | 'not_configured' | 'deprecated' | 'planned';

/**
 * Whether a tool can answer data in this process, beside its spec status (which keeps the four
 * values of tool-server spec 2.2): `answers`; `needs_credentials` (it answers once the operator sets
 * the credentials it names); `no_readable_source` (its source publishes nothing a program may read
 * without a session: no credential helps); `planned`; `retired` (deprecated). Computed once by the
 * registry and shown by every face (tools/list `_meta`, the catalogue, the landing pages,
 * /api/v1/sources), so that "no readable source" is never shown as "needs a credential" or "active".
 */
export type ToolAvailability = 'answers' | 'needs_credentials' | 'no_readable_source' | 'planned' | 'retired';
export const TOOL_AVAILABILITIES: readonly ToolAvailability[] = ['answers', 'needs_credentials', 'no_readable_source', 'planned', 'retired'];

/** Availabilities of tools that answer data, now or once their credentials are set. */
export const canAnswer = (a: ToolAvailability): boolean => a === 'answers' || a === 'needs_credentials';
export type UpdateFrequency = 'realtime' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'quarterly' | 'annual' | 'static' | 'unknown';
export type Country = 'NO' | 'SE' | 'DK' | 'FI' | 'IS' | 'EU';

export interface Coverage {
  geography: Country[];
  dataTypes: string[];
  updateFrequency: UpdateFrequency;
}

/**
 * An icon: a small hand-written SVG (a viewBox, no script, no reference to anything outside it),
 * served by this service at a URL that names its content's hash (runtime/icons.ts).
 */
export interface IconDefinition {
  /** File name without extension, lower-case kebab-case; one drawing per name. */
  name: string;
  svg: string;
  /** The background it is drawn for; omitted when it suits light and dark alike. */
  theme?: 'light' | 'dark';
}

export type Input<S extends z.ZodRawShape> = z.output<z.ZodObject<S>>;
export type ExampleInput<S extends z.ZodRawShape> = z.input<z.ZodObject<S>>;

export interface ToolDefinition<S extends z.ZodRawShape = z.ZodRawShape> {
  /** Suffix of the tool name (SERVERS.md): `enhet.lookup`, or `_konkurs_get` joined as it stands. */
  name: string;
  title: string;
  /** Its own icon; without one the tool shows its server's. */
  icon?: IconDefinition;
  /** For an agent choosing a tool: what it returns, when to use it, its limits, what empty means. */
  description: string;
  input: S;
  /**
   * The tool's answer on success, published as `outputSchema` in tools/list (MCP 2025-06-18 and
   * later) and checked against every recorded answer (tests/output-schemas.test.ts). Required for
   * active tools (the registry refuses one without it at start-up, as it refuses one without run()
   * or an example); a zod object, so that the published schema is an object at its root. An
   * answer given with success when credentials are missing (whenNotConfigured) must meet it too.
   * Build it from runtime/output.ts; describe a field only where its name does not say it all.
   */
  output?: z.ZodObject;
  /** Rules across fields ("at least one of"); report with ctx.addIssue naming the fields. */
  refine?: (input: Input<S>, issues: { add(message: string, path?: string[]): void }) => void;
  /** Declared status; `not_configured` is derived at run time from missing credentials. */
  status?: 'active' | 'deprecated' | 'planned';
  /** Environment variables the tool needs; when one is missing the tool is not_configured. */
  credentials?: readonly string[];
  /**
   * Answer when credentials are missing. Without it the tool fails with 503 not_configured; with it
   * the tool answers this structured status with success, where the spec says so.
   */
  whenNotConfigured?: (input: Input<S>, ctx: ToolContext) => unknown;
  /**
   * For `deprecated` and `planned` tools: the error the tool always answers. `fields`: further public
   * fields of that answer where the spec names them (`_status`, `error`), added to the MCP error body
   * and the Problem as they stand. A planned tool never answers not_configured (no credential is
   * involved): `not_implemented` (501) says this service does not read the source yet.
   */
  retired?: { code: 'api_sunset' | 'source_migrated' | 'not_implemented'; message: string; alternative?: string; fields?: Record<string, unknown> };
  /**
   * For a tool the spec lists as active whose source publishes nothing a program can read (it moved
   * into a web application without an open API or open data file): the error the tool answers once
   * its input is valid. Its status stays the spec's; the description says why (the registry adds a
   * sentence). Such a tool has an example but no run or output schema, and names no credentials
   * (none would unlock it). Its availability is `no_readable_source`; with code `not_configured`
   * (where the spec fixes that answer, "source lacks the number") its status is not_configured too.
   */
  unavailable?: { code: 'source_migrated' | 'upstream_blocked' | 'not_configured'; message: string; alternative?: string };
  coverage: Coverage;
  /** Lifetime of cached upstream answers for this tool. */
  cacheTtlSeconds: number;
  /** Connector route under /api/connectors/<slug>, with `:name` path parameters. */
  route: string;
  /** Used by tests, the demo and the landing page; required for active tools. */
  example?: ExampleInput<S>;
  run?: (input: Input<S>, ctx: ToolContext) => Promise<unknown>;
}

export interface DocLink {
  label: string;
  url: string;
}

/** What an extra connector route (ServerRoute) gets: configuration and the server's tool routes. */
export interface RouteContext {
  /** The connector routes of the server's tools, as clients call them (`/api/connectors/<slug>/...`). */
  endpoints: string[];
  env(name: string): string | undefined;
  publicBaseUrl: string;
  now(): Date;
}

/**
 * A read-only connector route of a server that is not a tool (for example a connector status
 * answer at `/health`): GET `/api/connectors/<slug><path>` answers `answer(ctx)` as JSON.
 */
export interface ServerRoute {
  /** Fixed path under the server's connector prefix, e.g. `/health`; no parameters, not a tool's route. */
  path: string;
  answer(ctx: RouteContext): unknown;
}

export interface ServerDefinition {
  slug: string;
  /** Tool-name prefix from SERVERS.md. */
  prefix: string;
  name: string;
  owner: string;
  description: string;
  license: string;
  tier: 'free' | 'enterprise';
  /** Key of the data source (`kilde` of the data proxy); defaults to the slug. */
  sourceKey?: string;
  /**
   * The upstreams this server calls, declared with defineUpstream beside the code that calls them
   * (servers/_shared/ when several servers share one); tools name them by id. Empty for platform
   * servers that call nothing themselves. The health of a server is its upstreams' health.
   */
  upstreams: UpstreamDefinition[];
  countries: Country[];
  docs: DocLink[];
  /** Shown by MCP clients (initialize, tools/list), on the landing pages and in the catalogue. */
  icon: IconDefinition;
  /** Availability label of spec 2.1 when not simply available. */
  availability?: { label: 'degraded' | 'deprecated'; note: string };
  platform?: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  tools: ToolDefinition<any>[];
  /** Extra read-only connector routes that are not tools (served on the connector routes only). */
  routes?: ServerRoute[];
}

export function defineTool<S extends z.ZodRawShape>(def: ToolDefinition<S>): ToolDefinition<S> {
  return def;
}

export function defineServer(def: ServerDefinition): ServerDefinition {
  return def;
}

export function defineUpstream(def: UpstreamDefinition): UpstreamDefinition {
  return def;
}
