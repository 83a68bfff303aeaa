// Issue 24 item 3: the work of screening one name is bounded (words considered, candidates scored,
// word pairs compared), so that the worst name costs at most a few times a normal one whatever the
// list's size, and a batch of such names a bounded multiple of a batch of normal ones. The work is
// counted by the matcher itself (screen().work, screeningWorkTotals()); nothing here times anything.
// The lists are synthetic, 500 and 5 000 entities of generated names in the FSF export format,
// indexed by the same builder as the recorded list (parseFsfExport, then SanctionsIndex).
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutgoingRequest, RawResponse, Transport } from '../runtime/upstream/transport.js';
import { SanctionsIndex, parseFsfExport, resetSanctionsIndexes } from '../servers/_shared/sanctions-index/index.js';
import { DEFAULT_THRESHOLD, SCREENING_BOUNDS, screen, screeningWorkTotals } from '../servers/screening/match.js';
import { KEYS, createTestApp, replay } from './helpers/app.js';

// ---- a synthetic list ---------------------------------------------------------------------------

const RU_GIVEN = ['Sergei', 'Aleksandr', 'Vladimir', 'Dmitri', 'Andrei', 'Yuri', 'Igor', 'Oleg', 'Nikolai', 'Pavel', 'Viktor', 'Mikhail', 'Ivan', 'Boris', 'Olga', 'Irina', 'Elena', 'Anna', 'Tatiana', 'Natalia', 'Gennadi', 'Konstantin', 'Roman', 'Denis', 'Maksim', 'Artem', 'Kirill', 'Leonid', 'Vadim', 'Stanislav'];
const RU_ROOTS = ['Petr', 'Ivan', 'Smirn', 'Kuznets', 'Pop', 'Sokol', 'Lebed', 'Kozl', 'Novik', 'Moroz', 'Volk', 'Zaits', 'Pavl', 'Semen', 'Golub', 'Vinogrado', 'Bogdan', 'Vorob', 'Fedor', 'Mikhail', 'Belyak', 'Tarasenk', 'Belo', 'Komar', 'Orl', 'Kisel', 'Makar', 'Andre', 'Kovalen', 'Ilyin', 'Gusev', 'Titov', 'Kuzmin', 'Kudryavts', 'Baran', 'Kulik', 'Alekse', 'Stepan', 'Yakovl', 'Sorokin'];
const RU_SUFFIXES = ['ov', 'ova', 'in', 'ina', 'enko', 'sky', 'ev', 'eva', 'ovich'];
const RU_PATRONYMICS = ['Aleksandrovich', 'Sergeevich', 'Vladimirovich', 'Ivanovich', 'Nikolaevich', 'Viktorovich', 'Yurievich', 'Petrovich', 'Mikhailovich', 'Anatolievich', 'Borisovich', 'Olegovich'];
const AR_GIVEN = ['Muhammad', 'Ali', 'Ahmad', 'Umar', 'Hasan', 'Husayn', 'Abdullah', 'Khalid', 'Yusuf', 'Ibrahim', 'Mustafa', 'Tariq', 'Said', 'Amir', 'Aziz', 'Hamid', 'Karim', 'Nasser', 'Jamal', 'Faisal', 'Samir', 'Walid', 'Zaid', 'Abu', 'Bakr', 'Reza', 'Ayman', 'Bashar', 'Maher', 'Rami'];
const AR_NISBA = ['Tikriti', 'Masri', 'Shami', 'Baghdadi', 'Zawahiri', 'Qurashi', 'Halabi', 'Yemeni', 'Libi', 'Iraqi', 'Assad', 'Makhlouf', 'Shawkat', 'Hamdan', 'Najjar', 'Khatib', 'Haddad', 'Sabbagh', 'Qassem', 'Dabbagh'];
const KO_FAMILY = ['Kim', 'Ri', 'Pak', 'Choe', 'Jang', 'Han', 'O', 'Jo', 'Kang', 'Yun'];
const KO_SYLLABLES = ['Jong', 'Un', 'Il', 'Song', 'Chol', 'Hyok', 'Min', 'Su', 'Yong', 'Ho', 'Nam', 'Gwang', 'Myong', 'Hak', 'Sok'];
const ORG_WORDS = ['Volga', 'Ural', 'Baltic', 'Neva', 'Sever', 'Orion', 'Almaz', 'Rostok', 'Zenit', 'Kedr', 'Taiga', 'Amur', 'Sapphire', 'Crescent', 'Falcon', 'Cedar', 'Horizon', 'Polar', 'Delta', 'Atlas'];
const ORG_GENERIC = ['Trading', 'Group', 'Holding', 'Shipping', 'Energy', 'Industries', 'Investment', 'Bank', 'Maritime', 'Services'];
const LEGAL = ['LLC', 'JSC', 'OOO', 'Ltd', 'GmbH', 'PJSC'];

/** A small deterministic generator (mulberry32), so every run builds the same list. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  // Skewed towards the front of a pool, as first names and surnames are in real lists.
  const pick = <T>(pool: T[]) => pool[Math.floor(pool.length * next() ** 1.6)];
  return { next, pick };
}

const xmlAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const german = (s: string) => s.replace(/v/g, 'w').replace(/V/g, 'W').replace(/ich\b/g, 'itsch').replace(/ICH\b/g, 'ITSCH');
const french = (s: string) => s.replace(/ich\b/g, 'itch').replace(/ICH\b/g, 'ITCH').replace(/u/g, 'ou');

/** Names of one synthetic entity: [type, aliases (the first is the primary name)]. */
function entityNames(r: ReturnType<typeof random>): ['person' | 'enterprise', string[]] {
  const kind = r.next();
  if (kind < 0.45) {
    const given = r.pick(RU_GIVEN);
    const surname = `${r.pick(RU_ROOTS)}${r.pick(RU_SUFFIXES)}`.toUpperCase();
    const whole = r.next() < 0.5 ? `${given} ${r.pick(RU_PATRONYMICS)} ${surname}` : `${given} ${surname}`;
    return ['person', [whole, german(whole), french(whole), `${surname} ${given}`].slice(0, 1 + Math.floor(r.next() * 4))];
  }
  if (kind < 0.7) {
    const whole = `${r.pick(AR_GIVEN)} ${r.pick(AR_GIVEN)} ${r.pick(AR_GIVEN)} al-${r.pick(AR_NISBA).toUpperCase()}`;
    return ['person', [whole, whole.replace(/Muhammad/g, 'Mohammed').replace(/Husayn/g, 'Hussein')].slice(0, 1 + Math.floor(r.next() * 2))];
  }
  if (kind < 0.8) {
    const whole = `${r.pick(KO_FAMILY).toUpperCase()} ${r.pick(KO_SYLLABLES)} ${r.pick(KO_SYLLABLES)}`;
    return ['person', [whole]];
  }
  const whole = `${r.pick(ORG_WORDS)} ${r.pick(ORG_WORDS)} ${r.pick(ORG_GENERIC)} ${r.pick(LEGAL)}`;
  return ['enterprise', [whole, `${r.pick(LEGAL)} ${whole.split(' ').slice(0, 3).join(' ')}`].slice(0, 1 + Math.floor(r.next() * 2))];
}

/** An FSF export (format 1.1, the elements the parser reads) of `count` generated entities. */
function syntheticExport(count: number, seed = 24): string {
  const r = random(seed);
  const parts = [`<?xml version="1.0" encoding="UTF-8"?>\n<export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="2026-11-21T16:47:12.418+01:00" globalFileId="${count}">`];
  for (let i = 0; i < count; i += 1) {
    const [type, names] = entityNames(r);
    parts.push(`<sanctionEntity logicalId="${900000 + i}" euReferenceNumber="EU.${i}.24" designationDate="2022-02-25">`);
    parts.push(`<regulation programme="${['UKR', 'SYR', 'PRK', 'TERR'][i % 4]}" regulationType="amendment"/>`);
    parts.push(type === 'person' ? '<subjectType code="person" classificationCode="P"/>' : '<subjectType code="enterprise" classificationCode="E"/>');
    names.forEach((name, j) => parts.push(`<nameAlias wholeName="${xmlAttr(name)}" nameLanguage="${['', 'DE', 'FR', 'EN'][j]}" strong="true"/>`));
    if (type === 'person') parts.push(`<birthdate birthdate="" year="${1940 + (i % 50)}" circa="false" countryIso2Code="RU"/>`);
    parts.push('</sanctionEntity>');
  }
  parts.push('</export>');
  return parts.join('\n');
}

// ---- names to screen ----------------------------------------------------------------------------

/** The aliases that contain each canonical word, most used first. */
function wordsByUse(index: SanctionsIndex): string[] {
  return [...index.tokens.entries()].sort((a, b) => b[1].aliases.length - a[1].aliases.length || (a[0] < b[0] ? -1 : 1)).map(([w]) => w);
}

/** Words joined until `chars` characters, cycling through them: the 200-character bound of a name. */
function fill(words: string[], chars = 200): string {
  const out: string[] = [];
  for (let i = 0; ; i += 1) {
    const next = [...out, words[i % words.length]].join(' ');
    if (next.length > chars) return out.join(' ');
    out.push(words[i % words.length]);
  }
}

interface Names {
  normalTwo: string;
  normalThree: string;
  craftedShort: string;
  craftedCommon: string;
}

/**
 * Normal names are listed ones built on the list's most used first name (the expensive end of
 * normal names: the most aliases share a word with them). The crafted ones fill the 200
 * characters: with the list's short words (about 60 of them), and with its most used words.
 */
function namesFor(index: SanctionsIndex): Names {
  const byUse = wordsByUse(index);
  const topGiven = byUse.find((w) => RU_GIVEN.map((g) => g.toLowerCase()).includes(w))!;
  const listed = index.aliases.map((a) => a.name).filter((n) => n.toLowerCase().startsWith(`${topGiven} `));
  const normalTwo = listed.find((n) => n.split(' ').length === 2)!;
  const normalThree = listed.find((n) => n.split(' ').length === 3)!;
  const short = byUse.filter((w) => w.length <= 3 && w.length >= 2);
  return { normalTwo, normalThree, craftedShort: fill(short), craftedCommon: fill(byUse) };
}

const lists: Record<number, { xml: string; index: SanctionsIndex; names: Names }> = {};

beforeAll(async () => {
  for (const size of [500, 5000]) {
    const xml = syntheticExport(size);
    const index = new SanctionsIndex(await parseFsfExport(xml));
    lists[size] = { xml, index, names: namesFor(index) };
  }
}, 120_000);

const run = (size: number, name: string) => screen(lists[size].index, { name }, DEFAULT_THRESHOLD, 10);

describe('the synthetic lists', () => {
  it('hold realistic names, and the crafted names are 200 characters of about 60 words', () => {
    for (const size of [500, 5000]) {
      const { index, names } = lists[size];
      expect(index.entities).toHaveLength(size);
      expect(index.aliases.length).toBeGreaterThan(size * 1.2);
      expect(names.normalTwo.split(' ')).toHaveLength(2);
      expect(names.normalThree.split(' ')).toHaveLength(3);
      expect(names.craftedShort.length).toBeGreaterThan(190);
      expect(names.craftedShort.length).toBeLessThanOrEqual(200);
      expect(names.craftedShort.split(' ').length).toBeGreaterThanOrEqual(55);
      expect(names.craftedCommon.length).toBeGreaterThan(180);
      // A normal name finds itself.
      expect(run(size, names.normalThree).candidates[0].alias.name).toBe(names.normalThree);
    }
  });
});

describe('work per name', () => {
  it('a crafted 200-character name costs at most 4 times a normal two- or three-word name, on 500 and on 5 000 entities', () => {
    const seen: Record<string, unknown> = {};
    for (const size of [500, 5000]) {
      const { names } = lists[size];
      const normal = run(size, names.normalTwo);
      const normalThree = run(size, names.normalThree);
      for (const crafted of [names.craftedCommon, names.craftedShort]) {
        const worst = run(size, crafted);
        seen[`${size} ${crafted.slice(0, 30)}`] = { worst: worst.work, normal: normal.work, normalThree: normalThree.work };
        // Entities compared is in every answer (namesCompared); the others are the matcher's counts.
        expect(worst.considered, `${size}: entities compared`).toBeLessThanOrEqual(4 * normalThree.considered);
        expect(worst.work.aliasesScored, `${size}: aliases scored`).toBeLessThanOrEqual(4 * normal.work.aliasesScored);
        expect(worst.work.wordPairs, `${size}: word pairs compared`).toBeLessThanOrEqual(4 * normal.work.wordPairs);
        expect(worst.work.tokensProbed, `${size}: list words probed`).toBeLessThanOrEqual(4 * normal.work.tokensProbed);
        expect(worst.work.aliasesScored).toBeLessThanOrEqual(SCREENING_BOUNDS.candidates);
        expect(worst.ignoredWords).toBeGreaterThan(0);
      }
      // Normal names are never cut.
      for (const r of [normal, normalThree]) expect([r.ignoredWords, r.candidatesLeft]).toEqual([0, 0]);
    }
    console.log('screening work per name', JSON.stringify(seen, null, 1));
  });

  it('considers at most the first words of a name, and pairs words within the bound', () => {
    const { index } = lists[5000];
    const words = Array.from({ length: 40 }, (_, i) => `Word${String.fromCharCode(97 + (i % 26))}${i}`).join(' ');
    const r = screen(index, { name: words }, DEFAULT_THRESHOLD, 10);
    expect(r.ignoredWords).toBe(40 - SCREENING_BOUNDS.queryWords);
    expect(r.work.wordPairs).toBeLessThanOrEqual(r.work.aliasesScored * SCREENING_BOUNDS.queryWords * SCREENING_BOUNDS.aliasWords);
  });

  it('stays within the absolute bounds for other hostile shapes: initials only, one 200-letter word, long words, particles', () => {
    const { index, names } = lists[5000];
    const shapes = [
      'a b c d e f g h i j k l m n o p q r s t u v w x y z '.repeat(4).trim(),
      'x'.repeat(200),
      Array.from({ length: 8 }, (_, i) => `${names.normalThree.split(' ')[1]}${'abcdefgh'[i]}`).join(' '),
      'al bin abu de van von der la le el ibn bint '.repeat(5).trim(),
    ];
    for (const name of shapes) {
      const r = screen(index, { name: name.slice(0, 200) }, 0.5, 50);
      expect(r.work.aliasesScored, name.slice(0, 20)).toBeLessThanOrEqual(SCREENING_BOUNDS.candidates);
      expect(r.work.wordPairs, name.slice(0, 20)).toBeLessThanOrEqual(SCREENING_BOUNDS.wordPairs);
      expect(r.work.tokensProbed, name.slice(0, 20)).toBeLessThanOrEqual(SCREENING_BOUNDS.queryWords * index.tokens.size);
    }
  });
});

// ---- a batch through the REST route --------------------------------------------------------------

const LIST_URL = 'https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw';

/** The recordings, except that the list is the synthetic one of 5 000 entities. */
const synthetic: Transport = {
  send: async (req: OutgoingRequest): Promise<RawResponse> =>
    req.url === LIST_URL ? { status: 200, headers: { 'content-type': 'application/xml' }, body: Buffer.from(lists[5000].xml) } : replay().send(req),
};

describe('work per request', () => {
  beforeEach(() => resetSanctionsIndexes());

  it('a batch of 100 crafted names costs at most 4 times a batch of 100 normal names, and says which words it ignored', async () => {
    const t = createTestApp({ transport: synthetic });
    const post = async (names: string[]) => {
      const before = screeningWorkTotals();
      const res = await t.fetch('/api/v1/sanctions/screen', {
        method: 'POST',
        headers: { authorization: `Bearer ${KEYS.team}`, 'content-type': 'application/json' },
        body: JSON.stringify({ subjects: names.map((name) => ({ name })) }),
      });
      const body = await res.json();
      expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
      const after = screeningWorkTotals();
      return { body, names: after.names - before.names, aliasesScored: after.aliasesScored - before.aliasesScored, wordPairs: after.wordPairs - before.wordPairs, tokensProbed: after.tokensProbed - before.tokensProbed };
    };
    const { names } = lists[5000];
    await post([names.normalTwo]); // loads the list
    const normal = await post(Array.from({ length: 100 }, () => names.normalTwo));
    const crafted = await post(Array.from({ length: 100 }, (_, i) => (i % 2 ? names.craftedShort : names.craftedCommon)));
    console.log('screening work per batch of 100', JSON.stringify({ normal: { ...normal, body: undefined }, crafted: { ...crafted, body: undefined } }));
    expect([normal.names, crafted.names]).toEqual([100, 100]);
    for (const measure of ['aliasesScored', 'wordPairs', 'tokensProbed'] as const) {
      expect(crafted[measure], measure).toBeLessThanOrEqual(4 * normal[measure]);
    }
    expect(crafted.aliasesScored).toBeLessThanOrEqual(100 * SCREENING_BOUNDS.candidates);
    expect(crafted.wordPairs).toBeLessThanOrEqual(100 * SCREENING_BOUNDS.wordPairs);
    // The answer says that the name was cut; a normal name's answer carries no warning.
    for (const result of crafted.body.results) expect(result.warning).toMatch(new RegExp(`only the first ${SCREENING_BOUNDS.queryWords} words`));
    for (const result of normal.body.results) expect(result.warning).toBeUndefined();
  }, 300_000);
});
