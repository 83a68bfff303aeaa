// Source records: a server of the registry (ctx.platform.servers()) or an entry of the catalogue
// table, with its current health from the circuit breakers of the upstreams it calls.
import { countAvailability, type ServerRecord } from '../../runtime/catalogue.js';
import type { ToolContext } from '../../runtime/context.js';
import type { ToolAvailability, ToolStatus } from '../../runtime/define.js';
import { NON_AGENCY_KEYS, UNSERVED_SOURCES, type SourceCategory, type SourceFacts, type SourceStatus } from './catalogue.js';

export interface UpstreamHealth {
  id: string;
  state: 'closed' | 'open' | 'half_open';
  consecutiveFailures: number;
  retryAfterMs: number;
}

export interface SourceHealth {
  /** ok: every upstream's breaker closed (or none needed); degraded: some open; down: all open; unknown: not connected. */
  status: 'ok' | 'degraded' | 'down' | 'unknown';
  upstreams: UpstreamHealth[];
  checkedAt: string;
}

export interface SourceRecord {
  key: string;
  name: string;
  status: SourceStatus;
  category: SourceCategory;
  owner: string;
  /** First country of `countries`. */
  country: string;
  countries: string[];
  license: string;
  docs: { label: string; url: string }[];
  /** MCP server that serves the source, if any. */
  server: string | null;
  serverUrl: string | null;
  /** Prefix of the data proxy for this key: `{base_url}/api/data/<key>/{endepunkt}`. */
  dataUrl: string;
  toolCount: number;
  tools: Record<ToolStatus, number>;
  /** Tools by whether they can answer data (runtime/define.ts ToolAvailability). */
  toolAvailability: Record<ToolAvailability, number>;
  /** Availability label of the server (tool-server spec 2.1), null without a server. */
  available: ServerRecord['available'] | null;
  health: SourceHealth;
  endpoints?: string[];
  note?: string;
  unconfirmed?: string[];
}

const NO_TOOLS: Record<ToolStatus, number> = { active: 0, not_configured: 0, deprecated: 0, planned: 0 };

function healthOf(ctx: ToolContext, upstreamIds: readonly string[], connected: boolean, checkedAt: string): SourceHealth {
  if (!connected) return { status: 'unknown', upstreams: [], checkedAt };
  const states = ctx.platform.health();
  const upstreams: UpstreamHealth[] = upstreamIds
    .filter((id) => states[id])
    .map((id) => ({ id, state: states[id].state, consecutiveFailures: states[id].consecutiveFailures, retryAfterMs: states[id].retryAfterMs }));
  const closed = upstreams.filter((u) => u.state === 'closed').length;
  const status = closed === upstreams.length ? 'ok' : closed === 0 ? 'down' : 'degraded';
  return { status, upstreams, checkedAt };
}

function fromServer(ctx: ToolContext, s: ServerRecord, checkedAt: string): SourceRecord {
  const tools = { ...NO_TOOLS };
  for (const t of s.tools) tools[t.status] += 1;
  return {
    key: s.sourceKey,
    name: s.name,
    status: 'connected',
    category: s.platform ? 'platform' : NON_AGENCY_KEYS.includes(s.sourceKey) ? 'non-agency' : 'agency',
    owner: s.owner,
    country: s.countries[0] ?? 'NO',
    countries: s.countries,
    license: s.license,
    docs: s.docs,
    server: s.slug,
    serverUrl: s.url,
    dataUrl: `${ctx.publicBaseUrl}/api/data/${s.sourceKey}`,
    toolCount: s.tools.length,
    tools,
    toolAvailability: s.toolAvailability,
    available: s.available,
    health: healthOf(ctx, ctx.platform.upstreamsOf(s.slug), true, checkedAt),
    ...(s.availabilityNote && { note: s.availabilityNote }),
  };
}

function fromFacts(ctx: ToolContext, f: SourceFacts, checkedAt: string): SourceRecord {
  const connected = f.status !== 'planned';
  return {
    key: f.key,
    name: f.name,
    status: f.status,
    category: f.category,
    owner: f.owner,
    country: f.countries[0],
    countries: f.countries,
    license: f.license,
    docs: f.docs,
    server: null,
    serverUrl: null,
    dataUrl: `${ctx.publicBaseUrl}/api/data/${f.key}`,
    toolCount: 0,
    tools: { ...NO_TOOLS },
    toolAvailability: countAvailability([]),
    available: null,
    health: healthOf(ctx, [], connected, checkedAt),
    ...(f.endpoints && { endpoints: f.endpoints }),
    ...(f.note && { note: f.note }),
    ...(f.unconfirmed?.length && { unconfirmed: f.unconfirmed }),
  };
}

const ORDER: Record<SourceStatus, number> = { connected: 0, scraping: 1, planned: 2 };

/**
 * Every source: the registry's servers first (a server's record wins over a table entry with the
 * same key, so building a server is all it takes to connect its key), then the table; connected
 * before scraping before planned, then by key.
 */
export function allSources(ctx: ToolContext): SourceRecord[] {
  // Reading the clock also keeps the answer out of the result memo: health changes without any
  // upstream answer changing.
  const checkedAt = ctx.now().toISOString();
  const out = new Map<string, SourceRecord>();
  for (const s of ctx.platform.servers()) out.set(s.sourceKey, fromServer(ctx, s, checkedAt));
  for (const f of UNSERVED_SOURCES) if (!out.has(f.key)) out.set(f.key, fromFacts(ctx, f, checkedAt));
  return [...out.values()].sort((a, b) => ORDER[a.status] - ORDER[b.status] || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
