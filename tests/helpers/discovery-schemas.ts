// The schemas of the discovery documents, written out here as zod because the schema files are not
// available offline (no test touches the network). Each follows its source field by field: the
// required fields, their types, patterns and length limits, and which objects are closed.
// - ServerCardSchema: modelcontextprotocol/experimental-ext-server-card schema.json (the `/v2/`
//   schema, SEP-2127): every object has `additionalProperties: false` except `_meta`, so these are
//   strict objects.
// - McpCatalogSchema: the same repository's docs/discovery.md, "Catalog Format" and "Catalog Entry"
//   (members specVersion and entries; identifier, displayName, type, url), with the identifier in
//   the `urn:air:{publisher}:…:{name}` form the document describes.
// - RegistryServerSchema: the MCP Registry's server.schema.json of 2025-12-11 (ServerDetail and the
//   definitions it uses). That schema leaves objects open; the top level here is strict all the
//   same, so that a misspelt field of ours fails instead of being ignored by the registry.
import { z } from 'zod';

const urlString = z.url();

// ---------- Server Card (v2) ----------

const cardInputShape = {
  description: z.string().optional(),
  isRequired: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  format: z.enum(['boolean', 'filepath', 'number', 'string']).optional(),
  default: z.string().optional(),
  placeholder: z.string().optional(),
  value: z.string().optional(),
  choices: z.array(z.string()).optional(),
};
const CardInput = z.strictObject(cardInputShape);
const CardKeyValueInput = z.strictObject({ ...cardInputShape, name: z.string(), variables: z.record(z.string(), CardInput).optional() });
const CardIcon = z.strictObject({
  src: urlString,
  mimeType: z.string().optional(),
  sizes: z.array(z.string()).optional(),
  theme: z.enum(['dark', 'light']).optional(),
});
const CardRemote = z.strictObject({
  type: z.enum(['sse', 'streamable-http']),
  url: z.string().regex(/^(https?:\/\/[^\s]+|\{[a-zA-Z_][a-zA-Z0-9_]*\}[^\s]*)$/),
  headers: z.array(CardKeyValueInput).optional(),
  variables: z.record(z.string(), CardInput).optional(),
  supportedProtocolVersions: z.array(z.string()).optional(),
});
const CardRepository = z.strictObject({ url: urlString, source: z.string(), subfolder: z.string().optional(), id: z.string().optional() });

export const ServerCardSchema = z.strictObject({
  $schema: z.string().regex(/^https:\/\/static\.modelcontextprotocol\.io\/schemas\/v2\/server-card\.schema\.json$/),
  name: z.string().min(3).max(200).regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/),
  version: z.string().max(255),
  description: z.string().min(1).max(100),
  title: z.string().min(1).max(100).optional(),
  websiteUrl: urlString.optional(),
  repository: CardRepository.optional(),
  icons: z.array(CardIcon).optional(),
  remotes: z.array(CardRemote).optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
});

// ---------- MCP Catalog ----------

export const McpCatalogSchema = z.object({
  specVersion: z.string(),
  entries: z.array(
    z.object({
      identifier: z.string().regex(/^urn:air:[a-z0-9.-]+(?::[A-Za-z0-9._-]+)+$/),
      displayName: z.string().min(1),
      type: z.literal('application/mcp-server-card+json'),
      url: urlString,
    }),
  ),
});

// ---------- server.json (MCP Registry, schema 2025-12-11) ----------

const registryInputShape = {
  choices: z.array(z.string()).optional(),
  default: z.string().optional(),
  description: z.string().optional(),
  format: z.enum(['string', 'number', 'boolean', 'filepath']).optional(),
  isRequired: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  placeholder: z.string().optional(),
  value: z.string().optional(),
};
const RegistryInput = z.object(registryInputShape);
const RegistryKeyValueInput = z.object({ ...registryInputShape, name: z.string(), variables: z.record(z.string(), RegistryInput).optional() });
const RegistryIcon = z.object({
  src: urlString.max(255).refine((s) => s.startsWith('https://'), 'an icon URL must be HTTPS'),
  mimeType: z.enum(['image/png', 'image/jpeg', 'image/jpg', 'image/svg+xml', 'image/webp']).optional(),
  sizes: z.array(z.string().regex(/^(\d+x\d+|any)$/)).optional(),
  theme: z.enum(['light', 'dark']).optional(),
});
const RegistryRemote = z.object({
  type: z.enum(['streamable-http', 'sse']),
  url: z.string().regex(/^https?:\/\/[^\s]+$/),
  headers: z.array(RegistryKeyValueInput).optional(),
  variables: z.record(z.string(), RegistryInput).optional(),
});
/** A version, not a range (the schema's description: '^1.2.3', '~1.2.3', '>=1.2.3', '1.x', '1.*' are rejected). */
const version = z
  .string()
  .max(255)
  .refine((v) => v !== 'latest' && !/^[\^~<>=]|\.[x*](\.|$)/.test(v), 'a specific version, not a range');

export const RegistryServerSchema = z.strictObject({
  $schema: z.literal('https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json'),
  name: z.string().min(3).max(200).regex(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/),
  description: z.string().min(1).max(100),
  version,
  title: z.string().min(1).max(100).optional(),
  websiteUrl: urlString.optional(),
  repository: z.object({ url: urlString, source: z.string(), id: z.string().optional(), subfolder: z.string().optional() }).optional(),
  icons: z.array(RegistryIcon).optional(),
  remotes: z.array(RegistryRemote).optional(),
  _meta: z.object({ 'io.modelcontextprotocol.registry/publisher-provided': z.record(z.string(), z.unknown()).optional() }).optional(),
});
