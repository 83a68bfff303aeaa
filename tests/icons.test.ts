// Icons, titles and annotations (issue 12 #3): every server and every tool carries an icon served by
// this service (SVG, same origin, no key), its title and the five annotations, in tools/list, in
// initialize's serverInfo, in the catalogue's server records and on the landing pages.
import { InitializeResultSchema, ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineServer, defineTool } from '../runtime/define.js';
import { orgnr } from '../runtime/fields.js';
import { SVG_POLICY } from '../runtime/http/icons.js';
import { prepareServer } from '../runtime/mcp/dispatch.js';
import { svgProblem } from '../runtime/icons.js';
import { Registry, RegistryError } from '../runtime/registry.js';
import { ACCOUNTS, REGISTER } from '../servers/_shared/icons/index.js';
import { BASE, createTestApp, rpc } from './helpers/app.js';

const t = createTestApp();
const slugs = t.services.registry.servers.map((s) => s.slug);

interface ListedTool {
  name: string;
  title?: string;
  icons?: { src: string; mimeType?: string; sizes?: string[] }[];
  annotations?: Record<string, unknown>;
}

async function listTools(slug: string): Promise<ListedTool[]> {
  const r = await rpc(t, slug, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
  expect(r.status).toBe(200);
  // The SDK's own schema (revision 2025-11-25) reads the icons as it reads ours.
  expect(ListToolsResultSchema.parse(r.body.result).tools.map((x) => x.icons)).toEqual(r.body.result.tools.map((x: ListedTool) => x.icons));
  return r.body.result.tools;
}

async function serverInfo(slug: string) {
  const init = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'icons-test', version: '1' } };
  const r = await rpc(t, slug, { jsonrpc: '2.0', id: 1, method: 'initialize', params: init });
  expect(r.status).toBe(200);
  expect(InitializeResultSchema.parse(r.body.result).serverInfo.icons).toEqual(r.body.result.serverInfo.icons);
  return r.body.result.serverInfo;
}

/** Every icon URL the MCP answers name, once. */
async function allIconUrls(): Promise<string[]> {
  const urls = new Set<string>();
  for (const slug of slugs) {
    for (const icon of (await serverInfo(slug)).icons) urls.add(icon.src);
    for (const tool of await listTools(slug)) for (const icon of tool.icons ?? []) urls.add(icon.src);
  }
  return [...urls];
}

describe('tools/list and initialize carry icons, titles and annotations', () => {
  it.each(slugs)('every tool of %s has an icon, a title and the five annotations', async (slug) => {
    const tools = await listTools(slug);
    expect(tools.length).toBeGreaterThan(0);
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.annotations, tool.name).toEqual({ title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true });
      expect(tool.icons, tool.name).toHaveLength(1);
      const [icon] = tool.icons!;
      expect(icon.mimeType).toBe('image/svg+xml');
      expect(icon.sizes).toEqual(['any']);
      // Absolute, on this service's own origin (PUBLIC_BASE_URL).
      expect(icon.src.startsWith(`${BASE}/icons/`), icon.src).toBe(true);
    }
  });

  it.each(slugs)('initialize names %s with its title and icon', async (slug) => {
    const info = await serverInfo(slug);
    const server = t.services.registry.server(slug)!;
    expect(info).toMatchObject({ name: slug, title: server.def.name });
    expect(info.icons).toEqual([{ src: `${BASE}${server.icon.path}`, mimeType: 'image/svg+xml', sizes: ['any'] }]);
    // One serverInfo for every method that names the server (initialize, server/discover).
    expect(prepareServer(server, t.services.config.version).serverInfo).toEqual(info);
  });

  it('a tool shows its own icon where it declares one, else its server’s', async () => {
    const tools = await listTools('brreg');
    const server = t.services.registry.server('brreg')!;
    const icon = (name: string) => tools.find((x) => x.name === name)!.icons![0].src;
    expect(icon('brreg.enhet.lookup')).toBe(`${BASE}${server.icon.path}`);
    expect(icon('brreg.regnskap.summary')).toMatch(new RegExp(`^${BASE}/icons/${ACCOUNTS.name}-[0-9a-f]{12}\\.svg$`));
  });
});

describe('icons are served by this service', () => {
  it('answers every icon URL without a key: 200 SVG, nosniff, a restrictive policy, cached for good', async () => {
    const urls = await allIconUrls();
    expect(urls.length).toBeGreaterThanOrEqual(new Set(t.services.registry.servers.map((s) => s.icon.path)).size);
    for (const url of urls) {
      const res = await t.fetch(new URL(url).pathname);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/svg+xml');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe(SVG_POLICY);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(res.headers.get('cache-control')).toContain('immutable');
      expect(res.headers.get('etag')).toBeTruthy();
      const svg = await res.text();
      // Checked here on the served bytes, independently of the registry's own check.
      expect(svg.startsWith('<svg '), url).toBe(true);
      expect(svg).toMatch(/viewBox="[^"]+"/);
      expect(svg).not.toMatch(/<script/i);
      expect(svg).not.toMatch(/\son[a-z]+\s*=/i);
      expect(svg).not.toMatch(/href\s*=\s*["']?(?!#)[^"'\s>]/i);
      expect(svg.replaceAll('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|\/\/|data:|javascript:/i);
      const again = await t.fetch(new URL(url).pathname, { headers: { 'if-none-match': res.headers.get('etag')! } });
      expect(again.status).toBe(304);
    }
  });

  it('answers HEAD as GET, without the body', async () => {
    const res = await t.fetch(t.services.registry.server('brreg')!.icon.path, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(await res.text()).toBe('');
  });

  it('answers 404 for a name it does not serve, and for an old hash', async () => {
    expect((await t.fetch('/icons/nothing-000000000000.svg')).status).toBe(404);
    const path = t.services.registry.server('brreg')!.icon.path;
    expect((await t.fetch(path.replace(/-[0-9a-f]{12}\.svg$/, '-000000000000.svg'))).status).toBe(404);
  });

  it('counts icon requests against the anonymous allowance', async () => {
    const res = await t.fetch(t.services.registry.server('brreg')!.icon.path);
    expect(res.headers.get('x-ratelimit-limit')).toBeTruthy();
  });
});

describe('the registry checks icons at start-up', () => {
  const tool = defineTool({
    name: 'x',
    title: 'T',
    description: 'd',
    input: { orgnr: orgnr() },
    output: z.object({}),
    coverage: { geography: ['NO'], dataTypes: ['x'], updateFrequency: 'daily' },
    cacheTtlSeconds: 0,
    route: '/x',
    example: { orgnr: '923609016' },
    run: async () => ({}),
  });
  const server = (slug: string, icon = REGISTER, tools = [tool]) =>
    defineServer({ slug, prefix: slug, name: 'N', owner: 'O', description: 'D', license: 'L', tier: 'free', upstreams: [], countries: ['NO'], docs: [], icon, tools });
  const svg = (inner: string, attributes = '') => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"${attributes}>${inner}</svg>`;
  const build = (...defs: ReturnType<typeof server>[]) => () => new Registry(defs, { get: () => undefined }, { publicBaseUrl: BASE });

  it.each([
    ['a script', svg('<script>alert(1)</script>')],
    ['an event handler', svg('<rect width="1" height="1"/>', ' onload="alert(1)"')],
    ['an external href', svg('<image href="https://example.com/x.png"/>')],
    ['an external url()', svg('<rect style="fill:url(https://example.com/x)"/>')],
    ['a data: URI', svg('<image href="data:image/png;base64,AAAA"/>')],
    ['a foreignObject', svg('<foreignObject><div/></foreignObject>')],
    ['a DOCTYPE', `<!DOCTYPE svg>${svg('')}`],
    ['no viewBox', '<svg xmlns="http://www.w3.org/2000/svg"></svg>'],
    ['no SVG namespace', '<svg viewBox="0 0 1 1"></svg>'],
    ['too many bytes', svg(`<path d="${'M0 0'.repeat(2000)}"/>`)],
  ])('refuses an icon with %s', (_what, bad) => {
    expect(svgProblem(bad)).toBeDefined();
    expect(build(server('a', { name: 'bad', svg: bad }))).toThrow(RegistryError);
  });

  it('accepts a reference inside the drawing (#id)', () => {
    expect(svgProblem(svg('<defs><path id="p" d="M0 0"/></defs><use href="#p"/><rect style="fill:url(#p)"/>'))).toBeUndefined();
  });

  it('refuses a server without an icon, and one name for two drawings', () => {
    expect(build({ ...server('a'), icon: undefined as never })).toThrow(/needs an icon/);
    expect(build(server('a'), server('b', { name: REGISTER.name, svg: svg('<circle r="1"/>') }))).toThrow(/already another drawing/);
  });

  it('gives a tool its server’s icon unless it declares its own, and serves each drawing once', () => {
    const own = defineTool({ ...tool, name: 'y', route: '/y', icon: ACCOUNTS });
    const registry = build(server('a', REGISTER, [tool, own]), server('b'))();
    const [a] = registry.servers;
    expect(a.tools.map((x) => x.icon.name)).toEqual(['register', 'accounts']);
    expect(a.tools[1].icons[0].src).toBe(`${BASE}${a.tools[1].icon.path}`);
    expect([...registry.icons.values()].map((i) => i.name).sort()).toEqual(['accounts', 'register']);
  });
});

describe('server records and landing pages show the icons', () => {
  it('puts the icon in every server record of /catalogue.json', async () => {
    const catalogue = await (await t.fetch('/catalogue.json')).json();
    for (const record of catalogue.servers) {
      const server = t.services.registry.server(record.slug)!;
      expect(record.icons, record.slug).toEqual([{ src: `${BASE}${server.icon.path}`, mimeType: 'image/svg+xml', sizes: ['any'] }]);
    }
  });

  it('shows an <img> with alt text for every server on /mcp', async () => {
    const html = await (await t.fetch('/mcp')).text();
    const images = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
    expect(images).toHaveLength(slugs.length);
    for (const [i, server] of t.services.registry.servers.entries()) {
      expect(images[i], server.slug).toContain(`src="${server.icon.path}"`);
      expect(images[i], server.slug).toContain(`alt="Icon of ${server.def.name}"`);
    }
  });

  it('shows the server’s icon on its own page', async () => {
    const html = await (await t.fetch('/mcp/brreg', { headers: { accept: 'text/html' } })).text();
    const path = t.services.registry.server('brreg')!.icon.path;
    expect(html).toMatch(new RegExp(`<h1><img [^>]*src="${path}"[^>]*alt="[^"]+"`));
  });
});
