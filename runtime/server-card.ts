// Documents that describe each server before a client connects: the MCP Server Card, the domain's
// MCP Catalog that lists the cards, and the `server.json` of the official MCP Registry. All three
// are built from the server records (runtime/catalogue.ts) and a base URL, so the running service
// describes itself (its PUBLIC_BASE_URL) and `npm run catalogue` writes the committed registry
// entries for the example base below.
//
// Followed:
// - Server Card: SEP-2127 (Final, Extensions Track), whose wire format lives in
//   modelcontextprotocol/experimental-ext-server-card: schema.ts / schema.json (the `/v2/` schema
//   URL, `additionalProperties: false` everywhere but `_meta`; name, version and description
//   required; description at most 100 characters; remotes with headers and variables;
//   supportedProtocolVersions) and docs/discovery.md (media type `application/mcp-server-card+json`,
//   the reserved location `<streamable-http-url>/server-card`, CORS and caching). The card
//   enumerates no tools ("those remain subject to runtime listing"): the tools summary and the
//   authorization hints sit in `_meta` under this service's own reverse-DNS prefix.
// - MCP Catalog: the same docs/discovery.md ("MCP Catalog": `/.well-known/mcp/catalog.json`,
//   `specVersion` "draft", entries of identifier / displayName / type / url, identifiers
//   `urn:air:{publisher}:{name}` after the AI Catalog's ADR 0015).
// - server.json: the registry's schema 2025-12-11 (static.modelcontextprotocol.io/schemas/
//   2025-12-11/server.schema.json, the version the registry's "Publishing Remote Servers" page
//   uses): name in reverse-DNS form with one slash, description 1–100 characters, remotes of type
//   `streamable-http` whose headers are KeyValueInputs (isSecret, value with {variables}).
//
// The namespace of every name is the host of the base URL, reversed: `https://data.example.org`
// gives `org.example.data/<slug>`. That is the namespace the registry lets the owner of that
// domain publish under (DNS authentication on example.org covers `org.example.*`, HTTP
// authentication on data.example.org covers `org.example.data`).
import { serverRecord, type ServerRecord } from './catalogue.js';
import { ALL_PROTOCOL_VERSIONS } from './mcp/modern.js';
import type { Registry } from './registry.js';

export const SERVER_CARD_TYPE = 'application/mcp-server-card+json';
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json';
export const REGISTRY_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';
export const CATALOG_PATH = '/.well-known/mcp/catalog.json';
export const CATALOG_SPEC_VERSION = 'draft';
/** The base URL the committed registry entries (registry/<slug>.json) are written for: the README's example host. */
export const EXAMPLE_BASE_URL = 'https://data.example.org';
/** Where the registry keeps what the publisher adds (its schema leaves this key open). */
const PUBLISHER_META = 'io.modelcontextprotocol.registry/publisher-provided';
/** The limit of `description` (and `title`) in both schemas. */
export const MAX_DESCRIPTION = 100;

export const cardPath = (slug: string) => `/mcp/${slug}/server-card`;
export const registryPath = (slug: string) => `/mcp/${slug}/server.json`;

/** The host of a base URL, reversed: `https://data.example.org:8443/x` → `org.example.data`. */
export function registryNamespace(baseUrl: string): string {
  const host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host.split(/[.:]/).filter(Boolean).reverse().join('.');
}

export const serverName = (baseUrl: string, slug: string) => `${registryNamespace(baseUrl)}/${slug}`;

/**
 * A `_meta` key prefix of this service, or undefined when the host cannot make one (an IP address:
 * the labels of a `_meta` prefix must start with a letter).
 */
function metaPrefix(baseUrl: string): string | undefined {
  const ns = registryNamespace(baseUrl);
  return ns.split('.').every((label) => /^[a-z](?:[a-z0-9-]*[a-z0-9])?$/.test(label)) ? ns : undefined;
}

/**
 * A description of at most `max` characters: the text itself, its first sentence or what comes
 * before its first colon; failing that the same with the parenthetical asides left out; failing
 * that its words up to the limit with an ellipsis.
 */
export function shortText(text: string, max = MAX_DESCRIPTION): string {
  const fit = (t: string): string | undefined => {
    if (t.length <= max) return t;
    const sentence = /^(.+?[.!?])(?:\s|$)/.exec(t)?.[1];
    if (sentence && sentence.length <= max) return sentence;
    const head = t.split(':')[0].trim();
    return head.length >= 20 && head.length <= max ? head : undefined;
  };
  const full = text.replace(/\s+/g, ' ').trim();
  const plain = full.replace(/\s*\([^()]*\)/g, '');
  const found = fit(full) ?? fit(plain);
  if (found) return found;
  const cut = plain.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).replace(/[\s,;:–-]+$/, '')}…`;
}

/** What a header-capable client is told about the key: a Bearer value with the key as a secret variable. */
function authorizationHeader(baseUrl: string) {
  const description = `API key of ${new URL(baseUrl).host}: tools/call needs one with scope mcp:tools (tools/list does not). Ask the operator for a key.`;
  return {
    name: 'Authorization',
    description,
    // Every tool call needs it; a client that skipped an optional header would install a server whose every call fails.
    isRequired: true,
    isSecret: true,
    value: 'Bearer {api_key}',
    variables: { api_key: { description: `Your API key for ${new URL(baseUrl).host}`, isRequired: true, isSecret: true } },
  };
}

export interface ServerCard {
  $schema: string;
  name: string;
  version: string;
  title: string;
  description: string;
  websiteUrl: string;
  icons?: ServerRecord['icons'];
  remotes: Array<{ type: 'streamable-http'; url: string; headers: ReturnType<typeof authorizationHeader>[]; supportedProtocolVersions: string[] }>;
  _meta?: Record<string, unknown>;
}

/** The Server Card of one server, served at `<server URL>/server-card`. */
export function serverCard(s: ServerRecord, baseUrl: string, version: string): ServerCard {
  const prefix = metaPrefix(baseUrl);
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: serverName(baseUrl, s.slug),
    version,
    title: shortText(s.name),
    description: shortText(s.description),
    websiteUrl: `${baseUrl}/mcp/${s.slug}`,
    ...(s.icons.length > 0 && { icons: s.icons }),
    remotes: [{ type: 'streamable-http', url: s.url, headers: [authorizationHeader(baseUrl)], supportedProtocolVersions: [...ALL_PROTOCOL_VERSIONS] }],
    ...(prefix && {
      _meta: {
        [`${prefix}/tools`]: s.tools.map((t) => ({ name: t.name, title: t.annotations.title, status: t.status, availability: t.availability })),
        [`${prefix}/authorization`]: {
          scheme: 'Bearer',
          header: 'Authorization',
          scopes: s.authScopes,
          withoutKey: ['initialize', 'ping', 'server/discover', 'tools/list'],
          keys: `${baseUrl}/mcp#get-a-key`,
        },
        [`${prefix}/owner`]: s.owner,
        [`${prefix}/license`]: s.license,
        [`${prefix}/catalogue`]: `${baseUrl}/catalogue.json`,
      },
    }),
  };
}

export interface McpCatalog {
  specVersion: string;
  entries: Array<{ identifier: string; displayName: string; type: string; url: string }>;
}

/** `/.well-known/mcp/catalog.json`: every server's card. */
export function mcpCatalog(servers: ServerRecord[], baseUrl: string): McpCatalog {
  const publisher = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return {
    specVersion: CATALOG_SPEC_VERSION,
    entries: servers.map((s) => ({
      identifier: `urn:air:${publisher}:${s.slug}`,
      displayName: s.name,
      type: SERVER_CARD_TYPE,
      url: `${baseUrl}${cardPath(s.slug)}`,
    })),
  };
}

/**
 * The `server.json` of one server for the official MCP Registry. Icons only on an https base (the
 * schema asks for an HTTPS URL there).
 */
export function registryEntry(s: ServerRecord, baseUrl: string, version: string): Record<string, unknown> {
  const https = new URL(baseUrl).protocol === 'https:';
  return {
    $schema: REGISTRY_SCHEMA,
    name: serverName(baseUrl, s.slug),
    title: shortText(s.name),
    description: shortText(s.description),
    version,
    websiteUrl: `${baseUrl}/mcp/${s.slug}`,
    ...(https && s.icons.length > 0 && { icons: s.icons }),
    remotes: [{ type: 'streamable-http', url: s.url, headers: [authorizationHeader(baseUrl)] }],
    _meta: {
      [PUBLISHER_META]: {
        serverCard: `${baseUrl}${cardPath(s.slug)}`,
        catalogue: `${baseUrl}/catalogue.json`,
        owner: s.owner,
        license: s.license,
        tools: s.tools.map((t) => t.name),
      },
    },
  };
}

/** A document as served and committed: two-space JSON with a final newline. */
export const renderJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The folder of the committed registry entries, beside catalogue.json. */
export const REGISTRY_DIR = 'registry';

/**
 * The committed `registry/<slug>.json` files (built by `npm run catalogue`): every server's
 * server.json for EXAMPLE_BASE_URL, at the package's version. A running service serves its own at
 * /mcp/<slug>/server.json, for its PUBLIC_BASE_URL: that is the file an operator publishes.
 */
export function renderCommittedRegistry(registry: Registry, version: string): Map<string, string> {
  return new Map(registry.servers.map((s) => [`${s.slug}.json`, renderJson(registryEntry(serverRecord(s, EXAMPLE_BASE_URL), EXAMPLE_BASE_URL, version))]));
}
