// The doffin server: not_configured without DOFFIN_API_KEY (spec 4.2), the three tools with a key on
// recordings of GET /public/v2/search (tests/recordings/doffin/), and the connector status answer of
// spec 2.3 at /api/connectors/doffin/health, and the generic extra-route mechanism it uses.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineServer, defineTool, type ServerRoute } from '../runtime/define.js';
import { REGISTER } from '../servers/_shared/icons/index.js';
import { connectorRoutes } from '../runtime/http/connectors.js';
import { KEYS, callTool, callToolError, createTestApp, rpc, type TestApp } from './helpers/app.js';

const SLUG = 'doffin';
const KEY = { DOFFIN_API_KEY: 'doffin-test-subscription-key' };
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('doffin') ?? 0;
const withKey = () => createTestApp({ env: KEY });

const fails = (t: TestApp, name: string, args: unknown) => callToolError(t, SLUG, name, args);

describe('doffin without DOFFIN_API_KEY', () => {
  it.each([
    ['doffin.notices.search', { cpv: '72' }, '/notices?cpv=72'],
    ['doffin.notice.get', { noticeId: '2026-105123' }, '/notices/2026-105123'],
    ['doffin.cpv.divisjoner', { prefix: '7' }, '/cpv/divisjoner?prefix=7'],
  ])('%s answers 503 not_configured naming the variable', async (name, args, path) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e).toMatchObject({ code: 'not_configured', status: 503, missing: ['DOFFIN_API_KEY'] });
    expect(e.message).toBe(`${name} needs DOFFIN_API_KEY on the server; the operator has not set it.`);
    const res = await t.fetch(`/api/connectors/doffin${path}`, { headers: auth });
    expect(res.status).toBe(503);
    const problem = await res.json();
    expect(problem).toMatchObject({ status: 503, title: 'Source not configured' });
    expect(sent(t)).toBe(0);
  });

  it('lists the three tools of the spec, published as not_configured', async () => {
    const t = createTestApp();
    const r = await rpc(t, SLUG, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = r.body.result.tools as { name: string; description: string }[];
    expect(tools.map((x) => x.name)).toEqual(['doffin.notices.search', 'doffin.notice.get', 'doffin.cpv.divisjoner']);
    for (const tool of tools) expect(tool.description).toMatch(/Needs DOFFIN_API_KEY on the server; without it the tool answers 503 not_configured/);
    const server = t.services.registry.server(SLUG)!;
    expect(server.tools.map((x) => x.declaredStatus)).toEqual(['not_configured', 'not_configured', 'not_configured']);
    expect(server.tools.map((x) => x.status)).toEqual(['not_configured', 'not_configured', 'not_configured']);
  });

  it('still validates input before saying not_configured', async () => {
    const t = createTestApp();
    const e = await fails(t, 'doffin.notices.search', { limit: 0 });
    expect(e.code).toBe('invalid_input');
  });
});

describe('the connector status answer (spec 2.3) at /api/connectors/doffin/health', () => {
  it('says not_configured without a key, with what to set and where', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/doffin/health', { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body)).toEqual(['status', 'connector', 'source', 'country', 'configured', 'endpoints', 'credentials', 'note', 'alternatives']);
    expect(body).toMatchObject({
      status: 'not_configured',
      connector: 'doffin',
      country: 'NO',
      configured: false,
      endpoints: ['/api/connectors/doffin/notices', '/api/connectors/doffin/notices/:noticeId', '/api/connectors/doffin/cpv/divisjoner'],
      credentials: {
        required: ['DOFFIN_API_KEY'],
        registrationUrl: 'https://dof-notices-prod-api.developer.azure-api.net',
        docsUrl: expect.stringMatching(/^https:\/\//),
        cost: expect.stringMatching(/free/),
        fallback: expect.stringMatching(/doffin\.no/),
      },
    });
    expect(Object.keys(body.credentials)).toEqual(['required', 'registrationUrl', 'docsUrl', 'cost', 'fallback']);
    expect(body.note).toMatch(/503 not_configured/);
    expect(body.note).toMatch(/\/notices answers 404/);
    expect(body.note).toMatch(/GET \/public\/v2\/search/);
    expect(body.alternatives.length).toBeGreaterThan(0);
    for (const alt of body.alternatives) expect(Object.keys(alt)).toEqual(['connector', 'description']);
    expect(sent(t)).toBe(0);
  });

  it('says active with a key, and calls no upstream', async () => {
    const t = withKey();
    const res = await t.fetch('/api/connectors/doffin/health', { headers: auth });
    const body = await res.json();
    expect(body).toMatchObject({ status: 'active', configured: true });
    expect(body.note).not.toMatch(/503/);
    expect(body.note).toMatch(/only upstream operation is GET \/public\/v2\/search/);
    expect(sent(t)).toBe(0);
  });

  it('needs an API key like every /api route, and is GET only', async () => {
    const t = createTestApp();
    expect((await t.fetch('/api/connectors/doffin/health')).status).toBe(401);
    expect((await t.fetch('/api/connectors/doffin/health', { method: 'POST', headers: auth })).status).toBe(404);
  });

  it('is not a tool: the doffin server keeps exactly three tools', () => {
    const t = createTestApp();
    expect(t.services.registry.server(SLUG)!.tools).toHaveLength(3);
  });
});

describe('doffin.notices.search with a key', () => {
  const name = 'doffin.notices.search';

  it('answers the example: the newest notices in CPV division 72', async () => {
    const t = withKey();
    const r = await callTool(t, SLUG, name, { cpv: '72', limit: 2 });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.data).toMatchObject({
      filters: { publishedFrom: null, publishedTo: null, cpv: '72000000', buyerOrgnr: null },
      total: 1342,
      accessible: 1000,
      count: 2,
      limit: 2,
    });
    const [first, second] = r.data.notices;
    expect(first).toMatchObject({
      id: '2026-105123',
      heading: 'Rammeavtale om utvikling og drift av skyplattform',
      type: 'ANNOUNCEMENT_OF_COMPETITION',
      status: 'ACTIVE',
      buyers: [{ name: 'Arbeids- og velferdsetaten', orgnr: '889640782' }],
      issueDate: '2026-11-19',
      publicationDate: '2026-11-20',
      deadline: '2026-12-18T12:00:00Z',
      estimatedValue: { amount: 48000000, currency: 'NOK' },
      cpvCodes: ['72000000', '72212000'],
      lotCount: 2,
      url: 'https://doffin.no/notices/2026-105123',
    });
    // Search answers shorten long descriptions; notice.get gives them whole.
    expect(first.description.length).toBe(400);
    expect(first.description.endsWith('…')).toBe(true);
    expect(first.lots).toBeUndefined();
    expect(second.id).toBe('2026-105098');
  });

  it('answers the same through its connector route', async () => {
    const t = withKey();
    const res = await t.fetch('/api/connectors/doffin/notices?cpv=72&limit=2', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).notices.map((n: { id: string }) => n.id)).toEqual(['2026-105123', '2026-105098']);
  });

  it('sends the publication dates and filters by buyer among the newest 100 notices, saying so', async () => {
    const t = withKey();
    const r = await callTool(t, SLUG, name, { publishedFrom: '2026-11-01', publishedTo: '2026-11-20', buyerOrgnr: '971032081' });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    expect(r.data).toMatchObject({ filters: { publishedFrom: '2026-11-01', publishedTo: '2026-11-20', buyerOrgnr: '971032081' }, total: 2, count: 2, limit: 20 });
    expect(r.data.notices.map((n: { id: string }) => n.id)).toEqual(['2026-104870', '2026-104311']);
    for (const n of r.data.notices) expect(n.buyers[0]).toEqual({ name: 'Statens vegvesen', orgnr: '971032081' });
    expect(r.data.notices[1]).toMatchObject({ type: 'ANNOUNCEMENT_OF_CONCLUSION_OF_CONTRACT', status: null, deadline: null, estimatedValue: null, receivedTenders: 4 });
    expect(r.data.note).toMatch(/no buyer filter.*newest 5 notices.*of 412/);
  });

  it('answers an empty list when no notice matches', async () => {
    const t = withKey();
    const r = await callTool(t, SLUG, name, { cpv: '76000000-3', publishedFrom: '2026-11-21' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ filters: { cpv: '76000000' }, total: 0, accessible: 0, count: 0, notices: [] });
  });

  it.each([
    [{ limit: 0 }, 'limit', /at least 1/],
    [{ limit: 101 }, 'limit', /at most 100/],
    [{ limit: 1.5 }, 'limit', /integer/],
    [{ publishedFrom: '2026-13-01' }, 'publishedFrom', /calendar date/],
    [{ publishedTo: '20.11.2026' }, 'publishedTo', /YYYY-MM-DD/],
    [{ buyerOrgnr: '97103208' }, 'buyerOrgnr', /exactly 9 digits/],
    [{ buyerOrgnr: '971032082' }, 'buyerOrgnr', /modulus-11/],
    [{ cpv: '7' }, 'cpv', /2 to 8 digits/],
    [{ publishedFrom: '2026-11-20', publishedTo: '2026-11-01' }, 'publishedFrom', /must not be after publishedTo/],
  ])('rejects %j naming the field and the bound', async (args, field, bound) => {
    const t = withKey();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });

  it('reports an upstream failure as upstream_unavailable after the retries', async () => {
    const t = withKey();
    const e = await fails(t, name, { cpv: '98' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t)).toBe(3);
  });

  it('reports a key that Doffin rejects as not_configured, without the key', async () => {
    const t = withKey();
    const e = await fails(t, name, { cpv: '03' });
    expect(e).toMatchObject({ code: 'not_configured', status: 503 });
    expect(e.message).toMatch(/rejected the configured credentials \(HTTP 401\)/);
    expect(JSON.stringify(e)).not.toContain(KEY.DOFFIN_API_KEY);
    expect(sent(t)).toBe(1);
  });
});

describe('doffin.notice.get with a key', () => {
  const name = 'doffin.notice.get';

  it('answers the example: the whole notice, found through the search operation', async () => {
    const t = withKey();
    const r = await callTool(t, SLUG, name, { noticeId: '2026-105123' });
    expect(r.isError, JSON.stringify(r.data)).toBe(false);
    const n = r.data.notice;
    expect(n).toMatchObject({ id: '2026-105123', buyers: [{ orgnr: '889640782' }], url: 'https://doffin.no/notices/2026-105123' });
    expect(n.description.length).toBeGreaterThan(400);
    expect(n.description).toMatch(/gjennomføringsevne\.$/);
    expect(n.lots).toEqual([
      { heading: 'Delkontrakt 1: Utvikling', description: 'Utvikling og forvaltning av plattformen.', winners: [] },
      { heading: 'Delkontrakt 2: Drift', description: 'Drift og overvåking av plattformen.', winners: [] },
    ]);
    expect(r.data.source).toEqual({ register: 'Doffin (DFØ)', url: 'https://doffin.no/notices/2026-105123' });
  });

  it('gives a contract award with its winners through the connector route', async () => {
    const t = withKey();
    const res = await t.fetch('/api/connectors/doffin/notices/2026-104311', { headers: auth });
    expect(res.status).toBe(200);
    const { notice } = await res.json();
    expect(notice.lots[0].winners).toEqual([{ name: 'Mesta AS', orgnr: '988892505' }]);
  });

  it('answers not_found when the search finds no notice with exactly that id', async () => {
    const t = withKey();
    const e = await fails(t, name, { noticeId: '2026-199999' });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    expect(e.message).toMatch(/no notice 2026-199999/);
    const res = await t.fetch('/api/connectors/doffin/notices/2026-199999', { headers: auth });
    expect(res.status).toBe(404);
  });

  it.each([
    [{}, /noticeId: is required/],
    [{ noticeId: '105123' }, /noticeId: must be a Doffin notice id/],
    [{ noticeId: '2026-105123/../x' }, /noticeId: must be a Doffin notice id/],
  ])('rejects %j', async (args, message) => {
    const t = withKey();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(message);
    expect(sent(t)).toBe(0);
  });

  it('reports an upstream failure as upstream_unavailable', async () => {
    const t = withKey();
    expect((await fails(t, name, { noticeId: '2026-105130' })).code).toBe('upstream_unavailable');
  });
});

describe('doffin.cpv.divisjoner with a key', () => {
  const name = 'doffin.cpv.divisjoner';

  it('answers the example: the divisions starting with 7', async () => {
    const t = withKey();
    const r = await callTool(t, SLUG, name, { prefix: '7' });
    expect(r.isError).toBe(false);
    expect(r.data.count).toBe(8);
    expect(r.data.divisions.map((d: { code: string }) => d.code)).toEqual(['70', '71', '72', '73', '75', '76', '77', '79']);
    expect(r.data.divisions[2]).toEqual({ code: '72', cpvCode: '72000000', name: 'IT services: consulting, software development, Internet and support' });
    expect(r.data.source).toEqual({ register: expect.stringMatching(/213\/2008/), url: 'https://eur-lex.europa.eu/eli/reg/2008/213/oj' });
    expect(sent(t)).toBe(0);
  });

  it('lists all 45 CPV 2008 divisions without a prefix, and something for every digit', async () => {
    const t = withKey();
    const r = await callTool(t, SLUG, name, {});
    expect(r.data).toMatchObject({ prefix: null, count: 45 });
    expect(r.data.divisions[0]).toEqual({ code: '03', cpvCode: '03000000', name: 'Agricultural, farming, fishing, forestry and related products' });
    expect(r.data.divisions.at(-1).code).toBe('98');
    for (const digit of '0123456789') {
      const d = await callTool(t, SLUG, name, { prefix: digit });
      expect(d.data.count, digit).toBeGreaterThan(0);
      for (const div of d.data.divisions) expect(div.code.startsWith(digit)).toBe(true);
    }
  });

  it.each([[{ prefix: '72' }], [{ prefix: 'a' }], [{ prefix: 7.5 }], [{ prefix: 72 }]])('rejects %j naming prefix', async (args) => {
    const t = withKey();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/^prefix: /);
  });
});

describe('extra connector routes of a server (ServerDefinition.routes, used by the doffin health route)', () => {
  const tool = defineTool({
    name: 'x.get',
    title: 'T',
    description: 'd',
    input: { id: z.string() },
    output: z.object({ id: z.string() }),
    coverage: { geography: ['NO'], dataTypes: ['x'], updateFrequency: 'daily' },
    cacheTtlSeconds: 0,
    route: '/items/:id',
    example: { id: '1' },
    run: async ({ id }) => ({ id }),
  });
  const serverWith = (routes: ServerRoute[]) =>
    defineServer({ slug: 'xs', prefix: 'xs', name: 'N', owner: 'O', description: 'D', license: 'L', tier: 'free', upstreams: [], countries: ['NO'], docs: [], icon: REGISTER, tools: [tool], routes });
  const mount = (routes: ServerRoute[]) => () => connectorRoutes(createTestApp({ servers: [serverWith(routes)] }).services, 'slug');

  it('refuses a path with a parameter, and a path that is a tool route', () => {
    expect(mount([{ path: '/items/:id', answer: () => ({}) }])).toThrow(/not a fixed path/);
    expect(mount([{ path: '/items', answer: () => ({}) }])).not.toThrow();
    const clashing = defineTool({ ...tool, name: 'x.list', route: '/status' });
    const server = defineServer({ ...serverWith([{ path: '/status', answer: () => ({}) }]), tools: [tool, clashing] });
    expect(() => connectorRoutes(createTestApp({ servers: [server] }).services, 'slug')).toThrow(/also the route of xs\.x\.list/);
  });

  it('wins over a tool route with a parameter at the same place, and answers a Problem when it throws', async () => {
    const t = createTestApp({
      servers: [
        serverWith([
          { path: '/items/summary', answer: (ctx) => ({ endpoints: ctx.endpoints }) },
          {
            path: '/broken',
            answer: () => {
              throw new Error('secret detail');
            },
          },
        ]),
      ],
    });
    const ok = await t.fetch('/api/connectors/xs/items/summary', { headers: auth });
    expect(await ok.json()).toEqual({ endpoints: ['/api/connectors/xs/items/:id'] });
    expect(await (await t.fetch('/api/connectors/xs/items/7', { headers: auth })).json()).toEqual({ id: '7' });
    const broken = await t.fetch('/api/connectors/xs/broken', { headers: auth });
    expect(broken.status).toBe(500);
    expect(await broken.text()).not.toContain('secret detail');
  });
});
