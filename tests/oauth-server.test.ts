// The authorization server's edges, over real HTTP on loopback: the metadata documents, Client ID
// Metadata Documents (an https client_id served by a loopback document server), what PKCE and
// resource indicators refuse, and the consent page (unknown key, key without the scope, deny,
// escaping, its policy, the Dev key signup, a revoked key ending its tokens).
import { createServer, type Server } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '../runtime/server.js';
import { KEYS } from './helpers/app.js';
import { Browser, consent, MemoryClientProvider, REDIRECT_URI, startOAuthApp, storeRows } from './helpers/oauth.js';

const CIMD_ORIGIN = 'https://client.example.test';
const CIMD_ID = `${CIMD_ORIGIN}/oauth/client.json`;

let running: Running;
let base: string;
let documents: Server;
let documentBase: string;
let documentsServed = 0;
/** Added to the clock of key verdicts: moving it past KEY_CACHE_SECONDS makes the service ask the store again. */
let clockOffset = 0;

beforeAll(async () => {
  // The Client ID Metadata Document server, on loopback; the service reaches it through a fetch
  // that maps the https client_id to it (the library itself refuses anything but https ids).
  documents = createServer((req, res) => {
    documentsServed++;
    const doc = { client_id: CIMD_ID, client_name: 'CIMD <b>test</b> client', redirect_uris: [REDIRECT_URI], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
    if (req.url === '/oauth/client.json') res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=600' }).end(JSON.stringify(doc));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
  documentBase = `http://127.0.0.1:${(documents.address() as { port: number }).port}`;
  const loopbackFetch: typeof fetch = (url, init) => {
    const target = String(url);
    if (!target.startsWith(`${CIMD_ORIGIN}/`)) return Promise.reject(new Error(`unexpected fetch of ${target}`));
    const { dispatcher: _ssrfGuard, ...rest } = (init ?? {}) as RequestInit & { dispatcher?: unknown };
    return fetch(documentBase + target.slice(CIMD_ORIGIN.length), rest);
  };
  running = await startOAuthApp({ OAUTH_ALLOW_DEV_KEY_SIGNUP: 'true' }, { oauth: { fetch: loopbackFetch }, clock: () => Date.now() + clockOffset });
  base = running.services.config.publicBaseUrl;
});
afterAll(async () => {
  await running.close();
  await new Promise((resolve) => documents.close(resolve));
});

const LOOKUP = { name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } };

function toolsCall(token: string, slug = 'brreg') {
  return fetch(`${base}/mcp/${slug}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: LOOKUP }),
  });
}

async function register(): Promise<string> {
  const res = await fetch(`${base}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'edge test', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()).client_id;
}

/** An authorization URL made by hand, for what the SDK client would never send. */
function authorizeUrl(clientId: string, params: Record<string, string | undefined>): string {
  const url = new URL(`${base}/oauth/authorize`);
  const all: Record<string, string | undefined> = {
    client_id: clientId,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    scope: 'mcp:tools',
    state: 'st',
    resource: `${base}/mcp/brreg`,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    ...params,
  };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) url.searchParams.set(k, v);
  return url.href;
}

/** The error the provider sent back to the client's redirect URI, or (for every refused request) showed on its own page. */
async function refusal(url: string): Promise<{ error?: string; description?: string; status: number }> {
  const { res, location } = await new Browser().follow(url, base);
  if (location) {
    const back = new URL(location);
    return { error: back.searchParams.get('error') ?? undefined, description: back.searchParams.get('error_description') ?? undefined, status: res.status };
  }
  const page = await res.text();
  return { status: res.status, error: /<code>([a-z_]+)<\/code>/.exec(page)?.[1], description: page };
}

describe('metadata', () => {
  it('serves protected resource metadata for every server and at the root, open to any origin', async () => {
    for (const slug of running.services.registry.servers.map((s) => s.slug)) {
      const res = await fetch(`${base}/.well-known/oauth-protected-resource/mcp/${slug}`, { headers: { origin: 'https://claude.ai' } });
      expect(res.status, slug).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const doc = await res.json();
      expect(doc).toMatchObject({ resource: `${base}/mcp/${slug}`, authorization_servers: [base], scopes_supported: ['mcp:tools'], bearer_methods_supported: ['header'] });
    }
    const root = await (await fetch(`${base}/.well-known/oauth-protected-resource`)).json();
    expect(root).toMatchObject({ resource: base, authorization_servers: [base], scopes_supported: ['mcp:tools'] });
    expect((await fetch(`${base}/.well-known/oauth-protected-resource/mcp/no-such-server`)).status).toBe(404);
  });

  it('serves authorization server metadata (RFC 8414) with S256 only, registration and Client ID Metadata Documents', async () => {
    const res = await fetch(`${base}/.well-known/oauth-authorization-server`, { headers: { origin: 'https://chatgpt.com' } });
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      client_id_metadata_document_supported: true,
    });
    expect(doc.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
    expect(doc.scopes_supported).toContain('mcp:tools');
    expect(doc.token_endpoint_auth_methods_supported).toContain('none');
    const openid = await (await fetch(`${base}/.well-known/openid-configuration`)).json();
    expect(openid).toEqual(doc);
  });
});

describe('Client ID Metadata Documents', () => {
  it('authorizes a client whose client_id is an https URL, with the SDK client', async () => {
    const provider = new MemoryClientProvider({}, CIMD_ID);
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp/brreg`), { authProvider: provider });
    const client = new Client({ name: 'cimd-test', version: '1.0.0' });
    await client.connect(transport);
    await expect(client.callTool(LOOKUP)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.authorizationUrl!.searchParams.get('client_id')).toBe(CIMD_ID);
    const answer = await consent(provider.authorizationUrl!, base, { action: 'approve', key: KEYS.pro });
    expect(answer.redirect?.searchParams.get('code'), answer.page.slice(0, 500)).toBeTruthy();
    await transport.finishAuth(answer.redirect!.searchParams.get('code')!);
    const result = await client.callTool(LOOKUP);
    expect(result.isError).toBeFalsy();
    expect(documentsServed).toBeGreaterThan(0);
    await client.close();
  });

  it('shows the document client name escaped on the consent page', async () => {
    const { res } = await new Browser().follow(authorizeUrl(CIMD_ID, {}), base);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('CIMD &lt;b&gt;test&lt;/b&gt; client');
    expect(html).not.toContain('<b>test</b>');
  });

  it('refuses a client_id URL that is not https', async () => {
    const r = await refusal(authorizeUrl(`${documentBase}/oauth/client.json`, {}));
    expect(r.status).toBe(400);
    expect(r.description).toMatch(/invalid_client|client/i);
  });
});

describe('what the authorization endpoint refuses', () => {
  let clientId: string;
  beforeAll(async () => {
    clientId = await register();
  });

  it('PKCE with the plain method', async () => {
    const r = await refusal(authorizeUrl(clientId, { code_challenge_method: 'plain', code_challenge: 'a'.repeat(43) }));
    expect(r.error).toBe('invalid_request');
    expect(r.description).toMatch(/code_challenge_method/);
  });

  it('no PKCE at all', async () => {
    const r = await refusal(authorizeUrl(clientId, { code_challenge: undefined, code_challenge_method: undefined }));
    expect(r.error).toBe('invalid_request');
    expect(r.description).toMatch(/PKCE/);
  });

  it('no resource indicator, and one that is not an MCP server of this service', async () => {
    expect((await refusal(authorizeUrl(clientId, { resource: undefined }))).error).toBe('invalid_target');
    expect((await refusal(authorizeUrl(clientId, { resource: 'https://elsewhere.example/mcp' }))).error).toBe('invalid_target');
    expect((await refusal(authorizeUrl(clientId, { resource: `${base}/mcp/no-such-server` }))).error).toBe('invalid_target');
  });
});

describe('the consent page', () => {
  let clientId: string;
  beforeAll(async () => {
    clientId = await register();
  });

  it('is HTML under a policy with no script, whose forms go only here and to the client', async () => {
    const { res } = await new Browser().follow(authorizeUrl(clientId, {}), base);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://127.0.0.1:9");
    expect(csp).not.toContain('script-src');
    expect(res.headers.get('cache-control')).toBe('no-store');
    // no-referrer would make a browser post the form with Origin: null, which the rebinding guard refuses.
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    const html = await res.text();
    expect(html).not.toContain('<script');
    expect(html).toContain(`${base}/mcp/brreg`);
  });

  it('refuses an unknown key, and a key without mcp:tools, and shows why', async () => {
    const unknown = await consent(new URL(authorizeUrl(clientId, {})), base, { action: 'approve', key: 'not-a-key-of-anyone-0000' });
    expect(unknown.status).toBe(403);
    expect(unknown.page).toContain('This key is not known.');
    const noScope = await consent(new URL(authorizeUrl(clientId, {})), base, { action: 'approve', key: KEYS.apiOnly });
    expect(noScope.status).toBe(403);
    expect(noScope.page).toContain('lacks the scope mcp:tools');
  });

  it('grants mcp:tools to a request that names no scope (the default scope)', async () => {
    const approved = await consent(new URL(authorizeUrl(clientId, { scope: undefined })), base, { action: 'approve', key: KEYS.pro });
    expect(approved.redirect?.searchParams.get('error')).toBeNull();
    expect(approved.redirect?.searchParams.get('code')).toBeTruthy();
  });

  it('sends access_denied back to the client when the person denies', async () => {
    const denied = await consent(new URL(authorizeUrl(clientId, {})), base, { action: 'deny' });
    expect(denied.redirect?.searchParams.get('error')).toBe('access_denied');
    expect(denied.redirect?.searchParams.get('state')).toBe('st');
  });

  it('creates a Dev key when the operator allows it; its tokens stop when the key is revoked', async () => {
    const signup = await consent(new URL(authorizeUrl(clientId, {})), base, { action: 'signup' });
    expect(signup.status).toBe(200);
    const key = /<p><code>(nod_[A-Za-z0-9_-]+)<\/code><\/p>/.exec(signup.page)?.[1];
    expect(key).toBeTruthy();
    const stored = await running.services.store.listKeys();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ tier: 'dev', scopes: ['mcp:tools', 'api:read'] });
    expect(JSON.stringify(await storeRows(running, 'api_keys'))).not.toContain(key);

    const provider = new MemoryClientProvider();
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp/brreg`), { authProvider: provider });
    const client = new Client({ name: 'signup-test', version: '1.0.0' });
    await client.connect(transport);
    await expect(client.callTool(LOOKUP)).rejects.toBeInstanceOf(UnauthorizedError);
    const answer = await consent(provider.authorizationUrl!, base, { action: 'approve', key: key! });
    await transport.finishAuth(answer.redirect!.searchParams.get('code')!);
    const ok = await toolsCall(provider.saved!.access_token);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-ratelimit-limit')).toBe((await toolsCall(key!)).headers.get('x-ratelimit-limit'));

    expect(await running.services.store.revokeKey(stored[0].id, new Date().toISOString())).toBe(true);
    // Within KEY_CACHE_SECONDS the cached verdict stands; past it, the revoked key ends its tokens.
    clockOffset += running.services.config.keyCacheMs + 1;
    expect((await toolsCall(provider.saved!.access_token)).status).toBe(401);
    await client.close();
  });
});
