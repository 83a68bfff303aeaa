// The fastlege server (prefix helfo) over MCP and its connector routes, answered by recordings of
// helsenorge.no's GP search (tests/recordings/helsenorge-fastlege/).
import { describe, expect, it } from 'vitest';
import type { OutgoingRequest, Transport } from '../runtime/upstream/transport.js';
import { KEYS, callTool, callToolError, createTestApp, replay, type TestApp } from './helpers/app.js';

const SLUG = 'fastlege';
const auth = { authorization: `Bearer ${KEYS.pro}` };
const sent = (t: TestApp) => t.services.upstream.sent.get('helsenorge-fastlege') ?? 0;

function watched(): { transport: Transport; requests: OutgoingRequest[] } {
  const requests: OutgoingRequest[] = [];
  return { requests, transport: { send: (req: OutgoingRequest) => (requests.push(req), replay().send(req)) } };
}

describe('helfo.fastleger.list', () => {
  const name = 'helfo.fastleger.list';

  it('answers the example: the GPs of Oslo, mapped, from one POST to the search', async () => {
    const w = watched();
    const t = createTestApp({ transport: w.transport });
    const r = await callTool(t, SLUG, name, { kommunenummer: '0301' });
    expect(r.isError).toBe(false);
    expect(w.requests).toHaveLength(1);
    expect(w.requests[0].method).toBe('POST');
    expect(w.requests[0].url).toBe('https://tjenester.helsenorge.no/proxy/fastlegeinternal/api/v1/AvtaleSokPublic');
    expect(JSON.parse(String(w.requests[0].body))).toEqual({ Kommuner: ['0301'], Bydeler: null, LegekontorNavn: null, LegeNavn: null });
    expect(r.data).toMatchObject({ kommunenummer: '0301', count: 6 });
    expect(r.data.fastleger[1]).toEqual({
      lege: 'Ola Hansen',
      legekontor: 'Grünerløkka legesenter',
      adresse: 'Thorvald Meyers gate 33',
      postnummer: '0555',
      poststed: 'OSLO',
      telefon: '22 35 40 00',
      listetak: 1000,
      ledigePlasser: 14,
      paListe: 986,
      apenListe: true,
    });
    // A GP whose list size is not published keeps nulls.
    expect(r.data.fastleger[4]).toMatchObject({ lege: 'Nina Lie', listetak: null, ledigePlasser: null, paListe: null, apenListe: false });
    expect(r.data.kilde).toEqual({ register: 'Fastlegeordningen (Helfo, via helsenorge.no)', url: 'https://tjenester.helsenorge.no/bytte-fastlege' });
  });

  it('lists the whole country without kommunenummer', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, {});
    expect(r.data).toMatchObject({ kommunenummer: null, count: 4 });
    expect(r.data.fastleger.map((l: { poststed: string }) => l.poststed)).toEqual(['OSLO', 'OSLO', 'BERGEN', 'BODØ']);
  });

  it('answers an empty list with a note for a municipality without agreements', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { kommunenummer: '1856' });
    expect(r.data).toMatchObject({ count: 0, fastleger: [] });
    expect(r.data.note).toMatch(/no fastlege agreement in municipality 1856/);
  });

  it('answers 503 upstream_blocked when helsenorge.no refuses this service', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { kommunenummer: '4601' });
    expect(e).toMatchObject({ code: 'upstream_blocked', status: 503 });
    const res = await t.fetch('/api/connectors/fastlege/fastleger?kommunenummer=4601', { headers: auth });
    expect(res.status).toBe(503);
  });

  it('reports an upstream failure as 502', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { kommunenummer: '5001' });
    expect(e).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });

  it.each([[{ kommunenummer: '301' }], [{ kommunenummer: 'Oslo' }], [{ kommunenummer: '03011' }]])('refuses %j naming the field and the bound', async (args) => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, args);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain('kommunenummer:');
    expect(e.message).toMatch(/4 digits/);
    expect(sent(t)).toBe(0);
  });
});

describe('helfo.fastleger.kapasitet', () => {
  const name = 'helfo.fastleger.kapasitet';

  it('answers the example: the capacity totals of Oslo', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { kommunenummer: '0301' });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({
      kommunenummer: '0301',
      antallFastleger: 6,
      sumListetak: 5700,
      sumPaListe: 5566,
      sumLedigePlasser: 134,
      antallApneLister: 2,
      andelApneLister: 33.3,
      antallMedListeinfo: 5,
    });
    expect(r.data.note).toBeUndefined();
  });

  it('answers the same on its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/fastlege/fastleger/0301/kapasitet', { headers: auth });
    expect(res.status).toBe(200);
    expect((await res.json()).sumLedigePlasser).toBe(134);
  });

  it('answers zeros and a null share for a municipality without agreements', async () => {
    const t = createTestApp();
    const r = await callTool(t, SLUG, name, { kommunenummer: '1856' });
    expect(r.data).toMatchObject({ antallFastleger: 0, sumListetak: 0, sumPaListe: 0, sumLedigePlasser: 0, antallApneLister: 0, andelApneLister: null, antallMedListeinfo: 0 });
    expect(r.data.note).toMatch(/1856/);
  });

  it('requires kommunenummer', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, {});
    expect(e.code).toBe('invalid_input');
    expect(e.message).toContain('kommunenummer:');
    expect(sent(t)).toBe(0);
  });

  it('answers 503 upstream_blocked when helsenorge.no refuses this service', async () => {
    const t = createTestApp();
    const e = await callToolError(t, SLUG, name, { kommunenummer: '4601' });
    expect(e).toMatchObject({ code: 'upstream_blocked', status: 503 });
  });
});
