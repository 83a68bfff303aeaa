// The kystverket server over MCP and its connector routes: havner.list and havn.detalj on
// Kystverket's NSR locations file (found through the CKAN catalogue of data.kystverket.no), and
// nav.advarsler on Kystverket's published navigational warnings page; both read through file
// indexes. Recordings: tests/recordings/kystverket-data/, tests/recordings/kystverket-navco/.
import { beforeEach, describe, expect, it } from 'vitest';
import { resetFileIndexes } from '../runtime/file-index.js';
import { parseWarnings } from '../servers/kystverket/warnings.js';
import { KEYS, callTool, callToolError, createTestApp, type TestApp } from './helpers/app.js';

const SLUG = 'kystverket';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const PAGE = 'https://kyvreports.kystverket.no/NavcoReport/navigasjonsvarsler.aspx';
const sent = (t: TestApp, upstream: string) => t.services.upstream.sent.get(upstream) ?? 0;

// Scenarios play on stand-in base URLs (tests/recordings/kystverket-data/, kystverket-navco/).
const data = (base: string) => ({ env: { KYSTVERKET_DATA_BASE_URL: base } });
const navco = (base: string) => ({ env: { KYSTVERKET_NAVCO_BASE_URL: base } });

// Each file index is shared by the whole process: every test starts from none loaded.
beforeEach(() => resetFileIndexes());

describe('kystverket.havner.list', () => {
  const name = 'kystverket.havner.list';

  it('answers the example: the locations of a county, by name, capped by antall', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { fylke: 'Vestland', antall: 5 });
    expect(r.data).toMatchObject({ navn: null, fylke: 'Vestland', total: 6, count: 5, kilde: { url: 'https://data.kystverket.no/dataset/nsr-lokasjoner' } });
    expect(r.data.havner.map((h: { navn: string }) => h.navn)).toEqual(['Bergen', 'Bergen - Dokken', 'Bergen - Skoltegrunnskaien', 'Florø', 'Hjeltefjorden']);
    expect(r.data.havner[0]).toEqual({ id: '2320101', unlocode: 'NOBGO', navn: 'Bergen', type: 'Havn', land: 'Norge', fylke: 'Vestland', kommune: 'Bergen', latitude: 60.3971, longitude: 5.3221 });
    expect(r.data.havner[4]).toMatchObject({ navn: 'Hjeltefjorden', unlocode: null, type: 'Sted i sjøen' });
  });

  it('reads the file once through the catalogue and answers later calls from its index', async () => {
    const t = createTestApp();
    await callTool(t, SLUG, name, { fylke: 'Vestland' });
    await callTool(t, SLUG, name, { navn: 'oslo' });
    await callTool(t, SLUG, 'kystverket.havn.detalj', { unlocode: 'NOOSL' });
    // One catalogue request (cached) and one download of the file.
    expect(sent(t, 'kystverket-data')).toBe(2);
  });

  it('filters by part of the name in any case, and by county in any case', async () => {
    const t = createTestApp();
    const bergen = await callTool(t, SLUG, name, { navn: 'BERGEN' });
    expect(bergen.data).toMatchObject({ total: 3, count: 3 });
    const both = await callTool(t, SLUG, name, { navn: 'ø', fylke: 'vestland' });
    expect(both.data.havner.map((h: { navn: string }) => h.navn)).toEqual(['Florø']);
    const all = await callTool(t, SLUG, name, {});
    expect(all.data).toMatchObject({ total: 12, count: 12 });
    expect(all.data.havner.find((h: { navn: string }) => h.navn === 'Göteborg')).toMatchObject({ land: 'Sverige', fylke: null, unlocode: 'SEGOT' });
  });

  it('answers an empty list with a note when nothing matches', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { fylke: 'Atlantis' });
    expect(r.data).toMatchObject({ total: 0, count: 0, havner: [] });
    expect(r.data.note).toMatch(/No location/);
  });

  it.each([
    [{ antall: 0 }, 'antall', /at least 1/],
    [{ antall: 201 }, 'antall', /at most 200/],
    [{ navn: '' }, 'navn', /at least 1/],
  ])('refuses %j naming the field and the bound', async (args, field, bound) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain(`${field}:`);
    expect(e.message).toMatch(bound);
    expect(sent(t, 'kystverket-data')).toBe(0);
  });

  it('answers through its connector route, and refuses antall 201 there with a 400 Problem', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/kystverket/havner?fylke=Rogaland', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).havner.map((h: { unlocode: string }) => h.unlocode)).toEqual(['NOSVG']);
    const bad = await t.fetch('/api/connectors/kystverket/havner?antall=201', { headers: auth });
    expect(bad.status).toBe(400);
    expect((await bad.json()).detail).toMatch(/antall/);
  });

  it('reports a failing catalogue as upstream_unavailable (502)', async () => {
    const t = createTestApp(data('https://kystverket-data-failing.test'));
    const e = await callToolError(t, SLUG, name, {});
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(sent(t, 'kystverket-data')).toBe(3);
  });

  it('reports the dataset gone from the catalogue (CKAN 404) as the upstream\'s failure, not as a missing port', async () => {
    const t = createTestApp(data('https://kystverket-data-gone.test'));
    const e = await callToolError(t, SLUG, name, {});
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(e.message).toMatch(/no longer has the locations dataset/);
  });

  it('refuses a catalogue record that points the file to another host', async () => {
    const t = createTestApp(data('https://kystverket-data-moved.test'));
    const e = await callToolError(t, SLUG, name, {});
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(e.message).toMatch(/moved to another host \(files\.example\.org\)/);
  });
});

describe('kystverket.havn.detalj', () => {
  const name = 'kystverket.havn.detalj';

  it('answers the example: by UN/LOCODE, the port before its quays, with the others that share the code', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { unlocode: 'NOBGO' });
    expect(r.data).toMatchObject({
      matchedBy: 'unlocode',
      havn: { id: '2320101', navn: 'Bergen', type: 'Havn', unlocode: 'NOBGO', wkt: 'POINT (5.3221 60.3971)', kommune: 'Bergen' },
    });
    expect(r.data.sameCode).toEqual([
      { id: '2320102', navn: 'Bergen - Dokken', type: 'Kai' },
      { id: '2320103', navn: 'Bergen - Skoltegrunnskaien', type: 'Kai' },
    ]);
    const lower = await callTool(t, SLUG, name, { unlocode: 'nobgo' });
    expect(lower.data.havn.id).toBe('2320101');
  });

  it('finds by id', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { id: '2327916' });
    expect(r.data).toMatchObject({ matchedBy: 'id', havn: { navn: 'Ålesund', unlocode: 'NOAES', fylke: 'Møre og Romsdal' }, sameCode: [] });
  });

  it('finds by exact name in any case, not by part of it', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { navn: 'bergen - dokken' });
    expect(r.data).toMatchObject({ matchedBy: 'navn', havn: { id: '2320102', type: 'Kai' } });
    const part = await callToolError(t, SLUG, name, { navn: 'Dokken' });
    expect(part).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('takes id before unlocode, and unlocode before navn', async () => {
    const t = createTestApp();
    const idFirst = await callTool(t, SLUG, name, { id: '2320201', unlocode: 'NOBGO', navn: 'Oslo' });
    expect(idFirst.data).toMatchObject({ matchedBy: 'id', havn: { navn: 'Florø' } });
    const codeFirst = await callTool(t, SLUG, name, { unlocode: 'NOTOS', navn: 'Oslo' });
    expect(codeFirst.data).toMatchObject({ matchedBy: 'unlocode', havn: { navn: 'Tromsø' } });
    // A given id decides even when it matches nothing: no fall-back to the code.
    const e = await callToolError(t, SLUG, name, { id: '1', unlocode: 'NOBGO' });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    expect(e.message).toMatch(/no location with id 1/);
  });

  it('answers not_found for a code the register does not have', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { unlocode: 'NOXXX' });
    expect(e).toMatchObject({ code: 'not_found', status: 404 });
    const res = await t.fetch('/api/connectors/kystverket/havner/detalj?unlocode=NOXXX', { headers: auth });
    expect(res.status).toBe(404);
  });

  it.each([
    [{}, /give one of id, unlocode, navn/],
    [{ unlocode: 'NOBG' }, /unlocode: .*exactly 5 characters/],
    [{ unlocode: 'NOBGOX' }, /unlocode: .*exactly 5 characters/],
    [{ id: 'abc' }, /id: .*numeric id/],
  ])('refuses %j naming the field and the rule', async (args, rule) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(rule);
    expect(sent(t, 'kystverket-data')).toBe(0);
  });
});

describe('kystverket.nav.advarsler', () => {
  const name = 'kystverket.nav.advarsler';

  it('answers the example: the warnings in force that name the county, in the page\'s order', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { fylke: 'Vestland', antall: 5 });
    expect(r.data).toMatchObject({ fylke: 'Vestland', total: 3, count: 3, kilde: { url: PAGE } });
    expect(r.data.advarsler.map((w: { nummer: string }) => w.nummer)).toEqual(['0642/26', '0638/26', '0617/26']);
    expect(r.data.advarsler[0]).toEqual({ nummer: '0642/26', dato: '211530 UTC nov 26', omrade: 'Vestland', tekst: 'HJELTEFJORDEN. FEDJEOSEN LIGHT 60-46.9N 004-43.5E UNLIT.' });
    // A <br /> in the warning is a line break.
    expect(r.data.advarsler[1].tekst).toBe('BERGEN HAVN. DIVING OPERATIONS AT SKOLTEGRUNNSKAIEN 60-24.0N 005-19.1E 21 NOV TO 24 NOV.\nVESSELS REQUESTED TO PASS WITH CAUTION.');
  });

  it('lists every warning without fylke, capped by antall, and downloads the page once', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, {});
    expect(r.data).toMatchObject({ fylke: null, total: 6, count: 6 });
    const two = await callTool(t, SLUG, name, { antall: 2 });
    expect(two.data).toMatchObject({ total: 6, count: 2 });
    expect(sent(t, 'kystverket-navco')).toBe(1);
  });

  it('matches fylke against the text too, in any case', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { fylke: 'hammerfest' });
    expect(r.data.advarsler.map((w: { omrade: string }) => w.omrade)).toEqual(['Finnmark']);
  });

  it('answers an empty list with a note when no warning is in force', async () => {
    const t = createTestApp(navco('https://navco-empty.test'));
    const r = await callTool(t, SLUG, name, {});
    expect(r.data).toMatchObject({ total: 0, count: 0, advarsler: [], note: 'Kystverket has no coastal navigational warning in force.' });
  });

  it('answers an empty list with a note when no warning names the county', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { fylke: 'Innlandet' });
    expect(r.data).toMatchObject({ total: 0, count: 0, advarsler: [] });
    expect(r.data.note).toMatch(/No navigational warning in force names Innlandet/);
  });

  it.each([
    [{ antall: 0 }, /antall: must be at least 1/],
    [{ antall: 51 }, /antall: must be at most 50/],
  ])('refuses %j naming the field and the bound', async (args, rule) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(rule);
  });

  it('reports a failing page as upstream_unavailable, saying when the next download will be tried', async () => {
    const t = createTestApp(navco('https://navco-failing.test'));
    const e = await callToolError(t, SLUG, name, {});
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(e.message).toMatch(/navigational warnings page could not be loaded.*next download will be tried/);
  });

  it('reports a page whose layout changed (no warnings table) as the upstream\'s failure, not as no warnings', async () => {
    const t = createTestApp(navco('https://navco-changed.test'));
    const e = await callToolError(t, SLUG, name, {});
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(e.message).toMatch(/layout has changed/);
  });

  it('reads Norwegian labels, entities and a page whose scripts hold < and &&', () => {
    const html = `<!DOCTYPE html><html><head><script type="text/javascript">
//<![CDATA[
var theForm = document.forms['form1'];
if (a < b && c > 1) { theForm.submit(); }
//]]>
</script><style>td > p { color: red }</style></head><body><table id="GridView1">
<tr class="Header"><th>Varsler</th></tr>
<tr class="Item"><td><table><tr><td>Nummer:</td><td>1/26</td></tr><tr><td>Dato:</td><td>010800 UTC jan 26</td></tr><tr><td>Område:</td><td>Troms</td></tr><tr><td>Varsel:</td><td>A &amp; B&nbsp;C<br>D</td></tr></table></td></tr>
</table></body></html>`;
    expect(parseWarnings(Buffer.from(html))).toEqual([{ nummer: '1/26', dato: '010800 UTC jan 26', omrade: 'Troms', tekst: 'A & B C\nD' }]);
  });
});
