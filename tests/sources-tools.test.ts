// The `sources` platform server over MCP: sources.list (filters status, country, category) and
// sources.get (one key), health from the circuit breakers, and the catalogue table's agreement
// with what the service serves.
import { describe, expect, it } from 'vitest';
import { RUNTIME_PLATFORM_KEYS } from '../runtime/rest/platform-keys.js';
import { TransportError, type OutgoingRequest, type RawResponse, type Transport } from '../runtime/upstream/transport.js';
import { NON_AGENCY_KEYS, PLATFORM_KEYS, UNSERVED_SOURCES } from '../servers/sources/catalogue.js';
import { KEYS, callTool, createTestApp, replay, rpc } from './helpers/app.js';

/** SERVERS.md: every server slug (source key = slug, except brreg-konkurs whose key is konkurs). */
const SERVERS_MD_KEYS = [
  'brreg', 'konkurs', 'aksjonaerregisteret', 'enhetsregisteret-speil', 'altinn-systembruker', 'cvr', 'rsk', 'finanstilsynet', 'sanksjoner', 'doffin',
  'kartverket', 'matrikkel', 'artsdatabanken', 'naturbase', 'met', 'frost', 'smhi', 'vegvesen', 'avinor', 'entur', 'banenor', 'ais', 'kystverket',
  'akvakultur', 'sodir', 'statnett', 'ssb', 'dst', 'norges-bank', 'euronext', 'jobtech', 'arbeidstilsynet', 'fhi', 'dsb', 'fastlege', 'hpr',
  'legemidler', 'mattilsynet', 'kulturdirektoratet', 'data-norge', 'avoindata', 'data-europa', 'data-europa-mqa', 'data-europa-sparql', 'stortinget', 'dawa',
  'companies', 'screening', 'discovery', 'sources',
];

describe('sources.list', () => {
  const t = createTestApp();

  it('answers its example: the connected sources with real records', async () => {
    const r = await callTool(t, 'sources', 'sources.list', { status: 'connected' });
    expect(r.isError).toBe(false);
    const brreg = r.data.sources.find((s: { key: string }) => s.key === 'brreg');
    expect(brreg).toMatchObject({
      key: 'brreg',
      status: 'connected',
      category: 'agency',
      owner: 'Brønnøysundregistrene',
      country: 'NO',
      countries: ['NO'],
      license: 'NLOD 2.0 (Norsk lisens for offentlige data)',
      server: 'brreg',
      serverUrl: 'http://127.0.0.1:8787/mcp/brreg',
      dataUrl: 'http://127.0.0.1:8787/api/data/brreg',
      toolCount: 19,
    });
    expect(brreg.docs[0].url).toMatch(/^https:\/\/data\.brreg\.no\//);
    expect(brreg.health).toEqual({
      status: 'ok',
      upstreams: [
        { id: 'brreg', state: 'closed', consecutiveFailures: 0, retryAfterMs: 0 },
        { id: 'brreg-regnskap', state: 'closed', consecutiveFailures: 0, retryAfterMs: 0 },
      ],
      checkedAt: '2026-11-22T12:00:00.000Z',
    });
    expect(r.data.sources.every((s: { status: string }) => s.status === 'connected')).toBe(true);
    expect(r.data.total).toBe(r.data.sources.length);
  });

  it('lists every server of the registry as connected under its source key, with its tool count', async () => {
    const r = await callTool(t, 'sources', 'sources.list', {});
    const byKey = new Map(r.data.sources.map((s: { key: string }) => [s.key, s]));
    for (const server of t.services.registry.servers) {
      const s = byKey.get(server.sourceKey) as { status: string; server: string; toolCount: number; serverUrl: string };
      expect(s, server.sourceKey).toBeDefined();
      expect(s.status).toBe('connected');
      expect(s.server).toBe(server.slug);
      expect(s.toolCount).toBe(server.tools.length);
    }
    expect((byKey.get('konkurs') as { category: string }).category).toBe('non-agency');
  });

  it('knows every SERVERS.md slug and every key of REST spec 2.5, each with owner, country and licence', async () => {
    const r = await callTool(t, 'sources', 'sources.list', {});
    const keys = new Set(r.data.sources.map((s: { key: string }) => s.key));
    for (const k of [...SERVERS_MD_KEYS, ...NON_AGENCY_KEYS, ...PLATFORM_KEYS]) expect(keys.has(k), k).toBe(true);
    expect(new Set(r.data.sources.map((s: { key: string }) => s.key)).size).toBe(r.data.sources.length);
    for (const s of r.data.sources) {
      expect(s.owner, s.key).toBeTruthy();
      expect(s.country, s.key).toMatch(/^(NO|SE|DK|FI|IS|EU)$/);
      expect(s.license, s.key).toBeTruthy();
      expect(['connected', 'planned', 'scraping']).toContain(s.status);
      expect(s.key).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
    expect(r.data.counts.connected + r.data.counts.planned + r.data.counts.scraping).toBe(r.data.sources.length);
  });

  it('describes planned sources from its table, saying what is unconfirmed', async () => {
    const r = await callTool(t, 'sources', 'sources.list', { status: 'planned' });
    const kostra = r.data.sources.find((s: { key: string }) => s.key === 'kostra');
    expect(kostra).toMatchObject({
      status: 'planned',
      owner: 'Statistisk sentralbyrå',
      license: 'CC BY 4.0',
      server: null,
      serverUrl: null,
      toolCount: 0,
      health: { status: 'unknown', upstreams: [] },
      unconfirmed: ['docs'],
    });
    // Every server of the tool-server spec is built: none is listed as planned any more.
    expect(r.data.sources.map((s: { key: string }) => s.key)).not.toContain('kartverket');
    const bygg = r.data.sources.find((s: { key: string }) => s.key === 'bygg-anlegg');
    expect(bygg.unconfirmed).toEqual(['owner', 'license', 'docs']);
    expect(bygg.category).toBe('non-agency');
  });

  it('filters by status, country and category', async () => {
    const dk = await callTool(t, 'sources', 'sources.list', { country: 'DK' });
    const dkKeys = dk.data.sources.map((s: { key: string }) => s.key);
    expect(dkKeys).toEqual(expect.arrayContaining(['cvr', 'dst', 'dawa']));
    expect(dkKeys).not.toContain('brreg');
    const platform = await callTool(t, 'sources', 'sources.list', { category: 'platform', status: 'connected' });
    expect(platform.data.sources.map((s: { key: string }) => s.key).sort()).toEqual(['companies', 'config', 'connectors', 'discovery', 'metrics', 'screening', 'sources']);
    const scraping = await callTool(t, 'sources', 'sources.list', { status: 'scraping' });
    expect(scraping.data).toMatchObject({ total: 0, sources: [] });
  });

  it.each([
    [{ status: 'live' }, /^status: must be one of "connected", "planned", "scraping" \(got "live"\)/],
    [{ country: 'DE' }, /^country: must be one of "NO", "SE", "DK", "FI", "IS", "EU" \(got "DE"\)/],
    [{ category: 'x' }, /^category: must be one of/],
    [{ colour: 'red' }, /unknown field "colour"/],
  ])('refuses %j naming the field and the bound', async (args, message) => {
    const r = await callTool(t, 'sources', 'sources.list', args);
    expect(r.isError).toBe(true);
    expect(r.data.error.code).toBe('invalid_input');
    expect(r.data.error.message).toMatch(message);
  });

  it('reports health as it is now, not as it was at the previous call', async () => {
    class Failing implements Transport {
      send(req: OutgoingRequest): Promise<RawResponse> {
        if (req.upstreamId === 'cvr') return Promise.reject(new TransportError('connect', 'down'));
        return replay().send(req);
      }
    }
    const app = createTestApp({ transport: new Failing(), env: { CVR_ES_USER: 'u', CVR_ES_PASS: 'p' } });
    const before = await callTool(app, 'sources', 'sources.list', { country: 'DK' });
    expect(before.data.sources.find((s: { key: string }) => s.key === 'cvr').health.status).toBe('ok');
    for (let i = 0; i < 5; i++) await callTool(app, 'cvr', 'cvr.company.lookup', { cvr: '10150817' });
    const after = await callTool(app, 'sources', 'sources.list', { country: 'DK' });
    const cvr = after.data.sources.find((s: { key: string }) => s.key === 'cvr');
    expect(cvr.health.status).toBe('down');
    expect(cvr.health.upstreams).toEqual([expect.objectContaining({ id: 'cvr', state: 'open', consecutiveFailures: 5 })]);
  });
});

describe('sources.get', () => {
  const t = createTestApp();

  it('answers its example with the tools and their routes', async () => {
    const r = await callTool(t, 'sources', 'sources.get', { key: 'brreg' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ key: 'brreg', status: 'connected', server: 'brreg', toolCount: 19 });
    expect(r.data.toolList[0]).toEqual({ name: 'brreg.enhet.lookup', status: 'active', availability: 'answers', route: 'http://127.0.0.1:8787/api/connectors/brreg/enheter/:orgnr' });
  });

  it('answers a planned key with status planned and no tools', async () => {
    const r = await callTool(t, 'sources', 'sources.get', { key: 'kostra' });
    expect(r.data).toMatchObject({ key: 'kostra', status: 'planned', owner: 'Statistisk sentralbyrå', license: 'CC BY 4.0', toolList: [] });
  });

  it('answers the runtime platform keys as connected with their endpoints', async () => {
    const r = await callTool(t, 'sources', 'sources.get', { key: 'metrics' });
    expect(r.data).toMatchObject({ status: 'connected', category: 'platform', endpoints: ['summary'], health: { status: 'ok' } });
  });

  it('answers not_found for an unknown key', async () => {
    const r = await callTool(t, 'sources', 'sources.get', { key: 'no-such-source' });
    expect(r.isError).toBe(true);
    expect(r.data.error.code).toBe('not_found');
    expect(r.data.error.message).toContain('sources.list');
  });

  it.each([
    [{}, /^key: is required/],
    [{ key: '' }, /^key: must be at least 1 characters/],
    [{ key: 'x'.repeat(65) }, /^key: must be at most 64 characters/],
    [{ key: 'BRREG' }, /^key: must be a kebab-case source key/],
    [{ key: 'brreg/../x' }, /^key: must be a kebab-case source key/],
  ])('refuses %j naming the field and the bound', async (args, message) => {
    const r = await callTool(t, 'sources', 'sources.get', args);
    expect(r.isError).toBe(true);
    expect(r.data.error.message).toMatch(message);
  });

  it('lists without a key over tools/list, and tools/call needs one', async () => {
    const list = await rpc(t, 'sources', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(list.body.result.tools.map((x: { name: string }) => x.name)).toEqual(['sources.list', 'sources.get']);
    const anon = await rpc(t, 'sources', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'sources.get', arguments: { key: 'brreg' } } });
    expect(anon.status).toBe(401);
    const keyed = await callTool(t, 'sources', 'sources.get', { key: 'brreg' }, KEYS.dev);
    expect(keyed.isError).toBe(false);
  });
});

describe('the catalogue table', () => {
  it('marks connected exactly the platform keys the data backend serves', () => {
    const connected = UNSERVED_SOURCES.filter((s) => s.status !== 'planned');
    expect(connected.map((s) => s.key).sort()).toEqual(Object.keys(RUNTIME_PLATFORM_KEYS).sort());
    for (const s of connected) expect(s.endpoints).toEqual(RUNTIME_PLATFORM_KEYS[s.key]);
  });

  it('has each key once, kebab-case, with https documentation links', () => {
    const keys = UNSERVED_SOURCES.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const s of UNSERVED_SOURCES) {
      expect(s.key).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      for (const d of s.docs) expect(d.url, s.key).toMatch(/^https:\/\//);
      if (s.docs.length === 0 && s.category !== 'platform') expect(s.unconfirmed, s.key).toContain('docs');
    }
  });
});
