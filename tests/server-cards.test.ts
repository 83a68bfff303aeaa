// Discovery before connecting (issue 19 §3): /.well-known/mcp/catalog.json lists every server's
// card, each card at /mcp/<slug>/server-card follows the Server Card schema (v2) and says what the
// running server says, and /mcp/<slug>/server.json follows the MCP Registry's schema. All three are
// public: open to any origin, cacheable with an ETag, on the anonymous allowance.
import { describe, expect, it } from 'vitest';
import { ALL_PROTOCOL_VERSIONS } from '../runtime/mcp/modern.js';
import { CATALOG_PATH, SERVER_CARD_TYPE, registryNamespace, shortText } from '../runtime/server-card.js';
import { McpCatalogSchema, RegistryServerSchema, ServerCardSchema } from './helpers/discovery-schemas.js';
import { createTestApp } from './helpers/app.js';

const PUBLIC = 'https://data.example.no';
const HOST = { host: 'data.example.no' };

describe('names and descriptions', () => {
  it('takes the namespace from the host of the base URL, reversed, without the port', () => {
    expect(registryNamespace('https://data.example.no')).toBe('no.example.data');
    expect(registryNamespace('https://mcp.data.example.org:8443/prefix')).toBe('org.example.data.mcp');
    expect(registryNamespace('http://localhost:8787')).toBe('localhost');
  });
  it('shortens a description to 100 characters: sentence, text before a colon, without asides, or words with an ellipsis', () => {
    expect(shortText('Short.')).toBe('Short.');
    expect(shortText(`First sentence here. ${'x '.repeat(80)}`)).toBe('First sentence here.');
    expect(shortText(`Norwegian bankruptcies from Enhetsregisteret: ${'word '.repeat(30)}`)).toBe('Norwegian bankruptcies from Enhetsregisteret');
    expect(shortText(`Protected areas (${'national parks, '.repeat(6)}) from the agency: ${'more '.repeat(30)}`)).toBe('Protected areas from the agency');
    const words = shortText('word '.repeat(60));
    expect(words.length).toBeLessThanOrEqual(100);
    expect(words).toMatch(/^(word )+word…$/);
  });
});

describe('the MCP catalog and the server cards', () => {
  const t = createTestApp({ env: { PUBLIC_BASE_URL: PUBLIC, HOST: '0.0.0.0' } });
  const get = (path: string, headers: Record<string, string> = {}) => t.fetch(path, { headers: { ...HOST, ...headers } });

  it('lists every server in /.well-known/mcp/catalog.json, each entry pointing at its card', async () => {
    const res = await get(CATALOG_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const catalog = McpCatalogSchema.parse(await res.json());
    expect(catalog.specVersion).toBe('draft');
    expect(catalog.entries.map((e) => e.identifier)).toEqual(t.services.registry.servers.map((s) => `urn:air:data.example.no:${s.slug}`));
    for (const [i, server] of t.services.registry.servers.entries()) {
      const entry = catalog.entries[i];
      expect(entry).toEqual({ identifier: `urn:air:data.example.no:${server.slug}`, displayName: server.def.name, type: SERVER_CARD_TYPE, url: `${PUBLIC}/mcp/${server.slug}/server-card` });
      // The identifier's name is the card's name after its slash (docs/discovery.md, "Catalog Entry").
      const card = await (await get(new URL(entry.url).pathname)).json();
      expect(card.name.split('/')[1]).toBe(entry.identifier.split(':').at(-1));
    }
  });

  it('serves a card per server that follows the v2 schema and names the server, its URL and the key it needs', async () => {
    for (const server of t.services.registry.servers) {
      const res = await get(`/mcp/${server.slug}/server-card`);
      expect(res.status, server.slug).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/mcp-server-card+json');
      const card = ServerCardSchema.parse(await res.json());
      expect(card.name).toBe(`no.example.data/${server.slug}`);
      expect(card.title).toBe(server.def.name);
      expect(card.version).toBe(t.services.config.version);
      expect(card.websiteUrl).toBe(`${PUBLIC}/mcp/${server.slug}`);
      expect(card.icons?.[0].src).toBe(`${PUBLIC}${server.icon.path}`);
      expect(card.remotes).toEqual([
        {
          type: 'streamable-http',
          url: `${PUBLIC}/mcp/${server.slug}`,
          headers: [expect.objectContaining({ name: 'Authorization', isSecret: true, isRequired: true, value: 'Bearer {api_key}', variables: { api_key: expect.objectContaining({ isSecret: true }) } })],
          supportedProtocolVersions: [...ALL_PROTOCOL_VERSIONS],
        },
      ]);
      // Tools are not card fields (they are listed at run time); the summary sits in _meta.
      expect(card._meta?.['no.example.data/tools']).toEqual(server.tools.map((tool) => ({ name: tool.name, title: tool.annotations.title, status: tool.status, availability: tool.availability })));
      expect(card._meta?.['no.example.data/authorization']).toMatchObject({ scheme: 'Bearer', scopes: ['mcp:tools'] });
    }
  });

  it('says what the server itself says once connected (tools/list at the card’s URL)', async () => {
    const card = await (await get('/mcp/brreg/server-card')).json();
    const res = await t.fetch(new URL(card.remotes[0].url).pathname, {
      method: 'POST',
      headers: { ...HOST, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const tools = (await res.json()).result.tools.map((tool: { name: string }) => tool.name);
    expect(card._meta['no.example.data/tools'].map((tool: { name: string }) => tool.name)).toEqual(tools);
  });

  it('answers a plain GET whatever the Accept header, and 404 for an unknown server', async () => {
    for (const accept of [undefined, 'application/mcp-server-card+json', 'text/html', 'application/json']) {
      const res = await get('/mcp/brreg/server-card', accept ? { accept } : {});
      expect(res.headers.get('content-type'), accept).toBe('application/mcp-server-card+json');
    }
    const missing = await get('/mcp/no-such-server/server-card');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBe('*');
    expect((await missing.json()).message).toContain(CATALOG_PATH);
  });
});

describe('headers of the discovery documents', () => {
  const t = createTestApp({ env: { PUBLIC_BASE_URL: PUBLIC, HOST: '0.0.0.0' } });
  const paths = [CATALOG_PATH, '/mcp/brreg/server-card', '/mcp/brreg/server.json'];

  it.each(paths)('%s is open to any origin, cacheable for an hour, with an ETag that answers 304', async (path) => {
    const res = await t.fetch(path, { headers: { ...HOST, origin: 'https://agent.example.com' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await t.fetch(path, { headers: { ...HOST, 'if-none-match': tag } });
      expect(again.status, tag).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('access-control-allow-origin')).toBe('*');
    }
    expect((await t.fetch(path, { headers: { ...HOST, 'if-none-match': '"other"' } })).status).toBe(200);
  });

  it.each(paths)('%s answers HEAD without a body, OPTIONS as a preflight, and 405 to other methods', async (path) => {
    const head = await t.fetch(path, { method: 'HEAD', headers: HOST });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBeTruthy();
    expect(await head.text()).toBe('');
    const preflight = await t.fetch(path, { method: 'OPTIONS', headers: { ...HOST, origin: 'https://agent.example.com', 'access-control-request-method': 'GET' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
    const post = await t.fetch(path, { method: 'POST', headers: HOST, body: '{}' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });

  it('still checks the Host (DNS rebinding), and still refuses a foreign Origin on the MCP endpoint itself', async () => {
    expect((await t.fetch('/mcp/brreg/server-card', { headers: { host: 'evil.example' } })).status).toBe(403);
    const rpc = await t.fetch('/mcp/brreg', {
      method: 'POST',
      headers: { ...HOST, origin: 'https://agent.example.com', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(rpc.status).toBe(403);
    // The icons the cards name are public too: a web client on another origin may fetch them.
    const icon = t.services.registry.server('brreg')!.icon.path;
    expect((await t.fetch(icon, { headers: { ...HOST, origin: 'https://agent.example.com' } })).status).toBe(200);
    expect((await t.fetch('/api/v1/version', { headers: { ...HOST, origin: 'https://agent.example.com' } })).status).toBe(403);
  });

  it('spends the anonymous allowance, and a 429 keeps the CORS headers', async () => {
    const limited = createTestApp({ env: { PUBLIC_BASE_URL: PUBLIC, HOST: '0.0.0.0', ANON_RATE_LIMIT: '2' } });
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await limited.fetch('/mcp/brreg/server-card', { headers: HOST }));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(answers[2].headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('server.json for the MCP Registry', () => {
  it('follows the registry schema on every server, with the Authorization header marked secret', async () => {
    const t = createTestApp({ env: { PUBLIC_BASE_URL: PUBLIC, HOST: '0.0.0.0' } });
    for (const server of t.services.registry.servers) {
      const entry = RegistryServerSchema.parse(await (await t.fetch(`/mcp/${server.slug}/server.json`, { headers: HOST })).json());
      expect(entry.name).toBe(`no.example.data/${server.slug}`);
      expect(entry.remotes).toEqual([{ type: 'streamable-http', url: `${PUBLIC}/mcp/${server.slug}`, headers: [expect.objectContaining({ name: 'Authorization', isSecret: true })] }]);
      expect(entry.icons?.[0].src).toBe(`${PUBLIC}${server.icon.path}`);
    }
  });
  it('leaves the icons out on a plain-http base (the schema asks for HTTPS icon URLs)', async () => {
    const t = createTestApp();
    const entry = RegistryServerSchema.parse(await (await t.fetch('/mcp/brreg/server.json')).json());
    expect(entry.icons).toBeUndefined();
    expect(entry.name).toBe('1.0.0.127/brreg');
  });
});
