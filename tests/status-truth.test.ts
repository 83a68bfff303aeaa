// Statuses that tell the truth (issue 25 items 1, 2, 3 and 16): a tool whose source publishes
// nothing a program may read says so on every face (tools/list `_meta`, the catalogue, the landing
// pages, /api/v1/sources), apart from a tool that only needs a credential; a server none of whose
// tools can answer offers no install panel, no example and no green badge; no tool names a
// credential that does not unlock it; and every tool's status agrees with the code it answers.
import { describe, expect, it } from 'vitest';
import { serverRecord } from '../runtime/catalogue.js';
import { ERROR_CODES } from '../runtime/errors.js';
import { META_PREFIX } from '../runtime/registry.js';
import { KEYS, callTool, createTestApp, rpc } from './helpers/app.js';

const HTML = { accept: 'text/html' };
const auth = { authorization: `Bearer ${KEYS.pro}` };
const t = createTestApp();
const registry = t.services.registry;
const tool = (name: string) => registry.uniqueTools().find((x) => x.name === name)!;

/** The tools whose source has no address a program may read (issue 25 items 1, 2, 3 and 16). */
const NO_READABLE_SOURCE = [
  'arbeidstilsynet.fatalities',
  'arbeidstilsynet.summary',
  'kulturdir.grants.list',
  'kulturdir.grants.by_year',
  'kulturdir.ordninger.list',
  'ssb.microdata.preset_query',
  'mattilsynet.virksomhet.lookup',
];

describe('one availability, computed once in the registry', () => {
  it.each(NO_READABLE_SOURCE)('%s is no_readable_source', (name) => {
    expect(tool(name).availability).toBe('no_readable_source');
  });

  it('tells a tool that needs a credential apart from one without a readable source', () => {
    expect(tool('cvr.search').availability).toBe('needs_credentials');
    expect(tool('brreg.enhet.lookup').availability).toBe('answers');
    expect(tool('fhi.msis.list').availability).toBe('planned');
    expect(tool('norgesbank.nibor').availability).toBe('retired');
  });

  it('publishes it in tools/list _meta beside the status', async () => {
    const r = await rpc(t, 'kulturdirektoratet', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    for (const x of r.body.result.tools) expect(x._meta[`${META_PREFIX}availability`], x.name).toBe('no_readable_source');
    const cvr = await rpc(t, 'cvr', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(cvr.body.result.tools[0]._meta[`${META_PREFIX}availability`]).toBe('needs_credentials');
  });

  it('publishes it in the catalogue: per tool, and counted per server and in the totals', async () => {
    const cat = await (await t.fetch('/catalogue.json')).json();
    const kultur = cat.servers.find((s: { slug: string }) => s.slug === 'kulturdirektoratet');
    expect(kultur.tools.map((x: { availability: string }) => x.availability)).toEqual(['no_readable_source', 'no_readable_source', 'no_readable_source']);
    expect(kultur.toolAvailability).toMatchObject({ answers: 0, needs_credentials: 0, no_readable_source: 3 });
    const all = cat.servers.flatMap((s: { tools: { availability: string }[] }) => s.tools);
    expect(cat.totals.toolsByAvailability.no_readable_source).toBe(all.filter((x: { availability: string }) => x.availability === 'no_readable_source').length);
    // A tool without a readable source is not live, whatever its spec status.
    expect(cat.totals.liveTools).toBe(all.filter((x: { availability: string }) => x.availability === 'answers' || x.availability === 'needs_credentials').length);
  });

  it('publishes it in /api/v1/sources and /api/v1/sources/{key}', async () => {
    const list = await (await t.fetch('/api/v1/sources', { headers: auth })).json();
    const kultur = list.sources.find((s: { key: string }) => s.key === 'kulturdirektoratet');
    expect(kultur.toolAvailability).toMatchObject({ answers: 0, no_readable_source: 3 });
    const cvr = list.sources.find((s: { key: string }) => s.key === 'cvr');
    expect(cvr.toolAvailability).toMatchObject({ needs_credentials: cvr.toolCount, no_readable_source: 0 });
    const one = await (await t.fetch('/api/v1/sources/arbeidstilsynet', { headers: auth })).json();
    const byName = Object.fromEntries(one.toolList.map((x: { name: string; availability: string }) => [x.name, x.availability]));
    expect(byName).toEqual({ 'arbeidstilsynet.datasets': 'answers', 'arbeidstilsynet.fatalities': 'no_readable_source', 'arbeidstilsynet.summary': 'no_readable_source' });
  });
});

describe('the landing pages', () => {
  it('a server none of whose tools can answer has no install panel, no example and no green badge', async () => {
    const html = await (await t.fetch('/mcp/kulturdirektoratet', { headers: HTML })).text();
    expect(html).not.toContain('id="install"');
    expect(html).not.toContain('Example call');
    expect(html).not.toMatch(/class="badge b-(active|na)"/);
    expect(html).toContain('no readable source');
    const index = await (await t.fetch('/mcp', { headers: HTML })).text();
    const row = index.split('<tr data-search=').find((r) => r.includes('/mcp/kulturdirektoratet"'))!;
    expect(row).not.toMatch(/class="badge b-(active|na)"/);
    expect(row).toContain('no readable source');
  });

  it('a tool without a readable source shows no green badge and no example on a server that answers', async () => {
    const html = await (await t.fetch('/mcp/arbeidstilsynet', { headers: HTML })).text();
    expect(html).toContain('id="install"');
    const section = (name: string) => html.split(`<section class="tool" id="${name}">`)[1].split('</section>')[0];
    expect(section('arbeidstilsynet.datasets')).toContain('Example call');
    for (const name of ['arbeidstilsynet.fatalities', 'arbeidstilsynet.summary']) {
      expect(section(name)).not.toMatch(/class="badge b-(active|na)"/);
      expect(section(name)).toContain('no readable source');
      expect(section(name)).not.toContain('Example call');
    }
  });

  it('a server whose tools only need credentials still shows its install panel', async () => {
    const html = await (await t.fetch('/mcp/cvr', { headers: HTML })).text();
    expect(html).toContain('id="install"');
    expect(html).toContain('needs credentials');
  });
});

describe('credentials named are credentials that unlock', () => {
  it('ssb.microdata.preset_query names no credential, with or without MICRODATA_TOKEN', async () => {
    const m = tool('ssb.microdata.preset_query');
    expect(m.def.credentials ?? []).toEqual([]);
    expect(m.description).not.toContain('MICRODATA_TOKEN');
    const record = serverRecord(m.server).tools.find((x) => x.name === m.name)!;
    expect(record.coverage.auth).not.toContain('MICRODATA_TOKEN');
    for (const env of [{}, { MICRODATA_TOKEN: 'secret-token' }] as Record<string, string>[]) {
      const app = createTestApp({ env });
      const r = await callTool(app, 'ssb', m.name, { preset: 'wage_growth_by_sector', aar: 2023 });
      expect(r.data.error).toMatchObject({ code: 'source_migrated', status: 503 });
      expect(JSON.stringify(r.data)).not.toContain('MICRODATA_TOKEN');
    }
  });

  it('every tool that answers not_configured for a missing credential is unlocked by it (registry-wide)', () => {
    for (const x of registry.uniqueTools()) {
      if ((x.def.credentials ?? []).length > 0) expect(x.availability, `${x.name} names credentials`).toBe(x.missingCredentials.length > 0 ? 'needs_credentials' : 'answers');
    }
  });
});

describe('statuses and error codes agree (registry-wide)', () => {
  // Every tool that can never answer data is called with its example (or nothing) without
  // credentials; what it answers must agree with the status every face shows.
  const fixed = registry.uniqueTools().filter((x) => x.availability !== 'answers');
  it.each(fixed.map((x) => [x.name, x] as const))('%s', async (name, x) => {
    const r = await callTool(t, x.server.slug, name, x.def.example ?? {});
    if (x.def.whenNotConfigured) {
      // The spec's structured not_configured status, answered with success.
      expect(r.data.status, JSON.stringify(r.data)).toBe('not_configured');
      expect(x.status).toBe('not_configured');
      return;
    }
    expect(r.isError, JSON.stringify(r.data)).toBe(true);
    // A retired tool whose spec puts its fields at the top level answers a flat body (issue 25 item 15).
    const error = typeof r.data.error === 'object' ? r.data.error : r.data;
    const code = error.code as keyof typeof ERROR_CODES;
    expect(error.status).toBe(ERROR_CODES[code].status);
    // not_configured is the status of exactly the tools that answer not_configured.
    expect(code === 'not_configured', `${name}: status ${x.status}, answers ${code}`).toBe(x.status === 'not_configured');
    if (x.status === 'deprecated') expect(code).toBe('api_sunset');
    if (x.status === 'planned') expect(code).not.toBe('not_configured');
    if (x.availability === 'needs_credentials') expect(error.missing).toEqual(x.missingCredentials);
    if (x.availability === 'no_readable_source') {
      expect(error.missing, `${name} names no credential`).toBeUndefined();
      expect(x.def.credentials ?? []).toEqual([]);
    }
  });

  it('mattilsynet.virksomhet.lookup is listed not_configured, as it answers; fhi.msis.list planned, answering no not_configured', () => {
    expect(tool('mattilsynet.virksomhet.lookup').status).toBe('not_configured');
    const records = serverRecord(registry.server('mattilsynet')!).tools;
    expect(records.find((x) => x.name === 'mattilsynet.virksomhet.lookup')?.status).toBe('not_configured');
    expect(tool('fhi.msis.list').status).toBe('planned');
  });
});
