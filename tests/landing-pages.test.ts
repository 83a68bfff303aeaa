// What the landing pages show people (issue 11 #21 and #30): bounds in words, a server without its
// credentials marked so rather than "available", where to get a key and the API reference, and the
// page (or record) at every server's dataSourceUrl.
import { describe, expect, it } from 'vitest';
import { bounds } from '../landing/pages.js';
import { BASE, KEYS, createTestApp } from './helpers/app.js';

const MAX = Number.MAX_SAFE_INTEGER;
const HTML = { accept: 'text/html,application/xhtml+xml' };

/** The table row of one server on the index page. */
function rowOf(html: string, slug: string): string {
  const row = html.split('<tr data-search=').find((r) => r.includes(`${BASE}/mcp/${slug}"`));
  if (!row) throw new Error(`no row for ${slug}`);
  return row.split('</tr>')[0];
}

describe('parameter bounds in words', () => {
  it('leaves out the safe-integer range JSON Schema gives an unbounded integer', () => {
    expect(bounds({ type: 'integer', minimum: 0, maximum: MAX })).toBe('≥ 0');
    expect(bounds({ type: 'integer', minimum: -MAX, maximum: 100 })).toBe('≤ 100');
    expect(bounds({ type: 'integer', minimum: -MAX, maximum: MAX })).toBe('');
    expect(bounds({ type: 'integer', minimum: 1, maximum: 100 })).toBe('1 to 100');
    expect(bounds({ type: 'number', maximum: 90 })).toBe('≤ 90');
  });
  it('says lengths the same way', () => {
    expect(bounds({ type: 'string', minLength: 2 })).toBe('length ≥ 2');
    expect(bounds({ type: 'string', maxLength: 64 })).toBe('length ≤ 64');
    expect(bounds({ type: 'string', minLength: 3, maxLength: 128 })).toBe('length 3 to 128');
  });
  it('shows no safe-integer bound on any server page', async () => {
    const t = createTestApp();
    for (const server of t.services.registry.servers) {
      const html = await (await t.fetch(`/mcp/${server.slug}`, { headers: HTML })).text();
      expect(html, server.slug).not.toContain(String(MAX));
    }
    const brreg = await (await t.fetch('/mcp/brreg', { headers: HTML })).text();
    const page = brreg.split('<tr>').find((r) => r.includes('<code>page</code>'));
    expect(page).toContain('≥ 0');
  });
});

describe('servers whose tools need credentials the operator has not set', () => {
  it('are marked "needs credentials on this host", not a green "available", while the record keeps `available`', async () => {
    const t = createTestApp();
    const html = await (await t.fetch('/mcp')).text();
    for (const slug of ['doffin', 'cvr']) {
      const row = rowOf(html, slug);
      expect(row, slug).toContain('needs credentials on this host');
      expect(row, slug).not.toContain('b-na');
      const page = await (await t.fetch(`/mcp/${slug}`, { headers: HTML })).text();
      expect(page.match(/<p class="lead">.*?<\/p>/)?.[0], slug).toContain('needs credentials on this host');
    }
    expect(rowOf(html, 'brreg-konkurs')).toContain('<span class="badge b-na">available</span>');
    const catalogue = await (await t.fetch('/catalogue.json')).json();
    const doffin = catalogue.servers.find((s: { slug: string }) => s.slug === 'doffin');
    expect(doffin.available).toBe('nå');
  });
  it('say how many tools lack credentials when only some do', async () => {
    const html = await (await createTestApp().fetch('/mcp')).text();
    expect(rowOf(html, 'rsk')).toContain('(2 of 3 tools need credentials on this host)');
  });
  it('are available once the operator sets the credentials', async () => {
    const t = createTestApp({ env: { DOFFIN_API_KEY: 'k', CVR_ES_USER: 'u', CVR_ES_PASS: 'p' } });
    const html = await (await t.fetch('/mcp')).text();
    for (const slug of ['doffin', 'cvr']) {
      expect(rowOf(html, slug), slug).toContain('<span class="badge b-na">available</span>');
      expect(rowOf(html, slug), slug).not.toContain('on this host');
    }
  });
});

describe('where to get a key and the API reference', () => {
  const t = createTestApp();
  it('are linked from the index and from every server page', async () => {
    const pages = [await (await t.fetch('/mcp')).text()];
    for (const s of t.services.registry.servers) pages.push(await (await t.fetch(`/mcp/${s.slug}`, { headers: HTML })).text());
    for (const html of pages) {
      expect(html).toContain(`href="${BASE}/api/docs"`);
      expect(html).toContain('id="get-a-key"');
      expect(html).toContain('npm run keys -- create');
    }
  });
  it('link a server page to its data source page', async () => {
    const html = await (await t.fetch('/mcp/brreg', { headers: HTML })).text();
    expect(html).toContain(`href="${BASE}/data/brreg"`);
  });
});

describe('GET /data/<source> (the dataSourceUrl of every server record)', () => {
  const t = createTestApp();

  it('answers every server record’s dataSourceUrl', async () => {
    const catalogue = await (await t.fetch('/catalogue.json')).json();
    for (const s of catalogue.servers) {
      expect(s.dataSourceUrl.startsWith(`${BASE}/data/`), s.slug).toBe(true);
      const res = await t.fetch(s.dataSourceUrl.slice(BASE.length), { headers: HTML });
      expect(res.status, s.dataSourceUrl).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });

  it('shows people name, owner, licence, upstream docs, the server and its tools, and the REST record', async () => {
    const res = await t.fetch('/data/brreg', { headers: HTML });
    const html = await res.text();
    const server = t.services.registry.server('brreg')!;
    expect(html).toContain(server.def.name);
    expect(html).toContain(server.def.owner);
    expect(html).toContain(server.def.license);
    for (const d of server.def.docs) expect(html).toContain(`href="${d.url}"`);
    expect(html).toContain(`href="${BASE}/mcp/brreg"`);
    for (const tool of server.tools) expect(html).toContain(`<code>${tool.name}</code>`);
    expect(html).toContain(`${BASE}/api/v1/sources/brreg`);
    expect(res.headers.get('vary')).toContain('Accept');
  });

  it('answers programs the source record of /api/v1/sources/{key}', async () => {
    const res = await t.fetch('/data/brreg', { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const record = await res.json();
    const rest = await (await t.fetch('/api/v1/sources/brreg', { headers: { authorization: `Bearer ${KEYS.pro}` } })).json();
    expect({ ...record, health: undefined }).toEqual({ ...rest, health: undefined });
    expect(record.key).toBe('brreg');
  });

  it('answers 404 for an unknown source, to people and programs', async () => {
    for (const key of ['no-such-source', 'Bad_Key', 'x'.repeat(80)]) {
      const page = await t.fetch(`/data/${key}`, { headers: HTML });
      expect(page.status, key).toBe(404);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const problem = await t.fetch(`/data/${key}`, { headers: { accept: 'application/json' } });
      expect(problem.status, key).toBe(404);
      expect((await problem.json()).code).toBe('not_found');
    }
  });

  it('counts against the anonymous allowance', async () => {
    const limited = createTestApp({ env: { ANON_RATE_LIMIT: '2' } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await limited.fetch('/data/brreg', { headers: HTML })).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
