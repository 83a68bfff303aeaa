// companies.events over MCP: the Enhetsregisteret update feed of one company, newest or oldest
// first, paged by signed cursors that hold an update id. Recordings:
// tests/recordings/brreg/companies-oppdateringer-*.json (Equinor's 8 updates of 2026, live capture).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CursorCodec } from '../runtime/cursor.js';
import { RECORDED_AT, ReplayTransport, type RecordingFile } from '../runtime/upstream/recordings.js';
import { KEYS, callTool, callToolError, createTestApp, type TestApp } from './helpers/app.js';

const auth = { authorization: `Bearer ${KEYS.pro}` };
const SECRET = { CURSOR_SECRET: 'events-test-secret' };
const sent = (t: TestApp) => t.services.upstream.sent.get('brreg') ?? 0;
const ids = (data: { events: { updateId: number }[] }) => data.events.map((e) => e.updateId);
const DESC = [25205460, 25107591, 25067148, 24866490, 24767418, 24610298, 24407437, 24146813];
const ASC = [...DESC].reverse();

async function events(t: TestApp, args: unknown) {
  const r = await callTool(t, 'companies', 'companies.events', args);
  expect(r.isError, JSON.stringify(r.data)).toBe(false);
  return r.data;
}

const fails = (t: TestApp, args: unknown) => callToolError(t, 'companies', 'companies.events', args);

describe('companies.events', () => {
  it('answers the example: every update of Equinor, newest first, with the JSON-Patch changes', async () => {
    const t = createTestApp();
    const d = await events(t, { orgnr: '923609016' });
    expect(d).toMatchObject({ orgnr: '923609016', order: 'desc', count: 8, nextCursor: null });
    expect(ids(d)).toEqual(DESC);
    expect(d.events[0]).toEqual({
      updateId: 25205460,
      time: '2026-09-14T22:03:45.964Z',
      type: 'Endring',
      changes: [
        { op: 'replace', path: '/registreringsdatoAntallAnsatteEnhetsregisteret', value: '2026-09-14' },
        { op: 'replace', path: '/antallAnsatte', value: 21272 },
        { op: 'replace', path: '/registreringsdatoAntallAnsatteNAVAaregisteret', value: '2026-09-10' },
      ],
    });
    expect(d.source).toMatchObject({ register: 'Enhetsregisteret update feed (Brønnøysundregistrene)', fetchedAt: expect.stringMatching(/^2026-|^20\d\d-/) });
  });

  it('pages newest first by cursor, and the same cursor gives the same page', async () => {
    const t = createTestApp({ env: SECRET });
    const p1 = await events(t, { orgnr: '923609016', limit: 3 });
    expect(ids(p1)).toEqual(DESC.slice(0, 3));
    expect(p1.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const p2 = await events(t, { orgnr: '923609016', limit: 3, cursor: p1.nextCursor });
    expect(ids(p2)).toEqual(DESC.slice(3, 6));
    const again = await events(t, { orgnr: '923609016', limit: 3, cursor: p1.nextCursor });
    expect(again.events).toEqual(p2.events);
    const p3 = await events(t, { orgnr: '923609016', limit: 3, cursor: p2.nextCursor });
    expect(ids(p3)).toEqual(DESC.slice(6));
    expect(p3.nextCursor).toBeNull();
    // All pages read the one cached upstream answer.
    expect(sent(t)).toBe(1);
  });

  it('pages oldest first by update id (oppdateringsid = last + 1)', async () => {
    const t = createTestApp({ env: SECRET });
    const p1 = await events(t, { orgnr: '923609016', order: 'asc', limit: 3 });
    expect(ids(p1)).toEqual(ASC.slice(0, 3));
    const p2 = await events(t, { orgnr: '923609016', order: 'asc', limit: 3, cursor: p1.nextCursor });
    expect(ids(p2)).toEqual(ASC.slice(3, 6));
    const p3 = await events(t, { orgnr: '923609016', order: 'asc', limit: 3, cursor: p2.nextCursor });
    expect(ids(p3)).toEqual(ASC.slice(6));
    expect(p3.nextCursor).toBeNull();
  });

  it('accepts a cursor on another replica with the same CURSOR_SECRET, and the limit may change between pages', async () => {
    const a = createTestApp({ env: SECRET });
    const b = createTestApp({ env: SECRET });
    const p1 = await events(a, { orgnr: '923609016', limit: 2 });
    const p2 = await events(b, { orgnr: '923609016', limit: 4, cursor: p1.nextCursor });
    expect(ids(p2)).toEqual(DESC.slice(2, 6));
  });

  it('keeps its position when new updates arrive (the cursor holds an update id, not a page number)', async () => {
    const before = createTestApp({ env: SECRET });
    const p1 = await events(before, { orgnr: '923609016', limit: 3 });
    const p2 = await events(before, { orgnr: '923609016', limit: 3, cursor: p1.nextCursor });

    // The feed now has a newer update on top.
    const original = JSON.parse(readFileSync('tests/recordings/brreg/companies-oppdateringer-923609016-desc.json', 'utf8')) as RecordingFile;
    const json = structuredClone(original.response.json) as { _embedded: { oppdaterteEnheter: { oppdateringsid: number }[] }; page: { totalElements: number } };
    json._embedded.oppdaterteEnheter.unshift({ ...json._embedded.oppdaterteEnheter[0], oppdateringsid: 25301234 });
    json.page.totalElements += 1;
    const transport = new ReplayTransport(['tests/recordings']);
    transport.add({ request: original.request, response: { status: 200, json } });
    const after = createTestApp({ env: SECRET, transport });
    const p2again = await events(after, { orgnr: '923609016', limit: 3, cursor: p1.nextCursor });
    expect(p2again.events).toEqual(p2.events);
    const fresh = await events(after, { orgnr: '923609016', limit: 3 });
    expect(ids(fresh)).toEqual([25301234, ...DESC.slice(0, 2)]);
  });

  describe('newest first over several upstream chunks of 100', () => {
    const ORG = '899999940';
    const feedUrl = (page: number) =>
      `https://data.brreg.no/enhetsregisteret/api/oppdateringer/enheter?includeChanges=true&oppdateringsid=1&organisasjonsnummer=${ORG}&page=${page}&size=100&sort=id,DESC`;
    const row = (id: number) => ({ oppdateringsid: id, dato: '2026-01-01T00:00:00.000Z', organisasjonsnummer: ORG, endringstype: 'Endring', endringer: [] });
    /** In-test scenario: the feed holds the ids [from, to], newest first, in chunks of 100. */
    function feedTransport(from: number, to: number) {
      const transport = new ReplayTransport(['tests/recordings']);
      const all = Array.from({ length: to - from + 1 }, (_, k) => to - k);
      for (let page = 0; page * 100 < all.length + 100; page++) {
        const rows = all.slice(page * 100, page * 100 + 100);
        transport.add({
          request: { method: 'GET', url: feedUrl(page) },
          response: {
            status: 200,
            json: { ...(rows.length > 0 && { _embedded: { oppdaterteEnheter: rows.map(row) } }), page: { size: 100, totalElements: all.length, totalPages: Math.ceil(all.length / 100), number: page } },
          },
        });
      }
      return transport;
    }

    it('crosses chunks, and a cursor keeps its page when updates are added or removed', async () => {
      const t = createTestApp({ env: SECRET, transport: feedTransport(1000, 1149) });
      const p1 = await events(t, { orgnr: ORG, limit: 60 });
      expect(ids(p1)).toEqual(Array.from({ length: 60 }, (_, k) => 1149 - k));
      const p2 = await events(t, { orgnr: ORG, limit: 60, cursor: p1.nextCursor });
      expect(ids(p2)).toEqual(Array.from({ length: 60 }, (_, k) => 1089 - k));
      const p3 = await events(t, { orgnr: ORG, limit: 60, cursor: p2.nextCursor });
      expect(ids(p3)).toEqual(Array.from({ length: 30 }, (_, k) => 1029 - k));
      expect(p3.nextCursor).toBeNull();

      const grown = createTestApp({ env: SECRET, transport: feedTransport(1000, 1159) });
      expect((await events(grown, { orgnr: ORG, limit: 60, cursor: p2.nextCursor })).events).toEqual(p3.events);
      const shrunk = createTestApp({ env: SECRET, transport: feedTransport(1000, 1099) });
      expect((await events(shrunk, { orgnr: ORG, limit: 60, cursor: p2.nextCursor })).events).toEqual(p3.events);
    });
  });

  it('answers an empty list, saying so, for a registered entity without updates', async () => {
    const t = createTestApp();
    const d = await events(t, { orgnr: '931744682' });
    expect(d).toMatchObject({ events: [], count: 0, nextCursor: null });
    expect(d.note).toMatch(/no events for 1779 HOLDING AS \(931744682\)/);
  });

  it('answers not_found for a number that is not in the register', async () => {
    const t = createTestApp();
    const e = await fails(t, { orgnr: '899999924' });
    expect(e.code).toBe('not_found');
    expect(e.status).toBe(404);
  });

  it('maps a failing feed to upstream_unavailable', async () => {
    const t = createTestApp();
    const e = await fails(t, { orgnr: '899999916' });
    expect(e.code).toBe('upstream_unavailable');
    expect(sent(t)).toBe(3);
  });

  describe('invalid cursors', () => {
    it('refuses an edited cursor', async () => {
      const t = createTestApp({ env: SECRET });
      const p1 = await events(t, { orgnr: '923609016', limit: 3 });
      const raw = Buffer.from(p1.nextCursor, 'base64url');
      raw[raw.length - 3] ^= 0x04;
      const e = await fails(t, { orgnr: '923609016', limit: 3, cursor: raw.toString('base64url') });
      expect(e).toMatchObject({ status: 400, code: 'invalid_input', detailCode: 'invalid_cursor', fields: ['cursor'] });
    });

    it('refuses a forged cursor, garbage and an empty cursor', async () => {
      const t = createTestApp({ env: SECRET });
      const forged = new CursorCodec('guess').encode('companies.events/923609016/desc', { b: 25067148, h: 0 }, new Date(RECORDED_AT));
      for (const cursor of [forged, 'garbage!', '']) {
        const e = await fails(t, { orgnr: '923609016', cursor });
        expect(e.detailCode).toBe('invalid_cursor');
      }
      expect(sent(t)).toBe(0);
    });

    it('refuses a cursor used with another orgnr or order', async () => {
      const t = createTestApp({ env: SECRET });
      const p1 = await events(t, { orgnr: '923609016', limit: 3 });
      expect((await fails(t, { orgnr: '923609016', order: 'asc', cursor: p1.nextCursor })).message).toMatch(/another feed/);
      expect((await fails(t, { orgnr: '984851006', cursor: p1.nextCursor })).detailCode).toBe('invalid_cursor');
    });

    it('refuses a cursor 24 hours after its creation', async () => {
      let now = new Date(RECORDED_AT);
      const t = createTestApp({ env: SECRET, now: () => new Date(now.getTime()) });
      const p1 = await events(t, { orgnr: '923609016', limit: 3 });
      now = new Date(now.getTime() + 23 * 3600_000);
      expect(ids(await events(t, { orgnr: '923609016', limit: 3, cursor: p1.nextCursor }))).toEqual(DESC.slice(3, 6));
      now = new Date(new Date(RECORDED_AT).getTime() + 24 * 3600_000);
      const e = await fails(t, { orgnr: '923609016', limit: 3, cursor: p1.nextCursor });
      expect(e.detailCode).toBe('invalid_cursor');
      expect(e.message).toMatch(/expired/);
    });
  });

  it.each([
    [{ orgnr: '923609016', limit: 0 }, 'limit', /at least 1/],
    [{ orgnr: '923609016', limit: 101 }, 'limit', /at most 100/],
    [{ orgnr: '923609016', order: 'newest' }, 'order', /one of "desc", "asc"/],
    [{ orgnr: '92360901' }, 'orgnr', /9 digits/],
    [{ orgnr: '923609017' }, 'orgnr', /modulus-11/],
  ])('refuses %j naming %s', async (args, field, message) => {
    const t = createTestApp();
    const e = await fails(t, args);
    expect(e.fields).toContain(field);
    expect(e.message).toMatch(message);
  });

  it('answers through its connector route', async () => {
    const t = createTestApp();
    const res = await t.fetch('/api/connectors/companies/events/923609016?order=asc&limit=2', { headers: auth });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(ids(body)).toEqual(ASC.slice(0, 2));
    expect(body.nextCursor).toEqual(expect.any(String));
  });
});
