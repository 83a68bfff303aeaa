// The authorization server against a hostile client, over real HTTP on loopback (issue 24, items
// 7, 9 and 10): errors before the client and its request are trusted are shown on this service's
// own page, never sent to the redirect URI (no open redirect, no form_post page); a Client ID
// Metadata Document naming a loopback or private address is refused before any connection; and
// every answer the OAuth library writes carries the service's common headers.
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockAgent, fetch as undiciFetch } from 'undici';
import type { Running } from '../runtime/server.js';
import { guardedFetch, isPublicAddress, MAX_FETCHED_BYTES, MetadataFetchRefused, pinnedAgent, type ResolvedAddress } from '../runtime/oauth/metadata-fetch.js';
import { KEYS } from './helpers/app.js';
import { Browser, consent, startOAuthApp } from './helpers/oauth.js';

const PHISH = 'https://evil.example/phish';
const VERIFIER_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

let running: Running;
let base: string;
let clientId: string;

beforeAll(async () => {
  // No fetch override: Client ID Metadata Documents go through the service's own fetch.
  running = await startOAuthApp();
  base = running.services.config.publicBaseUrl;
  const res = await fetch(`${base}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'anonymous phisher', redirect_uris: [PHISH], token_endpoint_auth_method: 'none' }),
  });
  expect(res.status).toBe(201);
  clientId = (await res.json()).client_id;
});
afterAll(async () => {
  await running.close();
});

function authorizeUrl(params: Record<string, string | undefined>, id = clientId): string {
  const url = new URL(`${base}/oauth/authorize`);
  const all: Record<string, string | undefined> = {
    client_id: id,
    response_type: 'code',
    redirect_uri: PHISH,
    scope: 'mcp:tools',
    state: 'st',
    resource: `${base}/mcp/brreg`,
    code_challenge: VERIFIER_CHALLENGE,
    code_challenge_method: 'S256',
    ...params,
  };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) url.searchParams.set(k, v);
  return url.href;
}

/** Asserts the answer is this service's own error page: 400, HTML under a strict policy, no way out to the redirect URI. */
async function expectOwnErrorPage(res: Response, error: RegExp) {
  const html = await res.text();
  expect(res.status, html.slice(0, 300)).toBe(400);
  expect(res.headers.get('location')).toBeNull();
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('script-src');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(html).not.toMatch(/<script|<form/i);
  expect(html).not.toContain('evil.example');
  expect(html).toMatch(error);
}

describe('item 7: authorization errors are shown here, never redirected', () => {
  const cases: [string, Record<string, string | undefined>, RegExp][] = [
    ['no PKCE', { code_challenge: undefined, code_challenge_method: undefined }, /invalid_request/],
    ['PKCE with the plain method', { code_challenge_method: 'plain', code_challenge: 'a'.repeat(43) }, /invalid_request/],
    ['a scope with characters no scope may hold', { scope: 'mcp:tools a"b' }, /invalid_scope/],
    ['a resource that is not an MCP server here', { resource: 'https://elsewhere.example/mcp' }, /invalid_target/],
    ['no resource', { resource: undefined }, /invalid_target/],
    ['response_type=token', { response_type: 'token' }, /unsupported_response_type|invalid_request/],
    ['prompt=none', { prompt: 'none' }, /login_required|interaction_required|consent_required/],
    ['response_mode=form_post', { response_mode: 'form_post' }, /invalid_request|unsupported_response_mode/],
    ['response_mode=fragment', { response_mode: 'fragment' }, /invalid_request|unsupported_response_mode/],
    ['an unknown response_mode', { response_mode: 'web_message' }, /invalid_request|unsupported_response_mode/],
  ];
  for (const [name, params, error] of cases) {
    it(name, async () => {
      const { res, location } = await new Browser().follow(authorizeUrl(params), base);
      expect(location, `redirected to ${location}`).toBeUndefined();
      await expectOwnErrorPage(res, error);
    });
  }

  it('a pushed authorization request with form_post is refused, so no later answer can use it', async () => {
    const body = new URLSearchParams(Object.fromEntries(new URL(authorizeUrl({ response_mode: 'form_post' })).searchParams));
    const res = await fetch(`${base}/oauth/par`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/invalid_request|unsupported_response_mode/);
  });

  it('the metadata offers the query response mode only', async () => {
    const doc = await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json();
    expect(doc.response_modes_supported).toEqual(['query']);
  });

  it('the person’s own deny and an approval still go back to the (valid) redirect URI', async () => {
    const denied = await consent(new URL(authorizeUrl({})), base, { action: 'deny' });
    expect(denied.redirect?.origin + denied.redirect!.pathname).toBe(PHISH);
    expect(denied.redirect?.searchParams.get('error')).toBe('access_denied');
    const approved = await consent(new URL(authorizeUrl({})), base, { action: 'approve', key: KEYS.pro });
    expect(approved.redirect?.searchParams.get('code')).toBeTruthy();
  });
});

describe('item 9: Client ID Metadata Documents on loopback are refused before any connection', () => {
  let listener: Server;
  let port: number;
  let connections = 0;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    // Counts TCP connections on the port the client ids name; answers nothing (a TLS ClientHello would arrive here).
    listener = createServer((socket) => {
      connections++;
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => listener.close(resolve));
  });

  const hosts = ['127.0.0.1', 'localhost', '2130706433', '0x7f000001', '127.1', '[::ffff:127.0.0.1]', '017700000001'];
  for (const host of hosts) {
    it(`https://${host}:<port>/… answers invalid_client and opens no connection`, async () => {
      const id = `https://${host}:${port}/oauth/client.json`;
      const { res, location } = await new Browser().follow(authorizeUrl({ redirect_uri: 'https://client.example/cb' }, id), base);
      expect(location).toBeUndefined();
      await expectOwnErrorPage(res, /invalid_client/);
      expect(connections).toBe(0);
    });
  }
});

describe('item 9: the guarded fetch', () => {
  const lookupOf =
    (answers: Record<string, ResolvedAddress[]>) =>
    async (host: string): Promise<ResolvedAddress[]> => {
      const found = answers[host];
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return found;
    };

  it('refuses every special-use range and lets global unicast through', () => {
    const refused = [
      '0.0.0.0', '10.1.2.3', '100.64.0.1', '127.0.0.1', '169.254.169.254', '172.16.5.4', '192.0.0.8', '192.0.2.1', '192.168.1.1',
      '198.18.0.1', '198.51.100.7', '203.0.113.9', '224.0.0.1', '240.0.0.1', '255.255.255.255',
      '::', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:8.8.8.8', '64:ff9b::7f00:1', '100::1', '2001:db8::1', '2001::1', '2002:7f00:1::1',
      'fc00::1', 'fd12:3456::1', 'fe80::1', 'ff02::1', '3fff::1',
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['8.8.8.8', '93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001::200e']) expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses a name when any of its addresses is private, before connecting', async () => {
    const dispatched: ResolvedAddress[] = [];
    const fetcher = guardedFetch({
      lookup: lookupOf({ 'mixed.example': [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }] }),
      dispatcherFor: (address) => {
        dispatched.push(address);
        return new MockAgent();
      },
    });
    await expect(fetcher('https://mixed.example/client.json', { method: 'GET' })).rejects.toBeInstanceOf(MetadataFetchRefused);
    await expect(fetcher('https://unknown.example/client.json', { method: 'GET' })).rejects.toBeInstanceOf(MetadataFetchRefused);
    await expect(fetcher('http://93.184.216.34/client.json', { method: 'GET' })).rejects.toBeInstanceOf(MetadataFetchRefused);
    expect(dispatched).toEqual([]);
  });

  it('fetches through a dispatcher for the vetted address only', async () => {
    const dispatched: ResolvedAddress[] = [];
    const fetcher = guardedFetch({
      lookup: lookupOf({ 'client.example': [{ address: '93.184.216.34', family: 4 }] }),
      dispatcherFor: (address) => {
        dispatched.push(address);
        const agent = new MockAgent();
        agent.disableNetConnect();
        agent.get('https://client.example').intercept({ path: '/client.json' }).reply(200, { client_id: 'https://client.example/client.json' });
        return agent;
      },
    });
    const res = await fetcher('https://client.example/client.json', { method: 'GET', headers: { accept: 'application/json' } });
    expect(await res.json()).toEqual({ client_id: 'https://client.example/client.json' });
    expect(dispatched).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });
});

describe('item 9: the pinned connection', () => {
  it('goes to the vetted address whatever the name resolves to, and stops a body over the cap', async () => {
    const hosts: string[] = [];
    const server = createHttpServer((req, res) => {
      hosts.push(req.headers.host ?? '');
      res.end(req.url === '/big' ? 'x'.repeat(MAX_FETCHED_BYTES + 1) : '{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      // A .test name never resolves: reaching the server at all shows the connection used the vetted address.
      const agent = pinnedAgent({ address: '127.0.0.1', family: 4 });
      const small = await undiciFetch(`http://documents.example.test:${port}/doc`, { dispatcher: agent });
      void agent.close();
      expect(await small.json()).toEqual({ ok: true });
      const capped = pinnedAgent({ address: '127.0.0.1', family: 4 });
      await expect(undiciFetch(`http://documents.example.test:${port}/big`, { dispatcher: capped }).then((r) => r.arrayBuffer())).rejects.toMatchObject({ cause: { code: 'UND_ERR_RES_EXCEEDED_MAX_SIZE' } });
      await capped.destroy();
      expect(hosts[0]).toBe(`documents.example.test:${port}`);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('item 10: every answer of the OAuth library carries the common headers', () => {
  function expectCommonHeaders(res: Response, what: string) {
    expect(res.headers.get('x-request-id'), what).toBe('oauth-headers-test-1');
    expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(res.headers.get('x-frame-options'), what).toBe('DENY');
    expect(res.headers.get('referrer-policy'), what).toBeTruthy();
    expect(res.headers.get('x-ratelimit-limit'), what).toBeTruthy();
    expect(res.headers.get('x-ratelimit-remaining'), what).toBeTruthy();
    expect(res.headers.get('content-security-policy'), what).toContain("default-src 'none'");
  }
  const headers = { 'x-request-id': 'oauth-headers-test-1' };
  const form = { ...headers, 'content-type': 'application/x-www-form-urlencoded' };

  it('token, register, revoke, authorize, par, jwks and both metadata documents', async () => {
    const answers: [string, Promise<Response>][] = [
      ['token', fetch(`${base}/oauth/token`, { method: 'POST', headers: form, body: `grant_type=authorization_code&code=nope&client_id=${clientId}&redirect_uri=${encodeURIComponent(PHISH)}&code_verifier=${'a'.repeat(43)}` })],
      ['register', fetch(`${base}/oauth/register`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['https://client.example/cb'], token_endpoint_auth_method: 'none' }) })],
      ['register (refused)', fetch(`${base}/oauth/register`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{' })],
      ['revoke', fetch(`${base}/oauth/revoke`, { method: 'POST', headers: form, body: `token=nope&client_id=${clientId}` })],
      ['authorize (an error)', fetch(`${base}/oauth/authorize?client_id=nope`, { headers, redirect: 'manual' })],
      ['authorize (to the consent page)', fetch(authorizeUrl({ redirect_uri: PHISH }), { headers, redirect: 'manual' })],
      ['par', fetch(`${base}/oauth/par`, { method: 'POST', headers: form, body: `client_id=${clientId}` })],
      ['jwks', fetch(`${base}/oauth/jwks`, { headers })],
      ['authorization server metadata', fetch(`${base}/.well-known/oauth-authorization-server`, { headers })],
      ['openid configuration', fetch(`${base}/.well-known/openid-configuration`, { headers })],
      ['unknown /oauth path', fetch(`${base}/oauth/nothing-here`, { headers })],
    ];
    for (const [what, pending] of answers) {
      const res = await pending;
      await res.arrayBuffer();
      expect(res.status, what).toBeLessThan(500);
      expectCommonHeaders(res, what);
    }
  });
});
