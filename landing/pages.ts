// The /mcp landing pages for people: the server list, one page per server with its tools,
// parameters, bounds and an example call, and the answer to a POST on /mcp. Rendered once at start.
import type { ServerRecord, ToolRecord } from '../runtime/catalogue.js';
import { badge, copyable, esc, page } from './html.js';

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

function bounds(p: JsonSchemaProperty): string {
  const parts: string[] = [];
  if (p.minimum !== undefined && p.maximum !== undefined) parts.push(`${p.minimum} to ${p.maximum}`);
  else if (p.minimum !== undefined) parts.push(`≥ ${p.minimum}`);
  else if (p.maximum !== undefined) parts.push(`≤ ${p.maximum}`);
  if (p.minLength !== undefined || p.maxLength !== undefined) parts.push(`length ${p.minLength ?? 0} to ${p.maxLength ?? '∞'}`);
  if (p.pattern) parts.push(`pattern <code>${esc(p.pattern)}</code>`);
  if (p.enum) parts.push(`one of ${p.enum.map((v) => `<code>${esc(JSON.stringify(v))}</code>`).join(', ')}`);
  if (p.items?.enum) parts.push(`items one of ${p.items.enum.map((v) => `<code>${esc(JSON.stringify(v))}</code>`).join(', ')}`);
  return parts.join('; ');
}

function typeOf(p: JsonSchemaProperty): string {
  if (p.type) return Array.isArray(p.type) ? p.type.join(' | ') : p.type === 'array' && p.items?.type ? `array of ${p.items.type}` : p.type;
  if (p.anyOf) return p.anyOf.map(typeOf).join(' | ');
  return 'any';
}

function paramsTable(schema: Record<string, unknown>): string {
  const props = (schema.properties ?? {}) as Record<string, JsonSchemaProperty>;
  const required = new Set((schema.required ?? []) as string[]);
  const names = Object.keys(props);
  if (names.length === 0) return '<p class="muted">No parameters.</p>';
  const rows = names
    .map((name) => {
      const p = props[name];
      return `<tr><td><code>${esc(name)}</code>${required.has(name) ? ' <strong>required</strong>' : ''}</td><td>${esc(typeOf(p))}</td><td>${bounds(p)}</td><td>${p.default !== undefined ? `<code>${esc(JSON.stringify(p.default))}</code>` : ''}</td><td>${esc(p.description ?? '')}</td></tr>`;
    })
    .join('');
  return `<table><thead><tr><th>Parameter</th><th>Type</th><th>Bounds</th><th>Default</th><th>Meaning</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function exampleCall(url: string, tool: ToolRecord, example: unknown): string {
  if (example === undefined) return '';
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool.name, arguments: example } });
  const curl = `curl -s ${url} \\\n  -H 'Content-Type: application/json' \\\n  -H 'Accept: application/json, text/event-stream' \\\n  -H 'Authorization: Bearer $API_KEY' \\\n  -d '${body.replace(/'/g, "'\\''")}'`;
  return `<p class="muted">Example call:</p><pre>${esc(curl)}</pre>`;
}

export function renderIndex(servers: ServerRecord[], totals: { servers: number; tools: number }, baseUrl: string): string {
  const rows = servers
    .map((s) => {
      const [label, cls] = availabilityLabel[s.available];
      const search = `${s.slug} ${s.name} ${s.owner} ${s.countries.join(' ')} ${s.description}`.toLowerCase();
      return `<tr data-search="${esc(search)}"><td><a href="${esc(`${baseUrl}/mcp/${s.slug}`)}">${esc(s.name)}</a><br><span class="muted">${esc(s.owner)}</span></td><td>${badge(label, cls)}</td><td>${esc(s.tier)}</td><td>${s.tools.length}</td><td>${s.requiresAuth ? 'for tools/call' : 'no'}</td><td>${copyable(s.url)}</td></tr>`;
    })
    .join('');
  const body = `<h1>Nordic open-data tool servers</h1>
<p class="lead">${totals.servers} MCP servers with ${totals.tools} read-only tools over Norwegian and Nordic public registers, statistics and agency data. One server per source: copy its URL into your MCP client. Listing tools needs no key; calling a tool needs <code>Authorization: Bearer &lt;key&gt;</code>.</p>
<p>Machine-readable: <a href="${esc(baseUrl)}/catalogue.json">catalogue.json</a> · REST: <code>${esc(baseUrl)}/api/connectors/&lt;slug&gt;/…</code></p>
<input id="filter" type="search" placeholder="Filter by name, owner, country…" aria-label="Filter servers">
<table><thead><tr><th>Server</th><th>Availability</th><th>Tier</th><th>Tools</th><th>Key needed</th><th>URL</th></tr></thead><tbody>${rows}</tbody></table>`;
  return page('Nordic open-data tool servers', body);
}

export function renderServer(s: ServerRecord, examples: Map<string, unknown>): string {
  const [label, cls] = availabilityLabel[s.available];
  const config = JSON.stringify({ mcpServers: { [s.slug]: { type: 'http', url: s.url, headers: { Authorization: 'Bearer ${API_KEY}' } } } }, null, 2);
  const tools = s.tools
    .map(
      (t) => `<section class="tool" id="${esc(t.name)}"><h3><code>${esc(t.name)}</code> ${badge(t.status, t.status)}</h3><p><strong>${esc(t.annotations.title)}</strong>. ${esc(t.description)}</p>
${paramsTable(t.inputSchema)}<p class="muted">REST twin: <code>GET ${esc(t.route)}</code></p>${exampleCall(s.url, t, examples.get(t.name))}</section>`,
    )
    .join('');
  const docs = s.docs.map((d) => `<a href="${esc(d.url)}">${esc(d.label)}</a>`).join(' · ');
  const body = `<nav><a href="../mcp">← All servers</a></nav><h1>${esc(s.name)}</h1>
<p class="lead">${esc(s.owner)} · ${badge(label, cls)} · tier ${esc(s.tier)} · licence ${esc(s.license)}${s.availabilityNote ? ` · ${esc(s.availabilityNote)}` : ''}</p>
<p>${esc(s.description)}</p><p>MCP URL: ${copyable(s.url)}</p>${docs ? `<p>Documentation: ${docs}</p>` : ''}
<h2>Connect</h2><p>Add this to your MCP client configuration (streamable HTTP). <code>tools/list</code> works without a key; <code>tools/call</code> needs one.</p><pre>${esc(config)}</pre>
<h2>Tools (${s.tools.length})</h2>${tools}`;
  return page(`${s.name} · MCP server`, body);
}

export function renderPostNotice(servers: ServerRecord[], jsonRpc: boolean): string {
  const list = servers.map((s) => `<li><code>${esc(s.url)}</code> — ${esc(s.name)}</li>`).join('');
  const intro = jsonRpc
    ? '<p><strong>This address is not an MCP endpoint.</strong> Your request looks like JSON-RPC: send it to the URL of one source server instead, <code>/mcp/&lt;slug&gt;</code>, listed below.</p>'
    : '<p>This is the landing page for people. MCP clients connect to one server per source, listed below.</p>';
  return page('Use a per-source MCP URL', `<h1>Use a per-source MCP URL</h1>${intro}<ul>${list}</ul>`);
}
