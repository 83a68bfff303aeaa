// Account routes (tag `account`, REST spec 1): what the service knows about the calling key. Its
// record and window (GET /v1/account), its own audit entries, newest first, cursor-paged with the
// signed 24-hour cursors of the events feed (GET /v1/account/audit), and everything at once as
// JSON or an NDJSON stream (GET /v1/account/export). A key only ever sees its own entries.
// A page reads at most AUDIT_SCAN_BUDGET of the store (then its cursor continues the scan), and
// an export streams a chunk of entries per turn of the event loop, a few exports per key an hour.
import { createHash } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import type { KeyRecord } from '../auth/keys.js';
import { cursorCodec } from '../cursor.js';
import { ToolError, fail } from '../errors.js';
import type { Services } from '../services.js';
import { ExportAllowance } from '../store/export-allowance.js';
import type { AuditQuery, ScanBudget, StoredAuditEntry, StoredKey } from '../store/types.js';
import { AccountExportSchema, AccountSchema, AuditPageSchema } from './account-schemas.js';
import type { RestApp } from './index.js';
import { BEARER, problemResponse } from './schemas.js';
import { quoted } from '../validation.js';

export const AUDIT_LIMIT_MAX = 100;
export const AUDIT_LIMIT_DEFAULT = 50;
/**
 * What one audit page may read: batch rows, and entries unpacked from them (about a
 * microsecond each). A filter whose route or status no batch holds reads nothing; one that many
 * batches might match stops here and answers a shorter page with a cursor.
 */
export const AUDIT_SCAN_BUDGET: ScanBudget = { batches: 256, entries: 20_000 };

const keyErrors = {
  401: problemResponse('No or unknown bearer key.'),
  403: problemResponse('The key lacks the api:read scope.'),
  429: problemResponse('Rate limit exceeded.'),
  503: problemResponse('The store of keys and audit entries cannot be reached; retry shortly (svcRetryAfterMs).'),
};

const isoTime = (name: string) =>
  z
    .string()
    .max(40)
    .refine((v) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v) && !Number.isNaN(Date.parse(v)), {
      error: (iss) => `must be an ISO 8601 date or time such as 2026-11-22 or 2026-11-22T12:00:00Z (got ${quoted(iss.input)})`,
    })
    .optional()
    .openapi({ description: `${name} (ISO 8601 date or time, UTC unless it says otherwise).`, example: '2026-11-22T00:00:00Z' });

const AuditQuerySchema = z.object({
  from: isoTime('Entries at or after this time'),
  to: isoTime('Entries before this time'),
  status: z
    .string()
    .regex(/^([1-5]\d\d|[1-5]xx)$/, { error: (iss) => `must be an HTTP status from 100 to 599, or a class such as 4xx (got ${quoted(iss.input)})` })
    .optional()
    .openapi({ description: 'Only entries with this status (404) or class (4xx).', example: '4xx' }),
  route: z.string().min(1).max(200).optional().openapi({ description: 'Only entries of this route template, as the entries show it.', example: '/api/v1/company/{orgnr}' }),
  limit: z
    .string()
    .regex(/^\d+$/, { error: (iss) => `must be an integer from 1 to ${AUDIT_LIMIT_MAX} (got ${quoted(iss.input)})` })
    .transform(Number)
    .pipe(z.number().min(1).max(AUDIT_LIMIT_MAX))
    .optional()
    .openapi({ type: 'integer', minimum: 1, maximum: AUDIT_LIMIT_MAX, default: AUDIT_LIMIT_DEFAULT, description: `Entries per page, 1 to ${AUDIT_LIMIT_MAX}. Default ${AUDIT_LIMIT_DEFAULT}.` }),
  cursor: z.string().max(2048).optional().openapi({ description: 'nextCursor of the previous page, unchanged, with the same filters.' }),
});

const accountRoute = createRoute({
  method: 'get',
  path: '/v1/account',
  operationId: 'getAccount',
  tags: ['account'],
  summary: 'The calling key: id, tier, scopes, limits and usage in the current window',
  security: BEARER,
  responses: { 200: { description: 'The key and its window.', content: { 'application/json': { schema: AccountSchema } } }, ...keyErrors },
});

const auditRoute = createRoute({
  method: 'get',
  path: '/v1/account/audit',
  operationId: 'listAccountAudit',
  tags: ['account'],
  summary: 'The calling key’s own requests, newest first',
  description:
    'One entry per request made with this key (MCP tools/call and keyed REST routes): time, method, route template, slug and tool, status, duration and request id; never the key and never the values of the path or the query. Entries are written in batches and appear within about a second. Requests refused with 429, and those past the key’s AUDIT_KEY_ENTRIES_PER_MINUTE entries in a minute, are counted into one summary entry per minute, method, status and route (with count), written when the minute is over. Pages are linked by nextCursor, a signed string valid 24 hours, bound to this key and these filters; a page that reached the scan budget before it was full holds fewer entries (even none) and a nextCursor to continue. Entries older than the retention (AUDIT_RETENTION_DAYS, default 90) are deleted.',
  security: BEARER,
  request: { query: AuditQuerySchema },
  responses: {
    200: { description: 'One page of entries.', content: { 'application/json': { schema: AuditPageSchema } } },
    400: problemResponse('A parameter out of its bounds (named), from not before to, or an invalid, altered or expired cursor (type …/errors/invalid-cursor).'),
    ...keyErrors,
  },
});

const exportRoute = createRoute({
  method: 'get',
  path: '/v1/account/export',
  operationId: 'exportAccount',
  tags: ['account'],
  summary: 'Everything stored about the calling key, as one download',
  description:
    'The key’s record without its hash and all its audit entries, newest first, with Content-Disposition: attachment. One JSON document by default; an NDJSON stream (one object per line: first {"type":"key",…}, then {"type":"audit",…} per entry) for Accept: application/x-ndjson or format=ndjson, for long histories. At most 4 exports per key per hour, one at a time (429 with Retry-After past that).',
  security: BEARER,
  request: {
    query: z.object({
      format: z.enum(['json', 'ndjson']).optional().openapi({ description: 'json (default) or ndjson; wins over Accept.' }),
    }),
  },
  responses: {
    200: {
      description: 'The export.',
      content: { 'application/json': { schema: AccountExportSchema }, 'application/x-ndjson': { schema: z.string().openapi({ description: 'One JSON object per line.' }) } },
    },
    400: problemResponse('format is neither json nor ndjson.'),
    ...keyErrors,
  },
});

/** A store that cannot be reached is a 503 the client may retry, not an internal error. */
async function fromStore<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ToolError) throw err;
    throw new ToolError('not_ready', 'The store of keys and audit entries cannot be reached; retry in a few seconds.', { retryAfterMs: 5_000 });
  }
}

function publicEntry(e: StoredAuditEntry) {
  return {
    time: new Date(e.at).toISOString(),
    method: e.method,
    route: e.route,
    slug: e.slug ?? null,
    tool: e.tool ?? null,
    status: e.status,
    durationMs: e.durationMs,
    requestId: e.requestId,
    ...(e.count !== undefined && { count: e.count }),
  };
}

/** Lets other requests run between two chunks of an export. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function publicKey(record: KeyRecord, stored: StoredKey | undefined) {
  const k = stored ?? record;
  return {
    id: k.id,
    tier: k.tier,
    scopes: k.scopes,
    label: stored ? (k.label ?? null) : (record.label ?? null),
    createdAt: stored ? k.createdAt : null,
    revokedAt: k.revokedAt ?? null,
    lastUsedAt: stored?.lastUsedAt ?? null,
    source: stored ? ('store' as const) : ('API_KEYS' as const),
  };
}

/** The audit filters of a request, checked against each other. */
function filtersOf(q: z.infer<typeof AuditQuerySchema>): Omit<AuditQuery, 'before' | 'limit'> {
  const from = q.from === undefined ? undefined : Date.parse(q.from);
  const to = q.to === undefined ? undefined : Date.parse(q.to);
  if (from !== undefined && to !== undefined && from >= to) {
    throw fail.invalidInput(`to: must be later than from (from ${q.from}, to ${q.to})`, { extra: { fields: ['from', 'to'] } });
  }
  const cls = q.status?.endsWith('xx') ? Number(q.status[0]) : undefined;
  return { from, to, route: q.route, status: q.status && cls === undefined ? Number(q.status) : undefined, statusClass: cls };
}

/** A cursor belongs to one key and one set of filters. */
function cursorKind(keyId: string, q: z.infer<typeof AuditQuerySchema>): string {
  const digest = createHash('sha256').update(JSON.stringify([keyId, q.from ?? '', q.to ?? '', q.status ?? '', q.route ?? ''])).digest('base64url');
  return `account-audit:${digest.slice(0, 16)}`;
}

function wantsNdjson(format: string | undefined, accept: string | undefined): boolean {
  if (format) return format === 'ndjson';
  return /application\/x-ndjson/i.test(accept ?? '');
}

export function registerAccountRoutes(app: RestApp, services: Services): void {
  const { store, limiter } = services;
  const now = () => (services.invokeDeps.now ?? (() => new Date()))();
  const codec = () => cursorCodec((name) => services.config.env[name], (message) => services.logger.warn(message));
  const exports = new ExportAllowance();

  app.openapi(accountRoute, async (c) => {
    c.get('log').route = 'account';
    const key = c.get('key')!;
    const stored = await fromStore(() => store.keyByHash(key.hash));
    const limits = limiter.limitsFor(key.tier);
    const window = limits ? await limiter.peekWindow(key.id, limits) : undefined;
    return c.json(
      {
        key: publicKey(key, stored),
        limits: limits ? { requestsPerWindow: limits.limit, windowSeconds: limits.windowMs / 1000, burstPerSecond: limits.burst, concurrent: limits.concurrent } : null,
        usage: limits && window ? { used: limits.limit - window.remaining, remaining: window.remaining, resetAt: new Date(window.resetAtMs).toISOString() } : null,
      },
      200,
    );
  });

  app.openapi(auditRoute, async (c) => {
    c.get('log').route = 'account';
    const key = c.get('key')!;
    const q = c.req.valid('query');
    const filters = filtersOf(q);
    const kind = cursorKind(key.id, q);
    let before: AuditQuery['before'];
    if (q.cursor !== undefined) {
      const p = codec().decode(kind, q.cursor, now());
      if (typeof p.at !== 'number' || typeof p.id !== 'number') throw fail.invalidInput('cursor: is not a cursor of this feed', { problemType: 'invalid-cursor', extra: { fields: ['cursor'] } });
      before = { at: p.at, id: p.id };
    }
    const limit = q.limit ?? AUDIT_LIMIT_DEFAULT;
    // One more than the page shows whether another page follows.
    const scan = await fromStore(() => store.auditScan(key.id, { ...filters, before, limit: limit + 1 }, AUDIT_SCAN_BUDGET));
    const page = scan.entries.slice(0, limit);
    const last = page[page.length - 1];
    const continueAt = scan.entries.length > limit && last ? { at: last.at, id: last.id } : scan.resumeAt;
    const nextCursor = continueAt ? codec().encode(kind, continueAt, now()) : null;
    return c.json({ entries: page.map(publicEntry), limit, nextCursor }, 200);
  });

  app.openapi(exportRoute, async (c) => {
    c.get('log').route = 'account';
    const key = c.get('key')!;
    const { format } = c.req.valid('query');
    const turn = exports.take(key.id);
    if ('refused' in turn) throw fail.rateLimited(turn.refused, turn.retryAfterMs);
    let chunks: AsyncIterator<StoredAuditEntry[]>;
    let first: IteratorResult<StoredAuditEntry[]>;
    let record: ReturnType<typeof publicKey>;
    try {
      const stored = await fromStore(() => store.keyByHash(key.hash));
      record = publicKey(key, stored);
      // The first chunk is read before answering, so an unreachable store is a 503, not a cut stream.
      chunks = store.auditExport(key.id)[Symbol.asyncIterator]();
      first = await fromStore(() => chunks.next());
    } catch (err) {
      turn.release();
      throw err;
    }
    const exportedAt = now().toISOString();
    const ndjson = wantsNdjson(format, c.req.header('accept'));
    const filename = `account-${key.id}.${ndjson ? 'ndjson' : 'json'}`;
    const headers = {
      'content-type': ndjson ? 'application/x-ndjson; charset=utf-8' : 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    };
    const encoder = new TextEncoder();
    let started = false;
    let sent = 0;
    let unsent: IteratorResult<StoredAuditEntry[]> | undefined = first;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(
            encoder.encode(ndjson ? `${JSON.stringify({ type: 'key', exportedAt, ...record })}\n` : `{"exportedAt":${JSON.stringify(exportedAt)},"key":${JSON.stringify(record)},"auditEntries":[`),
          );
          return;
        }
        let next: IteratorResult<StoredAuditEntry[]>;
        try {
          if (unsent) next = unsent;
          else {
            // Each chunk in a turn of its own: the requests of others are answered in between.
            await nextTurn();
            next = await chunks.next();
          }
          unsent = undefined;
        } catch (err) {
          turn.release();
          throw err;
        }
        if (next.done) {
          turn.release();
          if (!ndjson) controller.enqueue(encoder.encode(']}\n'));
          controller.close();
          return;
        }
        const lines = next.value.map((e) => JSON.stringify(ndjson ? { type: 'audit', ...publicEntry(e) } : publicEntry(e)));
        const text = ndjson ? `${lines.join('\n')}\n` : `${sent > 0 ? ',' : ''}${lines.join(',')}`;
        sent += lines.length;
        controller.enqueue(encoder.encode(text));
      },
      cancel() {
        turn.release();
        void chunks.return?.();
      },
    });
    return new Response(body, { status: 200, headers }) as never;
  });
}
