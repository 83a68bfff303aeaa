// The whole OAuth flow of an MCP client that takes no static key, driven by the MCP SDK's own
// client (its auth(): discovery from the 401, dynamic registration, PKCE, token, refresh) against
// the real service on loopback, with the consent page submitted over HTTP as a browser would.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Running } from '../runtime/server.js';
import { KEYS } from './helpers/app.js';
import { consent, MemoryClientProvider, REDIRECT_URI, startOAuthApp } from './helpers/oauth.js';

let running: Running;
let base: string;

beforeAll(async () => {
  running = await startOAuthApp();
  base = running.services.config.publicBaseUrl;
});
afterAll(async () => {
  await running.close();
});

const LOOKUP = { name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } };

function toolsCall(slug: string, token: string) {
  return fetch(`${base}/mcp/${slug}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: LOOKUP }),
  });
}

/** Connects an SDK client with `provider`; the first tools/call runs the SDK's auth and stops at the browser step. */
async function authorize(provider: MemoryClientProvider, key = KEYS.pro, slug = 'brreg') {
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp/${slug}`), { authProvider: provider });
  const client = new Client({ name: 'oauth-flow-test', version: '1.0.0' });
  await client.connect(transport);
  await expect(client.callTool(LOOKUP)).rejects.toBeInstanceOf(UnauthorizedError);
  expect(provider.authorizationUrl).toBeDefined();
  const answer = await consent(provider.authorizationUrl!, base, { action: 'approve', key });
  expect(answer.redirect, `${answer.status} ${answer.page.slice(0, 1500)}`).toBeDefined();
  expect(answer.redirect!.origin + answer.redirect!.pathname).toBe(REDIRECT_URI);
  const code = answer.redirect!.searchParams.get('code');
  expect(code).toBeTruthy();
  await transport.finishAuth(code!);
  return { client, transport };
}

describe('OAuth for MCP clients (SDK client, dynamic registration)', () => {
  it('discovers from the 401, registers, authorizes with PKCE and calls a tool with the token', async () => {
    const provider = new MemoryClientProvider();
    const { client } = await authorize(provider);
    // What the SDK found and did on its own.
    const url = provider.authorizationUrl!;
    expect(url.origin + url.pathname).toBe(`${base}/oauth/authorize`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('resource')).toBe(`${base}/mcp/brreg`);
    expect(url.searchParams.get('scope')).toBe('mcp:tools');
    expect(provider.client?.client_id).toBeTruthy();
    expect(provider.saved?.access_token).toBeTruthy();
    expect(provider.saved?.refresh_token).toBeTruthy();
    expect(provider.saved?.expires_in).toBe(3600);

    const result = await client.callTool(LOOKUP);
    expect(result.isError).toBeFalsy();
    expect(JSON.parse((result.content as { text: string }[])[0].text).navn).toBe('EQUINOR ASA');
    await client.close();
  });
});
