// The install options of a server page (/mcp/<slug>): one function that turns a server's name and
// URL, and a key the reader may have pasted, into every command, link and config snippet. It is
// written once, as browser JavaScript: the page's script (landing/assets.ts) carries this source
// and runs it when a key is pasted, and the server runs the same source once at start-up to render
// the page without a key. A key never leaves the page: it is put into text and links, not sent.
//
// Formats, as the vendors document them:
// - Claude Code: `claude mcp add --transport http <name> <url> --header "Authorization: Bearer <key>"`
//   (code.claude.com/docs/en/mcp, "Add a remote HTTP server"; options before the name, --header after the URL).
// - Cursor: `cursor://anysphere.cursor-deeplink/mcp/install?name=<name>&config=<base64 of the
//   mcp.json server object>` (cursor.com/docs/mcp/install-links; the object is `{url, headers}`
//   without the name, and `${env:NAME}` is Cursor's interpolation of an environment variable).
//   The base64 is percent-encoded too: `+`, `/` and `=` are not plain query characters.
// - VS Code: `vscode:mcp/install?<encodeURIComponent(JSON.stringify({name, ...config}))>`, Insiders
//   `vscode-insiders:` (code.visualstudio.com/api/extension-guides/ai/mcp, "Create an MCP
//   installation URL"), and `code --add-mcp '<the same JSON>'` (docs/copilot/customization/mcp-servers,
//   "Command-line configuration"). Without a key the JSON asks VS Code for one with an `inputs`
//   entry (promptString, password) referenced as `${input:<id>}` in the header.
// - mcp-remote (for clients that speak only stdio): `npx -y mcp-remote <url> --header
//   "Authorization: Bearer <key>"`; in a client's JSON config the header is
//   `Authorization:${AUTH_HEADER}` with the value in env, the workaround mcp-remote's README gives
//   for clients that mangle spaces in args; `--allow-http` when the URL is plain http.
// Shell words are single-quoted unless they are made only of characters no shell treats specially.

/** What the page knows of a server. `env` and `input` name the placeholders used without a key. */
export interface InstallTarget {
  name: string;
  url: string;
  /** The environment variable a command or config refers to when no key was pasted. */
  env: string;
  /** The id of VS Code's input that prompts for the key when no key was pasted. */
  input: string;
}

export interface InstallOptions {
  claudeCode: string;
  cursor: string;
  vscode: string;
  vscodeInsiders: string;
  codeAddMcp: string;
  json: string;
  mcpRemote: string;
  mcpRemoteCommand: string;
}

/** The browser source of `buildInstall(target, key)` and its helpers (ES2017, no dependencies). */
export const INSTALL_BUILDER = String.raw`function shellQuote(s) {
  return /^[A-Za-z0-9_\/.:=@%+,-]+$/.test(s) ? s : "'" + s.replace(/'/g, "'\\''") + "'";
}
function base64Utf8(s) {
  var bytes = new TextEncoder().encode(s), bin = '';
  for (var i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
  return btoa(bin);
}
function buildInstall(d, key) {
  var k = typeof key === 'string' ? key.trim() : '';
  var has = k.length > 0;
  var bearer = function (placeholder) { return 'Bearer ' + (has ? k : placeholder); };
  var plainHttp = /^http:/i.test(d.url);
  var cursorConfig = { url: d.url, headers: { Authorization: bearer('${'$'}{env:' + d.env + '}') } };
  var vscode = { name: d.name, type: 'http', url: d.url, headers: { Authorization: bearer('${'$'}{input:' + d.input + '}') } };
  if (!has) vscode.inputs = [{ type: 'promptString', id: d.input, description: 'API key for ' + d.url, password: true }];
  var vscodeJson = JSON.stringify(vscode);
  var servers = {};
  servers[d.name] = { type: 'http', url: d.url, headers: { Authorization: bearer('${'$'}{' + d.env + '}') } };
  var remote = {};
  remote[d.name] = {
    command: 'npx',
    args: ['-y', 'mcp-remote', d.url, '--header', 'Authorization:${'$'}{AUTH_HEADER}'].concat(plainHttp ? ['--allow-http'] : []),
    env: { AUTH_HEADER: bearer('YOUR_API_KEY') }
  };
  var header = has ? shellQuote('Authorization: Bearer ' + k) : '"Authorization: Bearer $' + d.env + '"';
  return {
    claudeCode: 'claude mcp add --transport http ' + shellQuote(d.name) + ' ' + shellQuote(d.url) + ' --header ' + header,
    cursor: 'cursor://anysphere.cursor-deeplink/mcp/install?name=' + encodeURIComponent(d.name) + '&config=' + encodeURIComponent(base64Utf8(JSON.stringify(cursorConfig))),
    vscode: 'vscode:mcp/install?' + encodeURIComponent(vscodeJson),
    vscodeInsiders: 'vscode-insiders:mcp/install?' + encodeURIComponent(vscodeJson),
    codeAddMcp: 'code --add-mcp ' + shellQuote(vscodeJson),
    json: JSON.stringify({ mcpServers: servers }, null, 2),
    mcpRemote: JSON.stringify({ mcpServers: remote }, null, 2),
    mcpRemoteCommand: 'npx -y mcp-remote ' + shellQuote(d.url) + ' --header ' + header + (plainHttp ? ' --allow-http' : '')
  };
}`;

/** The same function, for the server side (rendering the page without a key, and tests). */
export const buildInstall = new Function(`${INSTALL_BUILDER}\nreturn buildInstall;`)() as (target: InstallTarget, key?: string) => InstallOptions;

/** The placeholders of this service's pages. */
export const installTarget = (name: string, url: string): InstallTarget => ({ name, url, env: 'API_KEY', input: 'nordic-open-data-api-key' });

/** Whether a pasted key looks like one: printable ASCII without spaces (what a header value of a Bearer token may hold). */
export const KEY_SHAPE = /^[\x21-\x7e]+$/;
