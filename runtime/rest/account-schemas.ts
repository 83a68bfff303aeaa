// OpenAPI schemas of the account routes (tag `account`): what the service stores about a key.
import { z } from '@hono/zod-openapi';
import { TIERS } from '../auth/keys.js';

export const AccountKeySchema = z
  .object({
    id: z.string().openapi({ description: 'Public key id (hash prefix), safe to share. The key itself and its hash are never shown.' }),
    tier: z.enum(TIERS),
    scopes: z.array(z.string()),
    label: z.string().nullable(),
    createdAt: z.string().nullable().openapi({ description: 'When the key was created (null for a development key of API_KEYS).' }),
    revokedAt: z.string().nullable(),
    lastUsedAt: z.string().nullable().openapi({ description: 'Last use as last written to the store (written in batches, so up to a few seconds behind).' }),
    source: z.enum(['store', 'API_KEYS']).openapi({ description: 'store: issued with npm run keys; API_KEYS: a development key of the server’s environment.' }),
  })
  .openapi('AccountKey');

export const AccountSchema = z
  .object({
    key: AccountKeySchema,
    limits: z
      .object({ requestsPerWindow: z.number().int(), windowSeconds: z.number(), burstPerSecond: z.number().int(), concurrent: z.number().int() })
      .nullable()
      .openapi({ description: 'The tier’s limits (REST spec 8); null when unlimited by agreement.' }),
    usage: z
      .object({
        used: z.number().int().openapi({ description: 'Requests counted in the current window, this one included.' }),
        remaining: z.number().int(),
        resetAt: z.string().openapi({ description: 'When the current window ends.' }),
      })
      .nullable(),
  })
  .openapi('Account');

export const AuditEntrySchema = z
  .object({
    time: z.string().openapi({ description: 'When the request was answered (ISO 8601, UTC).' }),
    method: z.string(),
    route: z.string().openapi({ description: 'The route template that answered (`/api/v1/company/{orgnr}`, `/mcp/{slug}`); never the values of the path or the query.', example: '/api/v1/company/{orgnr}' }),
    slug: z.string().nullable().openapi({ description: 'The MCP server or connector, when there is one.' }),
    tool: z.string().nullable().openapi({ description: 'The tool called, when there is one.' }),
    status: z.number().int(),
    durationMs: z.number().openapi({ description: 'Milliseconds to answer; of a summary entry, the longest of its requests.' }),
    requestId: z.string().openapi({ description: 'The request’s X-Request-Id; of a summary entry, the first request’s.' }),
    count: z
      .number()
      .int()
      .min(1)
      .optional()
      .openapi({
        description:
          'Only on a summary entry: how many requests of this method, status and route it stands for, from its time to the end of that minute (requests refused with 429, and those past the key’s entries a minute). slug and tool are null unless all of them agree.',
      }),
  })
  .openapi('AuditEntry');

export const AuditPageSchema = z
  .object({
    entries: z.array(AuditEntrySchema).openapi({ description: 'Newest first.' }),
    limit: z.number().int(),
    nextCursor: z.string().nullable().openapi({ description: 'Send as cursor (with the same filters) for the next, older page; null on the last page. Valid 24 hours.' }),
  })
  .openapi('AuditPage');

export const AccountExportSchema = z
  .object({
    exportedAt: z.string(),
    key: AccountKeySchema,
    auditEntries: z.array(AuditEntrySchema).openapi({ description: 'Every stored entry of the key, newest first (entries older than AUDIT_RETENTION_DAYS are deleted).' }),
  })
  .openapi('AccountExport');
