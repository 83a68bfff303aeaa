// GET /data/<source>, the `dataSourceUrl` of every server record (tool-server spec 2.1): a page
// about the source for people, and its source record for programs (JSON when Accept prefers it,
// the record of GET /api/v1/sources/{key}: the sources.get tool answers both).
import type { Context } from 'hono';
import Negotiator from 'negotiator';
import { fail, type ToolError } from '../runtime/errors.js';
import { problemResponse } from '../runtime/http/problem.js';
import type { AppEnv } from '../runtime/http/request.js';
import { invokeTool } from '../runtime/invoke.js';
import type { Services } from '../runtime/services.js';
import { HTML_HEADERS, badge, esc, gettingStarted, page } from './html.js';

const SOURCE_KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const HTML = { ...HTML_HEADERS, vary: 'Accept' };

/** The fields of a source record (sources.get) this page shows. */
interface SourceView {
  key: string;
  name: string;
  status: string;
  owner: string;
  countries: string[];
  license: string;
  docs: { label: string; url: string }[];
  server: string | null;
  serverUrl: string | null;
  dataUrl: string;
  health: { status: string };
  note?: string;
  toolList: { name: string; status: string; route: string }[];
}

function prefersJson(accept: string | undefined): boolean {
  return new Negotiator({ headers: { accept: accept ?? '*/*' } }).mediaType(['text/html', 'application/json']) === 'application/json';
}

export function renderSourcePage(s: SourceView, baseUrl: string): string {
  const docs = s.docs.length ? s.docs.map((d) => `<a href="${esc(d.url)}">${esc(d.label)}</a>`).join(' · ') : '<span class="muted">none known</span>';
  const server = s.server && s.serverUrl ? `<a href="${esc(s.serverUrl)}">${esc(s.server)}</a> (<code>${esc(s.serverUrl)}</code>)` : '<span class="muted">none: no MCP server serves this source yet</span>';
  const tools = s.toolList
    .map((t) => `<li><a href="${esc(`${s.serverUrl}#${t.name}`)}"><code>${esc(t.name)}</code></a> ${badge(t.status, t.status)} <span class="muted">REST: <code>GET ${esc(t.route)}</code></span></li>`)
    .join('');
  const record = `${baseUrl}/api/v1/sources/${s.key}`;
  const body = `<nav><a href="${esc(baseUrl)}/mcp">← All servers</a></nav><h1>${esc(s.name)}</h1>
<p class="lead">Data source <code>${esc(s.key)}</code> · ${esc(s.status)} · health ${esc(s.health.status)}</p>
<table><tbody>
<tr><th>Owner</th><td>${esc(s.owner)}</td></tr>
<tr><th>Countries</th><td>${esc(s.countries.join(', '))}</td></tr>
<tr><th>Licence</th><td>${esc(s.license)}</td></tr>
<tr><th>Upstream documentation</th><td>${docs}</td></tr>
<tr><th>MCP server</th><td>${server}</td></tr>
<tr><th>Data proxy</th><td><code>${esc(s.dataUrl)}/{endepunkt}</code></td></tr>
</tbody></table>${s.note ? `<p>${esc(s.note)}</p>` : ''}
<h2>Tools (${s.toolList.length})</h2>${tools ? `<ul>${tools}</ul>` : '<p class="muted">No tools.</p>'}
<h2>For programs</h2><p>This address answers the source record as JSON when the request prefers it (<code>Accept: application/json</code>); the same record, with a key, at <a href="${esc(record)}"><code>${esc(record)}</code></a>.</p>
${gettingStarted(baseUrl)}`;
  return page(`${s.name} · data source`, body);
}

function errorPage(error: ToolError, baseUrl: string): string {
  const title = error.status === 404 ? 'Unknown data source' : 'Data source unavailable';
  return page(title, `<h1>${title}</h1><p>${esc(error.message)}</p><p><a href="${esc(baseUrl)}/mcp">All servers</a></p>`);
}

/** The handler of GET /data/:source (the app puts the anonymous allowance in front of it). */
export function dataSourceHandler(services: Services) {
  const base = services.config.publicBaseUrl;
  const tool = services.registry.server('sources')?.toolsByName.get('sources.get');
  return async (c: Context<AppEnv>): Promise<Response> => {
    const log = c.get('log');
    log.route = 'data-source';
    const key = c.req.param('source') ?? '';
    const json = prefersJson(c.req.header('accept'));
    const refuse = (error: ToolError): Response => {
      log.outcome = error.code;
      if (!json) return c.body(errorPage(error, base), error.status as 404, HTML);
      const res = problemResponse(error, base, c.get('reqId'));
      res.headers.set('vary', 'Accept');
      return res;
    };
    if (!tool) return refuse(fail.upstream('The source catalogue (the sources server) is not loaded in this service.', { status: 503 }));
    if (!SOURCE_KEY.test(key) || key.length > 64) return refuse(fail.notFound(`No source has the key "${key.slice(0, 64)}"; ${base}/mcp lists the servers and their sources.`));
    const outcome = await invokeTool(tool, { key }, services.invokeDeps, c.get('stats'), c.get('reqId'));
    if (!outcome.ok) return refuse(outcome.error);
    log.outcome = 'ok';
    if (json) return c.body(outcome.json, 200, { 'content-type': 'application/json', vary: 'Accept' });
    return c.body(renderSourcePage(outcome.data as SourceView, base), 200, HTML);
  };
}
