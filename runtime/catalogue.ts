// catalogue.json: server records (spec 2.1) with tool records (spec 2.2), built from the registry.
// A tool's status is the one the registry computed from the credentials it was given: the running
// service serves its own catalogue (statuses of its configuration, its PUBLIC_BASE_URL); the
// committed file is built without credentials and with the literal `{base_url}`, and says so.
import { TOOL_AVAILABILITIES, canAnswer, type ToolAvailability, type ToolStatus } from './define.js';
import { iconsOf, type Icon } from './icons.js';
import type { CompiledServer, CompiledTool, Registry } from './registry.js';

export const BASE_PLACEHOLDER = '{base_url}';

export interface ToolRecord {
  name: string;
  description: string;
  status: ToolStatus;
  /** Not a field of spec 2.2: whether the tool can answer data here (define.ts ToolAvailability). */
  availability: ToolAvailability;
  annotations: CompiledTool['annotations'];
  inputSchema: Record<string, unknown>;
  requiresAuth: true;
  connector: string;
  route: string;
  coverage: { geography: string[]; dataTypes: string[]; updateFrequency: string; license: string; auth: string };
}

export interface ServerRecord {
  slug: string;
  name: string;
  owner: string;
  description: string;
  url: string;
  packageName: string;
  tier: 'free' | 'enterprise';
  requiresAuth: true;
  anonymousToolCount: 0;
  authScopes: string[];
  discoveryRequiresAuth: false;
  license: string;
  available: 'nå' | 'degraded' | 'deprecated';
  platform: boolean;
  countries: string[];
  docs: { label: string; url: string }[];
  /** Not a field of spec 2.1: the server's icon (MCP `icons`), served by this service. */
  icons: Icon[];
  /** Not a field of spec 2.1: its tools by availability; none that can answer means no install offer. */
  toolAvailability: Record<ToolAvailability, number>;
  tools: ToolRecord[];
  sourceKey: string;
  dataSourceUrl: string;
  degradedEndpointCount?: number;
  liveEndpointCount?: number;
  availabilityNote?: string;
  sourceStatus?: string;
}

export interface Catalogue {
  about: string;
  /** Present in the committed file only: which configuration it describes. */
  note?: string;
  totals: {
    servers: number;
    connectorServers: number;
    platformServers: number;
    tools: number;
    liveServers: number;
    liveTools: number;
    configuredTools: number;
    toolsByStatus: Record<ToolStatus, number>;
    toolsByAvailability: Record<ToolAvailability, number>;
  };
  servers: ServerRecord[];
}

function toolRecord(tool: CompiledTool): ToolRecord {
  const creds = tool.def.credentials ?? [];
  return {
    name: tool.name,
    description: tool.description,
    status: tool.status,
    availability: tool.availability,
    annotations: tool.annotations,
    inputSchema: tool.jsonSchema,
    requiresAuth: true,
    connector: tool.server.slug,
    route: `/api/connectors/${tool.server.slug}${tool.def.route}`,
    coverage: {
      geography: tool.def.coverage.geography,
      dataTypes: tool.def.coverage.dataTypes,
      updateFrequency: tool.def.coverage.updateFrequency,
      license: tool.server.def.license,
      auth: creds.length ? `upstream credentials: ${creds.join(', ')}` : 'none upstream; service key for tools/call',
    },
  };
}

/** Availability label of a server from its tools (spec 2.1 and 3). */
export function availability(server: CompiledServer): Pick<ServerRecord, 'available' | 'degradedEndpointCount' | 'liveEndpointCount' | 'availabilityNote' | 'sourceStatus'> {
  const live = server.tools.filter((t) => canAnswer(t.availability)).length;
  const degraded = server.tools.length - live;
  // A server whose tools are all retired is deprecated; one whose source moved out of reach (its
  // tools without a readable source) is degraded, even with no tool live.
  const unavailable = server.tools.some((t) => t.availability === 'no_readable_source');
  if (server.def.availability?.label === 'deprecated' || (live === 0 && !unavailable)) {
    return { available: 'deprecated', sourceStatus: server.def.availability?.note ?? 'retired' };
  }
  if (server.def.availability?.label === 'degraded' || degraded > 0) {
    const note = server.def.availability?.note ?? `${degraded} of ${server.tools.length} tools are deprecated, planned or without a readable source.`;
    return { available: 'degraded', degradedEndpointCount: degraded, liveEndpointCount: live, availabilityNote: note };
  }
  return { available: 'nå' };
}

/** How many of these tools have each availability. */
export function countAvailability(availabilities: readonly ToolAvailability[]): Record<ToolAvailability, number> {
  const counts = Object.fromEntries(TOOL_AVAILABILITIES.map((a) => [a, 0])) as Record<ToolAvailability, number>;
  for (const a of availabilities) counts[a] += 1;
  return counts;
}

/** Whether any tool of a server record can answer data (now, or once its credentials are set). */
export const anyToolAnswers = (s: Pick<ServerRecord, 'toolAvailability'>): boolean => s.toolAvailability.answers + s.toolAvailability.needs_credentials > 0;

/** The record of a server, each tool with its status under the registry's credentials. */
export function serverRecord(server: CompiledServer, baseUrl = BASE_PLACEHOLDER): ServerRecord {
  const d = server.def;
  return {
    slug: server.slug,
    name: d.name,
    owner: d.owner,
    description: d.description,
    url: `${baseUrl}/mcp/${server.slug}`,
    packageName: `@nordic-open-data/mcp-${server.slug}`,
    tier: d.tier,
    requiresAuth: true,
    anonymousToolCount: 0,
    authScopes: ['mcp:tools'],
    discoveryRequiresAuth: false,
    license: d.license,
    ...availability(server),
    platform: d.platform === true,
    countries: d.countries,
    docs: d.docs,
    icons: iconsOf(server.icon, baseUrl),
    toolAvailability: countAvailability(server.tools.map((t) => t.availability)),
    tools: server.tools.map(toolRecord),
    sourceKey: server.sourceKey,
    dataSourceUrl: `${baseUrl}/data/${server.sourceKey}`,
  };
}

export interface CatalogueOptions {
  about: string;
  note?: string;
}

/** What the committed catalogue.json says of itself (built by `npm run catalogue`, no credentials). */
export const COMMITTED_CATALOGUE: CatalogueOptions = {
  about: 'Generated from servers/ by `npm run catalogue`; do not edit. {base_url} is PUBLIC_BASE_URL.',
  note: 'Generated for an instance with no credentials configured: tools that need credentials are not_configured here. A running service serves its own /catalogue.json, with the statuses of its configuration.',
};

/** What a running service's /catalogue.json says of itself. */
export const SERVED_CATALOGUE: CatalogueOptions = {
  about: "This service's catalogue: tool statuses reflect the credentials configured on this instance.",
};

export function buildCatalogue(servers: ServerRecord[], options: CatalogueOptions): Catalogue {
  const tools = servers.flatMap((s) => s.tools);
  const toolsByStatus: Record<ToolStatus, number> = { active: 0, not_configured: 0, deprecated: 0, planned: 0 };
  for (const t of tools) toolsByStatus[t.status] += 1;
  return {
    about: options.about,
    ...(options.note && { note: options.note }),
    totals: {
      servers: servers.length,
      connectorServers: servers.filter((s) => !s.platform).length,
      platformServers: servers.filter((s) => s.platform).length,
      tools: tools.length,
      liveServers: servers.filter((s) => s.available !== 'deprecated').length,
      liveTools: tools.filter((t) => canAnswer(t.availability)).length,
      configuredTools: tools.filter((t) => t.availability === 'answers').length,
      toolsByStatus,
      toolsByAvailability: countAvailability(tools.map((t) => t.availability)),
    },
    servers,
  };
}

export function renderCatalogue(servers: ServerRecord[], options: CatalogueOptions): string {
  return `${JSON.stringify(buildCatalogue(servers, options), null, 2)}\n`;
}

/** The committed catalogue.json of a registry built without credentials. */
export function renderCommittedCatalogue(registry: Registry): string {
  return renderCatalogue(registry.servers.map((s) => serverRecord(s)), COMMITTED_CATALOGUE);
}
