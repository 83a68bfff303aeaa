// The /mcp landing pages for people: the server list, one page per server with its tools,
// parameters, bounds and an example call, and the answer to a POST on /mcp. Rendered once at start,
// from the server records of this process (tool statuses under its credentials).
import { anyToolAnswers, type ServerRecord, type ToolRecord } from '../runtime/catalogue.js';
import { CATALOG_PATH, cardPath, registryPath } from '../runtime/server-card.js';
import { badge, copyable, copyableBlock, esc, gettingStarted, page } from './html.js';
import { buildInstall, installTarget } from './install.js';

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
  if (s.available !== 'deprecated' && !anyToolAnswers(s)) return badge('no readable source', 'no-readable-source');
  const missing = s.toolAvailability.needs_credentials;
  const live = missing + s.toolAvailability.answers;
  if (s.available !== 'deprecated' && missing > 0 && missing === live) {
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
  // Double quotes around the header, so that the shell puts the key of $API_KEY in.
  const curl = `curl -s ${url} \\\n  -H 'Content-Type: application/json' \\\n  -H 'Accept: application/json, text/event-stream' \\\n  -H "Authorization: Bearer $API_KEY" \\\n  -d '${body.replace(/'/g, "'\\''")}'`;
  return `<p class="muted">Example call:</p>${copyableBlock(curl)}`;
}

function toolMark(t: ToolRecord): string {
  if (t.availability === 'no_readable_source') return badge(`${t.status}: no readable source`, 'no-readable-source');
  return t.availability === 'needs_credentials' ? badge('not_configured: needs credentials on this host', 'not_configured') : badge(t.status, t.status);
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
<p>Machine-readable: <a href="${esc(baseUrl)}/catalogue.json">catalogue.json</a> · <a href="${esc(CATALOG_PATH)}">MCP catalog</a> (server cards) · REST: <code>${esc(baseUrl)}/api/connectors/&lt;slug&gt;/…</code>, reference at <a href="${esc(baseUrl)}/api/docs">/api/docs</a> · <a href="#get-a-key">Get a key</a></p>
<input id="filter" type="search" placeholder="Filter by name, owner, country…" aria-label="Filter servers">
<table class="cards"><thead><tr><th>Server</th><th>Availability</th><th>Tier</th><th>Tools</th><th>Key needed</th><th>URL</th></tr></thead><tbody>${rows}</tbody></table>
${gettingStarted(baseUrl)}`;
  return page('Nordic open-data tool servers', body);
}

/**
 * The install panel of a server page: one-click links, commands and config snippets for each kind
 * of client, rendered without a key; the page's script refills them from the key field.
 */
export function installPanel(s: ServerRecord): string {
  const target = installTarget(s.slug, s.url);
  const o = buildInstall(target);
  const { host, hostname } = new URL(s.url);
  const loopback = hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.');
  return `<h2 id="install-heading">Install</h2>
<section id="install" class="install" aria-labelledby="install-heading" data-server="${esc(JSON.stringify(target))}">
<p>Pick your client. Listing tools works without a key; calling one needs a key of this service (<a href="#get-a-key">get a key</a>). Paste yours here to have it filled into every link, command and snippet below. It stays in this page: nothing is sent anywhere or stored, and it is gone when you leave.</p>
<p class="keyrow"><label for="api-key">Your API key</label><input id="api-key" type="password" autocomplete="off" autocapitalize="off" spellcheck="false" placeholder="optional: paste a key to fill it in"><span id="api-key-note" class="keynote muted" role="status" aria-live="polite"></span></p>
<h3>One click</h3>
<p class="buttons"><a data-install="cursor" href="${esc(o.cursor)}">Add to Cursor</a><a data-install="vscode" href="${esc(o.vscode)}">Install in VS Code</a><a data-install="vscodeInsiders" href="${esc(o.vscodeInsiders)}">Install in VS Code Insiders</a></p>
<p class="muted">The editor opens and asks you to confirm. Without a key here, VS Code asks for it when the server starts and Cursor reads it from the environment variable <code>API_KEY</code>.</p>
<h3>Claude Code</h3>${copyableBlock(o.claudeCode, 'claudeCode')}
<p class="muted">Commands here are quoted for a POSIX shell (bash, zsh, WSL); on Windows use the links or the JSON config.</p>
<h3>VS Code from the command line</h3>${copyableBlock(o.codeAddMcp, 'codeAddMcp')}
<h3>Claude (claude.ai, Claude Desktop) and ChatGPT: connectors</h3>
<ol><li>Claude: open <strong>Settings → Connectors</strong> (<a href="https://claude.ai/customize/connectors">claude.ai/customize/connectors</a>), choose <strong>Add custom connector</strong>, give it a name and this URL as the remote MCP server URL, then <strong>Add</strong>.</li>
<li>ChatGPT: turn on <strong>Developer mode</strong> under <strong>Settings → Apps &amp; Connectors → Advanced settings</strong>, then <strong>Create</strong> a connector with a name, a description and this URL.</li></ol>
<p>Server URL: ${copyable(s.url)}</p>
<p class="muted">Connectors sign in with OAuth instead of a pasted key: they find where to sign in from the server's answer and send you to this service's sign-in page, where you enter one of your API keys (the connector never sees it, and gets a token bound to this server that carries the key's tier and limits). They connect from the vendor's cloud, so this URL must be reachable from the internet${loopback ? `: ${esc(host)} is this machine's own address, which no hosted connector can reach` : ` (${esc(host)} is what they will dial)`}.</p>
<h3>Config file (Claude Code <code>.mcp.json</code>, and clients that take the same JSON)</h3>${copyableBlock(o.json, 'json')}
<h3>Clients that speak only stdio: mcp-remote</h3>
<p class="muted">The <a href="https://github.com/geelen/mcp-remote">mcp-remote</a> bridge (Node.js 18 or later) runs on your machine and forwards to this URL. In a client's JSON config:</p>${copyableBlock(o.mcpRemote, 'mcpRemote')}
<p class="muted">Or on the command line:</p>${copyableBlock(o.mcpRemoteCommand, 'mcpRemoteCommand')}
<p class="muted">Machine-readable: <a href="${esc(cardPath(s.slug))}">server card</a> · <a href="${esc(registryPath(s.slug))}">server.json</a> (MCP Registry) · <a href="${esc(CATALOG_PATH)}">MCP catalog</a></p>
</section>`;
}

export function renderServer(s: ServerRecord, examples: Map<string, unknown>, baseUrl: string): string {
  const tools = s.tools
    .map(
      (t) => `<section class="tool" id="${esc(t.name)}"><h3><code>${esc(t.name)}</code> ${toolMark(t)}</h3><p><strong>${esc(t.annotations.title)}</strong>. ${esc(t.description)}</p>
${paramsTable(t.inputSchema)}<p class="muted">REST twin: <code>GET ${esc(t.route)}</code></p>${t.availability === 'answers' || t.availability === 'needs_credentials' ? exampleCall(s.url, t, examples.get(t.name)) : ''}</section>`,
    )
    .join('');
  const docs = s.docs.map((d) => `<a href="${esc(d.url)}">${esc(d.label)}</a>`).join(' · ');
  const body = `<nav><a href="../mcp">← All servers</a></nav><h1>${serverIcon(s, baseUrl, 32)}${esc(s.name)}</h1>
<p class="lead">${esc(s.owner)} · ${availabilityMark(s)} · tier ${esc(s.tier)} · licence ${esc(s.license)}${s.availabilityNote ? ` · ${esc(s.availabilityNote)}` : ''}</p>
<p>${esc(s.description)}</p><p>MCP URL: ${copyable(s.url)}</p>${docs ? `<p>Documentation: ${docs}</p>` : ''}
<p>Data source: <a href="${esc(s.dataSourceUrl)}">${esc(s.dataSourceUrl)}</a> · REST reference: <a href="${esc(baseUrl)}/api/docs">/api/docs</a></p>
${anyToolAnswers(s) ? installPanel(s) : '<p class="muted">No tool of this server can answer data (its source publishes nothing a program may read, or its tools are planned or retired), so there is nothing to install.</p>'}
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
