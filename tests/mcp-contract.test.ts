// The MCP contract over real HTTP with the SDK's own client: initialize, tools/list without a
// key, tools/call with and without a key, the wrong scope, protocol negotiation, ping.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../runtime/config.js';
import { RECORDED_AT } from '../runtime/upstream/recordings.js';
import { startServer, type Running } from '../runtime/server.js';
import { KEYS, replay } from './helpers/app.js';
import specTools from './fixtures/spec-tools.json' with { type: 'json' };

let running: Running;

beforeAll(async () => {
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    UPSTREAM_MODE: 'replay',
    FIXED_NOW: RECORDED_AT,
    API_KEYS: `${KEYS.pro}:pro,${KEYS.apiOnly}:pro:api:read`,
    DATABASE_PATH: ':memory:',
  });
  running = await startServer(config, { logger: pino({ level: 'silent' }), transport: replay() });
});
afterAll(async () => {
  await running.close();
});

async function connect(slug: string, key?: string): Promise<Client> {
  const client = new Client({ name: 'contract-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${running.url}/mcp/${slug}`), {
    requestInit: key ? { headers: { Authorization: `Bearer ${key}` } } : undefined,
  });
  await client.connect(transport);
  return client;
}

async function post(slug: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${running.url}/mcp/${slug}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json().catch(() => undefined) };
}

const servers = specTools.servers as Record<string, { tools: string[] }>;

describe('MCP over streamable HTTP with the SDK client', () => {
  it('initializes and reports server info and the tools capability', async () => {
    const client = await connect('brreg');
    expect(client.getServerVersion()?.name).toBe('brreg');
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    await client.close();
  });

  it.each(['brreg', 'brreg-konkurs'])('lists the spec tools of %s without a key, with annotations', async (slug) => {
    const client = await connect(slug);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(servers[slug].tools);
    for (const tool of tools) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true });
      expect(tool.annotations?.title).toBeTruthy();
      expect(tool.inputSchema.type).toBe('object');
    }
    await client.close();
  });

  it('calls brreg.enhet.lookup with a key and returns the legal name', async () => {
    const client = await connect('brreg', KEYS.pro);
    const result = await client.callTool({ name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } });
    expect(result.isError).toBeFalsy();
    const data = JSON.parse((result.content as { text: string }[])[0].text);
    expect(data.navn).toBe('EQUINOR ASA');
    await client.close();
  });

  it('refuses tools/call without a key with HTTP 401 and WWW-Authenticate', async () => {
    const client = await connect('brreg');
    await expect(client.callTool({ name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } })).rejects.toThrow(/401/);
    await client.close();
    const raw = await post('brreg', { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } } });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(raw.body).toMatchObject({ jsonrpc: '2.0', id: 7, error: { data: { status: 401, code: 'unauthorized' } } });
  });

  it('refuses an unknown key with 401', async () => {
    const raw = await post(
      'brreg',
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } } },
      { authorization: 'Bearer not-a-real-key' },
    );
    expect(raw.status).toBe(401);
  });

  it('refuses a key without the mcp:tools scope with 403', async () => {
    const client = await connect('brreg', KEYS.apiOnly);
    await expect(client.callTool({ name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } })).rejects.toThrow(/403/);
    await client.close();
  });

  it('answers ping', async () => {
    const client = await connect('brreg');
    await expect(client.ping()).resolves.toEqual({});
    await client.close();
  });

  it('answers invalid input as an isError result naming the field and the bound', async () => {
    const client = await connect('brreg', KEYS.pro);
    const result = await client.callTool({ name: 'brreg.enhet.lookup', arguments: { orgnr: '12345' } });
    expect(result.isError).toBe(true);
    const body = JSON.parse((result.content as { text: string }[])[0].text);
    expect(body.error).toMatchObject({ status: 400, code: 'invalid_input' });
    expect(body.error.message).toMatch(/orgnr: must be exactly 9 digits/);
    await client.close();
  });

  it('negotiates the protocol revision: 2025-03-26 is echoed, an unknown one gets the latest', async () => {
    const init = (v: string) => ({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: v, capabilities: {}, clientInfo: { name: 'x', version: '1' } } });
    expect((await post('brreg', init('2025-03-26'))).body.result.protocolVersion).toBe('2025-03-26');
    expect((await post('brreg', init('2025-06-18'))).body.result.protocolVersion).toBe('2025-06-18');
    expect((await post('brreg', init('1999-01-01'))).body.result.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
  });

  it('answers an unknown slug with 404 and says where the server list is', async () => {
    const raw = await post('no-such-server', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(raw.status).toBe(404);
    expect(raw.body.error.message).toContain('/mcp');
    expect(raw.body.error.data.servers).toMatch(/\/mcp$/);
  });

  it('answers GET and DELETE on a server URL as the stateless SDK does (405)', async () => {
    const get = await fetch(`${running.url}/mcp/brreg`, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    const del = await fetch(`${running.url}/mcp/brreg`, { method: 'DELETE' });
    expect(del.status).toBe(405);
  });
});
