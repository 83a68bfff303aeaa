// The consent page of the authorization server: server-rendered, no script, every value escaped,
// under a Content-Security-Policy that lets its form go only here and, through the provider's
// redirects, to the client's redirect URI (browsers hold form-action to the whole redirect chain).
import { esc } from '../../landing/html.js';
import { LANDING_STYLESHEET } from '../../landing/assets.js';

export interface ConsentView {
  uid: string;
  clientName: string;
  /** The client's id: a URL for a Client ID Metadata Document, else the registered id. */
  clientId: string;
  /** Where the client will receive the answer (shown so a person sees who gets access). */
  redirectUri: string;
  /** The MCP server URLs the token is for. */
  resources: string[];
  scopes: string[];
  allowSignup: boolean;
  /** A refusal to show above the form (an unknown key, a key without the scope). */
  error?: string;
  /** A Dev key just created: shown once, and filled into the form. */
  newKey?: string;
}

/** The form-action sources: this service, and the origin (or scheme) of the client's redirect URI. */
export function consentPolicy(redirectUri: string): string {
  let target = '';
  const url = URL.parse(redirectUri);
  if (url) target = url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : url.protocol;
  // Only characters a CSP source may hold: a hostile redirect URI cannot add a directive.
  if (!/^[A-Za-z0-9+.:/\-[\]]*$/.test(target)) target = '';
  return `default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'${target ? ` ${target}` : ''}; base-uri 'none'; frame-ancestors 'none'`;
}

export function consentHeaders(redirectUri: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': consentPolicy(redirectUri),
    'cache-control': 'no-store',
    // Not no-referrer: under it a browser sends `Origin: null` with the form's POST, which the
    // rebinding guard refuses; same-origin sends the origin here and nothing to other sites.
    'referrer-policy': 'same-origin',
    'x-frame-options': 'DENY',
  };
}

function frame(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><link rel="stylesheet" href="${LANDING_STYLESHEET.path}"></head><body><main>${body}</main></body></html>`;
}

export function renderConsent(view: ConsentView): string {
  const action = `/oauth/interaction/${encodeURIComponent(view.uid)}`;
  const servers = view.resources.map((r) => `<li><code>${esc(r)}</code></li>`).join('');
  const error = view.error ? `<p class="error" role="alert"><strong>${esc(view.error)}</strong></p>` : '';
  const newKey = view.newKey
    ? `<p role="status">Your new Dev key, shown only now: copy it and keep it safe. It is filled in below.</p><p><code>${esc(view.newKey)}</code></p>`
    : '';
  const signup = view.allowSignup && !view.newKey
    ? `<form method="post" action="${esc(action)}"><input type="hidden" name="action" value="signup"><p>No key yet? <button type="submit">Create a Dev key</button></p></form>`
    : '';
  return frame(
    'Authorize an MCP client',
    `<h1>Authorize an MCP client</h1>
<p><strong>${esc(view.clientName)}</strong> asks to call tools on your behalf.</p>
<dl><dt>Client</dt><dd><code>${esc(view.clientId)}</code></dd><dt>Answer goes to</dt><dd><code>${esc(view.redirectUri)}</code></dd>
<dt>Servers</dt><dd><ul>${servers}</ul></dd><dt>Scope</dt><dd><code>${esc(view.scopes.join(' ') || '(none)')}</code></dd></dl>
<p>Prove who you are with one of your API keys. The client never sees the key: it gets a token that lasts a short while, carries this key's tier and scopes, and counts against this key's rate limits. Revoking the key ends the token.</p>
${error}${newKey}
<form method="post" action="${esc(action)}">
<label for="key">Your API key</label>
<input id="key" name="key" type="password" autocomplete="off" required maxlength="512" value="${esc(view.newKey ?? '')}">
<p><button type="submit" name="action" value="approve">Allow</button> <button type="submit" name="action" value="deny" formnovalidate>Deny</button></p>
</form>
${signup}`,
  );
}

export function renderMessage(title: string, message: string): string {
  return frame(title, `<h1>${esc(title)}</h1><p>${esc(message)}</p>`);
}

/**
 * An authorization that cannot go on, shown here and never sent to the client's redirect URI
 * (whoever registered that URI could otherwise bounce people to it through this service).
 */
export function renderAuthorizationError(error: string, description?: string): string {
  const detail = description ? `: ${esc(description)}` : '';
  return frame(
    'Authorization failed',
    `<h1>Authorization failed</h1><p role="alert"><code>${esc(error)}</code>${detail}</p><p>Nothing was granted. Go back to your MCP client and connect again; if this repeats, the client sends a request this service does not accept.</p>`,
  );
}
