// Small HTML helpers for the landing pages: escaping and the page frame.

export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
:root{--fg:#1b1f24;--muted:#5b6570;--line:#d9dee4;--bg:#fff;--accent:#0b5cad;--ok:#1a7f37;--warn:#9a6700;--bad:#b42318}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:1100px;margin:0 auto;padding:24px}h1{font-size:1.6rem;margin:0 0 4px}h2{font-size:1.2rem;margin:28px 0 8px}
a{color:var(--accent)}p.lead{color:var(--muted);margin:0 0 16px}code,pre{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace}
pre{background:#f6f8fa;border:1px solid var(--line);border-radius:6px;padding:10px;overflow:auto}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid var(--line);vertical-align:top}
th{font-size:.8rem;text-transform:uppercase;letter-spacing:.03em;color:var(--muted)}
.badge{display:inline-block;padding:0 6px;border-radius:10px;font-size:.75rem;border:1px solid currentColor}
.b-na{color:var(--ok)}.b-degraded{color:var(--warn)}.b-deprecated{color:var(--bad)}.b-planned,.b-not_configured{color:var(--warn)}.b-active{color:var(--ok)}
.url{display:flex;gap:6px;align-items:center}.url code{background:#f6f8fa;padding:2px 6px;border-radius:4px;word-break:break-all}
button.copy{font-size:.75rem;padding:2px 8px;border:1px solid var(--line);border-radius:4px;background:#fff;cursor:pointer}
input#filter{width:100%;padding:8px;border:1px solid var(--line);border-radius:6px;margin:8px 0 12px;font-size:15px}
.tool{border:1px solid var(--line);border-radius:8px;padding:12px 14px;margin:12px 0}.tool h3{margin:0;font-size:1rem}
.muted{color:var(--muted)}nav{margin-bottom:12px}
`;

const COPY_SCRIPT = `document.addEventListener('click',function(e){var b=e.target.closest('button.copy');if(!b)return;navigator.clipboard&&navigator.clipboard.writeText(b.getAttribute('data-copy'));b.textContent='Copied';setTimeout(function(){b.textContent='Copy'},1200)});
var f=document.getElementById('filter');if(f){f.addEventListener('input',function(){var q=f.value.toLowerCase();document.querySelectorAll('tr[data-search]').forEach(function(r){r.style.display=r.getAttribute('data-search').indexOf(q)>=0?'':'none'})})}`;

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main><script>${COPY_SCRIPT}</script></body></html>`;
}

export function copyable(text: string): string {
  return `<span class="url"><code>${esc(text)}</code><button class="copy" type="button" data-copy="${esc(text)}">Copy</button></span>`;
}

export function badge(label: string, cls: string): string {
  return `<span class="badge b-${esc(cls)}">${esc(label)}</span>`;
}
