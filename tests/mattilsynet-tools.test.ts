// The mattilsynet server: inspeksjoner.sok over the in-memory index of Mattilsynet's smilefjes file
// (tests/recordings/mattilsynet-data/, eight rows of the real header and format), the index's life
// (one download shared by every call, a conditional refresh, a failed first download, a file whose
// header changed), the q/postnummer rule, the grade names, paging, and the two tools that answer no
// data (virksomhet.lookup 503 not_configured, kravpunkter.list 410 api_sunset).
import { beforeEach, describe, expect, it } from 'vitest';
import { settleFileIndexes } from '../runtime/file-index.js';
import { RECORDED_AT } from '../runtime/upstream/recordings.js';
import type { OutgoingRequest, RawResponse, Transport } from '../runtime/upstream/transport.js';
import { REFRESH_AFTER_MS, isoDate, parseTilsynCsv, resetTilsyn } from '../servers/mattilsynet/smilefjes.js';
import { KEYS, callTool, callToolError, createTestApp, replay, rpc, type TestApp } from './helpers/app.js';

const SLUG = 'mattilsynet';
const FILE = 'https://data.mattilsynet.no/smilefjes-tilsyn.csv';
const auth = { headers: { authorization: `Bearer ${KEYS.pro}` } };
const sok = (args: unknown, t: TestApp = createTestApp()) => callTool(t, SLUG, 'mattilsynet.inspeksjoner.sok', args);
const names = (data: { inspeksjoner: { navn: string }[] }) => data.inspeksjoner.map((r) => r.navn);

/** The recordings, with the file's request answered by `answer` (and every request seen). */
function fileTransport(answer: (req: OutgoingRequest) => RawResponse | undefined): Transport & { seen: OutgoingRequest[] } {
  const seen: OutgoingRequest[] = [];
  return {
    seen,
    send: async (req) => {
      seen.push(req);
      return (req.url === FILE ? answer(req) : undefined) ?? replay().send(req);
    },
  };
}

beforeEach(() => resetTilsyn());

describe('tools/list', () => {
  it('lists the three tools of spec 4.6 in order with their statuses and bounds', async () => {
    const t = createTestApp();
    const r = await rpc(t, SLUG, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = r.body.result.tools as Array<{ name: string; description: string; inputSchema: any }>;
    expect(tools.map((x) => x.name)).toEqual(['mattilsynet.inspeksjoner.sok', 'mattilsynet.virksomhet.lookup', 'mattilsynet.kravpunkter.list']);
    expect(t.services.registry.server(SLUG)!.tools.map((x) => x.status)).toEqual(['active', 'not_configured', 'deprecated']);
    const p = tools[0].inputSchema.properties;
    expect(p.antall).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    expect(p.side).toMatchObject({ minimum: 0, default: 0 });
    expect(p.postnummer.pattern).toBe('^\\d{4}$');
    expect(p.karakter.enum).toEqual(['0', '1', '2', '3', 'excellent', 'good', 'fair', 'poor', 'unknown']);
    expect(tools[2].description).toMatch(/Deprecated: always answers HTTP 410 api_sunset/);
  });
});

describe('the file', () => {
  it('is read with its BOM, `;` delimiter, quoted fields and ddmmyyyy dates', () => {
    const rows = parseTilsynCsv(Buffer.from('\ufefftilsynsobjektid;orgnummer;navn;adrlinje1;adrlinje2;postnr;poststed;tilsynid;dato;total_karakter;tilsynsbesoektype\r\nZ1;;"A ""B""; C";Gate 1;;0101;OSLO;T1;18082026;0;0\r\n'));
    expect(rows).toEqual([{ tilsynsobjektid: 'Z1', orgnummer: '', navn: 'A "B"; C', adrlinje1: 'Gate 1', adrlinje2: '', postnr: '0101', poststed: 'OSLO', tilsynid: 'T1', dato: '18082026', total_karakter: '0', tilsynsbesoektype: '0' }]);
    expect(isoDate('18082026')).toBe('2026-08-18');
    expect(isoDate('2026-08-18')).toBeNull();
  });

  it('refuses a file whose header lacks the columns it reads, naming them', () => {
    expect(() => parseTilsynCsv(Buffer.from('tilsynsobjektid;navn\nZ1;A\n'))).toThrow(/lacks the columns orgnummer, adrlinje1, adrlinje2, postnr, poststed, tilsynid, dato, total_karakter, tilsynsbesoektype/);
  });
});

describe('mattilsynet.inspeksjoner.sok', () => {
  it('answers the example: matching inspections newest first, with score, scoreRaw, grade name, face and themes', async () => {
    const r = await sok({ q: 'fjord', antall: 5 });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ filter: { q: 'fjord', postnummer: null, karakter: null }, total: 4, pages: 1, side: 0, antall: 5, hasMore: false });
    expect(r.data.inspeksjoner.map((x: { navn: string; dato: string }) => `${x.dato} ${x.navn}`)).toEqual([
      '2026-10-21 Fjordkroa Kafé',
      '2026-10-07 Bakeriet i Fjordgata',
      '2026-09-02 Fjordglimt Restaurant AS',
      '2025-03-14 Fjordkroa Kafé',
    ]);
    expect(r.data.inspeksjoner[2]).toEqual({
      tilsynid: 'Z2609021301442017TBXR',
      tilsynsobjektid: 'Z1603091015372210HWQE',
      navn: 'Fjordglimt Restaurant AS',
      orgnummer: '999208340',
      adresse: 'Bryggen 4, 2. etasje',
      postnummer: '6002',
      poststed: 'ÅLESUND',
      dato: '2026-09-02',
      score: 1,
      scoreRaw: '1',
      karakter: 'good',
      smilefjes: 'smil',
      tilsynsbesoektype: '0',
      temaer: [
        { tema: 'Rutiner og ledelse', karakter: '1' },
        { tema: 'Lokaler og utstyr', karakter: '0' },
        { tema: 'Mathåndtering og tilberedning', karakter: '0' },
        { tema: 'Merking og sporbarhet', karakter: '4' },
      ],
    });
    expect(r.data.inspeksjoner[3]).toMatchObject({ score: 2, karakter: 'fair', smilefjes: 'strekmunn' });
    expect(r.data.inspeksjoner[1].orgnummer).toBeNull();
    expect(r.data.kilde).toEqual({ register: 'Mattilsynet, smilefjestilsyn på serveringssteder', url: 'https://data.norge.no/datasets/288aa74c-e3d3-492e-9ede-e71503b3bfd9' });
    expect(r.data.fil).toMatchObject({ source: { register: 'Mattilsynet, smilefjestilsyn på serveringssteder', url: FILE }, inspeksjoner: 8, nyesteTilsyn: '2026-11-11', stale: false, loadedAt: RECORDED_AT.replace('Z', '.000Z') });
  });

  it('matches q in the name or the postal town, ignoring case, and reads quoted names whole', async () => {
    expect(names((await sok({ q: 'TROMSØ' })).data)).toEqual(['Sushi Nord']);
    expect(names((await sok({ q: 'hjørnet' })).data)).toEqual(['Kaffebar "Hjørnet"; Grünerløkka']);
  });

  it('takes a 4-digit q as a postcode, and postnummer as one', async () => {
    expect(names((await sok({ q: '0552' })).data)).toEqual(['Kaffebar "Hjørnet"; Grünerløkka']);
    const r = await sok({ postnummer: '5013' });
    expect(r.data).toMatchObject({ total: 2, filter: { q: null, postnummer: '5013' } });
    expect(names(r.data)).toEqual(['Fjordkroa Kafé', 'Fjordkroa Kafé']);
  });

  it('refuses q with postnummer, naming both (MCP invalid_input, REST 400)', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, 'mattilsynet.inspeksjoner.sok', { q: 'fjord', postnummer: '5013' });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain('q and postnummer cannot be combined');
    const res = await t.fetch('/api/connectors/mattilsynet/inspeksjoner?q=fjord&postnummer=5013', auth);
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toContain('q and postnummer cannot be combined');
  });

  it('maps grade names to the smilefjes grades, 0 best', async () => {
    const poor = await sok({ karakter: 'poor' });
    expect(poor.data.inspeksjoner.map((x: { navn: string; score: number; smilefjes: string }) => [x.navn, x.score, x.smilefjes])).toEqual([['Pizzeria Solsiden', 3, 'surmunn']]);
    expect((await sok({ karakter: '3' })).data.inspeksjoner).toEqual(poor.data.inspeksjoner);
    expect((await sok({ karakter: '3' })).data.filter.karakter).toBe('poor');
    const excellent = await sok({ karakter: 'excellent' });
    expect(excellent.data.total).toBe(3);
    expect(excellent.data.inspeksjoner.every((x: { score: number }) => x.score === 0)).toBe(true);
    expect((await sok({ karakter: '0' })).data.total).toBe(3);
    expect((await sok({ karakter: 'good' })).data.total).toBe(2);
    const unknown = await sok({ karakter: 'unknown' });
    expect(unknown.data.inspeksjoner).toEqual([expect.objectContaining({ navn: 'Sushi Nord', score: null, scoreRaw: '', karakter: 'unknown', smilefjes: null, tilsynsbesoektype: '1' })]);
  });

  it('pages with antall and side: pages and total count every match', async () => {
    const first = await sok({ antall: 3 });
    expect(first.data).toMatchObject({ total: 8, pages: 3, side: 0, hasMore: true });
    const last = await sok({ antall: 3, side: 2 });
    expect(last.data).toMatchObject({ total: 8, pages: 3, side: 2, hasMore: false });
    expect(last.data.inspeksjoner).toHaveLength(2);
    expect(names(last.data)).toEqual(['Fjordkroa Kafé', 'Fjellstua Kro']);
    const past = await sok({ antall: 3, side: 3 });
    expect(past.data.inspeksjoner).toEqual([]);
    expect(past.data.note).toBe('Page 3 is past the last page (3 pages of 3).');
  });

  it('answers an empty list with a note when nothing matches', async () => {
    const r = await sok({ q: 'finnes ikke' });
    expect(r.data).toMatchObject({ total: 0, pages: 0, hasMore: false, inspeksjoner: [] });
    expect(r.data.note).toBe("No inspection in Mattilsynet's smilefjes file matches these filters.");
  });

  it.each([
    [{ antall: 0 }, 'antall'],
    [{ antall: 101 }, 'antall'],
    [{ side: -1 }, 'side'],
    [{ postnummer: '123' }, 'postnummer'],
    [{ karakter: '4' }, 'karakter'],
    [{ q: '' }, 'q'],
  ])('refuses %j naming %s', async (args, field) => {
    const e = await callToolError(createTestApp(), SLUG, 'mattilsynet.inspeksjoner.sok', args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(field);
  });

  it('answers on the connector route too', async () => {
    const res = await createTestApp().fetch('/api/connectors/mattilsynet/inspeksjoner?q=fjord&antall=2', auth);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ total: 4, pages: 2, hasMore: true });
  });
});

describe('the index of the file', () => {
  it('is downloaded once and shared by every call and every app of the process', async () => {
    const a = createTestApp();
    const b = createTestApp();
    await sok({ q: 'fjord' }, a);
    await sok({ karakter: 'poor' }, a);
    await sok({ q: 'oslo' }, b);
    expect(a.services.upstream.sent.get('mattilsynet-data')).toBe(1);
    expect(b.services.upstream.sent.get('mattilsynet-data')).toBeUndefined();
  });

  it('is refreshed in the background after six hours with a conditional request; a 304 keeps it', async () => {
    const transport = fileTransport((req) => (req.headers['if-none-match'] ? { status: 304, headers: { etag: '"6a1f0c2e-10f3a55"' }, body: Buffer.alloc(0) } : undefined));
    const start = Date.parse(RECORDED_AT);
    let now = start;
    const t = createTestApp({ transport, now: () => new Date(now) });
    await sok({ q: 'fjord' }, t);
    now = start + REFRESH_AFTER_MS + 1000;
    const stale = await sok({ q: 'fjord' }, t);
    expect(stale.data.total).toBe(4);
    await settleFileIndexes();
    const conditional = transport.seen.filter((r) => r.url === FILE);
    expect(conditional).toHaveLength(2);
    expect(conditional[1].headers['if-none-match']).toBe('"6a1f0c2e-10f3a55"');
    expect(conditional[1].headers['if-modified-since']).toBe('Sun, 22 Nov 2026 03:12:09 GMT');
    const fresh = await sok({ q: 'fjord' }, t);
    expect(fresh.data.fil).toMatchObject({ loadedAt: new Date(now).toISOString(), stale: false, inspeksjoner: 8 });
  });

  it('answers 502 naming Mattilsynet when the first download fails, and when to try again', async () => {
    const transport = fileTransport(() => ({ status: 503, headers: { 'content-type': 'text/html' }, body: Buffer.from('<html>Service Unavailable</html>') }));
    const t = createTestApp({ transport });
    const e = await callToolError(t, SLUG, 'mattilsynet.inspeksjoner.sok', { q: 'fjord' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(e.message).toContain("Mattilsynet's smilefjes inspection file could not be loaded, so no inspection can be searched");
    expect(e.message).toContain('Mattilsynet åpne data (smilefjes) answered HTTP 503');
    expect(e.message).toMatch(/The next download will be tried at 2026-11-22T12:01:00.000Z/);
    const res = await t.fetch('/api/connectors/mattilsynet/inspeksjoner?q=fjord', auth);
    expect(res.status).toBe(502);
  });

  it('answers 502 when Mattilsynet changes the file so that a column it reads is gone', async () => {
    const transport = fileTransport(() => ({ status: 200, headers: { 'content-type': 'text/csv' }, body: Buffer.from('\ufefftilsynsobjektid;navn;dato\nZ1;A;01012026\n') }));
    const e = await callToolError(createTestApp({ transport }), SLUG, 'mattilsynet.inspeksjoner.sok', {});
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(e.message).toContain("Mattilsynet's smilefjes file lacks the columns orgnummer");
  });
});

describe('the tools that answer no data', () => {
  it('virksomhet.lookup answers 503 not_configured (MCP and REST), sending nothing', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, 'mattilsynet.virksomhet.lookup', { orgnummer: '923609016' });
    expect(e).toMatchObject({ code: 'not_configured', status: 503 });
    expect(e.alternative).toContain('mattilsynet.inspeksjoner.sok');
    const res = await t.fetch('/api/connectors/mattilsynet/virksomhet?orgnummer=923609016', auth);
    expect(res.status).toBe(503);
    expect(t.services.upstream.sent.get('mattilsynet-data')).toBeUndefined();
  });

  it('kravpunkter.list answers 410 api_sunset (MCP and REST)', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, 'mattilsynet.kravpunkter.list', {});
    expect(e).toMatchObject({ code: 'api_sunset', status: 410 });
    const res = await t.fetch('/api/connectors/mattilsynet/kravpunkter', auth);
    expect(res.status).toBe(410);
  });
});
