// Small HTML helpers for the landing pages: escaping, the page frame (style and copy script) and
// the pieces every page shares.

export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// Tables with class `cards` become one card per row on a narrow screen (each cell labelled by its
// data-label), so that nothing is wider than a phone; long codes and URLs wrap anywhere.
const STYLE = `
:root{--fg:#1b1f24;--muted:#5b6570;--line:#d9dee4;--bg:#fff;--accent:#0b5cad;--ok:#1a7f37;--warn:#9a6700;--bad:#b42318}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:1100px;margin:0 auto;padding:24px}h1{font-size:1.6rem;margin:0 0 4px}h2{font-size:1.2rem;margin:28px 0 8px}
a{color:var(--accent)}p.lead{color:var(--muted);margin:0 0 16px}code,pre{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace;overflow-wrap:anywhere}
pre{background:#f6f8fa;border:1px solid var(--line);border-radius:6px;padding:10px;margin:0;white-space:pre-wrap;max-width:100%}
.snippet{position:relative;margin:8px 0}.snippet button.copy{position:absolute;top:6px;right:6px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid var(--line);vertical-align:top}
th{font-size:.8rem;text-transform:uppercase;letter-spacing:.03em;color:var(--muted)}
.badge{display:inline-block;padding:0 6px;border-radius:10px;font-size:.75rem;border:1px solid currentColor}
.b-na{color:var(--ok)}.b-degraded{color:var(--warn)}.b-deprecated{color:var(--bad)}.b-planned,.b-not_configured,.b-needs-credentials{color:var(--warn)}.b-active{color:var(--ok)}
.url{display:flex;flex-wrap:wrap;gap:6px;align-items:center;min-width:0}.url code{background:#f6f8fa;padding:2px 6px;border-radius:4px;min-width:0}
button.copy{font-size:.75rem;padding:2px 8px;border:1px solid var(--line);border-radius:4px;background:#fff;cursor:pointer;flex:none}
input#filter{width:100%;padding:8px;border:1px solid var(--line);border-radius:6px;margin:8px 0 12px;font-size:15px}
.tool{border:1px solid var(--line);border-radius:8px;padding:12px 14px;margin:12px 0}.tool h3{margin:0;font-size:1rem;overflow-wrap:anywhere}
.muted{color:var(--muted)}nav{margin-bottom:12px}img.icon{vertical-align:middle;margin-right:8px;border-radius:5px}
@media (max-width:720px){main{padding:14px}
table.cards,.cards tbody,.cards tr,.cards td{display:block;width:100%}.cards thead{display:none}
.cards tr{border:1px solid var(--line);border-radius:8px;margin:0 0 10px;padding:4px 0}.cards td{border:0;padding:3px 10px}.cards td.short{display:inline-block;width:auto}
.cards td[data-label]:not(:first-child)::before{content:attr(data-label) ": ";color:var(--muted);font-size:.8rem}}
`;

// Copying: the Clipboard API exists only in secure contexts (https, localhost); elsewhere a hidden
// textarea and execCommand('copy'); when that fails too, the text is selected and the button asks
// the reader to press the copy keys. It says "Copied" only when a copy succeeded.
const COPY_SCRIPT = `(function(){
function viaTextarea(t){var a=document.createElement('textarea');a.value=t;a.setAttribute('readonly','');a.style.position='fixed';a.style.top='0';a.style.left='0';a.style.opacity='0';document.body.appendChild(a);a.select();var ok=false;try{ok=document.execCommand('copy')===true}catch(e){ok=false}document.body.removeChild(a);return ok}
function copy(t){if(navigator.clipboard&&window.isSecureContext){return navigator.clipboard.writeText(t).then(function(){return true},function(){return viaTextarea(t)})}return Promise.resolve(viaTextarea(t))}
function selectShown(b){var el=b.parentNode.querySelector('code,pre');if(!el)return;var r=document.createRange();r.selectNodeContents(el);var s=window.getSelection();s.removeAllRanges();s.addRange(r)}
document.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('button.copy');if(!b)return;
copy(b.getAttribute('data-copy')).then(function(ok){if(!ok)selectShown(b);b.textContent=ok?'Copied':'Press Ctrl+C / \\u2318C to copy';setTimeout(function(){b.textContent='Copy'},ok?1200:5000)})});
var f=document.getElementById('filter');if(f){f.addEventListener('input',function(){var q=f.value.toLowerCase();document.querySelectorAll('tr[data-search]').forEach(function(r){r.style.display=r.getAttribute('data-search').indexOf(q)>=0?'':'none'})})}
})();`;

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main><script>${COPY_SCRIPT}</script></body></html>`;
}

function copyButton(text: string): string {
  return `<button class="copy" type="button" data-copy="${esc(text)}">Copy</button>`;
}

/** A short text (a URL) with its copy button. */
export function copyable(text: string): string {
  return `<span class="url"><code>${esc(text)}</code>${copyButton(text)}</span>`;
}

/** A preformatted snippet (a client configuration) with its copy button. */
export function copyableBlock(text: string): string {
  return `<div class="snippet"><pre>${esc(text)}</pre>${copyButton(text)}</div>`;
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
