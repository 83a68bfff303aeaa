// The `discovery` platform server over MCP: discovery.search ranks the registry's tools for a task
// by words, country, data type and status, explaining each match; discovery.tool answers one
// tool's full record.
import { describe, expect, it } from 'vitest';
import { fold, stem, words } from '../servers/discovery/vocabulary.js';
import { callTool, createTestApp } from './helpers/app.js';

const t = createTestApp();
const search = (args: Record<string, unknown>) => callTool(t, 'discovery', 'discovery.search', args);

describe('discovery.search', () => {
  it('answers its example: bankruptcy tools for "bankruptcies in Norway", with why', async () => {
    const r = await search({ q: 'bankruptcies in Norway', limit: 5 });
    expect(r.isError).toBe(false);
    expect(r.data.returned).toBe(5);
    expect(r.data.truncated).toBe(true);
    expect(r.data.total).toBeGreaterThan(5);
    for (const hit of r.data.results) {
      expect(hit.tool).toMatch(/konkurs/);
      expect(hit.countries).toContain('NO');
      expect(hit.serverUrl).toBe(`http://127.0.0.1:8787/mcp/${hit.server}`);
      expect(hit.route).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:8787/api/connectors/${hit.server}/`));
      expect(hit.why).toEqual(expect.arrayContaining(['covers NO (asked for in the words)']));
      expect(hit.why.join(' ')).toMatch(/"bankruptcies" ≈ "konkurs"/);
    }
    expect(r.data.results.map((h: { rank: number }) => h.rank)).toEqual([1, 2, 3, 4, 5]);
    const scores = r.data.results.map((h: { score: number }) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('lists a tool shared by two servers once, under the server that fits best, the other in alsoIn', async () => {
    const r = await search({ q: 'konkurs trend', limit: 50 });
    const names = r.data.results.map((h: { tool: string }) => h.tool);
    expect(new Set(names).size).toBe(names.length);
    const trend = r.data.results.find((h: { tool: string }) => h.tool === 'brreg.konkurs.trend');
    expect(trend.server).toBe('brreg-konkurs');
    expect(trend.alsoIn).toEqual([{ server: 'brreg', serverUrl: 'http://127.0.0.1:8787/mcp/brreg' }]);
  });

  it('understands Norwegian words and ranks the tool about all of them first', async () => {
    const r = await search({ q: 'konkurs statistikk', limit: 3 });
    expect(r.data.results[0].tool).toBe('brreg.statistikk.konkurser');
  });

  it('country words favour that country', async () => {
    const r = await search({ q: 'danish company owners', limit: 3 });
    expect(r.data.results[0].tool).toBe('cvr.owners');
    expect(r.data.results[0].why).toEqual(expect.arrayContaining(['covers DK (asked for in the words)']));
  });

  it('filters by country, data type and status, and says so in why', async () => {
    const dk = await search({ country: 'DK', limit: 50 });
    expect(dk.data.total).toBeGreaterThan(0);
    for (const h of dk.data.results) {
      expect(h.countries).toContain('DK');
      expect(h.why).toContain('covers DK');
    }
    const typed = await search({ dataType: 'bankruptcy', limit: 50 });
    for (const h of typed.data.results) expect(h.dataTypes.join(' ')).toMatch(/bankruptcy/);
    const retired = await search({ status: 'deprecated', limit: 50 });
    expect(retired.data.results.map((h: { tool: string }) => h.tool)).toContain('brreg.roller.person-search');
    for (const h of retired.data.results) expect(h.status).toBe('deprecated');
  });

  it('answers an empty list when nothing matches', async () => {
    const r = await search({ q: 'xylofon zeppelin' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ total: 0, returned: 0, truncated: false, results: [] });
    const none = await search({ q: 'xylofon', country: 'NO' });
    expect(none.data.results).toEqual([]);
  });

  it('reports only the tools’ status in this service (not_configured without credentials)', async () => {
    const r = await search({ q: 'cvr', status: 'not_configured', limit: 50 });
    expect(r.data.total).toBeGreaterThan(0);
    for (const h of r.data.results) expect(h.status).toBe('not_configured');
    const configured = createTestApp({ env: { CVR_ES_USER: 'u', CVR_ES_PASS: 'p' } });
    const again = await callTool(configured, 'discovery', 'discovery.search', { q: 'cvr owners', limit: 1 });
    expect(again.data.results[0]).toMatchObject({ tool: 'cvr.owners', status: 'active' });
  });

  it.each([
    [{}, /^q: give at least one of q, country, dataType, status/],
    [{ limit: 5 }, /^q: give at least one of q, country, dataType, status/],
    [{ q: '' }, /^q: must be at least 1 characters/],
    [{ q: 'x'.repeat(201) }, /^q: must be at most 200 characters/],
    [{ q: 'a', limit: 0 }, /^limit: must be at least 1 \(got 0\)/],
    [{ q: 'a', limit: 51 }, /^limit: must be at most 50 \(got 51\)/],
    [{ q: 'a', limit: 2.5 }, /^limit: must be an integer/],
    [{ country: 'NORWAY' }, /^country: must be one of "NO", "SE", "DK", "FI", "IS", "EU"/],
    [{ status: 'live' }, /^status: must be one of "active", "not_configured", "deprecated", "planned"/],
    [{ dataType: 'x' }, /^dataType: must be at least 2 characters/],
  ])('refuses %j naming the field and the bound', async (args, message) => {
    const r = await search(args);
    expect(r.isError).toBe(true);
    expect(r.data.error.code).toBe('invalid_input');
    expect(r.data.error.message).toMatch(message);
  });

  it('defaults limit to 10', async () => {
    const r = await search({ country: 'NO' });
    expect(r.data.query.limit).toBe(10);
    expect(r.data.returned).toBe(10);
  });
});

describe('discovery.tool', () => {
  it('answers its example: the full record and where to call it', async () => {
    const r = await callTool(t, 'discovery', 'discovery.tool', { name: 'brreg.enhet.lookup' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({
      name: 'brreg.enhet.lookup',
      status: 'active',
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
      server: { slug: 'brreg', owner: 'Brønnøysundregistrene', url: 'http://127.0.0.1:8787/mcp/brreg' },
      call: {
        mcp: { url: 'http://127.0.0.1:8787/mcp/brreg', method: 'tools/call', name: 'brreg.enhet.lookup' },
        connector: 'http://127.0.0.1:8787/api/connectors/brreg/enheter/:orgnr',
        dataProxy: 'http://127.0.0.1:8787/api/data/brreg/enheter/:orgnr',
      },
    });
    expect(r.data.inputSchema.properties.orgnr.pattern).toBe('^\\d{9}$');
    expect(r.data.inputSchema.required).toEqual(['orgnr']);
    expect(r.data.coverage.license).toMatch(/NLOD/);
  });

  it('lists every server of a shared tool, and picks one by `server`', async () => {
    const r = await callTool(t, 'discovery', 'discovery.tool', { name: 'brreg.konkurs.monthly', server: 'brreg-konkurs' });
    expect(r.data.servers.map((s: { slug: string }) => s.slug)).toEqual(['brreg', 'brreg-konkurs']);
    expect(r.data.server.slug).toBe('brreg-konkurs');
    expect(r.data.call.dataProxy).toBe('http://127.0.0.1:8787/api/data/konkurs/konkurs/monthly');
    const wrong = await callTool(t, 'discovery', 'discovery.tool', { name: 'brreg.konkurs.monthly', server: 'cvr' });
    expect(wrong.isError).toBe(true);
    expect(wrong.data.error.message).toContain('served by brreg, brreg-konkurs');
  });

  it('answers not_found with close names', async () => {
    const r = await callTool(t, 'discovery', 'discovery.tool', { name: 'brreg.enhet.lokup' });
    expect(r.isError).toBe(true);
    expect(r.data.error.code).toBe('not_found');
    expect(r.data.error.message).toMatch(/Close names: brreg\.enhet\.lookup/);
  });

  it.each([
    [{}, /^name: is required/],
    [{ name: 'ab' }, /^name: must be at least 3 characters/],
    [{ name: 'x'.repeat(65) }, /^name: must be at most 64 characters/],
    [{ name: 'brreg enhet' }, /^name: must be a tool name/],
    [{ name: 'brreg.enhet.lookup', server: 'Not A Slug' }, /^server: must be a server slug/],
  ])('refuses %j naming the field and the bound', async (args, message) => {
    const r = await callTool(t, 'discovery', 'discovery.tool', args);
    expect(r.isError).toBe(true);
    expect(r.data.error.message).toMatch(message);
  });
});

describe('vocabulary', () => {
  it('folds Nordic letters and diacritics', () => {
    expect(fold('Aksjonærregisteret Øst Ålesund Åbo Köln')).toBe('aksjonaerregisteret ost alesund abo koln');
  });

  it('stems singular and plural to the same word', () => {
    for (const [a, b] of [
      ['bankruptcies', 'bankruptcy'],
      ['konkurser', 'konkurs'],
      ['selskaper', 'selskap'],
      ['companies', 'company'],
      ['sanksjoner', 'sanksjon'],
    ]) expect(stem(a), `${a} / ${b}`).toBe(stem(b));
  });

  it('drops stop words', () => {
    expect(words('find the bankruptcies in Norway')).toEqual([stem('bankruptcies'), stem('norway')]);
  });
});
