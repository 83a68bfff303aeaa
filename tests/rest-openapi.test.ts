// The OpenAPI 3.1 description at /api/openapi.json (no key): generated from the zod schemas of the
// routes, with the spec's operation ids and tags, the bearer scheme, a Problem on every error
// response, and every connector route from the registry; and the reference page at /api/docs.
import { gunzipSync } from 'node:zlib';
import { OpenAPIHono } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../runtime/http/request.js';
import { referencePage, registerReferencePage } from '../runtime/rest/docs-page.js';
import { KEYS, createTestApp } from './helpers/app.js';

const t = createTestApp();
const doc = await (await t.fetch('/api/openapi.json')).json();
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];
const operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([m]) => METHODS.includes(m))
    .map(([method, op]) => ({ path, method, op })),
);
const op = (path: string, method: string) => doc.paths[path]?.[method];

function resolve(schema: any): any {
  if (schema?.$ref) return doc.components.schemas[schema.$ref.split('/').pop()];
  return schema;
}

describe('the document', () => {
  it('is OpenAPI 3.1 of API version 0.1.0 with this service as server', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('0.1.0');
    expect(doc.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
    expect(doc.servers).toEqual([{ url: 'http://127.0.0.1:8787', description: 'This service' }]);
  });

  it('names the bearerAuth scheme and requires it by default', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
  });

  it('carries the tags of REST spec 1 and the connector routes', () => {
    const names = doc.tags.map((x: { name: string }) => x.name);
    expect(names).toEqual(expect.arrayContaining(['data-proxy', 'companies', 'sources', 'meta', 'sanctions', 'research', 'account', 'reviews', 'connectors']));
    for (const { path, method, op: o } of operations) expect(o.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
  });

  it('has unique operation ids', () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('puts a Problem on every error response', () => {
    const problem = doc.components.schemas.Problem;
    expect(problem.required).toEqual(expect.arrayContaining(['type', 'title', 'status']));
    expect(Object.keys(problem.properties)).toEqual(expect.arrayContaining(['type', 'title', 'status', 'detail', 'instance', 'svcRequestId', 'svcRetryAfterMs']));
    let checked = 0;
    for (const { path, method, op: o } of operations) {
      for (const [status, response] of Object.entries(o.responses as Record<string, any>)) {
        if (Number(status) < 400) continue;
        const content = response.content?.['application/problem+json'];
        expect(content, `${method} ${path} ${status}`).toBeDefined();
        expect(resolve(content.schema), `${method} ${path} ${status}`).toBe(problem);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});

describe('the data proxy', () => {
  it('has proxyConnectorGet and proxyConnectorPost on /api/data/{kilde}/{endepunkt}, tag data-proxy', () => {
    const get = op('/api/data/{kilde}/{endepunkt}', 'get');
    const post = op('/api/data/{kilde}/{endepunkt}', 'post');
    expect(get.operationId).toBe('proxyConnectorGet');
    expect(post.operationId).toBe('proxyConnectorPost');
    expect(get.tags).toEqual(['data-proxy']);
    expect(post.tags).toEqual(['data-proxy']);
    expect(get.security).toEqual([{ bearerAuth: [] }]);
  });

  it('declares the endepunkt bounds that validate it (1 to 200)', () => {
    const params = op('/api/data/{kilde}/{endepunkt}', 'get').parameters;
    const endepunkt = params.find((p: any) => p.name === 'endepunkt');
    expect(endepunkt).toMatchObject({ in: 'path', required: true });
    expect(endepunkt.schema).toMatchObject({ type: 'string', minLength: 1, maxLength: 200 });
    expect(params.find((p: any) => p.name === 'kilde').in).toBe('path');
  });

  it('requires a JSON object body on POST', () => {
    const body = op('/api/data/{kilde}/{endepunkt}', 'post').requestBody;
    expect(body.required).toBe(true);
    expect(resolve(body.content['application/json'].schema).type).toBe('object');
    expect(Object.keys(op('/api/data/{kilde}/{endepunkt}', 'post').responses)).toEqual(expect.arrayContaining(['200', '400', '429', '503']));
    expect(Object.keys(op('/api/data/{kilde}/{endepunkt}', 'get').responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '429', '503']));
  });
});

describe('the unified tier', () => {
  it('documents sources, meta and research with their operation ids and tags', () => {
    expect(op('/api/v1/sources', 'get')).toMatchObject({ operationId: 'listSources', tags: ['sources'] });
    expect(op('/api/v1/sources/{key}', 'get')).toMatchObject({ operationId: 'getSource', tags: ['sources'] });
    expect(op('/api/v1/health', 'get')).toMatchObject({ operationId: 'getHealth', tags: ['meta'], security: [] });
    expect(op('/api/v1/version', 'get')).toMatchObject({ operationId: 'getVersion', tags: ['meta'], security: [] });
    expect(op('/api/v1/diagnostics', 'get')).toMatchObject({ operationId: 'getDiagnostics', tags: ['meta'] });
    expect(op('/api/v1/diagnostics', 'get').security).toEqual([{ bearerAuth: [] }]);
    expect(op('/api/openapi.json', 'get').security).toEqual([]);
    expect(op('/api/docs', 'get').security).toEqual([]);
    expect(op('/api/v1/research', 'get').tags).toEqual(['research']);
    expect(Object.keys(op('/api/v1/research', 'post').responses)).toContain('501');
    expect(op('/api/v1/health', 'get').description).toMatch(/no key/i);
  });

  it('generates the query parameters from the schemas that validate them', async () => {
    const status = op('/api/v1/sources', 'get').parameters.find((p: any) => p.name === 'status');
    expect(status.in).toBe('query');
    expect(status.schema.enum).toEqual(['connected', 'planned', 'scraping']);
    // The same enum refuses anything else.
    const res = await t.fetch('/api/v1/sources?status=retired', { headers: { authorization: `Bearer ${KEYS.pro}` } });
    expect(res.status).toBe(400);
    const source = resolve(op('/api/v1/sources', 'get').responses['200'].content['application/json'].schema);
    expect(Object.keys(source.properties)).toEqual(expect.arrayContaining(['total', 'counts', 'sources']));
  });

  it('includes the company routes registered by their module', () => {
    expect(op('/api/v1/companies', 'get')?.operationId).toBe('searchCompanies');
  });
});

describe('the connector routes', () => {
  it('lists every tool’s route with GET and POST, from the registry', () => {
    for (const server of t.services.registry.servers) {
      for (const tool of server.tools) {
        const path = `/api/connectors/${server.slug}${tool.def.route.replace(/:([A-Za-z0-9]+)/g, '{$1}')}`;
        expect(op(path, 'get'), path).toBeDefined();
        expect(op(path, 'post'), path).toBeDefined();
        expect(op(path, 'get')['x-tool-name']).toBe(tool.name);
        expect(op(path, 'get').tags).toEqual(['connectors']);
        expect(op(path, 'get').deprecated ?? false).toBe(tool.declaredStatus === 'deprecated');
      }
    }
  });

  it('takes path and query parameters from the tool’s JSON Schema, with bounds and defaults', () => {
    const get = op('/api/connectors/brreg/enheter/{orgnr}/underenheter', 'get');
    const orgnr = get.parameters.find((p: any) => p.name === 'orgnr');
    expect(orgnr).toMatchObject({ in: 'path', required: true });
    expect(orgnr.schema.pattern).toBe('^\\d{9}$');
    const size = get.parameters.find((p: any) => p.name === 'size');
    expect(size).toMatchObject({ in: 'query', required: false });
    expect(size.schema).toMatchObject({ minimum: 1, maximum: 100, default: 100 });
    const body = op('/api/connectors/brreg/enheter/{orgnr}/underenheter', 'post').requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['size', 'page']));
    expect(body.properties.orgnr).toBeUndefined();
    const search = op('/api/connectors/brreg-konkurs/konkurs/search', 'get').parameters.find((p: any) => p.name === 'q');
    expect(search).toMatchObject({ in: 'query', required: true });
    expect(search.schema.minLength).toBe(2);
  });

  it('marks retired tools and documents their 410', () => {
    const retired = operations.find((o) => o.op['x-tool-status'] === 'deprecated');
    expect(retired).toBeDefined();
    expect(retired!.op.deprecated).toBe(true);
    expect(retired!.op.responses['410']).toBeDefined();
  });
});

describe('serving', () => {
  it('needs no key, is JSON, and is the same document each time', async () => {
    const res = await t.fetch('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual(doc);
  });

  it('serves an interactive reference page at /api/docs that loads the description', async () => {
    const res = await t.fetch('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<title>Nordic open data host: REST API reference<\/title>/);
    expect(html).toContain('<div id="swagger-ui">');
    const initialiser = html.match(/<script src="(\/api\/docs\/assets\/reference-init-[0-9a-f]+\.js)"/)?.[1];
    expect(initialiser).toBeDefined();
    expect(await (await t.fetch(initialiser!)).text()).toContain("url: '/api/openapi.json'");
  });

  it('loads its scripts and stylesheet from this service, not a CDN, so it works offline', async () => {
    const html = await (await t.fetch('/api/docs')).text();
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/); // no inline script: a strict CSP can be set
    const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]*)"/g)].map((m) => m[1]);
    const stylesheets = [...html.matchAll(/<link[^>]*\shref="([^"]*)"/g)].map((m) => m[1]);
    expect(scripts.some((src) => /^\/api\/docs\/assets\/swagger-ui-\d+\.\d+\.\d+\/swagger-ui-bundle\.js$/.test(src))).toBe(true);
    expect(stylesheets).toEqual([expect.stringMatching(/^\/api\/docs\/assets\/swagger-ui-\d+\.\d+\.\d+\/swagger-ui\.css$/)]);

    const texts: string[] = [];
    for (const [url, type] of [...scripts.map((u) => [u, 'text/javascript; charset=utf-8']), ...stylesheets.map((u) => [u, 'text/css; charset=utf-8'])]) {
      expect(url).toMatch(/^\/api\/docs\/assets\//);
      const res = await t.fetch(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toBe(type);
      expect(res.headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable');
      const text = await res.text();
      texts.push(text);

      const gzipped = await t.fetch(url, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(gzipped.headers.get('content-encoding'), url).toBe('gzip');
      expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString(), url).toBe(text);
      const again = await t.fetch(url, { headers: { 'if-none-match': res.headers.get('etag') ?? '' } });
      expect(again.status, url).toBe(304);
      expect(await again.text()).toBe('');
    }
    const all = texts.join('\n');
    expect(all).toContain('SwaggerUIBundle');
    // The initialiser: the description of this service, and no validator badge (it calls validator.swagger.io).
    const initialiser = texts.find((text) => text.includes('SwaggerUIBundle({'));
    expect(initialiser).toContain("url: '/api/openapi.json'");
    expect(initialiser).toContain('validatorUrl: null');
    expect(texts.at(-1)).not.toMatch(/@font-face|@import/); // the stylesheet: the system's fonts only
  });

  it('serves only its fixed list of files under /api/docs/assets/', async () => {
    const html = await (await t.fetch('/api/docs')).text();
    const bundle = html.match(/src="(\/api\/docs\/assets\/swagger-ui-[^/]+\/)swagger-ui-bundle\.js"/)?.[1];
    expect(bundle).toBeDefined();
    for (const path of ['package.json', 'index.html', 'swagger-ui-bundle.js.map', '..%2fpackage.json', '%2e%2e/%2e%2e/package.json']) {
      const res = await t.fetch(`${bundle}${path}`);
      expect(res.status, path).not.toBe(200);
    }
    expect((await t.fetch('/api/docs/assets/swagger-ui-0.0.1/swagger-ui.css')).status).not.toBe(200);
  });

  it('answers 503 with a Problem, page and package files, when swagger-ui-dist is not installed', async () => {
    const app = new OpenAPIHono<AppEnv>();
    app.use(async (c, next) => {
      c.set('log', {});
      c.set('reqId', 'test-request');
      await next();
    });
    const page = referencePage(undefined);
    registerReferencePage(app, t.services, page);
    for (const path of ['/docs', page.stylesheet.path, page.scripts[0].path]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/problem\+json/);
      expect((await res.json()).detail, path).toContain('swagger-ui-dist');
    }
  });
});
