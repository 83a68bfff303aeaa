// Issue 12 #2: typed results with provenance. Every tool's answer to its recorded example validates
// against the output schema it publishes (tests/helpers/app.ts checks every successful call of
// every test the same way), every active tool has one, results carry structuredContent and the
// runtime's provenance, and SDK clients of the 1.x and the v2 line check it as clients do.
import { generateKeyPairSync } from 'node:crypto';
import { Client as ClientV2, StreamableHTTPClientTransport as StreamableHTTPClientTransportV2, type JsonSchemaType as JsonSchemaTypeV2 } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator as AjvJsonSchemaValidatorV2 } from '@modelcontextprotocol/client/validators/ajv';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGISTER } from '../servers/_shared/icons/index.js';
import { z } from 'zod';
import { loadConfig } from '../runtime/config.js';
import { defineServer, defineTool } from '../runtime/define.js';
import { startServer, type Running } from '../runtime/server.js';
import { RECORDED_AT } from '../runtime/upstream/recordings.js';
import { authEnvVars } from '../runtime/upstream/catalogue.js';
import { PROVENANCE_KEY, openableUrl, provenanceHeaders, type Provenance } from '../runtime/provenance.js';
import { Registry, toOutputJsonSchema } from '../runtime/registry.js';
import { SERVERS } from '../servers/index.js';
import { KEYS, callTool, createTestApp, replay, rpc } from './helpers/app.js';

const registry = new Registry(SERVERS, { get: () => undefined });
// Declared active: tools that need credentials count too (not_configured without them, active with).
const active = registry.servers.flatMap((s) => s.tools.filter((t) => (t.def.status ?? 'active') === 'active' && !t.def.unavailable).map((t) => ({ slug: s.slug, tool: t })));

/** Credentials as the servers' own tests set them; the recordings answer whatever their values. */
const { privateKey: KEY } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
/**
 * Every credential any tool or upstream names, so that every tool runs its real request code; a
 * value only where its form matters (the Maskinporten key signs, Skatteetaten checks its package).
 */
const CREDENTIALS: Record<string, string> = {
  ...Object.fromEntries(
    registry.servers.flatMap((s) => [...s.tools.flatMap((t) => t.def.credentials ?? []), ...s.def.upstreams.flatMap((u) => authEnvVars(u.auth))]).map((name) => [name, `test-${name.toLowerCase()}`]),
  ),
  MASKINPORTEN_CLIENT_ID: 'client',
  MASKINPORTEN_KEY: KEY,
  MASKINPORTEN_KID: 'kid-1',
  SKATTEETATEN_RETTIGHETSPAKKE: 'kredittopplysning',
};
/** Altinn tt02 (its default) takes tokens from test Maskinporten; the other Maskinporten users, production. */
const envFor = (slug: string) => (slug === 'altinn-systembruker' ? { ...CREDENTIALS, MASKINPORTEN_ENV: 'test' } : CREDENTIALS);

describe('output schemas', () => {
  it('every active tool declares one (the registry refuses an active tool without)', () => {
    expect(active.length).toBeGreaterThan(50);
    expect(active.filter((a) => !a.tool.outputJsonSchema).map((a) => `${a.slug} ${a.tool.name}`)).toEqual([]);
  });

  it.each(active.map((a) => [a.tool.name, a.tool] as const))('%s publishes an object schema without $schema', (_name, tool) => {
    expect(tool.outputJsonSchema!.type).toBe('object');
    expect(tool.outputJsonSchema!.$schema).toBeUndefined();
  });

  it('tools/list carries outputSchema for every tool that has one', async () => {
    const t = createTestApp();
    for (const server of registry.servers) {
      const r = await rpc(t, server.slug, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
      const tools = r.body.result.tools as { name: string; outputSchema?: Record<string, unknown> }[];
      for (const entry of tools) expect(entry.outputSchema, entry.name).toEqual(server.toolsByName.get(entry.name)!.outputJsonSchema);
    }
  });

  it('the published form is the same schema in fewer bytes', () => {
    const schema = z.object({
      n: z.number().int(),
      bounded: z.number().int().min(1).max(9),
      kind: z.enum(['a', 'b']).nullable(),
      plain: z.enum(['c', 'd']),
      one: z.literal('x').nullable(),
      block: z.object({ s: z.string() }).nullable().describe('A block.'),
      maybe: z.string().optional(),
      list: z.array(z.object({ s: z.string() })),
    });
    expect(toOutputJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        n: { type: 'integer' },
        bounded: { type: 'integer', minimum: 1, maximum: 9 },
        kind: { enum: ['a', 'b', null] },
        one: { enum: ['x', null] },
        block: { type: ['object', 'null'], properties: { s: { type: 'string' } }, description: 'A block.' },
        list: { type: 'array', items: { type: 'object', properties: { s: { type: 'string' } } } },
        maybe: { type: 'string' },
        plain: { enum: ['c', 'd'] },
      },
      required: ['n', 'bounded', 'kind', 'plain', 'one', 'block', 'list'],
    });
  });

  describe('every recorded example validates against its schema (with the credentials it needs)', () => {
    const apps = new Map<string, ReturnType<typeof createTestApp>>();
    const appFor = (slug: string) => apps.get(slug) ?? apps.set(slug, createTestApp({ env: envFor(slug) })).get(slug)!;
    it.each(active.map((a) => [a.slug, a.tool.name, a.tool.def.example] as const))('%s %s', async (slug, name, example) => {
      // callTool validates structuredContent against the strict and the published schema and compares it with the text.
      const r = await callTool(appFor(slug), slug, name, example);
      expect(r.isError, JSON.stringify(r.data)).toBe(false);
    });
  });

  describe('a structured not_configured answer validates too', () => {
    const t = createTestApp();
    const structured = active.filter((a) => a.tool.def.whenNotConfigured);
    it.each(structured.map((a) => [a.slug, a.tool.name, a.tool.def.example] as const))('%s %s without credentials', async (slug, name, example) => {
      const r = await callTool(t, slug, name, example);
      expect(r.isError, JSON.stringify(r.data)).toBe(false);
      expect(r.data.status).toBe('not_configured');
    });
  });
});

describe('structured results', () => {
  it('a result carries structuredContent equal to its text, and the text stays for older clients', async () => {
    const t = createTestApp();
    const r = await rpc(t, 'brreg', { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } } }, KEYS.pro);
    const result = r.body.result;
    expect(result.content).toHaveLength(1);
    expect(result.content[0].type).toBe('text');
    expect(result.structuredContent).toEqual(JSON.parse(result.content[0].text));
    expect(result.structuredContent.orgnr).toBe('923609016');
    expect(result.isError).toBeUndefined();
  });

  it('an error result stays isError with the structured error body and no structuredContent', async () => {
    const t = createTestApp();
    const r = await rpc(t, 'brreg', { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'brreg.enhet.lookup', arguments: { orgnr: '899999924' } } }, KEYS.pro);
    expect(r.body.result.isError).toBe(true);
    expect(r.body.result.structuredContent).toBeUndefined();
    expect(JSON.parse(r.body.result.content[0].text).error.code).toBe('not_found');
  });

  it('an answer that misses its own output schema is never sent as a success', async () => {
    const drifting = defineTool({
      name: 'drift',
      title: 'Drifting tool',
      description: 'Answers a count as text although its output schema says number: the runtime must refuse that answer.',
      input: {},
      output: z.object({ count: z.number() }),
      coverage: { geography: ['NO'], dataTypes: ['test'], updateFrequency: 'static' },
      cacheTtlSeconds: 0,
      route: '/drift',
      example: {},
      run: async () => ({ count: 'three' }),
    });
    const server = defineServer({ slug: 'drift', prefix: 'drift', name: 'D', owner: 'O', description: 'A server whose only tool drifts from its schema.', license: 'L', tier: 'free', upstreams: [], countries: ['NO'], docs: [], icon: REGISTER, tools: [drifting] });
    const t = createTestApp({ servers: [server] });
    const r = await callTool(t, 'drift', 'drift.drift', {});
    expect(r.isError).toBe(true);
    expect(r.data.error.code).toBe('internal');
  });

  it('input out of bounds answers isError naming the field and the bound', async () => {
    const t = createTestApp();
    const r = await callTool(t, 'brreg', 'brreg.enheter.search', { organisasjonsform: 'AS', size: 500 });
    expect(r.isError).toBe(true);
    expect(r.data.error.code).toBe('invalid_input');
    expect(r.data.error.fields).toContain('size');
    expect(r.data.error.message).toMatch(/size/);
    expect(r.data.error.message).toMatch(/100/);
  });
});

/** A tool call's `_meta`, where the runtime puts the provenance. */
async function metaOf(t: ReturnType<typeof createTestApp>, slug: string, name: string, args: unknown): Promise<Record<string, unknown>> {
  const r = await rpc(t, slug, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }, KEYS.pro);
  return r.body.result._meta;
}

describe('provenance from the runtime', () => {
  it('names the register, the openable URL, the licence, the fetch time and the cache, and marks a repeat as cached', async () => {
    const t = createTestApp();
    const p = (await metaOf(t, 'brreg', 'brreg.enhet.lookup', { orgnr: '923609016' }))[PROVENANCE_KEY] as Provenance;
    expect(p.license).toBe('NLOD 2.0 (Norsk lisens for offentlige data)');
    expect(p.sources).toEqual([
      { register: 'Brønnøysundregistrene (Enhetsregisteret, Regnskapsregisteret)', url: 'https://data.brreg.no/enhetsregisteret/api/enheter/923609016', fetchedAt: p.fetchedAt, cached: false,
        // Replay: the recording that answered (issue 25 item 21).
        recording: { kind: 'constructed', file: 'brreg/enheter_923609016.json' } },
    ]);
    expect(new Date(p.fetchedAt!).toISOString()).toBe(p.fetchedAt);
    expect(p.cached).toBe(false);
    const q = (await metaOf(t, 'brreg', 'brreg.enhet.lookup', { orgnr: '923609016' }))[PROVENANCE_KEY] as Provenance;
    expect(q.cached).toBe(true);
    expect(q.sources.map((s) => [s.url, s.fetchedAt, s.cached])).toEqual([[p.sources[0].url, p.fetchedAt, true]]);
  });

  it('the connector route says the same in X-Data-* headers, the body unchanged', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/brreg/enheter/923609016', { headers: { authorization: `Bearer ${KEYS.pro}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-data-source')).toBe('https://data.brreg.no/enhetsregisteret/api/enheter/923609016');
    expect(res.headers.get('x-data-cache')).toBe('miss');
    expect(res.headers.get('x-data-fetched-at')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const p = JSON.parse(res.headers.get('x-data-provenance')!) as Provenance;
    expect(p.sources[0].register).toBe('Brønnøysundregistrene (Enhetsregisteret, Regnskapsregisteret)');
    expect((await res.json()).orgnr).toBe('923609016');
  });

  it('shows no credentials: userinfo and credential-like query parameters are dropped', () => {
    expect(openableUrl('https://user:pw@api.example.test/list?token=s3cret&apikey=k&q=a%20b')).toBe('https://api.example.test/list?q=a+b');
  });

  it('header values are ASCII whatever the register is called', () => {
    const headers = provenanceHeaders({ license: 'Lisens ø', fetchedAt: null, cached: false, sources: [] });
    expect(headers['x-data-provenance']).toMatch(/^[\x20-\x7e]+$/);
    expect(JSON.parse(headers['x-data-provenance']).license).toBe('Lisens ø');
  });
});

describe('the SDK client of the 1.x line', () => {
  let running: Running;
  beforeAll(async () => {
    const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', UPSTREAM_MODE: 'replay', FIXED_NOW: RECORDED_AT, API_KEYS: `${KEYS.pro}:pro`, DATABASE_PATH: ':memory:' });
    running = await startServer(config, { logger: pino({ level: 'silent' }), transport: replay() });
  });
  afterAll(async () => {
    await running.close();
  });

  // The client remembers each tool's outputSchema from tools/list and validates structuredContent
  // against it on every call (it throws when a declared schema is not met or structuredContent is missing).
  it.each([
    ['brreg.enhet.lookup', { orgnr: '923609016' }],
    ['brreg.regnskap.dokument', { orgnr: '923609016', id: '7192427' }],
    ['brreg.roller.lookup', { orgnr: '923609016' }],
  ])('lists and calls %s, and its structuredContent meets the published outputSchema', async (name, args) => {
    const client = new Client({ name: 'output-schema-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${running.url}/mcp/brreg`), { requestInit: { headers: { Authorization: `Bearer ${KEYS.pro}` } } }),
    );
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === name)?.outputSchema?.type).toBe('object');
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual(JSON.parse((result.content as { text: string }[])[0].text));
    expect((result._meta?.[PROVENANCE_KEY] as Provenance).sources.length).toBeGreaterThan(0);
    await client.close();
  });
});

describe('the SDK client of the v2 line (@modelcontextprotocol/client), revision 2026-07-28', () => {
  let running: Running;
  beforeAll(async () => {
    const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', UPSTREAM_MODE: 'replay', FIXED_NOW: RECORDED_AT, API_KEYS: `${KEYS.pro}:pro`, DATABASE_PATH: ':memory:' });
    running = await startServer(config, { logger: pino({ level: 'silent' }), transport: replay() });
  });
  afterAll(async () => {
    await running.close();
  });

  // Pinned, the client must get 2026-07-28 from server/discover (no initialize, no fallback); it
  // then sends the revision in each request's _meta and validates structuredContent against the
  // outputSchema it listed. The test checks the same with the SDK's own validator besides.
  it('negotiates 2026-07-28 through server/discover, lists /mcp/brreg and calls brreg.enhet.lookup; structuredContent meets the published outputSchema', async () => {
    const sent: string[] = [];
    const client = new ClientV2({ name: 'output-schema-test-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(
      new StreamableHTTPClientTransportV2(new URL(`${running.url}/mcp/brreg`), {
        requestInit: { headers: { Authorization: `Bearer ${KEYS.pro}` } },
        fetch: async (url, init) => {
          sent.push(JSON.parse(String(init?.body ?? '{}')).method);
          return fetch(url, init);
        },
      }),
    );
    expect(client.getProtocolEra()).toBe('modern');
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    const { tools } = await client.listTools();
    const listed = tools.find((t) => t.name === 'brreg.enhet.lookup');
    expect(listed?.outputSchema?.type).toBe('object');
    expect(listed?.outputSchema).toEqual(registry.server('brreg')!.toolsByName.get('brreg.enhet.lookup')!.outputJsonSchema);
    const result = await client.callTool({ name: 'brreg.enhet.lookup', arguments: { orgnr: '923609016' } });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { orgnr: string }).orgnr).toBe('923609016');
    expect(result.structuredContent).toEqual(JSON.parse((result.content as { text: string }[])[0].text));
    const verdict = new AjvJsonSchemaValidatorV2().getValidator(listed!.outputSchema as JsonSchemaTypeV2)(result.structuredContent);
    expect(verdict.valid, verdict.errorMessage).toBe(true);
    expect((result._meta?.[PROVENANCE_KEY] as Provenance).sources[0].url).toBe('https://data.brreg.no/enhetsregisteret/api/enheter/923609016');
    // The modern sequence: no initialize, and nothing but these three requests.
    expect(sent).toEqual(['server/discover', 'tools/list', 'tools/call']);
    await client.close();
  });
});
