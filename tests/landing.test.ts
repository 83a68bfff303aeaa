// The /mcp landing pages, POST /mcp, the catalogue URL and the DNS-rebinding guard.
import { describe, expect, it } from 'vitest';
import { BASE, createTestApp } from './helpers/app.js';

describe('landing page', () => {
  const t = createTestApp();

  it('lists every server with owner, availability, tier, tool count, key need and URL', async () => {
    const res = await t.fetch('/mcp');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    for (const server of t.services.registry.servers) {
      expect(html).toContain(server.def.name);
      expect(html).toContain(`${BASE}/mcp/${server.slug}`);
      expect(html).toContain(`<td data-label="Tools" class="short">${server.tools.length}</td>`);
    }
    expect(html).toContain('Brønnøysundregistrene');
    expect(html).toContain('for tools/call');
    expect(html).toMatch(/available|degraded|deprecated/);
    expect(html).toContain('data-copy=');
  });

  it('shows a server page with tools, parameter bounds and an example call for a browser', async () => {
    const res = await t.fetch('/mcp/brreg', { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('brreg.enhet.lookup');
    expect(html).toContain('<code>orgnr</code> <strong>required</strong>');
    expect(html).toContain('tools/call');
    expect(html).toContain('923609016');
    expect(html).toContain('mcpServers');
  });

  it('escapes HTML in what it prints', async () => {
    const html = await (await t.fetch('/mcp')).text();
    // The one script is the page's own copy and filter script.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert');
  });

  it('answers POST /mcp with HTML, and tells a JSON-RPC client which URLs to use', async () => {
    const plain = await t.fetch('/mcp', { method: 'POST', body: 'hello' });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toMatch(/^text\/html/);
    const rpc = await t.fetch('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
    });
    expect(rpc.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await rpc.text();
    expect(html).toContain('not an MCP endpoint');
    expect(html).toContain(`${BASE}/mcp/brreg`);
  });

  it('serves catalogue.json with the public base URL', async () => {
    const res = await t.fetch('/catalogue.json');
    expect(res.status).toBe(200);
    const cat = await res.json();
    expect(cat.servers[0].url).toBe(`${BASE}/mcp/${cat.servers[0].slug}`);
    expect(JSON.stringify(cat)).not.toContain('{base_url}');
  });
});

describe('DNS-rebinding protection', () => {
  const t = createTestApp();
  const ping = (headers: Record<string, string>) =>
    t.fetch('/mcp/brreg', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });

  it('accepts localhost names when bound to loopback', async () => {
    for (const host of ['127.0.0.1:8787', 'localhost:8787', 'localhost', '[::1]:8787']) expect((await ping({ host })).status, host).toBe(200);
  });
  it('refuses another Host with 403', async () => {
    const res = await ping({ host: 'evil.example:8787' });
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toContain('Invalid Host');
  });
  it('refuses a foreign Origin with 403 and accepts a local one on the listening port', async () => {
    expect((await ping({ origin: 'http://evil.example' })).status).toBe(403);
    // Another port of this machine is another site (a dev server on :3000 is not this service).
    expect((await ping({ origin: 'http://localhost:3000' })).status).toBe(403);
    expect((await ping({ origin: 'http://localhost:8787' })).status).toBe(200);
  });
  it('accepts the public host and loopback names, and no other, when not bound to loopback', async () => {
    const pub = createTestApp({ env: { HOST: '0.0.0.0', PUBLIC_BASE_URL: 'https://data.example.no' } });
    const send = (host: string) =>
      pub.fetch('/mcp/brreg', {
        method: 'POST',
        headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      });
    expect((await send('data.example.no')).status).toBe(200);
    expect((await send('localhost:8787')).status).toBe(200);
    expect((await send('evil.example')).status).toBe(403);
  });
  it('answers a refused /api request with a Problem body', async () => {
    const res = await t.fetch('/api/connectors/brreg/enheter/923609016', { headers: { host: 'evil.example' } });
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
  });
});
