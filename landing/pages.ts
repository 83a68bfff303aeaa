// The /mcp landing pages for people: the server list, one page per server with its tools,
// parameters, bounds and an example call, and the answer to a POST on /mcp. Rendered once at start,
// from the server records of this process (tool statuses under its credentials).
import type { ServerRecord, ToolRecord } from '../runtime/catalogue.js';
import { badge, copyable, copyableBlock, esc, gettingStarted, page } from './html.js';

interface JsonSchemaProperty {
  type?: string | string[];
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: unknown[];
  items?: JsonSchemaProperty;
  anyOf?: JsonSchemaProperty[];
}

const availabilityLabel: Record<ServerRecord['available'], [string, string]> = {
  nå: ['available', 'na'],
  degraded: ['degraded', 'degraded'],
  deprecated: ['deprecated', 'deprecated'],
};

/** JSON Schema gives an unbounded integer the safe-integer range: that is no bound for a reader. */
const bound = (n: number | undefined): number | undefined => (n === undefined || Math.abs(n) >= Number.MAX_SAFE_INTEGER ? undefined : n);

function range(min: number | undefined, max: number | undefined): string | undefined {
  if (min !== undefined && max !== undefined) return `${min} to ${max}`;
  if (min !== undefined) return `≥ ${min}`;
  if (max !== undefined) return `≤ ${max}`;
  return undefined;
}

export function bounds(p: JsonSchemaProperty): string {
  const parts: string[] = [];
  const values = range(bound(p.minimum), bound(p.maximum));
  if (values) parts.push(values);
  const length = range(p.minLength || undefined, p.maxLength);
  if (length) parts.push(`length ${length}`);
  if (p.pattern) parts.push(`pattern <code>${esc(p.pattern)}</code>`);
  if (p.enum) parts.push(`one of ${p.enum.map((v) => `<code>${esc(JSON.stringify(v))}</code>`).join(', ')}`);
  if (p.items?.enum) parts.push(`items one of ${p.items.enum.map((v) => `<code>${esc(JSON.stringify(v))}</code>`).join(', ')}`);
  return parts.join('; ');
}

/**
 * What people see of a server's availability. The record keeps the spec's label; a server whose
 * every live tool lacks credentials on this host is marked so instead of a green "available".
 */
export function availabilityMark(s: ServerRecord): string {
  const live = s.tools.filter((t) => t.status === 'active' || t.status === 'not_configured');
  const missing = live.filter((t) => t.status === 'not_configured').length;
  if (s.available !== 'deprecated' && missing > 0 && missing === live.length) {
    return badge('needs credentials on this host', 'needs-credentials');
  }
  const [label, cls] = availabilityLabel[s.available];
  const some = missing > 0 ? ` <span class="muted">(${missing} of ${s.tools.length} tools need credentials on this host)</span>` : '';
  return `${badge(label, cls)}${some}`;
}

function typeOf(p: JsonSchemaProperty): string {
  if (p.type) return Array.isArray(p.type) ? p.type.join(' | ') : p.type === 'array' && p.items?.type ? `array of ${p.items.type}` : p.type;
  if (p.anyOf) return p.anyOf.map(typeOf).join(' | ');
  return 'any';
}

/** A table cell labelled for the narrow-screen card layout; `short` ones share a line there. */
function cell(label: string, html: string, short = false): string {
  return html ? `<td data-label="${esc(label)}"${short ? ' class="short"' : ''}>${html}</td>` : '<td></td>';
}

function paramsTable(schema: Record<string, unknown>): string {
  const props = (schema.properties ?? {}) as Record<string, JsonSchemaProperty>;
  const required = new Set((schema.required ?? []) as string[]);
  const names = Object.keys(props);
  if (names.length === 0) return '<p class="muted">No parameters.</p>';
  const rows = names
    .map((name) => {
      const p = props[name];
      const def = p.default !== undefined ? `<code>${esc(JSON.stringify(p.default))}</code>` : '';
      return `<tr><td data-label="Parameter"><code>${esc(name)}</code>${required.has(name) ? ' <strong>required</strong>' : ''}</td>${cell('Type', esc(typeOf(p)), true)}${cell('Bounds', bounds(p))}${cell('Default', def, true)}${cell('Meaning', esc(p.description ?? ''))}</tr>`;
    })
    .join('');
  return `<table class="cards"><thead><tr><th>Parameter</th><th>Type</th><th>Bounds</th><th>Default</th><th>Meaning</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function exampleCall(url: string, tool: ToolRecord, example: unknown): string {
  if (example === undefined) return '';
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool.name, arguments: example } });
  const curl = `curl -s ${url} \\\n  -H 'Content-Type: application/json' \\\n  -H 'Accept: application/json, text/event-stream' \\\n  -H 'Authorization: Bearer $API_KEY' \\\n  -d '${body.replace(/'/g, "'\\''")}'`;
  return `<p class="muted">Example call:</p>${copyableBlock(curl)}`;
}

function toolMark(t: ToolRecord): string {
  return t.status === 'not_configured' ? badge('not_configured: needs credentials on this host', 'not_configured') : badge(t.status, t.status);
}

/**
 * The server's icon beside its name; the name is in the alt text for whoever does not see the
 * picture. The page names it by path: it is the page's own origin whatever host name it was opened by.
 */
function serverIcon(s: ServerRecord, baseUrl: string, size: number): string {
  const src = s.icons[0]?.src;
  if (!src) return '';
  const path = src.startsWith(`${baseUrl}/`) ? src.slice(baseUrl.length) : src;
  return `<img class="icon" src="${esc(path)}" alt="${esc(`Icon of ${s.name}`)}" width="${size}" height="${size}">`;
}

export function renderIndex(servers: ServerRecord[], totals: { servers: number; tools: number }, baseUrl: string): string {
  const rows = servers
    .map((s) => {
      const search = `${s.slug} ${s.name} ${s.owner} ${s.countries.join(' ')} ${s.description}`.toLowerCase();
      return `<tr data-search="${esc(search)}"><td data-label="Server">${serverIcon(s, baseUrl, 24)}<a href="${esc(`${baseUrl}/mcp/${s.slug}`)}">${esc(s.name)}</a><br><span class="muted">${esc(s.owner)}</span></td>${cell('Availability', availabilityMark(s))}${cell('Tier', esc(s.tier), true)}${cell('Tools', String(s.tools.length), true)}${cell('Key needed', s.requiresAuth ? 'for tools/call' : 'no', true)}${cell('URL', copyable(s.url))}</tr>`;
    })
    .join('');
  const body = `<h1>Nordic open-data tool servers</h1>
<p class="lead">${totals.servers} MCP servers with ${totals.tools} read-only tools over Norwegian and Nordic public registers, statistics and agency data. One server per source: copy its URL into your MCP client. Listing tools needs no key; calling a tool needs <code>Authorization: Bearer &lt;key&gt;</code>.</p>
<p>Machine-readable: <a href="${esc(baseUrl)}/catalogue.json">catalogue.json</a> · REST: <code>${esc(baseUrl)}/api/connectors/&lt;slug&gt;/…</code>, reference at <a href="${esc(baseUrl)}/api/docs">/api/docs</a> · <a href="#get-a-key">Get a key</a></p>
<input id="filter" type="search" placeholder="Filter by name, owner, country…" aria-label="Filter servers">
<table class="cards"><thead><tr><th>Server</th><th>Availability</th><th>Tier</th><th>Tools</th><th>Key needed</th><th>URL</th></tr></thead><tbody>${rows}</tbody></table>
${gettingStarted(baseUrl)}`;
  return page('Nordic open-data tool servers', body);
}

export function renderServer(s: ServerRecord, examples: Map<string, unknown>, baseUrl: string): string {
  const config = JSON.stringify({ mcpServers: { [s.slug]: { type: 'http', url: s.url, headers: { Authorization: 'Bearer ${API_KEY}' } } } }, null, 2);
  const tools = s.tools
    .map(
      (t) => `<section class="tool" id="${esc(t.name)}"><h3><code>${esc(t.name)}</code> ${toolMark(t)}</h3><p><strong>${esc(t.annotations.title)}</strong>. ${esc(t.description)}</p>
${paramsTable(t.inputSchema)}<p class="muted">REST twin: <code>GET ${esc(t.route)}</code></p>${exampleCall(s.url, t, examples.get(t.name))}</section>`,
    )
    .join('');
  const docs = s.docs.map((d) => `<a href="${esc(d.url)}">${esc(d.label)}</a>`).join(' · ');
  const body = `<nav><a href="../mcp">← All servers</a></nav><h1>${serverIcon(s, baseUrl, 32)}${esc(s.name)}</h1>
<p class="lead">${esc(s.owner)} · ${availabilityMark(s)} · tier ${esc(s.tier)} · licence ${esc(s.license)}${s.availabilityNote ? ` · ${esc(s.availabilityNote)}` : ''}</p>
<p>${esc(s.description)}</p><p>MCP URL: ${copyable(s.url)}</p>${docs ? `<p>Documentation: ${docs}</p>` : ''}
<p>Data source: <a href="${esc(s.dataSourceUrl)}">${esc(s.dataSourceUrl)}</a> · REST reference: <a href="${esc(baseUrl)}/api/docs">/api/docs</a></p>
<h2>Connect</h2><p>Add this to your MCP client configuration (streamable HTTP). <code>tools/list</code> works without a key; <code>tools/call</code> needs one (<a href="#get-a-key">get a key</a>).</p>${copyableBlock(config)}
<h2>Tools (${s.tools.length})</h2>${tools}
${gettingStarted(baseUrl)}`;
  return page(`${s.name} · MCP server`, body);
}

export function renderPostNotice(servers: ServerRecord[], jsonRpc: boolean): string {
  const list = servers.map((s) => `<li><code>${esc(s.url)}</code> — ${esc(s.name)}</li>`).join('');
  const intro = jsonRpc
    ? '<p><strong>This address is not an MCP endpoint.</strong> Your request looks like JSON-RPC: send it to the URL of one source server instead, <code>/mcp/&lt;slug&gt;</code>, listed below.</p>'
    : '<p>This is the landing page for people. MCP clients connect to one server per source, listed below.</p>';
  return page('Use a per-source MCP URL', `<h1>Use a per-source MCP URL</h1>${intro}<ul>${list}</ul>`);
}
