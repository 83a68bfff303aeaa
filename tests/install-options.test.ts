// The install options of a server page (issue 19 §2), without a browser: every command parses in a
// real shell to the words it means, whatever the key holds; every link decodes to the server's URL
// and header; the page renders them with no inline script or style and under its policy.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LANDING_POLICY, LANDING_SCRIPT } from '../landing/assets.js';
import { INSTALL_BUILDER, buildInstall, installTarget, type InstallOptions } from '../landing/install.js';
import { BASE, createTestApp } from './helpers/app.js';

const URL_HTTP = `${BASE}/mcp/brreg`;
const URL_HTTPS = 'https://data.example.no/mcp/brreg';
const KEYS = ['test-dev-key-000000000001', "it's", 'two words', '$(touch /tmp/pwned)', '`id`', 'back\\slash', '"dq"', 'æøå-ключ', '!history', 'a;b|c&d>e', '*'];

/**
 * The words a shell makes of a command line: the command's name is replaced by a function that
 * prints its arguments NUL-separated. `env` is the environment the shell runs in.
 */
function argv(command: string, env: Record<string, string> = {}): string[] {
  const name = command.split(' ')[0];
  const out = execFileSync('sh', ['-c', `${name}() { printf '%s\\0' "$@"; }\n${command}`], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
  return [name, ...out.split('\0').slice(0, -1)];
}

/** What the Cursor link carries: the name, and the server object decoded from its base64. */
function cursorOf(link: string): { name: string | null; config: unknown } {
  const url = new URL(link);
  expect(url.protocol).toBe('cursor:');
  expect(url.host).toBe('anysphere.cursor-deeplink');
  expect(url.pathname).toBe('/mcp/install');
  const config = url.searchParams.get('config') ?? '';
  return { name: url.searchParams.get('name'), config: JSON.parse(Buffer.from(config, 'base64').toString('utf8')) };
}

/** What a VS Code link carries: the JSON of its whole query. */
function vscodeOf(link: string, scheme: string): unknown {
  expect(link.startsWith(`${scheme}:mcp/install?`)).toBe(true);
  const query = link.slice(`${scheme}:mcp/install?`.length);
  // URL-encoded as encodeURIComponent does: nothing a URL would read differently is left bare.
  expect(query).toMatch(/^[A-Za-z0-9%\-_.!~*'()]+$/);
  return JSON.parse(decodeURIComponent(query));
}

describe('install options with a key', () => {
  it.each(KEYS)('carry the key %j intact in every command, link and snippet', (key) => {
    const o: InstallOptions = buildInstall(installTarget('brreg', URL_HTTPS), key);
    const header = `Authorization: Bearer ${key}`;
    expect(argv(o.claudeCode)).toEqual(['claude', 'mcp', 'add', '--transport', 'http', 'brreg', URL_HTTPS, '--header', header]);
    expect(argv(o.mcpRemoteCommand)).toEqual(['npx', '-y', 'mcp-remote', URL_HTTPS, '--header', header]);
    const vscode = { name: 'brreg', type: 'http', url: URL_HTTPS, headers: { Authorization: `Bearer ${key}` } };
    const added = argv(o.codeAddMcp);
    expect(added.slice(0, 2)).toEqual(['code', '--add-mcp']);
    expect(JSON.parse(added[2])).toEqual(vscode);
    expect(vscodeOf(o.vscode, 'vscode')).toEqual(vscode);
    expect(vscodeOf(o.vscodeInsiders, 'vscode-insiders')).toEqual(vscode);
    expect(cursorOf(o.cursor)).toEqual({ name: 'brreg', config: { url: URL_HTTPS, headers: { Authorization: `Bearer ${key}` } } });
    expect(JSON.parse(o.json)).toEqual({ mcpServers: { brreg: { type: 'http', url: URL_HTTPS, headers: { Authorization: `Bearer ${key}` } } } });
    expect(JSON.parse(o.mcpRemote)).toEqual({
      mcpServers: { brreg: { command: 'npx', args: ['-y', 'mcp-remote', URL_HTTPS, '--header', 'Authorization:${AUTH_HEADER}'], env: { AUTH_HEADER: `Bearer ${key}` } } },
    });
  });

  it('trims the white space around a pasted key', () => {
    const o = buildInstall(installTarget('brreg', URL_HTTPS), '  abc\n');
    expect(argv(o.claudeCode).at(-1)).toBe('Authorization: Bearer abc');
  });

  it('percent-encodes the Cursor config, whose base64 may hold + / =', () => {
    // Keys whose JSON makes base64 with each of those characters.
    const links = ['>>>', '???', 'ab', 'abcd'].map((key) => buildInstall(installTarget('brreg', URL_HTTPS), key).cursor);
    const raw = links.map((l) => l.split('config=')[1]);
    expect(raw.join('')).not.toMatch(/[+/=]/);
    expect(raw.some((r) => /%2B|%2F|%3D/.test(r))).toBe(true);
    for (const link of links) expect(cursorOf(link).config).toMatchObject({ url: URL_HTTPS });
  });
});

describe('install options without a key', () => {
  const o = buildInstall(installTarget('brreg', URL_HTTP));

  it('refer to $API_KEY in commands, so that the shell puts the key in', () => {
    const key = "k'ey with $pace";
    expect(argv(o.claudeCode, { API_KEY: key })).toEqual(['claude', 'mcp', 'add', '--transport', 'http', 'brreg', URL_HTTP, '--header', `Authorization: Bearer ${key}`]);
    expect(argv(o.mcpRemoteCommand, { API_KEY: key })).toEqual(['npx', '-y', 'mcp-remote', URL_HTTP, '--header', `Authorization: Bearer ${key}`, '--allow-http']);
  });

  it("let each client ask for the key or read it in its own way", () => {
    const vscode = {
      name: 'brreg',
      type: 'http',
      url: URL_HTTP,
      headers: { Authorization: 'Bearer ${input:nordic-open-data-api-key}' },
      inputs: [{ type: 'promptString', id: 'nordic-open-data-api-key', description: `API key for ${URL_HTTP}`, password: true }],
    };
    expect(vscodeOf(o.vscode, 'vscode')).toEqual(vscode);
    expect(JSON.parse(argv(o.codeAddMcp)[2])).toEqual(vscode);
    expect(cursorOf(o.cursor).config).toEqual({ url: URL_HTTP, headers: { Authorization: 'Bearer ${env:API_KEY}' } });
    expect(JSON.parse(o.json).mcpServers.brreg.headers).toEqual({ Authorization: 'Bearer ${API_KEY}' });
    const remote = JSON.parse(o.mcpRemote).mcpServers.brreg;
    expect(remote.args).toEqual(['-y', 'mcp-remote', URL_HTTP, '--header', 'Authorization:${AUTH_HEADER}', '--allow-http']);
    expect(remote.env).toEqual({ AUTH_HEADER: 'Bearer YOUR_API_KEY' });
  });

  it('quote a URL that a shell would read otherwise', () => {
    const odd = buildInstall(installTarget('brreg', 'https://x.example/mcp/brreg?a=1&b=$HOME'), 'k');
    expect(argv(odd.claudeCode)[6]).toBe('https://x.example/mcp/brreg?a=1&b=$HOME');
  });
});

describe('the server page', () => {
  const t = createTestApp();
  const html = (path: string) => t.fetch(path, { headers: { accept: 'text/html' } });

  it('renders every option without a key, as the builder makes them, and the key field outside any form', async () => {
    const page = await (await html('/mcp/brreg')).text();
    const o = buildInstall(installTarget('brreg', URL_HTTP));
    const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
    for (const name of ['cursor', 'vscode', 'vscodeInsiders'] as const) expect(page).toContain(`data-install="${name}" href="${attr(o[name])}"`);
    for (const name of ['claudeCode', 'codeAddMcp', 'json', 'mcpRemote', 'mcpRemoteCommand'] as const) {
      expect(page).toContain(`<pre data-install="${name}">${attr(o[name])}</pre><button class="copy" type="button" data-copy="${attr(o[name])}">`);
    }
    expect(page).toMatch(/<input id="api-key" type="password" autocomplete="off"/);
    expect(page).not.toContain('<form');
    expect(page).toContain('Add custom connector');
    expect(page).toContain('Developer mode');
    expect(page).toContain('href="/mcp/brreg/server-card"');
  });

  it('has no inline script, style or event handler, and carries its Content-Security-Policy on every page', async () => {
    const pages = [await html('/mcp'), await html('/mcp/brreg'), await html('/data/brreg'), await t.fetch('/mcp', { method: 'POST', body: 'x' })];
    for (const res of pages) {
      expect(res.headers.get('content-security-policy')).toBe(LANDING_POLICY);
      const text = await res.text();
      expect(text.match(/<script[^>]*>/g)).toEqual([`<script src="${LANDING_SCRIPT.path}">`]);
      expect(text).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    }
    expect(LANDING_POLICY).toContain("connect-src 'none'");
    expect(LANDING_POLICY).toContain("script-src 'self'");
  });

  it('serves the script with the same builder the page was rendered with', async () => {
    const res = await t.fetch(LANDING_SCRIPT.path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(await res.text()).toContain(INSTALL_BUILDER);
  });

  it('fixes the example curl call: the key of $API_KEY goes in (double quotes)', async () => {
    const page = await (await html('/mcp/brreg')).text();
    expect(page).toContain('-H &quot;Authorization: Bearer $API_KEY&quot;');
  });
});
