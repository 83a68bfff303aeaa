// Small HTML helpers for the landing pages: escaping, the page frame (its stylesheet and script
// are served files, landing/assets.ts) and the pieces every page shares.
import { LANDING_POLICY, LANDING_SCRIPT, LANDING_STYLESHEET } from './assets.js';

/** The headers of every landing page: HTML under the pages' Content-Security-Policy. */
export const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': LANDING_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><link rel="stylesheet" href="${LANDING_STYLESHEET.path}"></head><body><main>${body}</main><script src="${LANDING_SCRIPT.path}"></script></body></html>`;
}

function copyButton(text: string): string {
  return `<button class="copy" type="button" data-copy="${esc(text)}">Copy</button>`;
}

/** A short text (a URL) with its copy button. */
export function copyable(text: string): string {
  return `<span class="url"><code>${esc(text)}</code>${copyButton(text)}</span>`;
}

/** A preformatted snippet (a client configuration) with its copy button; `install` names the option the page's script refills. */
export function copyableBlock(text: string, install?: string): string {
  return `<div class="snippet"><pre${install ? ` data-install="${esc(install)}"` : ''}>${esc(text)}</pre>${copyButton(text)}</div>`;
}

export function badge(label: string, cls: string): string {
  return `<span class="badge b-${esc(cls)}">${esc(label)}</span>`;
}

/** Where people find the API reference and how to get a key; on every landing page. */
export function gettingStarted(baseUrl: string): string {
  return `<h2 id="get-a-key">Get a key</h2>
<p>Listing tools (<code>tools/list</code>) needs no key. Calling a tool, and every <code>/api</code> route, needs a key issued by whoever runs this service: ask its operator for one and send it as <code>Authorization: Bearer &lt;key&gt;</code>. Operators create keys with <code>npm run keys -- create --tier dev</code> (the README's “API keys” section).</p>
<p>REST API reference: <a href="${esc(baseUrl)}/api/docs">${esc(baseUrl)}/api/docs</a> (OpenAPI: <a href="${esc(baseUrl)}/api/openapi.json">openapi.json</a>) · Machine-readable catalogue: <a href="${esc(baseUrl)}/catalogue.json">catalogue.json</a></p>`;
}
