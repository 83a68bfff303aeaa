// The stylesheet and the script of the landing pages, served by this service as files named by the
// hash of their content (/assets/landing-<hash>.css and .js, cached for a year), so that the pages
// carry no inline script or style and can be served under a strict Content-Security-Policy.
import { CSS, JAVASCRIPT, textAsset, type Asset } from '../runtime/rest/docs-assets.js';
import { INSTALL_BUILDER } from './install.js';

// Tables with class `cards` become one card per row on a narrow screen (each cell labelled by its
// data-label), so that nothing is wider than a phone; long codes and URLs wrap anywhere.
const STYLE = `
:root{--fg:#1b1f24;--muted:#5b6570;--line:#d9dee4;--bg:#fff;--accent:#0b5cad;--ok:#1a7f37;--warn:#9a6700;--bad:#b42318}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:1100px;margin:0 auto;padding:24px}h1{font-size:1.6rem;margin:0 0 4px}h2{font-size:1.2rem;margin:28px 0 8px}h3{font-size:1rem;margin:18px 0 4px}
a{color:var(--accent)}p.lead{color:var(--muted);margin:0 0 16px}code,pre{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace;overflow-wrap:anywhere}
pre{background:#f6f8fa;border:1px solid var(--line);border-radius:6px;padding:10px;margin:0;white-space:pre-wrap;max-width:100%}
.snippet{position:relative;margin:8px 0}.snippet pre{padding-right:64px}.snippet button.copy{position:absolute;top:6px;right:6px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid var(--line);vertical-align:top}
th{font-size:.8rem;text-transform:uppercase;letter-spacing:.03em;color:var(--muted)}
.badge{display:inline-block;padding:0 6px;border-radius:10px;font-size:.75rem;border:1px solid currentColor}
.b-na{color:var(--ok)}.b-degraded{color:var(--warn)}.b-deprecated{color:var(--bad)}.b-planned,.b-not_configured,.b-needs-credentials{color:var(--warn)}.b-no-readable-source{color:var(--bad)}.b-active{color:var(--ok)}
.url{display:flex;flex-wrap:wrap;gap:6px;align-items:center;min-width:0}.url code{background:#f6f8fa;padding:2px 6px;border-radius:4px;min-width:0}
button.copy{font-size:.75rem;padding:2px 8px;border:1px solid var(--line);border-radius:4px;background:#fff;cursor:pointer;flex:none}
input#filter{width:100%;padding:8px;border:1px solid var(--line);border-radius:6px;margin:8px 0 12px;font-size:15px}
.tool{border:1px solid var(--line);border-radius:8px;padding:12px 14px;margin:12px 0}.tool h3{margin:0;font-size:1rem;overflow-wrap:anywhere}
.muted{color:var(--muted)}nav{margin-bottom:12px}img.icon{vertical-align:middle;margin-right:8px;border-radius:5px}
.install{border:1px solid var(--line);border-radius:8px;padding:4px 16px 12px}
.keyrow{display:flex;flex-wrap:wrap;gap:6px 10px;align-items:center}.keyrow label{font-weight:600}
.keyrow input{flex:1 1 260px;min-width:0;padding:8px;border:1px solid var(--line);border-radius:6px;font:14px ui-monospace,SFMono-Regular,Menlo,monospace}
.keynote{flex-basis:100%;margin:0}.keynote.bad{color:var(--bad)}
.buttons{display:flex;flex-wrap:wrap;gap:8px}.buttons a{display:inline-block;padding:6px 12px;border:1px solid var(--accent);border-radius:6px;text-decoration:none;font-weight:600}
.install ol{padding-left:22px}.install li{margin:4px 0}
@media (max-width:720px){main{padding:14px}.install{padding:4px 10px 10px}
table.cards,.cards tbody,.cards tr,.cards td{display:block;width:100%}.cards thead{display:none}
.cards tr{border:1px solid var(--line);border-radius:8px;margin:0 0 10px;padding:4px 0}.cards td{border:0;padding:3px 10px}.cards td.short{display:inline-block;width:auto}
.cards td[data-label]:not(:first-child)::before{content:attr(data-label) ": ";color:var(--muted);font-size:.8rem}}
`;

// Copying: the Clipboard API exists only in secure contexts (https, localhost); elsewhere a hidden
// textarea and execCommand('copy'); when that fails too, the text is selected and the button asks
// the reader to press the copy keys. It says "Copied" only when a copy succeeded.
// The install panel: a pasted key is put into every command, link and snippet of the panel, in the
// page only. The script sends nothing (the page's policy allows it no connection either) and
// stores nothing; the field is not part of any form.
const SCRIPT = `(function(){
'use strict';
${INSTALL_BUILDER}
function viaTextarea(t){var a=document.createElement('textarea');a.value=t;a.setAttribute('readonly','');a.style.position='fixed';a.style.top='0';a.style.left='0';a.style.opacity='0';document.body.appendChild(a);a.select();var ok=false;try{ok=document.execCommand('copy')===true}catch(e){ok=false}document.body.removeChild(a);return ok}
function copy(t){if(navigator.clipboard&&window.isSecureContext){return navigator.clipboard.writeText(t).then(function(){return true},function(){return viaTextarea(t)})}return Promise.resolve(viaTextarea(t))}
function selectShown(b){var el=b.parentNode.querySelector('code,pre');if(!el)return;var r=document.createRange();r.selectNodeContents(el);var s=window.getSelection();s.removeAllRanges();s.addRange(r)}
document.addEventListener('click',function(e){var b=e.target.closest&&e.target.closest('button.copy');if(!b)return;
copy(b.getAttribute('data-copy')).then(function(ok){if(!ok)selectShown(b);b.textContent=ok?'Copied':'Press Ctrl+C / \\u2318C to copy';setTimeout(function(){b.textContent='Copy'},ok?1200:5000)})});
var f=document.getElementById('filter');if(f){f.addEventListener('input',function(){var q=f.value.toLowerCase();document.querySelectorAll('tr[data-search]').forEach(function(r){r.style.display=r.getAttribute('data-search').indexOf(q)>=0?'':'none'})})}
var panel=document.getElementById('install'),input=document.getElementById('api-key'),note=document.getElementById('api-key-note');
if(panel&&input){var target=JSON.parse(panel.getAttribute('data-server'));
var fill=function(){var key=input.value.trim();var out=buildInstall(target,key);
panel.querySelectorAll('[data-install]').forEach(function(el){var v=out[el.getAttribute('data-install')];if(typeof v!=='string')return;
if(el.tagName==='A'){el.setAttribute('href',v)}else{el.textContent=v;var b=el.parentNode.querySelector('button.copy');if(b)b.setAttribute('data-copy',v)}});
if(note){var odd=key!==''&&!/^[\\x21-\\x7e]+$/.test(key);note.className='keynote muted'+(odd?' bad':'');
note.textContent=key===''?'':odd?'That does not look like a key: keys are printable ASCII without spaces. It is filled in as pasted.':'Your key is filled in below, in this page only.'}};
input.addEventListener('input',fill);if(input.value)fill()}
})();
`;

export const LANDING_STYLESHEET: Asset = textAsset('/assets/landing', 'css', CSS, STYLE);
export const LANDING_SCRIPT: Asset = textAsset('/assets/landing', 'js', JAVASCRIPT, SCRIPT);
export const LANDING_ASSETS: Asset[] = [LANDING_STYLESHEET, LANDING_SCRIPT];

/**
 * The policy of every landing page: its own stylesheet, script and images, nothing inline, no
 * connection of any kind (a pasted key could not be sent even by a script that tried), no forms,
 * no framing.
 */
export const LANDING_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'none'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'";
