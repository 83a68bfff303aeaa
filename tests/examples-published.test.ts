// Issue 25 items 19 and 20: a program can read each tool's example and answer type without the
// HTML pages. tools/list carries every active tool's example in its input schema (`examples`, JSON
// Schema 2020-12), the OpenAPI description carries it on each connector operation, and each
// connector operation's 200 carries the tool's output schema (the connector route answers the
// tool's JSON itself, provenance in headers: runtime/http/connectors.ts toolAnswer).
import type { JsonSchemaType } from '@modelcontextprotocol/client';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/client/validators/ajv';
import { describe, expect, it } from 'vitest';
import type { CompiledTool } from '../runtime/registry.js';
import { OutputSchemas } from '../runtime/rest/openapi.js';
import { KEYS, createTestApp, rpc } from './helpers/app.js';

const t = createTestApp();
const registry = t.services.registry;
const doc = await (await t.fetch('/api/openapi.json')).json();
const validator = new AjvJsonSchemaValidator();

/** Tools that can answer data: declared active, with a source a program can read. */
const answering = (tool: CompiledTool) => (tool.def.status ?? 'active') === 'active' && !tool.def.unavailable;
const toolRows = registry.servers.flatMap((s) => s.tools.map((tool) => ({ slug: s.slug, tool })));
const active = toolRows.filter((r) => answering(r.tool));
const pathOf = (slug: string, tool: CompiledTool) => `/api/connectors/${slug}${tool.def.route.replace(/:([A-Za-z0-9]+)/g, '{$1}')}`;

type Json = Record<string, any>;

/** Inlines every `$ref` (`#/$defs/…` of the schema itself, `#/components/schemas/…` of the document). */
function inlined(node: unknown, root: Json, depth = 0): unknown {
  if (depth > 50) throw new Error('a $ref loop');
  if (Array.isArray(node)) return node.map((n) => inlined(n, root, depth));
  if (node === null || typeof node !== 'object') return node;
  const { $ref, $defs: _defs, ...rest } = node as Json;
  if (typeof $ref === 'string') {
    const target = $ref.split('/').slice(1).reduce((at: any, key: string) => at?.[key], $ref.startsWith('#/components/') ? doc : root);
    if (target === undefined) throw new Error(`unresolved ${$ref}`);
    return { ...(inlined(target, root, depth + 1) as Json), ...(inlined(rest, root, depth) as Json) };
  }
  return Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, inlined(v, root, depth + 1)]));
}

describe('tools/list publishes each active tool’s example', () => {
  it.each(registry.servers.map((s) => [s.slug] as const))('%s', async (slug) => {
    const r = await rpc(t, slug, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, KEYS.pro);
    for (const entry of r.body.result.tools as Json[]) {
      const tool = registry.server(slug)!.toolsByName.get(entry.name)!;
      if (!answering(tool)) {
        // A tool that cannot answer shows no example to try.
        expect(entry.inputSchema.examples, entry.name).toBeUndefined();
        continue;
      }
      expect(entry.inputSchema.examples, entry.name).toEqual([tool.def.example]);
      // The example is valid against the very schema it is published in (as a 2020-12 client reads it).
      const verdict = validator.getValidator(entry.inputSchema as JsonSchemaType)(tool.def.example);
      expect(verdict.valid, `${entry.name}: ${verdict.valid ? '' : verdict.errorMessage}`).toBe(true);
    }
  });
});

describe('the OpenAPI description', () => {
  it('says the code is MIT, as LICENSE does', () => {
    expect(doc.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
  });

  it.each(active.map((r) => [r.tool.name, r.slug, r.tool] as const))('%s (%s): request examples and the output schema', (_name, slug, tool) => {
    const item = doc.paths[pathOf(slug, tool)];
    const example = tool.def.example as Json;
    const inPath = new Set(tool.routeParams);
    // GET: the example is the parameters' examples, taken together.
    const fromParams = Object.fromEntries(item.get.parameters.filter((p: Json) => 'example' in p).map((p: Json) => [p.name, p.example]));
    expect(fromParams).toEqual(example);
    // POST: the body's example, plus the path parameters' examples.
    const body = item.post.requestBody.content['application/json'];
    const fromPost = { ...body.example, ...Object.fromEntries(item.post.parameters.filter((p: Json) => 'example' in p).map((p: Json) => [p.name, p.example])) };
    expect(fromPost).toEqual(example);
    expect(Object.keys(body.example ?? {}).some((k) => inPath.has(k))).toBe(false);
    for (const method of ['get', 'post']) {
      const schema = item[method].responses['200']?.content?.['application/json']?.schema;
      expect(schema, `${method} 200`).toBeDefined();
      expect(schema, `${method} 200`).not.toEqual({});
      expect(inlined(schema, doc), `${method} 200`).toEqual(inlined(tool.outputJsonSchema, tool.outputJsonSchema!));
    }
  });

  it('has no connector operation whose 200 is an empty schema, and no example for a tool that cannot answer', () => {
    const empty: string[] = [];
    for (const { slug, tool } of toolRows) {
      const item = doc.paths[pathOf(slug, tool)];
      for (const method of ['get', 'post']) {
        const ok = item[method].responses['200'];
        if (ok && JSON.stringify(ok.content?.['application/json']?.schema ?? {}) === '{}') empty.push(`${method} ${tool.name}`);
        if (!answering(tool)) {
          expect(item[method].parameters.some((p: Json) => 'example' in p), tool.name).toBe(false);
          expect(item[method].requestBody?.content['application/json'].example, tool.name).toBeUndefined();
        }
      }
    }
    expect(empty).toEqual([]);
  });

  it('resolves every $ref it uses inside the document', () => {
    const refs = [...JSON.stringify(doc.paths).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
    const unresolved = [...new Set(refs)].filter((ref) => !ref.startsWith('#/components/') || ref.split('/').slice(1).reduce((at: any, key) => at?.[key], doc) === undefined);
    expect(unresolved).toEqual([]);
  });

  it('a connector route’s real 200 body validates against the schema the description gives it', async () => {
    const res = await t.fetch('/api/connectors/brreg/enheter/923609016', { headers: { authorization: `Bearer ${KEYS.pro}` } });
    expect(res.status).toBe(200);
    const body = await res.json();
    const schema = inlined(doc.paths['/api/connectors/brreg/enheter/{orgnr}'].get.responses['200'].content['application/json'].schema, doc);
    const verdict = validator.getValidator(schema as JsonSchemaType)(body);
    expect(verdict.valid, verdict.valid ? '' : verdict.errorMessage).toBe(true);
  });
});

describe('output schemas as components', () => {
  it('moves $defs into components: one name for the same part, a numbered one for a different part, none taken by another component', () => {
    const outputs = new OutputSchemas(new Set(['Problem']));
    const code = { type: 'object', properties: { kode: { type: 'string' } } };
    const a = outputs.ref('a.one', { type: 'object', properties: { x: { $ref: '#/$defs/code' }, p: { $ref: '#/$defs/Problem' } }, $defs: { code, Problem: { type: 'string' } } });
    const b = outputs.ref('b.two', { type: 'object', properties: { y: { $ref: '#/$defs/code' } }, $defs: { code } });
    const c = outputs.ref('c.three', { type: 'object', properties: { z: { $ref: '#/$defs/code' } }, $defs: { code: { type: 'integer' } } });
    expect([a, b, c]).toEqual([{ $ref: '#/components/schemas/a.one.output' }, { $ref: '#/components/schemas/b.two.output' }, { $ref: '#/components/schemas/c.three.output' }]);
    expect(outputs.components['a.one.output']).toEqual({ type: 'object', properties: { x: { $ref: '#/components/schemas/code' }, p: { $ref: '#/components/schemas/Problem_2' } } });
    expect(outputs.components['b.two.output']).toEqual({ type: 'object', properties: { y: { $ref: '#/components/schemas/code' } } });
    expect(outputs.components['c.three.output']).toEqual({ type: 'object', properties: { z: { $ref: '#/components/schemas/code_2' } } });
    expect(outputs.components).toMatchObject({ code, code_2: { type: 'integer' }, Problem_2: { type: 'string' } });
    expect(outputs.components.Problem).toBeUndefined();
  });
});
