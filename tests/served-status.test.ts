// What the service serves reflects its own configuration (issue 11 #23, #29): catalogue.json,
// tools/list (status and requiresAuth in each tool's _meta) and the tool descriptions give each
// tool's status under this instance's credentials, the status discovery and sources report; the
// committed catalogue.json describes an instance without credentials and says so.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { META_PREFIX } from '../runtime/registry.js';
import { BASE, KEYS, callTool, createTestApp, rpc, type TestApp } from './helpers/app.js';

const CREDENTIALS = { DOFFIN_API_KEY: 'doffin-key', CVR_ES_USER: 'cvr-user', CVR_ES_PASS: 'cvr-pass' };

interface ListedTool {
  name: string;
  description: string;
  _meta?: Record<string, unknown>;
}

async function toolsList(t: TestApp, slug: string): Promise<ListedTool[]> {
  const r = await rpc(t, slug, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
  return r.body.result.tools;
}

async function catalogueStatuses(t: TestApp): Promise<Map<string, string>> {
  const catalogue = await (await t.fetch('/catalogue.json')).json();
  return new Map(catalogue.servers.flatMap((s: { tools: { name: string; status: string }[] }) => s.tools.map((x) => [x.name, x.status])));
}

describe('/catalogue.json of a running service', () => {
  it('lists tools whose credentials are set as active, as discovery and sources do', async () => {
    const t = createTestApp({ env: CREDENTIALS });
    const statuses = await catalogueStatuses(t);
    for (const slug of ['doffin', 'cvr']) {
      for (const tool of t.services.registry.server(slug)!.tools) expect(statuses.get(tool.name), tool.name).toBe('active');
      const source = await (await t.fetch(`/api/v1/sources/${slug}`, { headers: { authorization: `Bearer ${KEYS.pro}` } })).json();
      for (const x of source.toolList) expect(statuses.get(x.name), x.name).toBe(x.status);
    }
    const found = await callTool(t, 'discovery', 'discovery.search', { q: 'procurement notices', limit: 50 });
    for (const hit of found.data.results) expect(statuses.get(hit.tool), hit.tool).toBe(hit.status);
    const catalogue = await (await t.fetch('/catalogue.json')).json();
    const without = await (await createTestApp().fetch('/catalogue.json')).json();
    // The eight tools of doffin and cvr are active here, not_configured without credentials.
    expect(catalogue.totals.toolsByStatus.not_configured).toBe(without.totals.toolsByStatus.not_configured - 8);
    expect(catalogue.note).toBeUndefined();
    expect(catalogue.servers[0].url).toBe(`${BASE}/mcp/${catalogue.servers[0].slug}`);
  });

  it('lists them as not_configured where the credentials are not set', async () => {
    const statuses = await catalogueStatuses(createTestApp());
    expect(statuses.get('doffin.notices.search')).toBe('not_configured');
  });
});

describe('the committed catalogue.json', () => {
  it('says it describes an instance with no credentials', () => {
    const committed = JSON.parse(readFileSync('catalogue.json', 'utf8'));
    expect(committed.note).toMatch(/no credentials configured/);
    expect(committed.note).toContain('/catalogue.json');
    const doffin = committed.servers.find((s: { slug: string }) => s.slug === 'doffin');
    expect(doffin.tools.map((x: { status: string }) => x.status)).toEqual(['not_configured', 'not_configured', 'not_configured']);
  });
});

describe('tools/list', () => {
  it('carries every tool’s status and requiresAuth in its _meta, under a reverse-DNS prefix', async () => {
    expect(META_PREFIX).toMatch(/^[a-z][a-z0-9-]*[a-z0-9](\.[a-z][a-z0-9-]*[a-z0-9])+\/$/);
    const t = createTestApp();
    for (const server of t.services.registry.servers) {
      const listed = await toolsList(t, server.slug);
      for (const [i, tool] of listed.entries()) {
        expect(tool._meta, tool.name).toEqual({ [`${META_PREFIX}status`]: server.tools[i].status, [`${META_PREFIX}availability`]: server.tools[i].availability, [`${META_PREFIX}requiresAuth`]: true });
      }
    }
    const retired = (await toolsList(t, 'brreg')).find((x) => x._meta?.[`${META_PREFIX}status`] === 'deprecated');
    expect(retired?.description).toMatch(/Deprecated: always answers/);
  });

  it('gives the status under this instance’s credentials, in _meta and in the description', async () => {
    const without = (await toolsList(createTestApp(), 'doffin'))[0];
    expect(without._meta?.[`${META_PREFIX}status`]).toBe('not_configured');
    expect(without.description).toMatch(/Needs DOFFIN_API_KEY on the server; without it the tool answers 503 not_configured\.$/);
    const withKey = (await toolsList(createTestApp({ env: CREDENTIALS }), 'doffin'))[0];
    expect(withKey._meta?.[`${META_PREFIX}status`]).toBe('active');
    expect(withKey.description).toMatch(/Uses DOFFIN_API_KEY, which this server has set \(status active\)\.$/);
  });
});
