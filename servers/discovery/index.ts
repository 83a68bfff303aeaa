// discovery: finds the server and tool for a task (platform server). Searches the registry's
// server and tool records (ctx.platform.servers(), tool-server spec 2.1 and 2.2) by words,
// country, data type and status, and answers ranked results with the server URL, the tool name
// and why each matched; discovery.tool gives one tool's full record.
//
// Follows: tool-server spec 2.1, 2.2 (records), 3 (statuses) and 5.2 (discovery needs no upstream
// credentials). Matching is lexical (folded, lightly stemmed words with a small table of
// Norwegian/Danish/Swedish/Finnish/English synonyms, servers/discovery/vocabulary.ts), not
// semantic: a task worded far from every description can find nothing, and `results: []` says
// only that no tool's words matched. Sources that are not connected yet are in sources.list.
import { z } from 'zod';
import { defineServer, defineTool } from '../../runtime/define.js';
import { COMPASS } from '../_shared/icons/index.js';
import { fail } from '../../runtime/errors.js';
import { int } from '../../runtime/fields.js';
import { nearNames, search } from './search.js';
import { quoted } from '../../runtime/validation.js';

const COUNTRIES = ['NO', 'SE', 'DK', 'FI', 'IS', 'EU'] as const;
const STATUSES = ['active', 'not_configured', 'deprecated', 'planned'] as const;
const status = z.enum(STATUSES);
const coverage = { geography: [...COUNTRIES], dataTypes: ['tool catalogue'], updateFrequency: 'static' as const };

const searchTool = defineTool({
  name: 'search',
  title: 'Find a tool for a task',
  description:
    'Finds the server and tool for a task in this service\'s catalogue, from words describing it (e.g. "bankruptcies in Norway", "konkurs statistikk"; Norwegian, Danish, Swedish, Finnish and English domain words are understood, and country words such as "danish" favour that country) and/or filters; at least one of q, country, dataType, status. Ranked by score, one result per tool, with its server\'s MCP URL (other servers of a shared tool in alsoIn), connector route and why it matched. An empty results means no tool matched: try other words or fewer filters. discovery.tool gives one tool\'s input schema.',
  input: {
    q: z.string().min(1).max(200).optional().describe('Words describing the task.'),
    country: z.enum(COUNTRIES).optional().describe('Only tools covering this country.'),
    dataType: z.string().min(2).max(60).optional().describe('Only tools whose data types contain this word (e.g. company, bankruptcy, accounts).'),
    status: z.enum(STATUSES).optional().describe('Only tools with this status in this service.'),
    limit: int({ min: 1, max: 50, default: 10, description: 'Results to return.' }),
  },
  output: z.object({
    query: z.object({ q: z.string().nullable(), country: z.enum(COUNTRIES).nullable(), dataType: z.string().nullable(), status: status.nullable(), limit: z.number().int() }),
    total: z.number().int(),
    returned: z.number().int(),
    truncated: z.boolean(),
    results: z.array(
      z.object({
        rank: z.number().int(),
        score: z.number(),
        tool: z.string(),
        title: z.string(),
        status,
        server: z.string(),
        serverName: z.string(),
        serverUrl: z.string(),
        route: z.string(),
        countries: z.array(z.string()),
        dataTypes: z.array(z.string()),
        why: z.array(z.string()),
        alsoIn: z.array(z.object({ server: z.string(), serverUrl: z.string() })).optional().describe('Other servers of a shared tool.'),
      }),
    ),
  }),
  refine: (input, issues) => {
    if (input.q === undefined && input.country === undefined && input.dataType === undefined && input.status === undefined) {
      issues.add('give at least one of q, country, dataType, status', ['q']);
    }
  },
  coverage,
  cacheTtlSeconds: 0,
  route: '/search',
  example: { q: 'bankruptcies in Norway', limit: 5 },
  run: async ({ q, country, dataType, status, limit }, ctx) => {
    const hits = search(ctx.platform.servers(), { q, country, dataType, status });
    const shown = hits.slice(0, limit);
    return {
      query: { q: q ?? null, country: country ?? null, dataType: dataType ?? null, status: status ?? null, limit },
      total: hits.length,
      returned: shown.length,
      truncated: hits.length > shown.length,
      results: shown.map((h, i) => ({
        rank: i + 1,
        score: h.score,
        tool: h.tool.name,
        title: h.tool.annotations.title,
        status: h.tool.status,
        server: h.server.slug,
        serverName: h.server.name,
        serverUrl: h.server.url,
        route: `${ctx.publicBaseUrl}${h.tool.route}`,
        countries: h.tool.coverage.geography,
        dataTypes: h.tool.coverage.dataTypes,
        why: h.why,
        ...(h.alsoIn.length > 0 && { alsoIn: h.alsoIn.map((s) => ({ server: s.slug, serverUrl: s.url })) }),
      })),
    };
  },
});

const toolName = () =>
  z
    .string()
    .min(3)
    .max(64)
    .regex(/^[A-Za-z0-9_.-]+$/, { error: (iss) => `must be a tool name such as brreg.enhet.lookup (got ${quoted(iss.input)})` })
    .describe('Full tool name, e.g. brreg.enhet.lookup or brreg_konkurs_get.');

const toolRecord = defineTool({
  name: 'tool',
  title: 'Get one tool’s full record',
  description:
    'One tool\'s full record by its exact name: description, status, annotations, input JSON Schema with its bounds and defaults, coverage, and where to call it (MCP server URL, connector route, data proxy URL). A tool of several servers lists them in servers; `server` picks whose record is shown. An unknown name answers not_found with close names; discovery.search finds names.',
  input: {
    name: toolName(),
    server: z
      .string()
      .min(1)
      .max(64)
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: (iss) => `must be a server slug such as brreg (got ${quoted(iss.input)})` })
      .optional()
      .describe('Server slug, when the tool is served by several servers (e.g. brreg or brreg-konkurs).'),
  },
  output: z.object({
    name: z.string(),
    title: z.string(),
    description: z.string(),
    status,
    annotations: z.object({
      title: z.string(),
      readOnlyHint: z.literal(true),
      destructiveHint: z.literal(false),
      idempotentHint: z.literal(true),
      openWorldHint: z.literal(true),
    }),
    // The tool's input JSON Schema as tools/list publishes it: any JSON Schema object.
    inputSchema: z.record(z.string(), z.unknown()),
    coverage: z.object({ geography: z.array(z.string()), dataTypes: z.array(z.string()), updateFrequency: z.string(), license: z.string(), auth: z.string() }),
    server: z.object({ slug: z.string(), name: z.string(), owner: z.string(), url: z.string(), available: z.enum(['nå', 'degraded', 'deprecated']), license: z.string() }),
    servers: z.array(z.object({ slug: z.string(), url: z.string() })),
    call: z.object({
      mcp: z.object({ url: z.string(), method: z.literal('tools/call'), name: z.string() }),
      connector: z.string(),
      dataProxy: z.string(),
    }),
  }),
  coverage,
  cacheTtlSeconds: 0,
  route: '/tools/:name',
  example: { name: 'brreg.enhet.lookup' },
  run: async ({ name, server }, ctx) => {
    const servers = ctx.platform.servers();
    const holders = servers.filter((s) => s.tools.some((t) => t.name === name));
    if (holders.length === 0) {
      const near = nearNames(servers, name);
      throw fail.notFound(`No tool is named "${name}".${near.length ? ` Close names: ${near.join(', ')}.` : ''} Use discovery.search to find tools.`);
    }
    const chosen = server ? holders.find((s) => s.slug === server) : holders[0];
    if (!chosen) throw fail.notFound(`The server "${server}" does not serve ${name}; it is served by ${holders.map((s) => s.slug).join(', ')}.`);
    const tool = chosen.tools.find((t) => t.name === name)!;
    const route = tool.route.slice(`/api/connectors/${chosen.slug}`.length);
    return {
      name: tool.name,
      title: tool.annotations.title,
      description: tool.description,
      status: tool.status,
      annotations: tool.annotations,
      inputSchema: tool.inputSchema,
      coverage: tool.coverage,
      server: { slug: chosen.slug, name: chosen.name, owner: chosen.owner, url: chosen.url, available: chosen.available, license: chosen.license },
      servers: holders.map((s) => ({ slug: s.slug, url: s.url })),
      call: {
        mcp: { url: chosen.url, method: 'tools/call', name: tool.name },
        connector: `${ctx.publicBaseUrl}${tool.route}`,
        dataProxy: `${ctx.publicBaseUrl}/api/data/${chosen.sourceKey}${route}`,
      },
    };
  },
});

export const server = defineServer({
  slug: 'discovery',
  prefix: 'discovery',
  name: 'Tool discovery',
  owner: 'Nordic open data host (platform)',
  description:
    'Finds the right server and tool for a task: searches every server and tool of this service by words (Norwegian, Danish, Swedish, Finnish or English), country, data type and status, and explains why each result matched. Also gives any tool’s full record and the URLs to call it.',
  license: 'Proprietary (REST spec 9): service metadata',
  tier: 'free',
  upstreams: [],
  countries: [...COUNTRIES],
  docs: [],
  platform: true,
  icon: COMPASS,
  tools: [searchTool, toolRecord],
});
