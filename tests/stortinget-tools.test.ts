// The stortinget server over MCP and its connector routes, answered by recordings of Stortinget's
// export (tests/recordings/stortinget/), and the export's one date reader (servers/stortinget/msdate.ts).
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest } from '../runtime/upstream/transport.js';
import { isoFromExport } from '../servers/stortinget/msdate.js';
import { periodProblem, sessionProblem } from '../servers/stortinget/export.js';
import { KEYS, callTool, callToolError, createTestApp, replay, rpc, type TestApp } from './helpers/app.js';

const SLUG = 'stortinget';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('stortinget') ?? 0;
const fails = (t: TestApp, name: string, args: unknown) => callToolError(t, SLUG, name, args);

/** A test app whose requests are kept, to see what was asked of the export. */
function watched() {
  const urls: string[] = [];
  const t = createTestApp({ transport: { send: (req: OutgoingRequest) => (urls.push(req.url), replay().send(req)) } });
  return { t, urls };
}

describe('the export date reader', () => {
  it.each([
    ['/Date(1700000000000+0100)/', '2023-11-14T23:13:20+01:00'],
    ['/Date(1717192800000+0200)/', '2024-06-01T00:00:00+02:00'],
    ['/Date(-147488400000+0100)/', '1965-04-30T00:00:00+01:00'],
    ['/Date(0)/', '1970-01-01T00:00:00Z'],
    ['/Date(1700000000123)/', '2023-11-14T22:13:20.123Z'],
    ['/Date(1700000000000-0330)/', '2023-11-14T18:43:20-03:30'],
    ['/Date(1700000000000+0000)/', '2023-11-14T22:13:20+00:00'],
  ])('reads %s as %s (the instant kept, written in its offset)', (wire, iso) => {
    expect(isoFromExport(wire)).toBe(iso);
    expect(Date.parse(iso)).toBe(Number(/-?\d+/.exec(wire)![0]));
  });

  it("answers null for null, absent and .NET's DateTime.MinValue (the export's 'no date')", () => {
    expect(isoFromExport(null)).toBeNull();
    expect(isoFromExport(undefined)).toBeNull();
    expect(isoFromExport('/Date(-62135596800000)/')).toBeNull();
    expect(isoFromExport('/Date(-62135596800000+0100)/')).toBeNull();
    expect(isoFromExport('/Date(-62135600400000+0100)/')).toBeNull();
  });

  it('refuses anything else as an unexpected upstream value (TypeError or RangeError, so the runtime answers 502)', () => {
    expect(() => isoFromExport(1700000000000)).toThrow(TypeError);
    expect(() => isoFromExport('2023-11-14T23:13:20')).toThrow(RangeError);
    expect(() => isoFromExport('/Date(abc)/')).toThrow(RangeError);
    expect(() => isoFromExport('/Date(1700000000000+2500)/')).toThrow(RangeError);
  });
});

describe('session and period ids', () => {
  it.each(['2024-2025', '1999-2000', '1994-95', '1986-87'])('takes the session id %s', (id) => expect(sessionProblem(id)).toBeUndefined());
  it.each([
    ['2024-2026', /must be written 2024-2025/],
    ['1994-1995', /must be written 1994-95/],
    ['2024-25', /must be written 2024-2025/],
    ['2024', /session id such as 2024-2025/],
  ])('refuses the session id %s', (id, why) => expect(sessionProblem(id)).toMatch(why));
  it.each(['2021-2025', '1945-49', '1997-01', '1997-2001'])('takes the period id %s', (id) => expect(periodProblem(id)).toBeUndefined());
  it.each(['2025-2021', '2021-2041', '2021'])('refuses the period id %s', (id) => expect(periodProblem(id)).toBeDefined());
});

describe('stortinget.komiteer.liste', () => {
  const name = 'stortinget.komiteer.liste';

  it('answers the example: the committees of the current session, found from sesjoner', async () => {
    const { t, urls } = watched();
    const r = await callTool(t, SLUG, name, {});
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ sesjonId: '2026-2027', count: 7, kilde: { register: 'Stortinget (data.stortinget.no)', url: 'https://data.stortinget.no/eksport/komiteer?sesjonid=2026-2027' } });
    expect(r.data.komiteer[0]).toEqual({ id: 'ARBSOS', navn: 'Arbeids- og sosialkomiteen' });
    expect(r.data.komiteer.map((k: { id: string }) => k.id)).toContain('FINANS');
    expect(urls).toEqual(['https://data.stortinget.no/eksport/sesjoner?format=JSON', 'https://data.stortinget.no/eksport/komiteer?format=JSON&sesjonid=2026-2027']);
  });

  it('takes an empty sesjonId as the current session', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { sesjonId: '' });
    expect(r.data).toMatchObject({ sesjonId: '2026-2027', count: 7 });
  });

  it('lists a given session through its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/stortinget/komiteer?sesjonId=2024-2025', { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ sesjonId: '2024-2025', count: 4 });
    expect(body.komiteer.map((k: { id: string }) => k.id)).toEqual(['ARBSOS', 'FINANS', 'KONTROLL', 'UFK']);
  });

  it('answers an empty list with a note for a session the export lists no committee for', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { sesjonId: '1985-86' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ sesjonId: '1985-86', count: 0, komiteer: [] });
    expect(r.data.note).toMatch(/no committee for the session 1985-86/);
  });

  it.each([
    [{ sesjonId: '2024/2025' }, /session id such as 2024-2025/],
    [{ sesjonId: '2024-2026' }, /must be written 2024-2025/],
    [{ sesjonId: '1994-1995' }, /must be written 1994-95/],
    [{ sesjonId: 2024 }, /string/],
  ])('rejects %j naming sesjonId and its form', async (args, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain('sesjonId:');
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
    const res = await t.fetch(`/api/connectors/stortinget/komiteer?sesjonId=${encodeURIComponent(String(args.sesjonId))}`, { headers: auth });
    expect(res.status).toBe(400);
  });

  it('reports the export failing as upstream_unavailable (502) after the retries', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { sesjonId: '2019-2020' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t)).toBe(3);
  });
});

describe('stortinget.komite.medlemmer', () => {
  const name = 'stortinget.komite.medlemmer';

  it("answers the example: FINANS's members among the representatives sitting today", async () => {
    const { t, urls } = watched();
    const r = await callTool(t, SLUG, name, { komiteId: 'FINANS' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ sesjonId: '2026-2027', komite: { id: 'FINANS', navn: 'Finanskomiteen' }, count: 3 });
    expect(r.data.medlemmer.map((m: { id: string }) => m.id)).toEqual(['OLNO', 'INHA', 'KANO']);
    expect(r.data.medlemmer[0]).toEqual({ id: 'OLNO', fornavn: 'Ola', etternavn: 'Nordmann', parti: { id: 'H', navn: 'Høyre' }, fylke: { id: 'Ak', navn: 'Akershus' }, fastVaraFor: null });
    expect(r.data.medlemmer[2].fastVaraFor).toBe('JGS');
    expect(r.data.kilde.url).toBe('https://data.stortinget.no/eksport/dagensrepresentanter');
    expect(urls).toContain('https://data.stortinget.no/eksport/dagensrepresentanter?format=JSON');
  });

  it('takes the committee id in any case, and the current session named', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { komiteId: 'kontroll', sesjonId: '2026-2027' });
    expect(r.data).toMatchObject({ komite: { id: 'KONTROLL' }, count: 1, medlemmer: [{ id: 'PEBE' }] });
  });

  it('answers an empty member list with a note for a committee nobody sitting today lists', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { komiteId: 'JUSTIS' });
    expect(r.data).toMatchObject({ komite: { id: 'JUSTIS', navn: 'Justiskomiteen' }, count: 0, medlemmer: [] });
    expect(r.data.note).toMatch(/No representative sitting today/);
  });

  it('answers not_found (404) for a committee the session does not have', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { komiteId: 'NOSUCH' });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    expect(e.message).toMatch(/no committee with id NOSUCH in the session 2026-2027/);
    const res = await t.fetch('/api/connectors/stortinget/komiteer/NOSUCH/medlemmer', { headers: auth });
    expect(res.status).toBe(404);
  });

  it('says exactly what it answers: the current session as of today, and where past membership is (issue 25 item 13)', () => {
    const tool = createTestApp().services.registry.server(SLUG)!.toolsByName.get(name)!;
    expect(tool.description).toMatch(/current session only, as of today/);
    expect(tool.description).toMatch(/members who have left .* are not listed/);
    expect(tool.description).toMatch(/any other session is refused \(invalid_input naming sesjonId\)/);
    expect(tool.description).toMatch(/kodetbiografi/);
  });

  it('names, when it refuses a past session, where the export keeps past membership', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { komiteId: 'FINANS', sesjonId: '2024-2025' });
    expect(e.message).toMatch(/stortinget\.representanter\.liste/);
    expect(e.message).toMatch(/kodetbiografi/);
  });

  it('refuses another session than the current one, naming sesjonId, before asking for members', async () => {
    const { t, urls } = watched();
    const e = await fails(t, name, { komiteId: 'FINANS', sesjonId: '2024-2025' });
    expect(e).toMatchObject({ code: 'invalid_input', status: 400, fields: ['sesjonId'], currentSession: '2026-2027' });
    expect(e.message).toMatch(/^sesjonId: .*current session \(2026-2027\) only/);
    expect(urls).toEqual(['https://data.stortinget.no/eksport/sesjoner?format=JSON']);
  });

  it.each([
    [{}, 'komiteId', /required/],
    [{ komiteId: '' }, 'komiteId', /at least 1 character/],
    [{ komiteId: 'FINANS', sesjonId: '2024-2026' }, 'sesjonId', /must be written 2024-2025/],
  ])('rejects %j naming the field', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });

  it('reports the export failing as upstream_unavailable (502)', async () => {
    const failing = {
      send: async (req: OutgoingRequest) =>
        req.url.includes('/dagensrepresentanter') ? { status: 503, headers: { 'content-type': 'text/html' }, body: Buffer.from('<h2>Service Unavailable</h2>') } : replay().send(req),
    };
    const t = createTestApp({ transport: failing });
    const e = await fails(t, name, { komiteId: 'FINANS' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });
});

describe('stortinget.representanter.liste', () => {
  const name = 'stortinget.representanter.liste';

  it('answers the example: the first page of three of the 2021-2025 period', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { periodeId: '2021-2025', limit: 3 });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ periodeId: '2021-2025', total: 4, page: 1, limit: 3, count: 3, hasMore: true });
    expect(r.data.representanter[0]).toEqual({
      id: 'ABIR',
      fornavn: 'Abid Q.',
      etternavn: 'Raja',
      kjoenn: 'mann',
      foedselsdato: '1975-11-05T00:00:00+01:00',
      doedsdato: null,
      parti: { id: 'V', navn: 'Venstre' },
      fylke: { id: 'Ak', navn: 'Akershus' },
      vararepresentant: false,
    });
    expect(r.data.representanter[2]).toMatchObject({ id: 'ES', kjoenn: 'kvinne', foedselsdato: '1961-02-24T00:00:00+01:00' });
  });

  it('pages through the list with limit and page (1-based), and says when a page is past the end', async () => {
    const t = createTestApp();
    const p2 = await callTool(t, SLUG, name, { periodeId: '2021-2025', limit: 3, page: 2 });
    expect(p2.data).toMatchObject({ page: 2, count: 1, hasMore: false, representanter: [{ id: 'JGS' }] });
    const p3 = await callTool(t, SLUG, name, { periodeId: '2021-2025', limit: 3, page: 3 });
    expect(p3.data).toMatchObject({ page: 3, count: 0, hasMore: false, representanter: [] });
    expect(p3.data.note).toMatch(/past the end: 4 representatives in 2 pages/);
  });

  it('answers the whole list without limit, for the current period when periodeId is absent', async () => {
    const { t, urls } = watched();
    const r = await callTool(t, SLUG, name, {});
    expect(r.data).toMatchObject({ periodeId: '2025-2029', total: 2, page: 1, limit: null, count: 2, hasMore: false });
    expect(urls).toEqual([
      'https://data.stortinget.no/eksport/stortingsperioder?format=JSON',
      'https://data.stortinget.no/eksport/representanter?format=JSON&stortingsperiodeid=2025-2029',
    ]);
    const res = await t.fetch('/api/connectors/stortinget/representanter?periodeId=2021-2025', { headers: auth });
    expect((await res.json()).count).toBe(4);
  });

  it('answers an empty list with a note for a period without representatives', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { periodeId: '2029-2033' });
    expect(r.data).toMatchObject({ total: 0, count: 0, representanter: [] });
    expect(r.data.note).toMatch(/no representative for the period 2029-2033/);
  });

  it('refuses page without limit, naming both', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { page: 2 });
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/page: page needs limit/);
    expect(e.message).toMatch(/limit \(1-500\)/);
    expect((await fails(t, name, { page: 1 })).code).toBe('invalid_input');
    const res = await t.fetch('/api/connectors/stortinget/representanter?page=2', { headers: auth });
    expect(res.status).toBe(400);
    expect(sent(t)).toBe(0);
  });

  it.each([
    [{ limit: 0 }, 'limit', /at least 1/],
    [{ limit: 501 }, 'limit', /at most 500/],
    [{ limit: 10, page: 0 }, 'page', /at least 1/],
    [{ limit: 2.5 }, 'limit', /integer/],
    [{ periodeId: '2021/2025' }, 'periodeId', /period id such as 2021-2025/],
    [{ periodeId: '2025-2021' }, 'periodeId', /later end year/],
  ])('rejects %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });

  it('takes limit at its bounds 1 and 500', async () => {
    const t = createTestApp();
    expect((await callTool(t, SLUG, name, { periodeId: '2021-2025', limit: 1 })).data).toMatchObject({ count: 1, hasMore: true });
    expect((await callTool(t, SLUG, name, { periodeId: '2021-2025', limit: 500 })).data).toMatchObject({ count: 4, hasMore: false });
  });

  it('reports the export failing as upstream_unavailable (502)', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { periodeId: '2017-2021' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });
});

describe('stortinget.representant.hent', () => {
  const name = 'stortinget.representant.hent';

  it("answers the example: Erna Solberg and her seat in the current period", async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { id: 'ES' });
    expect(r.isError).toBe(false);
    expect(r.data).toEqual({
      id: 'ES',
      fornavn: 'Erna',
      etternavn: 'Solberg',
      kjoenn: 'kvinne',
      foedselsdato: '1961-02-24T00:00:00+01:00',
      doedsdato: null,
      periodeId: '2025-2029',
      representasjon: { parti: { id: 'H', navn: 'Høyre' }, fylke: { id: 'Ho', navn: 'Hordaland' }, vararepresentant: false },
      kilde: { register: 'Stortinget (data.stortinget.no)', url: 'https://data.stortinget.no/eksport/person?personid=ES' },
    });
  });

  it('takes the id in any case, and a given period, through the connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/stortinget/representanter/abir?periodeId=2021-2025', { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ id: 'ABIR', periodeId: '2021-2025', representasjon: { parti: { id: 'V' }, fylke: { id: 'Ak' } } });
  });

  it('answers representasjon null with a note when the person held no seat in the period', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { id: 'JGS', periodeId: '2005-2009' });
    expect(r.data).toMatchObject({ id: 'JGS', fornavn: 'Jonas Gahr', periodeId: '2005-2009', representasjon: null });
    expect(r.data.note).toMatch(/JGS held no elected seat in the period 2005-2009/);
  });

  it('answers not_found (404) for an id Stortinget does not know, without reading a period', async () => {
    const { t, urls } = watched();
    const e = await fails(t, name, { id: 'zzz' });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    expect(e.message).toMatch(/no person with id ZZZ/);
    expect(urls).toEqual(['https://data.stortinget.no/eksport/person?format=JSON&personid=ZZZ']);
  });

  it.each([
    [{}, 'id', /required/],
    [{ id: 'A' }, 'id', /2 to 5 letters/],
    [{ id: 'ABCDEF' }, 'id', /2 to 5 letters/],
    [{ id: 'AB1' }, 'id', /2 to 5 letters/],
    [{ id: 'ES', periodeId: 'nå' }, 'periodeId', /period id/],
  ])('rejects %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });

  it('reports the export failing as upstream_unavailable (502)', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { id: 'FEIL' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });
});

describe('stortinget.saker.liste', () => {
  const name = 'stortinget.saker.liste';

  it("answers the example: the first two cases of 2024-2025, codes named and dates in ISO 8601", async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { sesjonId: '2024-2025', limit: 2 });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({ sesjonId: '2024-2025', total: 4, page: 1, limit: 2, count: 2, hasMore: true });
    expect(r.data.saker[0]).toEqual({
      id: 102150,
      korttittel: 'Nasjonalbudsjettet 2025',
      tittel: 'Nasjonalbudsjettet 2025',
      type: 'budsjett',
      status: 'behandlet',
      dokumentgruppe: 'melding',
      henvisning: 'Meld. St. 1 (2024–2025), Innst. 2 S (2024–2025)',
      sistOppdatert: '2024-12-11T00:00:00+01:00',
      komite: { id: 'FINANS', navn: 'Finanskomiteen' },
      behandletSesjonId: '2024-2025',
      emner: ['Statsbudsjettet'],
      url: 'https://www.stortinget.no/no/Saker-og-publikasjoner/Saker/Sak/?p=102150',
    });
    expect(r.data.saker[1]).toMatchObject({ type: 'lovsak', status: 'til_behandling', dokumentgruppe: 'proposisjon', sistOppdatert: '2025-04-04T00:00:00+02:00', behandletSesjonId: null });
  });

  it('pages 1-based and names the remaining codes', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { sesjonId: '2024-2025', limit: 2, page: 2 });
    expect(r.data).toMatchObject({ page: 2, count: 2, hasMore: false });
    expect(r.data.saker.map((s: { type: string; status: string; dokumentgruppe: string }) => [s.type, s.status, s.dokumentgruppe])).toEqual([
      ['alminneligsak', 'behandlet', 'representantforslag'],
      ['alminneligsak', 'mottatt', 'proposisjon'],
    ]);
  });

  it('answers the whole current session as one page without limit; a code it does not name stays a number', async () => {
    const { t, urls } = watched();
    const r = await callTool(t, SLUG, name, {});
    expect(r.data).toMatchObject({ sesjonId: '2026-2027', total: 3, page: 1, limit: null, count: 3, hasMore: false });
    expect(r.data.saker[1]).toMatchObject({ status: '4', dokumentgruppe: 'representantforslag' });
    expect(r.data.saker[2]).toMatchObject({ status: 'varslet', dokumentgruppe: '0', henvisning: null, komite: null });
    expect(urls).toEqual(['https://data.stortinget.no/eksport/sesjoner?format=JSON', 'https://data.stortinget.no/eksport/saker?format=JSON&sesjonid=2026-2027']);
    const p2 = await callTool(t, SLUG, name, { page: 2 });
    expect(p2.data).toMatchObject({ page: 2, count: 0, hasMore: false });
  });

  it('answers an empty list with a note for a session without cases', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/stortinget/saker?sesjonId=2027-2028', { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ sesjonId: '2027-2028', total: 0, count: 0, saker: [] });
    expect(body.note).toMatch(/no case for the session 2027-2028/);
  });

  it.each([
    [{ limit: 0 }, 'limit', /at least 1/],
    [{ limit: 501 }, 'limit', /at most 500/],
    [{ page: 0 }, 'page', /at least 1/],
    [{ sesjonId: '2025-2024' }, 'sesjonId', /must be written 2025-2026/],
  ])('rejects %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await fails(t, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t)).toBe(0);
  });

  it('reports the export failing as upstream_unavailable (502)', async () => {
    const t = createTestApp();
    const e = await fails(t, name, { sesjonId: '2019-2020' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });
});

describe('the stortinget server', () => {
  it("lists the spec's five tools, each asking Stortinget to be named as the source", async () => {
    const t = createTestApp();
    const r = await rpc(t, SLUG, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const tools = r.body.result.tools as { name: string; description: string; inputSchema: { properties: Record<string, Record<string, unknown>> } }[];
    expect(tools.map((x) => x.name)).toEqual([
      'stortinget.komiteer.liste',
      'stortinget.komite.medlemmer',
      'stortinget.representanter.liste',
      'stortinget.representant.hent',
      'stortinget.saker.liste',
    ]);
    for (const tool of tools) expect(tool.description).toMatch(/Source: Stortinget \(data\.stortinget\.no\), NLOD/);
    expect(tools[2].inputSchema.properties.page.default).toBe(1);
  });

  it('declares NLOD with Stortinget as the source to name', () => {
    const t = createTestApp();
    const server = t.services.registry.server(SLUG)!;
    expect(server.def.license).toMatch(/NLOD/);
    expect(server.def.license).toMatch(/Stortinget skal oppgis som kilde/);
  });
});
