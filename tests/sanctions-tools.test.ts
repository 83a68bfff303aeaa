// The sanksjoner server (tool-server spec 4.2, sanctions): sanctions.eu.search, sanctions.eu.lookup
// and sanctions.lister.list over MCP and the connector routes, on the recorded FSF export
// (tests/recordings/eu-fsf/fsf-full-list.json, built from fsf-export.xml) and failure recordings
// on stand-in base URLs.
import { beforeEach, describe, expect, it } from 'vitest';
import { resetSanctionsIndexes } from '../servers/_shared/sanctions-index/index.js';
import { KEYS, callTool, createTestApp, rpc } from './helpers/app.js';

const SLUG = 'sanksjoner';
const auth = { headers: { authorization: `Bearer ${KEYS.pro}` } };
const t = createTestApp();
const call = (name: string, args: unknown) => callTool(t, SLUG, name, args, KEYS.team);

async function expectInvalid(name: string, args: unknown, field: string, ...parts: string[]) {
  const r = await call(name, args);
  expect(r.isError).toBe(true);
  expect(r.data.error.code).toBe('invalid_input');
  expect(r.data.error.fields).toContain(field);
  for (const part of parts) expect(r.data.error.message).toContain(part);
  return r.data.error;
}

describe('tools/list', () => {
  it('lists the three tools of the spec with their bounds', async () => {
    const tools = (await rpc(t, SLUG, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).body.result.tools as Array<{ name: string; inputSchema: any }>;
    expect(tools.map((x) => x.name)).toEqual(['sanctions.eu.search', 'sanctions.eu.lookup', 'sanctions.lister.list']);
    const search = tools[0].inputSchema;
    expect(search.properties).toMatchObject({
      q: { minLength: 2 },
      type: { enum: ['person', 'organisation', 'vessel'] },
      limit: { minimum: 1, maximum: 100, default: 50 },
      cursor: { type: 'string' },
    });
    expect(search.required ?? []).toEqual([]);
    expect(tools[1].inputSchema.required).toEqual(['entityId']);
    expect(tools[2].inputSchema.properties.includeSunset).toMatchObject({ type: 'boolean', default: false });
  });
});

describe('sanctions.eu.search', () => {
  it('answers its example: a name word, ranked, with the list freshness', async () => {
    const r = await call('sanctions.eu.search', { q: 'Putin' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ query: { q: 'Putin', type: null, regime: null }, total: 1, offset: 0, count: 1, limit: 50, nextCursor: null });
    expect(r.data.entities[0]).toMatchObject({
      entityId: '135909',
      euReferenceNumber: null,
      type: 'person',
      name: 'Vladimir Vladimirovich PUTIN',
      programmes: ['UKR'],
      designationDate: '2022-02-25',
      birthDates: ['1952-10-07'],
      birthYears: [1952],
      citizenships: ['RU'],
      match: { kind: 'all_words', name: 'Vladimir Vladimirovich PUTIN' },
    });
    expect(r.data.list).toMatchObject({
      source: { register: 'EU Financial Sanctions Files (consolidated list)', url: 'https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content' },
      generationDate: '2026-11-21T16:47:12.418+01:00',
      globalFileId: '186731',
      entityCount: 45,
      stale: false,
      lastRefreshError: null,
    });
  });

  it('matches words in any order, folded, in Cyrillic, and as word starts, ranking the exact name first', async () => {
    expect((await call('sanctions.eu.search', { q: 'putin vladimir vladimirovich' })).data.entities[0].match.kind).toBe('exact_name');
    expect((await call('sanctions.eu.search', { q: 'ЛАВРОВ' })).data.entities[0].entityId).toBe('135930');
    expect((await call('sanctions.eu.search', { q: 'rodriguez gomez' })).data.entities[0].name).toBe('Delcy Eloína RODRÍGUEZ GÓMEZ');
    const prefix = await call('sanctions.eu.search', { q: 'Luka' });
    expect(prefix.data.entities.map((e: { entityId: string }) => e.entityId)).toEqual(['128740']);
    expect(prefix.data.entities[0].match.kind).toBe('word_start');
    // "vladimir" is a word of Putin's name and the start of Deripaska's patronymic.
    const vladimir = await call('sanctions.eu.search', { q: 'vladimir' });
    expect(vladimir.data.entities.map((e: { entityId: string; match: { kind: string } }) => [e.entityId, e.match.kind])).toEqual([
      ['135909', 'all_words'],
      ['138244', 'word_start'],
    ]);
  });

  it('finds entities by identifier: IMO, registration and passport numbers, EU reference and UN id', async () => {
    const imo = await call('sanctions.eu.search', { q: 'IMO 9562233' });
    expect(imo.data.entities[0]).toMatchObject({ entityId: '118001', type: 'vessel', name: 'PETREL 8', match: { kind: 'identifier' }, identifiers: [{ type: 'imo', number: '9562233', country: null }] });
    expect((await call('sanctions.eu.search', { q: '1027700132195' })).data.entities[0].entityId).toBe('139214');
    expect((await call('sanctions.eu.search', { q: 'C2002515' })).data.entities[0].entityId).toBe('29006');
    expect((await call('sanctions.eu.search', { q: 'EU.27.28' })).data.entities[0].entityId).toBe('13');
    expect((await call('sanctions.eu.search', { q: 'QDi.006' })).data.entities[0].entityId).toBe('385');
  });

  it('filters by type and regime (case-insensitive), with facets', async () => {
    const vessels = await call('sanctions.eu.search', { type: 'vessel' });
    expect(vessels.data.total).toBe(4);
    expect(vessels.data.facets).toEqual({ types: { vessel: 4 }, regimes: { PRK: 4 } });
    const prk = await call('sanctions.eu.search', { regime: 'prk', type: 'organisation' });
    expect(prk.data.query.regime).toBe('PRK');
    expect(prk.data.entities.map((e: { name: string }) => e.name)).toEqual(['Korea Mining Development Trading Corporation', 'Ocean Maritime Management Company, Limited']);
    const terrPersons = await call('sanctions.eu.search', { regime: 'TERR', type: 'person' });
    expect(terrPersons.data.total).toBe(6);
    const combined = await call('sanctions.eu.search', { q: 'bank', regime: 'UKR' });
    expect(combined.data.entities.map((e: { entityId: string }) => e.entityId)).toEqual(['135857']);
  });

  it('pages with an opaque cursor until nextCursor is null, without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const r = await call('sanctions.eu.search', { regime: 'UKR', limit: 4, ...(cursor ? { cursor } : {}) });
      expect(r.isError).toBe(false);
      expect(r.data.total).toBe(15);
      expect(r.data.offset).toBe(pages * 4);
      seen.push(...r.data.entities.map((e: { entityId: string }) => e.entityId));
      cursor = r.data.nextCursor ?? undefined;
      if (cursor) expect(cursor).toMatch(/^s2\.[A-Za-z0-9_-]+$/);
      pages += 1;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toHaveLength(15);
    expect(new Set(seen).size).toBe(15);
    const all = await call('sanctions.eu.search', { regime: 'UKR', limit: 100 });
    expect(all.data.entities.map((e: { entityId: string }) => e.entityId)).toEqual(seen);
    expect(all.data.nextCursor).toBeNull();
  });

  it('refuses a cursor that is not one, or that belongs to other filters', async () => {
    const bad = await expectInvalid('sanctions.eu.search', { q: 'Putin', cursor: 'abc' }, 'cursor', 'cursor: is not a cursor of sanctions.eu.search');
    expect(bad.detailCode).toBe('invalid_cursor');
    const forged = 's1.' + Buffer.from('{"v":"x","o":-1,"f":"y"}').toString('base64url');
    await expectInvalid('sanctions.eu.search', { q: 'Putin', cursor: forged }, 'cursor', 'is not a cursor');
    const first = await call('sanctions.eu.search', { regime: 'UKR', limit: 2 });
    const other = await expectInvalid('sanctions.eu.search', { regime: 'BLR', limit: 2, cursor: first.data.nextCursor }, 'cursor', 'belongs to a search with other q, type or regime');
    expect(other.detailCode).toBe('cursor_mismatch');
    // The page size may change between pages.
    expect((await call('sanctions.eu.search', { regime: 'UKR', limit: 3, cursor: first.data.nextCursor })).data.offset).toBe(2);
  });

  it('answers the Problem type invalid-cursor on the connector route', async () => {
    const res = await t.fetch('/api/connectors/sanksjoner/eu/search?q=Putin&cursor=nope', auth);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ type: 'http://127.0.0.1:8787/errors/invalid-cursor', title: 'Invalid or expired cursor', detailCode: 'invalid_cursor' });
  });

  it('requires at least one of q, type, regime, naming them', async () => {
    await expectInvalid('sanctions.eu.search', {}, 'q', 'give at least one of q, type, regime');
    await expectInvalid('sanctions.eu.search', { limit: 10 }, 'q', 'q, type, regime');
  });

  it('enforces the bounds of q, type, regime and limit', async () => {
    await expectInvalid('sanctions.eu.search', { q: 'P' }, 'q', 'q: must be at least 2 characters');
    await expectInvalid('sanctions.eu.search', { q: ' P ' }, 'q', 'at least 2 characters');
    await expectInvalid('sanctions.eu.search', { type: 'ship' }, 'type', 'must be one of "person", "organisation", "vessel"');
    await expectInvalid('sanctions.eu.search', { regime: ' ' }, 'regime', 'regime: must be at least 1 character');
    await expectInvalid('sanctions.eu.search', { q: 'Putin', limit: 0 }, 'limit', 'limit: must be at least 1');
    await expectInvalid('sanctions.eu.search', { q: 'Putin', limit: 101 }, 'limit', 'limit: must be at most 100');
    const r = await call('sanctions.eu.search', { q: 'Putin', limit: 100 });
    expect(r.data.limit).toBe(100);
  });

  it('answers an empty page with total 0 and a note when nothing matches', async () => {
    const r = await call('sanctions.eu.search', { q: 'Nordmann' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ total: 0, count: 0, entities: [], nextCursor: null, facets: { types: {}, regimes: {} } });
    expect(r.data.note).toMatch(/not a screening verdict: screening.screen/);
    expect((await call('sanctions.eu.search', { regime: 'XYZ' })).data.total).toBe(0);
  });

  it('accepts any regime text (the spec bounds it by nothing); one no entity carries answers empty, naming the codes in use', async () => {
    for (const regime of ['U', 'CFSP/2014/145', 'U K R']) {
      const r = await call('sanctions.eu.search', { regime });
      expect(r.isError, JSON.stringify(r.data)).toBe(false);
      expect(r.data).toMatchObject({ query: { regime: regime.toUpperCase() }, total: 0, entities: [] });
      expect(r.data.note).toContain(`No entity of the list has the programme code ${JSON.stringify(regime.toUpperCase())}; the codes in use are BLR, IRN, IRQ, MMR, PRK, SYR, TAQA, TERR, UKR, VEN.`);
    }
    // A known code that matches nothing with the other filters keeps the plain note.
    const none = await call('sanctions.eu.search', { regime: 'VEN', type: 'vessel' });
    expect(none.data.total).toBe(0);
    expect(none.data.note).not.toMatch(/codes in use/);
  });

  it('is served on the connector route with the same answer', async () => {
    const res = await t.fetch('/api/connectors/sanksjoner/eu/search?q=Putin&limit=5', auth);
    expect(res.status).toBe(200);
    expect((await res.json()).entities[0].entityId).toBe('135909');
  });
});

describe('sanctions.eu.lookup', () => {
  it('answers its example with the full record', async () => {
    const r = await call('sanctions.eu.lookup', { entityId: '135909' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({
      entityId: '135909',
      type: 'person',
      name: 'Vladimir Vladimirovich PUTIN',
      subjectType: { code: 'person', classificationCode: 'P' },
      regulations: [{ programme: 'UKR', numberTitle: '2022/332 (OJ L53)', publicationUrl: 'https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32022R0332' }],
      citizenshipDetails: [{ countryIso2Code: 'RU', countryDescription: 'RUSSIAN FEDERATION' }],
      birthdates: [{ birthdate: '1952-10-07', city: 'Leningrad (now Saint-Petersburg)' }],
      list: { globalFileId: '186731' },
    });
    expect(r.data.names).toHaveLength(5);
    expect(r.data.names).toContainEqual(expect.objectContaining({ wholeName: 'Владимир Владимирович ПУТИН', nameLanguage: 'BG', strong: true }));
    expect(r.data.names.find((n: { nameLanguage: string | null }) => n.nameLanguage === null).function).toBe('President of the Russian Federation');
  });

  it('accepts the EU reference number, and gives identifications, addresses and contact details', async () => {
    const r = await call('sanctions.eu.lookup', { entityId: 'eu.7742.88' });
    expect(r.data).toMatchObject({ entityId: '139214', type: 'organisation', euReferenceNumber: 'EU.7742.88' });
    expect(r.data.identifications.map((i: { identificationTypeCode: string; number: string }) => [i.identificationTypeCode, i.number])).toEqual([
      ['regnumber', '1027700132195'],
      ['fiscalcode', '7707083893'],
    ]);
    expect(r.data.addresses[0]).toMatchObject({ street: '19 Vavilova Street', city: 'Moscow', zipCode: '117312', countryIso2Code: 'RU', contactInfo: [{ key: 'WEB', value: 'www.sberbank.ru' }] });
  });

  it('answers not_found for an entity the list does not hold', async () => {
    const r = await call('sanctions.eu.lookup', { entityId: '999999' });
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({ code: 'not_found', status: 404, detailCode: 'ENTITY_NOT_FOUND' });
    const res = await t.fetch('/api/connectors/sanksjoner/eu/entities/999999', auth);
    expect(res.status).toBe(404);
  });

  it('refuses an entityId that is neither digits nor an EU reference', async () => {
    await expectInvalid('sanctions.eu.lookup', { entityId: 'Putin' }, 'entityId', 'must be an entityId');
    await expectInvalid('sanctions.eu.lookup', {}, 'entityId', 'entityId: is required');
  });

  it('is served on the connector route', async () => {
    const res = await t.fetch('/api/connectors/sanksjoner/eu/entities/118001', auth);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'PETREL 8', type: 'vessel' });
  });
});

describe('sanctions.lister.list', () => {
  it('lists the active EU list and the lists that are not configured, without sunset ones by default', async () => {
    const r = await call('sanctions.lister.list', {});
    expect(r.isError).toBe(false);
    expect(r.data.includeSunset).toBe(false);
    expect(r.data.lists.map((l: { id: string; status: string }) => [l.id, l.status])).toEqual([
      ['eu-fsf', 'aktiv'],
      ['un-sc-consolidated', 'ikke_konfigurert'],
      ['uk-sanctions-list', 'ikke_konfigurert'],
      ['us-ofac-sdn', 'ikke_konfigurert'],
    ]);
    for (const l of r.data.lists) {
      for (const field of ['id', 'name', 'authority', 'status', 'updateFrequency', 'endpoint', 'licenseStatus']) expect(l[field], `${l.id}.${field}`).toBeTruthy();
    }
    expect(r.data.lists[0].endpoint).toBe('https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw');
  });

  it('adds retired lists with includeSunset', async () => {
    const r = await call('sanctions.lister.list', { includeSunset: true });
    expect(r.data.count).toBe(5);
    expect(r.data.lists.find((l: { id: string }) => l.id === 'uk-ofsi-consolidated')).toMatchObject({ status: 'sunset' });
    await expectInvalid('sanctions.lister.list', { includeSunset: 'yes' }, 'includeSunset', 'must be of type boolean');
    const res = await t.fetch('/api/connectors/sanksjoner/lister?includeSunset=true', auth);
    expect((await res.json()).count).toBe(5);
  });

  it('reports the EU index state without downloading the list', async () => {
    resetSanctionsIndexes();
    const fresh = createTestApp();
    const before = await callTool(fresh, SLUG, 'sanctions.lister.list', {});
    expect(before.data.lists[0].index).toEqual({ loaded: false, lastRefreshError: null, nextRefreshAttemptAt: null });
    expect(fresh.services.upstream.sent.get('eu-fsf') ?? 0).toBe(0);
    await callTool(fresh, SLUG, 'sanctions.eu.search', { type: 'vessel' });
    const after = await callTool(fresh, SLUG, 'sanctions.lister.list', {});
    expect(after.data.lists[0].index).toMatchObject({ loaded: true, entityCount: 45, generationDate: '2026-11-21T16:47:12.418+01:00' });
  });
});

describe('upstream failures', () => {
  beforeEach(() => resetSanctionsIndexes());

  const failing = async (base: string, name = 'sanctions.eu.search', args: unknown = { q: 'Putin' }) => {
    const app = createTestApp({ env: { SANCTIONS_BASE_URL: base } });
    const r = await callTool(app, SLUG, name, args);
    return { r, sent: app.services.upstream.sent.get('eu-fsf') };
  };

  it('maps HTTP 500 to upstream_unavailable after two retries', async () => {
    const { r, sent } = await failing('https://fsf-failing.test/fsd/fsf');
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(r.data.error.message).toMatch(/could not be loaded.*HTTP 500/);
    expect(sent).toBe(3);
  });

  it('maps anti-bot blocking (HTTP 403) to upstream_blocked', async () => {
    const { r, sent } = await failing('https://fsf-blocked.test/fsd/fsf', 'sanctions.eu.lookup', { entityId: '135909' });
    expect(r.data.error).toMatchObject({ code: 'upstream_blocked', status: 503 });
    expect(sent).toBe(1);
  });

  it('refuses an HTML page served with 200, a truncated download and a moved file', async () => {
    const html = await failing('https://fsf-maintenance.test/fsd/fsf');
    expect(html.r.data.error.code).toBe('upstream_unavailable');
    expect(html.r.data.error.message).toMatch(/not well-formed XML|not an FSF export/);
    const cut = await failing('https://fsf-truncated.test/fsd/fsf');
    expect(cut.r.data.error.message).toMatch(/not well-formed XML/);
    const moved = await failing('https://fsf-moved.test/fsd/fsf');
    expect(moved.r.data.error).toMatchObject({ code: 'upstream_unavailable' });
    expect(moved.r.data.error.message).toMatch(/not at its address \(HTTP 404\)/);
  });

  it('still answers lister.list, with the last refresh error, when the list cannot be loaded', async () => {
    const app = createTestApp({ env: { SANCTIONS_BASE_URL: 'https://fsf-failing.test/fsd/fsf' } });
    await callTool(app, SLUG, 'sanctions.eu.search', { q: 'Putin' });
    const r = await callTool(app, SLUG, 'sanctions.lister.list', {});
    expect(r.isError).toBe(false);
    expect(r.data.lists[0].index).toMatchObject({ loaded: false, lastRefreshError: { code: 'upstream_unavailable' } });
  });
});
