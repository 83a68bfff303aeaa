// Registry-wide invariants: every tool of every server at once, so a new tool is covered by its
// declaration, its recording and a line in tests/fixtures/spec-bounds.json, with no new test code.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderCommittedCatalogue } from '../runtime/catalogue.js';
import { EXAMPLE_BASE_URL, REGISTRY_DIR, renderCommittedRegistry } from '../runtime/server-card.js';
import { withServerTable } from '../runtime/readme-tables.js';
import { defineServer, defineTool, defineUpstream } from '../runtime/define.js';
import { REGISTER } from '../servers/_shared/icons/index.js';
import { orgnr } from '../runtime/fields.js';
import { Registry, RegistryError } from '../runtime/registry.js';
import { SERVERS } from '../servers/index.js';
import { callTool, createTestApp } from './helpers/app.js';
import { RegistryServerSchema } from './helpers/discovery-schemas.js';
import specTools from './fixtures/spec-tools.json' with { type: 'json' };

const registry = new Registry(SERVERS, { get: () => undefined });
const tools = registry.servers.flatMap((s) => s.tools.map((t) => [`${s.slug} ${t.name}`, t] as const));
const specServers = specTools.servers as Record<string, { prefix: string; tools: string[] }>;
// One file per server family in tests/fixtures/spec-bounds/, merged.
const bounds: Record<string, Record<string, Record<string, unknown>>> = Object.assign(
  {},
  ...readdirSync('tests/fixtures/spec-bounds')
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(`tests/fixtures/spec-bounds/${f}`, 'utf8')).tools),
);

describe('server declarations', () => {
  it.each(registry.servers.map((s) => [s.slug, s] as const))('%s has the tool names and order of the spec', (slug, server) => {
    const spec = specServers[slug];
    if (!spec) {
      expect(server.def.platform, `${slug} is neither in spec-tools.json nor a platform server`).toBe(true);
      return;
    }
    expect(server.def.prefix).toBe(spec.prefix);
    expect(server.tools.map((t) => t.name)).toEqual(spec.tools);
  });

  it('declares owner, licence, docs and a description for every server', () => {
    for (const s of registry.servers) {
      expect(s.def.owner, s.slug).toBeTruthy();
      expect(s.def.license, s.slug).toBeTruthy();
      expect(s.def.description.length, s.slug).toBeGreaterThan(40);
      if (!s.def.platform) expect(s.def.docs.length, s.slug).toBeGreaterThan(0);
    }
  });
});

describe.each(tools)('tool %s', (_label, tool) => {
  it('carries the annotations of spec 2.2', () => {
    expect(tool.annotations).toEqual({ title: tool.def.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true });
  });

  it('has a description an agent can choose by', () => {
    expect(tool.description.length).toBeGreaterThanOrEqual(80);
    expect(tool.description.length).toBeLessThanOrEqual(1200);
  });

  it('publishes a closed object schema', () => {
    expect(tool.jsonSchema.type).toBe('object');
    expect(tool.jsonSchema.additionalProperties).toBe(false);
  });

  it('has the bounds, defaults and required fields of the spec', () => {
    const expected = bounds[tool.name];
    expect(expected, `${tool.name} is missing from tests/fixtures/spec-bounds/`).toBeDefined();
    const props = (tool.jsonSchema.properties ?? {}) as Record<string, Record<string, unknown>>;
    const required = new Set((tool.jsonSchema.required ?? []) as string[]);
    for (const [param, rules] of Object.entries(expected)) {
      expect(props[param], `${tool.name}.${param}`).toBeDefined();
      for (const [rule, value] of Object.entries(rules)) {
        if (rule === 'required') expect(required.has(param), `${tool.name}.${param} required`).toBe(value);
        // null: the spec sets no such bound, so the schema must not have one.
        else if (value === null) expect(props[param][rule], `${tool.name}.${param}.${rule} is not in the spec`).toBeUndefined();
        else expect(props[param][rule], `${tool.name}.${param}.${rule}`).toEqual(value);
      }
    }
  });

  it('has an example that its own schema accepts (active tools)', () => {
    if (tool.declaredStatus !== 'active' || tool.def.unavailable) return;
    expect(tool.def.example).toBeDefined();
    expect(tool.schema.safeParse(tool.def.example).success).toBe(true);
  });
});

describe('examples answer from recordings', () => {
  const t = createTestApp();
  const active = registry.servers.flatMap((s) => s.tools.filter((x) => x.declaredStatus === 'active' && !x.def.unavailable).map((x) => [s.slug, x.name, x.def.example] as const));
  it.each(active)('%s %s', async (slug, name, example) => {
    const r = await callTool(t, slug, name, example);
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
  });

  // An active tool whose source publishes nothing readable answers its error once its input is valid.
  const unavailable = registry.servers.flatMap((s) => s.tools.filter((x) => x.def.unavailable).map((x) => [s.slug, x.name, x.def.unavailable!.code, x.def.example] as const));
  it.each(unavailable)('%s %s answers %s once its input is valid, and names a field first', async (slug, name, code, example) => {
    const tool = registry.server(slug)!.toolsByName.get(name)!;
    const withCredentials = createTestApp({ env: Object.fromEntries((tool.def.credentials ?? []).map((v) => [v, 'set'])) });
    const r = await callTool(withCredentials, slug, name, example);
    expect(r.isError).toBe(true);
    expect(r.data.error.code).toBe(code);
    expect(r.data.error.message).toMatch(/Retrying does not help|retrying does not help/);
    const bad = await callTool(t, slug, name, { notAField: 1 });
    expect(bad.data.error.code).toBe('invalid_input');
  });

  const retired = registry.servers.flatMap((s) => s.tools.filter((x) => x.declaredStatus === 'deprecated').map((x) => [s.slug, x.name, x.def.retired!.code] as const));
  it.each(retired)('%s %s answers its retirement', async (slug, name, code) => {
    const r = await callTool(t, slug, name, {});
    expect(r.isError).toBe(true);
    // A retired answer whose spec fields sit at its top level (norgesbank.nibor's `error`) is flat.
    expect((typeof r.data.error === 'object' ? r.data.error : r.data).code).toBe(code);
  });
});

describe('the registry refuses broken declarations at start-up', () => {
  const tool = (name: string, route = '/x') =>
    defineTool({
      name,
      title: 'T',
      description: 'd',
      input: { orgnr: orgnr() },
      output: z.object({}),
      coverage: { geography: ['NO'], dataTypes: ['x'], updateFrequency: 'daily' },
      cacheTtlSeconds: 0,
      route,
      example: { orgnr: '923609016' },
      run: async () => ({}),
    });
  const server = (slug: string, tools: ReturnType<typeof tool>[], prefix = 'p') =>
    defineServer({ slug, prefix, name: 'N', owner: 'O', description: 'D', license: 'L', tier: 'free', upstreams: [], countries: ['NO'], docs: [], icon: REGISTER, tools });
  const build = (defs: ReturnType<typeof server>[]) => () => new Registry(defs, { get: () => undefined });

  it('refuses duplicate slugs', () => expect(build([server('a', []), server('a', [])])).toThrow(/duplicate server slug/));
  it('refuses duplicate tool names in a server', () => expect(build([server('a', [tool('x.y'), tool('x.y', '/y')])])).toThrow(/duplicate tool name/));
  it('refuses the same name declared differently by two servers', () =>
    expect(build([server('a', [tool('x.y')]), server('b', [tool('x.y')])])).toThrow(/declared differently/));
  it('accepts a shared declaration in two servers', () => {
    const shared = tool('x.y');
    expect(build([server('a', [shared]), server('b', [shared])])).not.toThrow();
  });
  it('refuses a slug that is not kebab-case', () => expect(build([server('Bad_Slug', [])])).toThrow(RegistryError));
  it('refuses a prefix with a dot', () => expect(build([server('a', [], 'p.q')])).toThrow(/prefix/));
  it('refuses suffixes that break the naming rules', () => {
    for (const bad of ['X.y', 'x..y', '.x', 'x.', 'x y', '_', 'x/y']) expect(build([server('a', [tool(bad)])]), bad).toThrow(/naming rules/);
  });
  it('joins a leading-underscore suffix without a dot', () => {
    const r = new Registry([server('a', [tool('_konkurs_get')], 'brreg')], { get: () => undefined });
    expect(r.servers[0].tools[0].name).toBe('brreg_konkurs_get');
  });
  it('refuses an active tool without an example, and an invalid example', () => {
    expect(build([server('a', [{ ...tool('x'), example: undefined }])])).toThrow(/example/);
    expect(build([server('a', [{ ...tool('x'), example: { orgnr: '1' } }])])).toThrow(/example input is invalid/);
  });
  it('refuses a route parameter that is not an input field', () => expect(build([server('a', [tool('x', '/e/:nope')])])).toThrow(/route parameter/));
  it('refuses two declarations of one upstream id, and takes one declaration shared by two servers', () => {
    const up = () => defineUpstream({ id: 'same', name: 'S', baseUrl: 'https://s.test', envVar: 'SAME_BASE_URL', auth: { type: 'none' }, docs: 'd' });
    const shared = up();
    expect(build([{ ...server('a', []), upstreams: [shared] }, { ...server('b', []), upstreams: [shared] }])).not.toThrow();
    expect(build([{ ...server('a', []), upstreams: [up()] }, { ...server('b', []), upstreams: [up()] }])).toThrow(/declared twice/);
  });
  it('refuses an active tool without an output schema, and one that is not an object at its root', () => {
    expect(build([server('a', [{ ...tool('x'), output: undefined }])])).toThrow(/an active tool needs an output schema/);
    expect(build([server('a', [{ ...tool('x'), output: z.object({ n: z.number() }).meta({ id: 'rooted' }) }])])).toThrow(/object at its root/);
    // A retired tool answers no data, so it needs none.
    expect(build([server('a', [{ ...tool('x'), output: undefined, status: 'deprecated', retired: { code: 'api_sunset', message: 'gone' } }])])).not.toThrow();
  });
  it('takes an active tool without run() that is unavailable, and refuses unavailable on a tool with run()', () => {
    const gone = { code: 'source_migrated' as const, message: 'moved; retrying does not help' };
    expect(build([server('a', [{ ...tool('x'), run: undefined, output: undefined, unavailable: gone }])])).not.toThrow();
    expect(build([server('a', [{ ...tool('x'), unavailable: gone }])])).toThrow(/only an active tool without run/);
  });
  it('refuses a deprecated tool without its retired answer', () =>
    expect(build([server('a', [{ ...tool('x'), status: 'deprecated' }])])).toThrow(/retired/));
});

describe('generated files', () => {
  it('catalogue.json is fresh (run `npm run catalogue` after changing a server)', () => {
    expect(readFileSync('catalogue.json', 'utf8')).toBe(renderCommittedCatalogue(registry));
  });
  it("the README's server table is fresh (run `npm run catalogue` after changing a server)", () => {
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toBe(withServerTable(readme, registry));
  });
  const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
  const entries = renderCommittedRegistry(registry, version);
  it(`${REGISTRY_DIR}/ holds one fresh server.json per server and nothing else (run \`npm run catalogue\`)`, () => {
    expect(readdirSync(REGISTRY_DIR).sort()).toEqual([...entries.keys()].sort());
    for (const [file, text] of entries) expect(readFileSync(`${REGISTRY_DIR}/${file}`, 'utf8'), file).toBe(text);
  });
  it(`every ${REGISTRY_DIR}/<slug>.json follows the MCP Registry's server.json schema (2025-12-11)`, () => {
    const namespace = new URL(EXAMPLE_BASE_URL).hostname.split('.').reverse().join('.');
    for (const server of registry.servers) {
      const entry = RegistryServerSchema.parse(JSON.parse(readFileSync(`${REGISTRY_DIR}/${server.slug}.json`, 'utf8')));
      expect(entry.name).toBe(`${namespace}/${server.slug}`);
      expect(entry.version).toBe(version);
      expect(entry.remotes).toEqual([
        { type: 'streamable-http', url: `${EXAMPLE_BASE_URL}/mcp/${server.slug}`, headers: [expect.objectContaining({ name: 'Authorization', isRequired: true, isSecret: true, value: 'Bearer {api_key}' })] },
      ]);
    }
  });
});
