// The DNS-rebinding guard (runtime/http/host-guard.ts) and the headers every response carries:
// Host must be a plain host[:port] naming this service, an Origin must be one of its origins
// with the port; bound to every address (how containers run) the service still answers its
// public host, ALLOWED_HOSTS and loopback names, health checks pass whatever Host they send, and
// start-up warns once when PUBLIC_BASE_URL is missing. Every answer, on the Node fast path and the
// Hono path alike, carries X-Content-Type-Options: nosniff.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, startupWarnings } from '../runtime/config.js';
import { createAppParts } from '../runtime/http/app.js';
import { hostChecker, plainHostname } from '../runtime/http/host-guard.js';
import { createNodeListener } from '../runtime/http/node-listener.js';
import { createServices, type Services } from '../runtime/services.js';
import { RECORDED_AT } from '../runtime/upstream/recordings.js';
import { SERVERS } from '../servers/index.js';
import { KEYS, createTestApp, replay } from './helpers/app.js';
import { MCP_HEADERS, startLive, type LiveApp } from './helpers/live-app.js';
import { rawOnce } from './helpers/raw-http.js';

const PING = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });

describe('Host syntax', () => {
  it.each([
    ['localhost', 'localhost'],
    ['LocalHost:8787', 'localhost'],
    ['127.0.0.1:65535', '127.0.0.1'],
    ['[::1]:8787', '[::1]'],
    ['data.example.no', 'data.example.no'],
  ])('%s is the host %s', (value, hostname) => expect(plainHostname(value)).toBe(hostname));

  it.each(['evil@127.0.0.1', 'evil.example@localhost:8787', 'user:pw@localhost', '127.0.0.1/evil', '127.0.0.1?x', '127.0.0.1#x', '127.0.0.1:99999', '127.0.0.1:http', '127.0.0.1:', 'localhost, evil.example', 'local host', '', '[::1', 'http://localhost'])(
    '%j is not a plain host[:port]',
    (value) => expect(plainHostname(value)).toBeUndefined(),
  );
});

describe('bound to loopback', () => {
  const check = hostChecker({ publicBaseUrl: 'http://127.0.0.1:8787', bindHost: '127.0.0.1', allowedHosts: [] });

  it('takes loopback names in Host, any port, and refuses userinfo, paths and other names', () => {
    for (const host of ['127.0.0.1:8787', 'localhost', 'localhost:3000', '[::1]:8787']) expect(check(host, undefined, 8787), host).toBeUndefined();
    expect(check('evil@127.0.0.1', undefined, 8787)).toBe('Invalid Host header: evil@127.0.0.1');
    expect(check('127.0.0.1/x', undefined, 8787)).toBe('Invalid Host header: 127.0.0.1/x');
    expect(check('evil.example', undefined, 8787)).toBe('Invalid Host: evil.example');
    expect(check(undefined, undefined, 8787)).toBe('Missing Host header');
  });

  it('takes an Origin only with scheme, host and port of its own', () => {
    for (const origin of ['http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787', 'HTTP://LOCALHOST:8787']) {
      expect(check('127.0.0.1:8787', origin, 8787), origin).toBeUndefined();
    }
    for (const origin of ['http://localhost:3000', 'http://localhost', 'https://127.0.0.1:8787', 'http://127.0.0.1:8787/', 'http://evil.example', 'null']) {
      expect(check('127.0.0.1:8787', origin, 8787), origin).toMatch(/^Invalid Origin/);
    }
  });

  it('follows the port the service listens on (PORT=0 picks one)', () => {
    expect(check('127.0.0.1:40123', 'http://127.0.0.1:40123', 40123)).toBeUndefined();
    // PUBLIC_BASE_URL's origin stays as it is written; loopback names follow the socket.
    expect(check('127.0.0.1:40123', 'http://localhost:8787', 40123)).toMatch(/^Invalid Origin/);
    expect(check('127.0.0.1:40123', 'http://127.0.0.1:8787', 40123)).toBeUndefined();
  });
});

describe('bound to every address (HOST=0.0.0.0)', () => {
  const check = hostChecker({
    publicBaseUrl: 'https://data.example.no',
    bindHost: '0.0.0.0',
    allowedHosts: ['api.example.no', 'proxy.example.no:8443', 'https://other.example.no'],
  });

  it('answers the public host, ALLOWED_HOSTS and loopback names and addresses', () => {
    for (const host of ['data.example.no', 'DATA.example.no:443', 'api.example.no', 'proxy.example.no:8443', 'other.example.no', 'localhost:8787', '127.0.0.1', '[::1]:8787']) {
      expect(check(host, undefined, 8787), host).toBeUndefined();
    }
    for (const host of ['evil.example', '10.0.0.7:8787', '0.0.0.0:8787']) expect(check(host, undefined, 8787), host).toMatch(/^Invalid Host/);
  });

  it('takes the public origin, ALLOWED_HOSTS origins (a bare name on the listening port) and none other', () => {
    for (const origin of ['https://data.example.no', 'http://api.example.no:8787', 'http://proxy.example.no:8443', 'https://other.example.no', 'http://localhost:8787']) {
      expect(check('data.example.no', origin, 8787), origin).toBeUndefined();
    }
    for (const origin of ['http://data.example.no', 'https://data.example.no:8443', 'http://api.example.no', 'https://proxy.example.no:8443', 'http://other.example.no', 'https://evil.example']) {
      expect(check('data.example.no', origin, 8787), origin).toMatch(/^Invalid Origin/);
    }
  });

  it('refuses an ALLOWED_HOSTS entry that is neither a host nor an origin', () => {
    for (const entry of ['evil@x.example', 'x.example/path', 'https://']) {
      expect(() => hostChecker({ publicBaseUrl: 'http://localhost:8787', bindHost: '0.0.0.0', allowedHosts: [entry] }), entry).toThrow(/ALLOWED_HOSTS/);
    }
  });
});

describe('HOST=0.0.0.0 without PUBLIC_BASE_URL, as a container starts', () => {
  const env = { HOST: '0.0.0.0', PUBLIC_BASE_URL: '' };
  const t = createTestApp({ env });
  const mcp = (headers: Record<string, string>) => t.fetch('/mcp/brreg', { method: 'POST', headers: { ...MCP_HEADERS, ...headers }, body: PING });

  it('prints URLs that name localhost, and start-up warns once', () => {
    const config = loadConfig(env);
    expect(config.publicBaseUrl).toBe('http://localhost:8787');
    const warnings = startupWarnings(config);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^PUBLIC_BASE_URL is unset while listening on 0\.0\.0\.0/);
    expect(startupWarnings(loadConfig({ ...env, PUBLIC_BASE_URL: 'https://data.example.no' }))).toEqual([]);
    expect(startupWarnings(loadConfig({}))).toEqual([]);
  });

  it('answers health checks whatever Host they send', async () => {
    for (const host of ['10.0.0.7:8787', 'evil.example', 'localhost:8787']) {
      const res = await t.fetch('/api/v1/health', { headers: { host } });
      expect(res.status, host).toBe(200);
    }
  });

  it('answers loopback names on MCP, the landing page and /api, and refuses other names', async () => {
    for (const host of ['localhost:8787', '127.0.0.1', '[::1]:8787']) {
      expect((await mcp({ host })).status, host).toBe(200);
      expect((await t.fetch('/mcp', { headers: { host } })).status, host).toBe(200);
      expect((await t.fetch('/api/v1/version', { headers: { host } })).status, host).toBe(200);
    }
    for (const host of ['evil.example', '10.0.0.7:8787']) expect((await mcp({ host })).status, host).toBe(403);
  });

  it('still checks Origin on every MCP request', async () => {
    expect((await mcp({ host: 'localhost:8787', origin: 'http://evil.example' })).status).toBe(403);
    expect((await mcp({ host: 'localhost:8787', origin: 'http://localhost:8787' })).status).toBe(200);
  });

  it('takes ALLOWED_HOSTS', async () => {
    const withAllowed = createTestApp({ env: { ...env, ALLOWED_HOSTS: '10.0.0.7' } });
    const res = await withAllowed.fetch('/mcp/brreg', { method: 'POST', headers: { ...MCP_HEADERS, host: '10.0.0.7:8787' }, body: PING });
    expect(res.status).toBe(200);
  });
});

describe('on a socket: the fast path and the Hono path', () => {
  let services: Services;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    // Configured as a container (HOST=0.0.0.0), listening on loopback only for the test.
    const config = loadConfig({ HOST: '0.0.0.0', PORT: '0', UPSTREAM_MODE: 'replay', FIXED_NOW: RECORDED_AT, API_KEYS: `${KEYS.pro}:pro`, DATABASE_PATH: ':memory:' });
    services = createServices(config, { servers: SERVERS, transport: replay(), logger: pino({ level: 'silent' }) });
    server = createServer(createNodeListener(services, createAppParts(services)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await services.close();
  });

  it('the fast path refuses a Host with userinfo, and takes loopback names with an Origin on the listening port', async () => {
    const port = new URL(url).port;
    const refused = await rawOnce(url, 'POST', '/mcp/brreg', { Host: 'evil@127.0.0.1', ...MCP_HEADERS }, PING);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).error.message).toBe('Invalid Host header: evil@127.0.0.1');
    const ok = await rawOnce(url, 'POST', '/mcp/brreg', { Host: `localhost:${port}`, Origin: `http://localhost:${port}`, ...MCP_HEADERS }, PING);
    expect(ok.status).toBe(200);
    const otherPort = await rawOnce(url, 'POST', '/mcp/brreg', { Host: `localhost:${port}`, Origin: 'http://localhost:8787', ...MCP_HEADERS }, PING);
    expect(otherPort.status).toBe(403);
  });

  it('health answers a Host that names no service', async () => {
    const r = await rawOnce(url, 'GET', '/api/v1/health', { Host: '10.0.0.7:8787' });
    expect(r.status).toBe(200);
  });
});

describe('X-Content-Type-Options: nosniff on every answer', () => {
  let app: LiveApp;
  let host: string;
  beforeAll(async () => {
    app = await startLive({ UPSTREAM_MODE: 'replay', FIXED_NOW: RECORDED_AT }, { transport: replay() });
    host = new URL(app.url).host;
  });
  afterAll(() => app?.close());

  const CASES: Array<[string, string, string, Record<string, string>, string | undefined, number]> = [
    ['MCP fast path', 'POST', '/mcp/brreg', MCP_HEADERS, PING, 200],
    ['MCP fast path, refused Host', 'POST', '/mcp/brreg', { ...MCP_HEADERS, Host: 'evil.example' }, PING, 403],
    ['MCP fast path, bad JSON', 'POST', '/mcp/brreg', MCP_HEADERS, '{', 400],
    ['MCP, unknown server', 'POST', '/mcp/nope', MCP_HEADERS, PING, 404],
    ['MCP, GET', 'GET', '/mcp/brreg', {}, undefined, 405],
    ['landing page', 'GET', '/mcp', { Accept: 'text/html' }, undefined, 200],
    ['server page', 'GET', '/mcp/brreg', { Accept: 'text/html' }, undefined, 200],
    ['catalogue', 'GET', '/catalogue.json', {}, undefined, 200],
    ['health', 'GET', '/api/v1/health', {}, undefined, 200],
    ['API docs', 'GET', '/api/docs', {}, undefined, 200],
    ['/api without a key', 'GET', '/api/v1/sources', {}, undefined, 401],
    ['/api, refused Host', 'GET', '/api/v1/version', { Host: 'evil.example' }, undefined, 403],
    ['/api, refused Origin', 'GET', '/api/v1/version', { Origin: 'http://evil.example' }, undefined, 403],
    ['no route', 'GET', '/nothing-here', {}, undefined, 404],
    ['redirect', 'GET', '/', {}, undefined, 302],
    ['the Node adapter refuses a malformed Host', 'GET', '/api/v1/version', { Host: 'evil@127.0.0.1' }, undefined, 400],
  ];

  it.each(CASES)('%s', async (_name, method, target, headers, body, status) => {
    const r = await rawOnce(app.url, method, target, { Host: host, ...headers }, body);
    expect(r.status).toBe(status);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('an internal error (500) too', async () => {
    const t = createTestApp();
    const parts = createAppParts(t.services);
    parts.app.get('/fails', () => {
      throw new Error('a bug');
    });
    const res = await parts.app.request('/fails', { headers: { host: '127.0.0.1:8787' } });
    expect(res.status).toBe(500);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
