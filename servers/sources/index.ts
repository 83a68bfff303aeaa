// sources: the source catalogue (platform server). Every source key of REST spec 2.5 with its
// status (connected, planned, scraping), owner, countries, licence, documentation links, server
// URL, tool count and current health. The same data answers GET /api/v1/sources (the REST route
// calls sources.list through runtime/invoke.ts).
//
// Follows: REST spec 1 (the `sources` tag), 2.5 (source keys) and 4.1 (the proxy's `kilde`);
// tool-server spec 2.1 (server records) for connected sources. Connected sources come from the
// registry; the others from ./catalogue.ts, whose header lists which facts are UNCONFIRMED.
// Health is the state of the circuit breakers of the upstreams a server declares, in this
// process: `ok` says no upstream is failing right now, not that every tool is configured.
import { z } from 'zod';
import { TOOL_AVAILABILITIES, defineServer, defineTool } from '../../runtime/define.js';
import { STACK } from '../_shared/icons/index.js';
import { fail } from '../../runtime/errors.js';
import { allSources } from './records.js';
import { quoted } from '../../runtime/validation.js';

const STATUSES = ['connected', 'planned', 'scraping'] as const;
const COUNTRIES = ['NO', 'SE', 'DK', 'FI', 'IS', 'EU'] as const;
const CATEGORIES = ['agency', 'non-agency', 'platform'] as const;

const coverage = { geography: [...COUNTRIES], dataTypes: ['source catalogue', 'service health'], updateFrequency: 'realtime' as const };

// SourceRecord (records.ts); the optional fields appear where the source has them.
const toolStatus = z.enum(['active', 'not_configured', 'deprecated', 'planned']);
const recordFields = {
  key: z.string(),
  name: z.string(),
  status: z.enum(STATUSES),
  category: z.enum(CATEGORIES),
  owner: z.string(),
  country: z.string(),
  countries: z.array(z.string()),
  license: z.string(),
  docs: z.array(z.object({ label: z.string(), url: z.string() })),
  server: z.string().nullable(),
  serverUrl: z.string().nullable(),
  dataUrl: z.string(),
  toolCount: z.number().int(),
  tools: z.object({ active: z.number().int(), not_configured: z.number().int(), deprecated: z.number().int(), planned: z.number().int() }),
  toolAvailability: z.object({ answers: z.number().int(), needs_credentials: z.number().int(), no_readable_source: z.number().int(), planned: z.number().int(), retired: z.number().int() }),
  available: z.enum(['nå', 'degraded', 'deprecated']).nullable(),
  health: z.object({
    status: z.enum(['ok', 'degraded', 'down', 'unknown']),
    upstreams: z.array(z.object({ id: z.string(), state: z.enum(['closed', 'open', 'half_open']), consecutiveFailures: z.number().int(), retryAfterMs: z.number() })),
    checkedAt: z.string(),
  }),
  endpoints: z.array(z.string()).optional(),
  note: z.string().optional(),
  unconfirmed: z.array(z.string()).optional(),
};

const sourceKey = () =>
  z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: (iss) => `must be a kebab-case source key such as brreg or data-europa (got ${quoted(iss.input)})` })
    .describe('Source key, e.g. brreg, konkurs, cvr, ssb.');

const list = defineTool({
  name: 'list',
  title: 'List data sources',
  description:
    'Every data source this service knows (the source keys of the data proxy): status connected (served now), planned (known, not connected yet) or scraping (read from published files), owner, countries, licence, documentation, and for a connected source its MCP server, tool counts and current health from the upstreams\' circuit breakers. `unconfirmed` lists facts no source confirmed. An empty list means no source matches the filters. discovery.search finds a tool for a task.',
  input: {
    status: z.enum(STATUSES).optional().describe('Only sources with this status.'),
    country: z.enum(COUNTRIES).optional().describe('Only sources covering this country.'),
    category: z.enum(CATEGORIES).optional().describe('Only agency sources, the keys not named after an agency, or platform keys.'),
  },
  output: z.object({
    total: z.number().int(),
    counts: z.object({ connected: z.number().int(), planned: z.number().int(), scraping: z.number().int() }),
    filters: z.object({ status: z.enum(STATUSES).nullable(), country: z.enum(COUNTRIES).nullable(), category: z.enum(CATEGORIES).nullable() }),
    checkedAt: z.string(),
    sources: z.array(z.object(recordFields)),
  }),
  coverage,
  cacheTtlSeconds: 0,
  route: '/sources',
  example: { status: 'connected' },
  run: async ({ status, country, category }, ctx) => {
    const all = allSources(ctx);
    const counts = { connected: 0, planned: 0, scraping: 0 };
    for (const s of all) counts[s.status] += 1;
    const sources = all.filter((s) => (!status || s.status === status) && (!country || s.countries.includes(country)) && (!category || s.category === category));
    return {
      total: sources.length,
      counts,
      filters: { status: status ?? null, country: country ?? null, category: category ?? null },
      checkedAt: all[0]?.health.checkedAt ?? ctx.now().toISOString(),
      sources,
    };
  },
});

const get = defineTool({
  name: 'get',
  title: 'Get one data source',
  description:
    'One data source by its key (the kilde of /api/data/{kilde}/...), as sources.list gives it, with the names and connector routes of its tools. A known key that is not connected answers status planned (the data proxy answers 503 for it); an unknown key answers not_found.',
  input: { key: sourceKey() },
  output: z.object({ ...recordFields, toolList: z.array(z.object({ name: z.string(), status: toolStatus, availability: z.enum(TOOL_AVAILABILITIES), route: z.string() })) }),
  coverage,
  cacheTtlSeconds: 0,
  route: '/sources/:key',
  example: { key: 'brreg' },
  run: async ({ key }, ctx) => {
    const source = allSources(ctx).find((s) => s.key === key);
    if (!source) throw fail.notFound(`No source has the key "${key}"; sources.list (or GET /api/v1/sources) lists every key.`);
    const server = source.server ? ctx.platform.servers().find((s) => s.slug === source.server) : undefined;
    const tools = server?.tools.map((t) => ({ name: t.name, status: t.status, availability: t.availability, route: `${ctx.publicBaseUrl}${t.route}` })) ?? [];
    return { ...source, toolList: tools };
  },
});

export const server = defineServer({
  slug: 'sources',
  prefix: 'sources',
  name: 'Source catalogue',
  owner: 'Nordic open data host (platform)',
  description:
    'The catalogue of data sources behind this service: every source key with its status (connected, planned, scraping), owner, countries, licence, documentation links, MCP server URL, tool count and current upstream health. The same data as GET /api/v1/sources.',
  license: 'Proprietary (REST spec 9): service metadata; each source’s own licence is given in its record',
  tier: 'free',
  upstreams: [],
  countries: [...COUNTRIES],
  docs: [],
  platform: true,
  icon: STACK,
  tools: [list, get],
});
