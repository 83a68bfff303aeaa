// The shared index of the EU consolidated list (servers/_shared/sanctions-index): the streaming
// parser, name folding, the recording's consistency with its XML source, and the store's life:
// first load, refresh every 6 hours in the background, a failed refresh that keeps the last good
// list with its age, the retry pause, a list that does not parse (a failure of the upstream, with
// an exponential pause before the next download), and cursors that a refresh invalidates.
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { RECORDED_AT } from '../runtime/upstream/recordings.js';
import type { OutgoingRequest, RawResponse, Transport } from '../runtime/upstream/transport.js';
import {
  MAX_RETRY_AFTER_FAILURE_MS,
  REFRESH_AFTER_MS,
  RETRY_AFTER_FAILURE_MS,
  retryAfterFailures,
  SanctionsIndex,
  canonical,
  fold,
  nameTokens,
  parseFsfExport,
  phoneticKey,
  resetSanctionsIndexes,
  settleSanctionsRefreshes,
} from '../servers/_shared/sanctions-index/index.js';
import { callTool, createTestApp, replay } from './helpers/app.js';

const XML = readFileSync('tests/recordings/eu-fsf/fsf-export.xml', 'utf8');

describe('the recording', () => {
  it('carries exactly the XML source kept beside it', () => {
    const rec = JSON.parse(readFileSync('tests/recordings/eu-fsf/fsf-full-list.json', 'utf8'));
    expect(rec.request.url).toBe('https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw');
    expect(rec.response.text).toBe(XML);
  });
});

describe('parseFsfExport', () => {
  it('reads the export header and every sanctionEntity', async () => {
    const ex = await parseFsfExport(Buffer.from(XML));
    expect(ex.generationDate).toBe('2026-11-21T16:47:12.418+01:00');
    expect(ex.globalFileId).toBe('186731');
    expect(ex.entities).toHaveLength(45);
  });

  it('reads attributes, child texts and sub-elements of an entity as published', async () => {
    const ex = await parseFsfExport(XML);
    const putin = ex.entities.find((e) => e.logicalId === '135909')!;
    expect(putin).toMatchObject({ euReferenceNumber: null, designationDate: '2022-02-25', subjectType: { code: 'person', classificationCode: 'P' } });
    expect(putin.regulations[0]).toEqual({
      regulationType: 'amendment',
      organisationType: 'council',
      publicationDate: '2022-02-25',
      entryIntoForceDate: '2022-02-25',
      numberTitle: '2022/332 (OJ L53)',
      programme: 'UKR',
      publicationUrl: 'https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32022R0332',
    });
    expect(putin.nameAliases.map((a) => [a.wholeName, a.nameLanguage])).toContainEqual(['Vladimir Vladimirovitj PUTIN', 'SV']);
    expect(putin.birthdates[0]).toMatchObject({ birthdate: '1952-10-07', year: 1952, monthOfYear: 10, dayOfMonth: 7, countryIso2Code: 'RU', remark: 'Leningrad (now Saint-Petersburg), ex USSR (now Russian Federation)' });
    const yasin = ex.entities.find((e) => e.logicalId === '507')!;
    // "00"/"UNKNOWN" is the list's unknown country: null.
    expect(yasin.addresses[0]).toMatchObject({ countryIso2Code: null, countryDescription: null, remark: 'SSN 156-92-9858 (USA)' });
    expect(yasin.identifications[0]).toMatchObject({ identificationTypeCode: 'id', number: 'SSN 156-92-9858', remark: '(usa national identification no)' });
    const syria = ex.entities.find((e) => e.logicalId === '13284')!;
    expect(syria.addresses[0].contactInfo).toEqual([
      { key: 'PHONE', value: '+963 11 2218890' },
      { key: 'FAX', value: '+963 11 2216975' },
    ]);
    const aziz = ex.entities.find((e) => e.logicalId === '83')!;
    expect(aziz.remarks).toEqual(['UNSC RESOLUTION 1483 BASIS']);
    expect(aziz.nameAliases.find((a) => a.wholeName === 'T. Aziz')!.strong).toBe(false);
  });

  it('gives the same records whatever the chunking (multi-byte letters split across chunks)', async () => {
    const small = `<?xml version="1.0"?><export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="x" globalFileId="1"><sanctionEntity logicalId="1"><subjectType code="enterprise" classificationCode="E"/><nameAlias wholeName="${'Ø'.repeat(300_000)}" strong="true"/></sanctionEntity></export>`;
    const ex = await parseFsfExport(Buffer.from(small));
    expect(ex.entities[0].nameAliases[0].wholeName).toBe('Ø'.repeat(300_000));
  });

  it('refuses a document that is not well-formed, an HTML page, and an export without entities', async () => {
    await expect(parseFsfExport(XML.slice(0, 5000))).rejects.toMatchObject({ code: 'upstream_unavailable' });
    await expect(parseFsfExport('<!DOCTYPE html><html><body><p>Maintenance</p></body></html>')).rejects.toMatchObject({ code: 'upstream_unavailable' });
    await expect(parseFsfExport('<export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="x"></export>')).rejects.toThrow(/without any sanctionEntity/);
    await expect(parseFsfExport('<other xmlns="urn:x"><sanctionEntity logicalId="1"/></other>')).rejects.toThrow(/not an FSF export/);
  });
});

describe('name folding', () => {
  it('folds diacritics, Nordic letters, Cyrillic and Greek', () => {
    expect(fold('Øystein Hølleland-Ødegård')).toBe('oystein holleland odegard');
    expect(fold('Sergueï Koujouguetovitch CHOÏGOU')).toBe('serguei koujouguetovitch choigou');
    expect(fold('Владимир Владимирович ПУТИН')).toBe('vladimir vladimirovich putin');
    expect(fold('Μέγα Ισλαµικό Μέτωπο')).toBe('mega islamiko metopo');
    expect(fold("Kurdistan Workers' Party (PKK)")).toBe('kurdistan workers party pkk');
    expect(fold('Æsir Straße')).toBe('aesir strasse');
  });

  it('maps transliteration variants and patronymic endings to one canonical spelling', () => {
    expect(['mohammed', 'muhammad', 'mohamed'].map(canonical)).toEqual(['muhammad', 'muhammad', 'muhammad']);
    expect(['alexander', 'aleksandr', 'oleksandr'].map(canonical)).toEqual(['aleksandr', 'aleksandr', 'aleksandr']);
    expect(['vladimirovitch', 'vladimirovitj', 'wladimirowitsch', 'abramovic'].map(canonical)).toEqual(['vladimirovich', 'vladimirovich', 'wladimirovich', 'abramovich']);
    expect(phoneticKey('schoigu')).toBe(phoneticKey('shoigu'));
    expect(phoneticKey(canonical('lawrow'))).toBe(phoneticKey('lavrov'));
  });

  it('drops legal forms from organisation names and honorifics from person names', () => {
    expect(nameTokens('PJSC Sberbank of Russia', 'organisation').map((t) => t.raw)).toEqual(['sberbank', 'russia']);
    expect(nameTokens('Dr. Ayman al-Zawahiri').map((t) => t.raw)).toEqual(['ayman', 'al', 'zawahiri']);
  });
});

describe('SanctionsIndex', () => {
  it('derives the type, primary name, programmes and identifiers', async () => {
    const index = new SanctionsIndex(await parseFsfExport(XML));
    expect(index.find('135909')!.name).toBe('Vladimir Vladimirovich PUTIN');
    expect(index.find('eu.27.28')!.name).toBe('Saddam Hussein Al-Tikriti');
    expect(index.find('118001')!.type).toBe('vessel');
    // An IMO company number does not make a ship manager a vessel.
    expect(index.find('17180')!.type).toBe('organisation');
    expect(index.byIdentifier.get('9562233')).toEqual([index.entities.indexOf(index.find('118001')!)]);
    expect(index.programmeCounts()).toMatchObject({ UKR: 15, TERR: 10, PRK: 6 });
    expect(index.version).toMatch(/^[A-Za-z0-9_-]{10}$/);
  });
});

// --- The store -------------------------------------------------------------------------------

const LIST_URL = 'https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw';

/** A transport whose list answer a test can switch: the recording, another export, or HTTP 500. */
function scripted() {
  const state: { mode: 'recording' | 'failing' | 'other' | 'tagged'; other?: string; calls: number; conditional: number } = { mode: 'recording', calls: 0, conditional: 0 };
  const transport: Transport = {
    send: async (req: OutgoingRequest): Promise<RawResponse> => {
      if (req.url !== LIST_URL) return replay().send(req);
      state.calls += 1;
      if (state.mode === 'failing') return { status: 500, headers: {}, body: Buffer.from('<html>down</html>') };
      if (state.mode === 'other') return { status: 200, headers: { 'content-type': 'application/xml' }, body: Buffer.from(state.other!) };
      if (state.mode === 'tagged') {
        if (req.headers['if-none-match'] === '"fsf-186731"') {
          state.conditional += 1;
          return { status: 304, headers: { etag: '"fsf-186731"' }, body: Buffer.alloc(0) };
        }
        const recorded = await replay().send(req);
        return { ...recorded, headers: { ...recorded.headers, etag: '"fsf-186731"' } };
      }
      return replay().send(req);
    },
  };
  return { state, transport };
}

describe('the shared store', () => {
  beforeEach(() => resetSanctionsIndexes());
  const start = new Date(RECORDED_AT).getTime();

  it('loads the list once on first use and serves both servers from it', async () => {
    const { state, transport } = scripted();
    const t = createTestApp({ transport });
    const a = await callTool(t, 'sanksjoner', 'sanctions.eu.search', { q: 'Lavrov' });
    const b = await callTool(t, 'screening', 'screening.screen', { name: 'Sergei Lavrov' });
    const c = await callTool(createTestApp({ transport }), 'sanksjoner', 'sanctions.eu.lookup', { entityId: '135930' });
    expect([a.isError, b.isError, c.isError]).toEqual([false, false, false]);
    expect(state.calls).toBe(1);
    expect(a.data.list).toMatchObject({ entityCount: 45, ageSeconds: 0, stale: false, refreshing: false, lastRefreshError: null, globalFileId: '186731' });
    expect(b.data.list.version).toBe(a.data.list.version);
  });

  it('refreshes in the background after 6 hours and answers from the current list meanwhile', async () => {
    const { state, transport } = scripted();
    let now = start;
    const t = createTestApp({ transport, now: () => new Date(now) });
    await callTool(t, 'sanksjoner', 'sanctions.eu.search', { q: 'Lavrov' });
    now = start + REFRESH_AFTER_MS - 1000;
    expect((await callTool(t, 'sanksjoner', 'sanctions.eu.search', { q: 'Lavrov' })).data.list).toMatchObject({ stale: false, refreshing: false });
    expect(state.calls).toBe(1);
    state.mode = 'other';
    state.other = XML.replace('globalFileId="186731"', 'globalFileId="186800"').replace(/<sanctionEntity [^>]*logicalId="135930">[\s\S]*?<\/sanctionEntity>\n/, '');
    now = start + REFRESH_AFTER_MS + 1000;
    const during = await callTool(t, 'sanksjoner', 'sanctions.eu.search', { q: 'Lavrov' });
    expect(during.data.total).toBe(1);
    expect(during.data.list).toMatchObject({ stale: true, refreshing: true, globalFileId: '186731' });
    await settleSanctionsRefreshes();
    const after = await callTool(t, 'sanksjoner', 'sanctions.eu.search', { q: 'Lavrov' });
    expect(state.calls).toBe(2);
    expect(after.data.total).toBe(0);
    expect(after.data.list).toMatchObject({ stale: false, refreshing: false, globalFileId: '186800', entityCount: 44, ageSeconds: 0 });
  });

  it('refreshes with a conditional request: an unchanged list (304) is kept and counts as fresh', async () => {
    const { state, transport } = scripted();
    state.mode = 'tagged';
    let now = start;
    const t = createTestApp({ transport, now: () => new Date(now) });
    const first = await callTool(t, 'sanksjoner', 'sanctions.eu.search', { q: 'Lavrov' });
    now = start + REFRESH_AFTER_MS + 1000;
    await callTool(t, 'sanksjoner', 'sanctions.eu.search', { q: 'Lavrov' });
    await settleSanctionsRefreshes();
    expect([state.calls, state.conditional]).toEqual([2, 1]);
    const after = await callTool(t, 'sanksjoner', 'sanctions.eu.search', { q: 'Lavrov' });
    expect(after.data.total).toBe(first.data.total);
    expect(after.data.list).toMatchObject({ stale: false, ageSeconds: 0, version: first.data.list.version, lastRefreshError: null });
  });

  it('keeps the last good list when a refresh fails, reports its age and the error, and waits before retrying', async () => {
    const { state, transport } = scripted();
    let now = start;
    const t = createTestApp({ transport, now: () => new Date(now) });
    await callTool(t, 'screening', 'screening.screen', { name: 'Vladimir Putin' });
    state.mode = 'failing';
    now = start + 7 * 3600_000;
    await callTool(t, 'screening', 'screening.screen', { name: 'Vladimir Putin' });
    await settleSanctionsRefreshes();
    expect(state.calls).toBe(1 + 3); // one refresh: the first try and two retries
    const r = await callTool(t, 'screening', 'screening.screen', { name: 'Vladimir Putin' });
    expect(r.isError).toBe(false);
    expect(r.data.candidates[0].entityId).toBe('135909');
    expect(r.data.list).toMatchObject({ stale: true, refreshing: false, ageSeconds: 7 * 3600 });
    expect(r.data.list.lastRefreshError).toMatchObject({ code: 'upstream_unavailable', at: new Date(now).toISOString() });
    expect(r.data.warning).toMatch(/7 hours old because the last refresh failed/);
    // No new attempt within the pause; one after it.
    now += RETRY_AFTER_FAILURE_MS - 1000;
    await callTool(t, 'screening', 'screening.screen', { name: 'Vladimir Putin' });
    await settleSanctionsRefreshes();
    expect(state.calls).toBe(4);
    state.mode = 'recording';
    now += 2000;
    await callTool(t, 'screening', 'screening.screen', { name: 'Vladimir Putin' });
    await settleSanctionsRefreshes();
    expect(state.calls).toBe(5);
    const healed = await callTool(t, 'screening', 'screening.about', {});
    expect(healed.data.list).toMatchObject({ state: 'current', stale: false, lastRefreshError: null, ageSeconds: 0 });
  });

  it('answers an error, never an empty list, when no list was ever loaded', async () => {
    const { state, transport } = scripted();
    state.mode = 'failing';
    const t = createTestApp({ transport });
    const r = await callTool(t, 'screening', 'screening.screen', { name: 'Ole Nordmann' });
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    expect(r.data.error.message).toMatch(/could not be loaded, so nothing can be searched or screened/);
  });

  describe('a list whose body does not parse', () => {
    const BROKEN = '<?xml version="1.0"?><export generationDate="2026-11-22"><sanctionEntity logicalId="1"><nameAlias wholeName="A';
    const breaker = (t: ReturnType<typeof createTestApp>) => t.services.upstream.breakerStates()['eu-fsf'];

    it('pauses exponentially, capped', () => {
      expect([1, 2, 3].map(retryAfterFailures)).toEqual([RETRY_AFTER_FAILURE_MS, 2 * RETRY_AFTER_FAILURE_MS, 4 * RETRY_AFTER_FAILURE_MS]);
      expect(retryAfterFailures(30)).toBe(MAX_RETRY_AFTER_FAILURE_MS);
    });

    it('with no list yet: one download per pause, each a breaker failure, and a 502 saying when the next download is', async () => {
      const { state, transport } = scripted();
      state.mode = 'other';
      state.other = BROKEN;
      let now = start;
      const t = createTestApp({ transport, now: () => new Date(now) });
      const first = await callTool(t, 'screening', 'screening.screen', { name: 'Ole Nordmann' });
      expect(first.data.error).toMatchObject({ status: 502, code: 'upstream_unavailable', svcRetryAfterMs: RETRY_AFTER_FAILURE_MS });
      expect(first.data.error.message).toMatch(/not well-formed XML/);
      // A body that does not parse is not retried within the request, and counts against the upstream.
      expect(state.calls).toBe(1);
      expect(breaker(t).consecutiveFailures).toBe(1);

      // Until the pause is over: answered at once, nothing downloaded, with the time of the next try.
      now += RETRY_AFTER_FAILURE_MS - 1000;
      const waiting = await callTool(t, 'sanksjoner', 'sanctions.eu.search', { q: 'Putin' });
      const next = new Date(start + RETRY_AFTER_FAILURE_MS).toISOString();
      expect(waiting.data.error).toMatchObject({ status: 502, code: 'upstream_unavailable', svcRetryAfterMs: 1000, nextAttemptAt: next });
      expect(waiting.data.error.message).toContain(`The next download will be tried at ${next} (in 1 s)`);
      expect(state.calls).toBe(1);

      // The next download fails too: the pause doubles.
      now += 1000;
      await callTool(t, 'screening', 'screening.screen', { name: 'Ole Nordmann' });
      expect(state.calls).toBe(2);
      expect(breaker(t).consecutiveFailures).toBe(2);
      now += RETRY_AFTER_FAILURE_MS;
      await callTool(t, 'screening', 'screening.screen', { name: 'Ole Nordmann' });
      expect(state.calls).toBe(2);
      const about = await callTool(t, 'sanksjoner', 'sanctions.lister.list', {});
      expect(about.data.lists[0].index).toMatchObject({ loaded: false, nextRefreshAttemptAt: new Date(now + RETRY_AFTER_FAILURE_MS).toISOString() });

      // After it, a good list loads and the breaker closes.
      now += RETRY_AFTER_FAILURE_MS;
      state.mode = 'recording';
      const healed = await callTool(t, 'screening', 'screening.screen', { name: 'Vladimir Putin' });
      expect(healed.isError).toBe(false);
      expect(state.calls).toBe(3);
      expect(breaker(t).consecutiveFailures).toBe(0);
      expect(healed.data.list).toMatchObject({ lastRefreshError: null, nextRefreshAttemptAt: null });
    });

    it('with a list: answers from the last good one, with its age and the next attempt, and backs off', async () => {
      const { state, transport } = scripted();
      let now = start;
      const t = createTestApp({ transport, now: () => new Date(now) });
      await callTool(t, 'screening', 'screening.screen', { name: 'Vladimir Putin' });
      state.mode = 'other';
      state.other = BROKEN;
      now = start + REFRESH_AFTER_MS + 1000;
      await callTool(t, 'screening', 'screening.screen', { name: 'Vladimir Putin' });
      await settleSanctionsRefreshes();
      expect(state.calls).toBe(2);
      expect(breaker(t).consecutiveFailures).toBe(1);
      for (let i = 0; i < 5; i++) {
        const r = await callTool(t, 'screening', 'screening.screen', { name: 'Vladimir Putin' });
        await settleSanctionsRefreshes();
        expect(r.isError).toBe(false);
        expect(r.data.candidates[0].entityId).toBe('135909');
      }
      expect(state.calls).toBe(2);
      const r = await callTool(t, 'screening', 'screening.screen', { name: 'Vladimir Putin' });
      expect(r.data.list).toMatchObject({
        stale: true,
        ageSeconds: (REFRESH_AFTER_MS + 1000) / 1000,
        lastRefreshError: { code: 'upstream_unavailable', message: expect.stringMatching(/not well-formed XML/) },
        nextRefreshAttemptAt: new Date(now + RETRY_AFTER_FAILURE_MS).toISOString(),
      });
      now += RETRY_AFTER_FAILURE_MS;
      await callTool(t, 'screening', 'screening.screen', { name: 'Vladimir Putin' });
      await settleSanctionsRefreshes();
      expect(state.calls).toBe(3);
      const after = await callTool(t, 'screening', 'screening.screen', { name: 'Vladimir Putin' });
      expect(after.data.list.nextRefreshAttemptAt).toBe(new Date(now + 2 * RETRY_AFTER_FAILURE_MS).toISOString());
    });
  });

  it('invalidates cursors made on a list that a refresh replaced', async () => {
    const { state, transport } = scripted();
    let now = start;
    const t = createTestApp({ transport, now: () => new Date(now) });
    const first = await callTool(t, 'sanksjoner', 'sanctions.eu.search', { regime: 'UKR', limit: 5 });
    expect(first.data.nextCursor).toEqual(expect.any(String));
    state.mode = 'other';
    state.other = XML.replace('globalFileId="186731"', 'globalFileId="186801"');
    now = start + REFRESH_AFTER_MS + 1000;
    await callTool(t, 'sanksjoner', 'sanctions.lister.list', {});
    await callTool(t, 'sanksjoner', 'sanctions.eu.search', { q: 'Putin' });
    await settleSanctionsRefreshes();
    const r = await callTool(t, 'sanksjoner', 'sanctions.eu.search', { regime: 'UKR', limit: 5, cursor: first.data.nextCursor });
    expect(r.isError).toBe(true);
    expect(r.data.error).toMatchObject({ code: 'invalid_input', detailCode: 'cursor_expired', fields: ['cursor'] });
    expect(r.data.error.message).toMatch(/^cursor: was made on list version .* run the search again without cursor$/);
  });
});
