// The screening platform server: screening.screen and screening.about over MCP and the connector
// routes, on the recorded EU consolidated list (tests/recordings/eu-fsf/).
import { beforeEach, describe, expect, it } from 'vitest';
import { resetSanctionsIndexes } from '../servers/_shared/sanctions-index/index.js';
import { DEFAULT_THRESHOLD, scoreName } from '../servers/screening/match.js';
import { nameTokens } from '../servers/_shared/sanctions-index/index.js';
import { KEYS, callTool, createTestApp, rpc } from './helpers/app.js';

const SLUG = 'screening';
const t = createTestApp();
const screen = (args: unknown) => callTool(t, SLUG, 'screening.screen', args, KEYS.team);
const top = async (args: Record<string, unknown>) => (await screen(args)).data.candidates[0];

async function expectInvalid(args: unknown, field: string, ...parts: string[]) {
  const r = await screen(args);
  expect(r.isError).toBe(true);
  expect(r.data.error.code).toBe('invalid_input');
  expect(r.data.error.fields).toContain(field);
  for (const part of parts) expect(r.data.error.message).toContain(part);
}

describe('tools/list', () => {
  it('lists screen and about, with the bounds of screen', async () => {
    const tools = (await rpc(t, SLUG, { jsonrpc: '2.0', id: 1, method: 'tools/list' })).body.result.tools as Array<{ name: string; inputSchema: any; description: string }>;
    expect(tools.map((x) => x.name)).toEqual(['screening.screen', 'screening.about']);
    expect(tools[0].inputSchema.required).toEqual(['name']);
    expect(tools[0].inputSchema.properties).toMatchObject({
      type: { enum: ['person', 'organisation'] },
      birthYear: { minimum: 1900, maximum: 2100 },
      limit: { minimum: 1, maximum: 50, default: 10 },
      threshold: { minimum: 0.5, maximum: 1, default: DEFAULT_THRESHOLD },
    });
    expect(tools[0].description).toContain(`default ${DEFAULT_THRESHOLD}`);
  });
});

describe('screening.screen', () => {
  it('answers its example: one candidate, scored, with the matched name, fields and reasons', async () => {
    const r = await screen({ name: 'Vladimir Putin', birthYear: 1952 });
    expect(r.isError).toBe(false);
    expect(r.data).toMatchObject({
      query: { name: 'Vladimir Putin', type: null, birthDate: null, birthYear: 1952, country: null },
      threshold: 0.85,
      decision: 'potential_match',
      candidateCount: 1,
      list: { generationDate: '2026-11-21T16:47:12.418+01:00', entityCount: 45, stale: false },
    });
    expect(r.data.candidates[0]).toMatchObject({
      entityId: '135909',
      type: 'person',
      name: 'Vladimir Vladimirovich PUTIN',
      score: 0.96,
      nameScore: 0.93,
      matchedName: 'Vladimir Vladimirovich PUTIN',
      matchedFields: ['name', 'birthYear'],
      programmes: ['UKR'],
      birthDates: ['1952-10-07'],
    });
    expect(r.data.candidates[0].reasons).toEqual([
      'name: "Vladimir Vladimirovich PUTIN" scores 0.93',
      '"vladimir" ~ "vladimir": same spelling (1.00)',
      '"putin" ~ "putin": same spelling (1.00)',
      'birth year 1952 matches',
    ]);
    expect(r.data.notice).toMatch(/not a legal determination/);
    expect(r.data.warning).toBeUndefined();
  });

  it('is robust to diacritics and special letters (Ø, ö, ć, í)', async () => {
    expect(await top({ name: 'Roman Abramović' })).toMatchObject({ entityId: '137510' });
    expect(await top({ name: 'Delcy Rodríguez Gómez' })).toMatchObject({ entityId: '119327' });
    expect(await top({ name: 'DELCY RODRIGUEZ GOMEZ' })).toMatchObject({ entityId: '119327' });
    expect(await top({ name: 'Sergueï Lavrov' })).toMatchObject({ entityId: '135930' });
    // Nordic letters fold without creating matches of their own.
    expect((await screen({ name: 'Øyvind Åsmund Hølleland' })).data).toMatchObject({ decision: 'no_match', candidates: [] });
  });

  it('is robust to transliteration: table variants, -ovitch endings, other alphabets, phonetic spellings', async () => {
    const mohamed = await top({ name: 'Mohamed Khalid Shaikh' });
    expect(mohamed).toMatchObject({ entityId: '2951', score: 1 });
    expect(mohamed.reasons).toContain('"mohamed" ~ "mohammed": transliteration variant (1.00)');
    expect(await top({ name: 'Aleksandr Lukashenko' })).toMatchObject({ entityId: '128740' });
    expect(await top({ name: 'Roman Abramovitch' })).toMatchObject({ entityId: '137510' });
    expect(await top({ name: 'Владимир Путин' })).toMatchObject({ entityId: '135909' });
    const shoigu = await top({ name: 'Sergei Shojgu' });
    expect(shoigu.reasons).toContain('"shojgu" ~ "shoigu": sounds alike (0.95)');
  });

  it('ignores word order and accepts initials', async () => {
    const a = await top({ name: 'Putin Vladimir' });
    const b = await top({ name: 'Vladimir Putin' });
    expect(a.score).toBe(b.score);
    const initials = await top({ name: 'V. V. Putin' });
    expect(initials).toMatchObject({ entityId: '135909' });
    expect(initials.reasons).toContain('"v" ~ "vladimir": initial (0.80)');
    expect(await top({ name: 'Khalid Sheikh Mohammed' })).toMatchObject({ entityId: '2951' });
  });

  it('matches names written as one word, and weighs particles lightly', async () => {
    const joined = await top({ name: 'Abdulrahman Yasin' });
    expect(joined).toMatchObject({ entityId: '507', score: 0.95 });
    expect(joined.reasons.join(' ')).toMatch(/written as one string/);
    expect(await top({ name: 'Bachar el-Assad' })).toMatchObject({ entityId: '6918' });
  });

  it('keeps near-misses below the threshold', async () => {
    for (const name of ['Vladimir Putilin', 'Vladimir Petrov', 'Roman Abramov', 'Commercial Bank of Ethiopia', 'Sberbank Europe AG', 'Ole Nordmann']) {
      const r = await screen({ name });
      expect(r.data.candidates, name).toEqual([]);
      expect(r.data.decision).toBe('no_match');
    }
  });

  it('raises the score for a matching birth date or year, lowers it for a different one', async () => {
    const plain = (await top({ name: 'Oleg Deripaska' })).score;
    const date = await top({ name: 'Oleg Deripaska', birthDate: '1968-01-02' });
    expect(date.score).toBeCloseTo(plain + 0.05, 5);
    expect(date.matchedFields).toEqual(['name', 'birthDate']);
    expect((await top({ name: 'Oleg Deripaska', birthYear: 1969 })).score).toBe(plain);
    const other = await screen({ name: 'Ramzan Kadyrov', birthYear: 1990 });
    expect(other.data.candidates).toEqual([]);
    const low = await screen({ name: 'Ramzan Kadyrov', birthYear: 1990, threshold: 0.5 });
    expect(low.data.candidates[0].reasons).toContain("birth year 1990 differs from the list's 1976 (-0.15)");
  });

  it('uses the country against citizenship, birth and address countries', async () => {
    const il = await top({ name: 'Roman Abramovich', country: 'il' });
    expect(il.matchedFields).toEqual(['name', 'country']);
    expect(il.reasons).toContain("country IL is one of the entity's citizenship, birth or address countries");
    const no = await top({ name: 'Roman Abramovich', country: 'NO' });
    expect(no.score).toBeCloseTo(il.score - 0.07, 5);
    expect((await screen({ name: 'Roman Abramovich', country: 'NO' })).data.query.country).toBe('NO');
  });

  it('screens organisations without their legal forms, and filters by type', async () => {
    expect(await top({ name: 'PAO Sberbank' })).toMatchObject({ entityId: '139214', type: 'organisation', score: 1 });
    expect(await top({ name: 'Petrel 8', type: 'organisation' })).toMatchObject({ entityId: '118001', type: 'vessel' });
    expect((await screen({ name: 'Sberbank', type: 'person' })).data.candidates).toEqual([]);
    expect((await screen({ name: 'Vladimir Putin', type: 'organisation' })).data.candidates).toEqual([]);
  });

  it('applies threshold and limit', async () => {
    const low = await screen({ name: 'Vladimir', threshold: 0.5, limit: 1 });
    expect(low.data.candidates).toHaveLength(1);
    expect(low.data.threshold).toBe(0.5);
    const strict = await screen({ name: 'Vladimir Putin', threshold: 1 });
    expect(strict.data.candidates).toEqual([]);
  });

  it('enforces its bounds, naming the field', async () => {
    await expectInvalid({}, 'name', 'name: is required');
    await expectInvalid({ name: 'V' }, 'name', 'at least 2 characters');
    await expectInvalid({ name: 'x'.repeat(201) }, 'name', 'at most 200 characters');
    await expectInvalid({ name: 'Putin', type: 'vessel' }, 'type', 'must be one of "person", "organisation"');
    await expectInvalid({ name: 'Putin', birthDate: '1952-13-01' }, 'birthDate', 'not a calendar date');
    await expectInvalid({ name: 'Putin', birthYear: 1899 }, 'birthYear', 'at least 1900');
    await expectInvalid({ name: 'Putin', country: 'RUS' }, 'country', 'ISO 3166 alpha-2');
    await expectInvalid({ name: 'Putin', limit: 51 }, 'limit', 'at most 50');
    await expectInvalid({ name: 'Putin', threshold: 0.4 }, 'threshold', 'at least 0.5');
    await expectInvalid({ name: 'Putin', threshold: 1.1 }, 'threshold', 'at most 1');
  });

  it('refuses contradicting birth fields and birth fields for organisations', async () => {
    await expectInvalid({ name: 'Putin', birthDate: '1952-10-07', birthYear: 1953 }, 'birthYear', 'contradicts birthDate');
    await expectInvalid({ name: 'Sberbank', type: 'organisation', birthYear: 1990 }, 'birthYear', 'persons only');
    expect((await screen({ name: 'Putin Vladimir', birthDate: '1952-10-07', birthYear: 1952 })).isError).toBe(false);
  });

  it('is served on the connector route', async () => {
    const res = await t.fetch('/api/connectors/screening/screen?name=Vladimir%20Putin&birthYear=1952', { headers: { authorization: `Bearer ${KEYS.pro}` } });
    expect(res.status).toBe(200);
    expect((await res.json()).candidates[0].entityId).toBe('135909');
  });
});

describe('scoreName', () => {
  it('caps a person name whose surname is not matched', () => {
    const alias = { tokens: nameTokens('Vladimir Vladimirovich PUTIN'), surname: [2], strong: true };
    const r = scoreName(nameTokens('Vladimir Vladimirovich'), alias, false);
    expect(r.surnameMissed).toBe(true);
    expect(r.score).toBe(0.75);
  });

  it('discounts weak aliases', () => {
    const strong = scoreName(nameTokens('Sberbank', 'organisation'), { tokens: nameTokens('Sberbank', 'organisation'), surname: [], strong: true }, true);
    const weak = scoreName(nameTokens('Sberbank', 'organisation'), { tokens: nameTokens('Sberbank', 'organisation'), surname: [], strong: false }, true);
    expect(strong.score).toBe(1);
    expect(weak.score).toBe(0.95);
  });
});

describe('screening.about', () => {
  it('explains the method, the table and the measured figures, and reports the list freshness', async () => {
    const r = await callTool(t, SLUG, 'screening.about', {});
    expect(r.isError).toBe(false);
    expect(r.data.method.defaultThreshold).toBe(0.85);
    expect(r.data.method.transliterationTable.muhammad).toContain('mohammed');
    expect(r.data.method.steps.length).toBeGreaterThanOrEqual(6);
    expect(r.data.evaluation).toMatchObject({ labelledSet: 'tests/fixtures/screening-labelled.json', threshold: 0.85 });
    expect(r.data.evaluation.precision).toBeGreaterThanOrEqual(0.9);
    expect(r.data.heldOut).toMatchObject({ labelledSet: 'tests/fixtures/screening-heldout.json', threshold: 0.85, examples: 140 });
    expect(r.data.heldOut.precision).toBeGreaterThanOrEqual(0.95);
    expect(r.data.list).toMatchObject({ state: 'current', generationDate: '2026-11-21T16:47:12.418+01:00', globalFileId: '186731', entityCount: 45, ageSeconds: 0 });
  });

  describe('when the list cannot be loaded', () => {
    beforeEach(() => resetSanctionsIndexes());
    it('answers with list state unavailable instead of an error, while screen answers the error', async () => {
      const app = createTestApp({ env: { SANCTIONS_BASE_URL: 'https://fsf-blocked.test/fsd/fsf' } });
      const about = await callTool(app, SLUG, 'screening.about', {});
      expect(about.isError).toBe(false);
      expect(about.data.list).toMatchObject({ state: 'unavailable', error: { code: 'upstream_blocked' } });
      const r = await callTool(app, SLUG, 'screening.screen', { name: 'Vladimir Putin' });
      expect(r.isError).toBe(true);
      expect(r.data.error.code).toBe('upstream_blocked');
    });
  });
});
