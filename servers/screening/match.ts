// The screening matcher: scores how well a name (with optional birth date or year and country)
// matches each entity of the EU consolidated list, from the shared index
// (servers/_shared/sanctions-index). Everything is explainable: each candidate carries the
// name it matched, the fields that matched and a reason per word.
//
// 1. Words. The query and every listed name are folded (case, diacritics Ø/ö/é/č, Cyrillic and
//    Greek letters) and split into words; honorifics are dropped from person names, legal forms
//    (LLC, OOO, AS, GmbH…) from organisation names. Each word has a canonical spelling
//    (transliteration table: Mohammed → muhammad, Aleksandr/Alexander, -ovitch/-owitsch → -ovich)
//    and a phonetic-ish key (sch/sh, w/v, kh/h, j/y, ou/u, doubled letters…).
// 2. Word similarity: same canonical spelling 1.0; same key 0.95; an initial against a word with
//    that first letter 0.8; otherwise 0.95 × (1 − edit distance / longer key) when that is at least
//    0.75 (typos, one-letter transliteration differences), else 0. Words of 3 letters or fewer
//    must match exactly.
// 3. Name score: query words are paired one-to-one with the name's words, best pairs first, in any
//    order. score = 0.65 × (weighted share of the query explained) + 0.35 × (weighted share of the
//    listed name covered). Weights: particles (al, bin, van…) 0.3, initials 0.5, common
//    organisation words (bank, group, trading…) 0.35, a person's middle names (patronymics) count
//    half on the list side. A person's name whose surname is known (lastName, or the word the list
//    writes in capitals) scores at most 0.75 unless a query word matches the surname at 0.8 or
//    better. The same names written without spaces or rotated (surname first) are compared as one
//    string too (0.95 × similarity, from 0.88 up). Weak (low quality) aliases count 0.95.
// 4. Other fields (persons): the birth date equal +0.05; the birth year equal +0.03; a year one
//    off 0; a year further off −0.15; a country that is one of the entity's citizenship, birth or
//    address countries +0.02, another one −0.05; nothing is added or taken when the list has no
//    such data.
// 5. Candidates at or above the threshold (default 0.85) are returned, best first.
// 6. The work is bounded (candidates.ts): the first 8 words of a name are compared, only the listed
//    names most likely to match are scored, and an answer that a bound cut says so (warning).
import type { IndexedAlias, IndexedEntity, NameToken, SanctionsIndex } from '../_shared/sanctions-index/index.js';
import { GENERIC_ORG_WORDS, PARTICLES, nameTokens, similarity } from '../_shared/sanctions-index/index.js';
import { consideredWords, noWork, rankCandidates, similarListWords, tellingWords, type ScreeningWork } from './candidates.js';

export { SCREENING_BOUNDS, type ScreeningWork } from './candidates.js';

export const DEFAULT_THRESHOLD = 0.85;

export const WEIGHTS = {
  queryShare: 0.65,
  listShare: 0.35,
  particle: 0.3,
  initial: 0.5,
  genericOrgWord: 0.35,
  middleName: 0.5,
  surnameCap: 0.75,
  compactFloor: 0.88,
  weakAlias: 0.95,
  birthDateEqual: 0.05,
  birthYearEqual: 0.03,
  birthYearDiffers: -0.15,
  countryMatches: 0.02,
  countryDiffers: -0.05,
};

export interface ScreenQuery {
  name: string;
  type?: 'person' | 'organisation';
  birthDate?: string;
  birthYear?: number;
  country?: string;
}

type WordMatch = 'same spelling' | 'transliteration variant' | 'sounds alike' | 'initial' | 'similar spelling';

interface Pair {
  q: number;
  c: number;
  sim: number;
  how: WordMatch;
}

function wordSimilarity(q: NameToken, c: NameToken): { sim: number; how: WordMatch } | undefined {
  if (q.canon === c.canon) return { sim: 1, how: q.raw === c.raw ? 'same spelling' : 'transliteration variant' };
  if (q.key === c.key) return { sim: 0.95, how: 'sounds alike' };
  if (q.canon.length === 1 || c.canon.length === 1) {
    return q.canon[0] === c.canon[0] ? { sim: 0.8, how: 'initial' } : undefined;
  }
  if (/\d/.test(q.canon) || /\d/.test(c.canon)) return undefined;
  if (Math.min(q.key.length, c.key.length) <= 3) return undefined;
  const longer = Math.max(q.key.length, c.key.length);
  if (Math.abs(q.key.length - c.key.length) > longer * 0.25) return undefined;
  const r = similarity(q.key, c.key);
  return r >= 0.75 ? { sim: r * 0.95, how: 'similar spelling' } : undefined;
}

const weightOf = (t: NameToken, organisation: boolean) => {
  if (PARTICLES.has(t.canon)) return WEIGHTS.particle;
  if (t.canon.length === 1) return WEIGHTS.initial;
  if (organisation && GENERIC_ORG_WORDS.has(t.canon)) return WEIGHTS.genericOrgWord;
  return 1;
};

interface NameResult {
  score: number;
  pairs: Pair[];
  compact: number;
  surnameMissed: boolean;
}

/**
 * Scores one listed name against the query words (steps 2 and 3 of the header). `pairable` names,
 * for a word of the listed name, the query positions that can be similar to it (the screen knows
 * them from the index); without it every pair is compared. `work` counts the pairs compared.
 */
export function scoreName(
  query: NameToken[],
  alias: Pick<IndexedAlias, 'tokens' | 'surname' | 'strong'>,
  organisation: boolean,
  pairable?: (word: NameToken) => readonly number[],
  work: ScreeningWork = noWork(),
): NameResult {
  const c = alias.tokens;
  const pairs: Pair[] = [];
  const everyPosition = query.map((_, i) => i);
  for (let j = 0; j < c.length; j += 1) {
    for (const i of pairable ? pairable(c[j]) : everyPosition) {
      work.wordPairs += 1;
      const m = wordSimilarity(query[i], c[j]);
      if (m) pairs.push({ q: i, c: j, sim: m.sim, how: m.how });
    }
  }
  pairs.sort((a, b) => b.sim - a.sim || a.c - b.c || a.q - b.q);
  const usedQ = new Set<number>();
  const usedC = new Set<number>();
  const chosen: Pair[] = [];
  for (const p of pairs) {
    if (usedQ.has(p.q) || usedC.has(p.c)) continue;
    usedQ.add(p.q);
    usedC.add(p.c);
    chosen.push(p);
  }
  const surname = new Set(alias.surname);
  const firstGiven = c.findIndex((_, j) => !surname.has(j));
  const listWeight = (j: number) => {
    const w = weightOf(c[j], organisation);
    const middle = !organisation && c.length > 2 && j !== firstGiven && !surname.has(j) && (surname.size > 0 || j !== c.length - 1);
    return middle ? w * WEIGHTS.middleName : w;
  };
  let qTotal = 0;
  let qGot = 0;
  let cTotal = 0;
  let cGot = 0;
  for (let i = 0; i < query.length; i += 1) qTotal += weightOf(query[i], organisation);
  for (let j = 0; j < c.length; j += 1) cTotal += listWeight(j);
  for (const p of chosen) {
    qGot += p.sim * weightOf(query[p.q], organisation);
    cGot += p.sim * listWeight(p.c);
  }
  let score = WEIGHTS.queryShare * (qTotal ? qGot / qTotal : 0) + WEIGHTS.listShare * (cTotal ? cGot / cTotal : 0);
  const surnameMissed = surname.size > 0 && !chosen.some((p) => surname.has(p.c) && p.sim >= 0.8);
  // Compact comparison: "Abdulrahman" against "Abdul Rahman", surname-first order.
  const qJoined = query.map((t) => t.key).join('');
  const keys = c.map((t) => t.key);
  const forms = [keys.join(''), [...keys.slice(1), keys[0]].join(''), [keys[keys.length - 1], ...keys.slice(0, -1)].join('')];
  // Strings whose lengths differ by more than 12 % cannot be 0.88 similar: not compared.
  const comparable = forms.filter((f) => Math.abs(f.length - qJoined.length) <= Math.max(f.length, qJoined.length) * (1 - WEIGHTS.compactFloor));
  const compactRaw = Math.max(0, ...comparable.map((f) => similarity(qJoined, f)));
  const compact = compactRaw >= WEIGHTS.compactFloor ? compactRaw * 0.95 : 0;
  if (surnameMissed && compact === 0) score = Math.min(score, WEIGHTS.surnameCap);
  score = Math.max(score, compact);
  if (!alias.strong) score *= WEIGHTS.weakAlias;
  return { score, pairs: chosen, compact, surnameMissed };
}

export interface Candidate {
  entity: IndexedEntity;
  alias: IndexedAlias;
  nameScore: number;
  score: number;
  matchedFields: string[];
  reasons: string[];
}

/** Step 4: birth date or year and country. Returns the change to the score with its reasons. */
function otherFields(q: ScreenQuery, e: IndexedEntity, fields: string[], reasons: string[]): number {
  let delta = 0;
  const years = e.years;
  const wantYear = q.birthDate ? Number(q.birthDate.slice(0, 4)) : q.birthYear;
  if (wantYear !== undefined && e.type === 'person') {
    const listed = [...new Set(e.years.map((y) => (y.from === y.to ? String(y.from) : `${y.from}-${y.to}`)))].join(', ');
    if (years.length === 0) {
      reasons.push('birth: the list gives no birth date for this person; not used');
    } else if (q.birthDate && e.birthDates.includes(q.birthDate)) {
      delta += WEIGHTS.birthDateEqual;
      fields.push('birthDate');
      reasons.push(`birth date ${q.birthDate} is on the list`);
    } else if (years.some((y) => wantYear >= y.from && wantYear <= y.to)) {
      delta += WEIGHTS.birthYearEqual;
      fields.push('birthYear');
      reasons.push(q.birthDate ? `birth year ${wantYear} matches (the list gives ${e.birthDates.join(', ') || listed})` : `birth year ${wantYear} matches`);
    } else if (years.some((y) => wantYear >= y.from - 1 && wantYear <= y.to + 1)) {
      reasons.push(`birth year ${wantYear} is one year off the list's ${listed}; not counted either way`);
    } else {
      delta += WEIGHTS.birthYearDiffers;
      reasons.push(`birth year ${wantYear} differs from the list's ${listed} (${WEIGHTS.birthYearDiffers})`);
    }
  }
  if (q.country) {
    const c = q.country.toUpperCase();
    if (e.countries.size === 0) {
      reasons.push('country: the list gives no country for this entity; not used');
    } else if (e.countries.has(c)) {
      delta += WEIGHTS.countryMatches;
      fields.push('country');
      reasons.push(`country ${c} is one of the entity's citizenship, birth or address countries`);
    } else {
      delta += WEIGHTS.countryDiffers;
      reasons.push(`country ${c} is not among the entity's countries (${[...e.countries].join(', ')}) (${WEIGHTS.countryDiffers})`);
    }
  }
  return delta;
}

function nameReasons(query: NameToken[], alias: IndexedAlias, r: NameResult): string[] {
  const out = r.pairs
    .sort((a, b) => a.q - b.q)
    .map((p) => `"${query[p.q].raw}" ~ "${alias.tokens[p.c].raw}": ${p.how} (${p.sim.toFixed(2)})`);
  const matched = new Set(r.pairs.map((p) => p.q));
  for (let i = 0; i < query.length; i += 1) if (!matched.has(i)) out.push(`"${query[i].raw}": no matching word in this name`);
  if (r.compact > 0 && r.compact >= r.score - 1e-9) out.push(`written as one string the names agree (${r.compact.toFixed(2)})`);
  if (r.surnameMissed && r.compact === 0) out.push(`the surname is not matched, so the name scores at most ${WEIGHTS.surnameCap}`);
  if (!alias.strong) out.push(`a weak (low quality) alias counts ${WEIGHTS.weakAlias}`);
  return out;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** Work of every screen since the process started (tests, metrics). */
const TOTALS = { names: 0, ...noWork() };
export const screeningWorkTotals = () => ({ ...TOTALS });

export interface ScreenResult {
  candidates: Candidate[];
  /** Entities whose names were scored. */
  considered: number;
  work: ScreeningWork;
  /** Words of the name past SCREENING_BOUNDS.queryWords, not compared. */
  ignoredWords: number;
  /** Listed names sharing a word with the query that the bounds left unscored. */
  candidatesLeft: number;
}

/** Every entity whose best name scores at or above `threshold`, best first. */
export function screen(index: SanctionsIndex, q: ScreenQuery, threshold: number, limit: number): ScreenResult {
  const work = noWork();
  const asPerson = consideredWords(q.type !== 'organisation' ? nameTokens(q.name, 'person') : []);
  const asOrg = consideredWords(q.type !== 'person' ? nameTokens(q.name, 'organisation') : []);
  const forPerson = asPerson.words;
  const forOrg = asOrg.words;
  const all = [...forPerson, ...forOrg];
  const similarWords = similarListWords(index, all, wordSimilarity, work);
  // For a listed word, the query positions similar to it (step 2 found them for every query word).
  const positionsLike = (query: NameToken[]) => {
    const byListWord = new Map<string, number[]>();
    query.forEach((w, i) => {
      for (const listed of similarWords.get(w.canon) ?? []) byListWord.set(listed, [...(byListWord.get(listed) ?? []), i]);
    });
    return (word: NameToken) => byListWord.get(word.canon) ?? [];
  };
  const pairable = { person: positionsLike(forPerson), organisation: positionsLike(forOrg) };
  const queryOf = (alias: IndexedAlias) => (index.entities[alias.entity].type === 'person' ? forPerson : forOrg);
  const ranked = rankCandidates(
    index,
    tellingWords(all),
    similarWords,
    (alias) => {
      const type = index.entities[alias.entity].type;
      if (q.type === 'person' && type !== 'person') return false;
      if (q.type === 'organisation' && type === 'person') return false;
      return queryOf(alias).length > 0;
    },
    (alias, shared) => {
      // The shares of step 3 as if every shared word matched exactly: a cheap estimate, no pairing.
      const organisation = index.entities[alias.entity].type !== 'person';
      const query = queryOf(alias);
      let got = 0;
      let total = 0;
      for (const w of query) {
        total += weightOf(w, organisation);
        if (shared.has(w.canon)) got += weightOf(w, organisation);
      }
      return WEIGHTS.queryShare * (got / total) + WEIGHTS.listShare * Math.min(1, shared.size / alias.tokens.length);
    },
  );
  const best = new Map<number, { alias: IndexedAlias; result: NameResult; query: NameToken[] }>();
  let scored = 0;
  for (const id of ranked.aliases) {
    const alias = index.aliases[id];
    const organisation = index.entities[alias.entity].type !== 'person';
    const pairsOf = organisation ? pairable.organisation : pairable.person;
    // The pairs this name needs are known before comparing them: the budget is never overrun.
    let pairs = 0;
    for (const word of alias.tokens) pairs += pairsOf(word).length;
    if (scored >= ranked.budget.aliases || work.wordPairs + pairs > ranked.budget.wordPairs) break;
    scored += 1;
    const query = queryOf(alias);
    const result = scoreName(query, alias, organisation, pairsOf, work);
    work.aliasesScored += 1;
    const prev = best.get(alias.entity);
    if (!prev || result.score > prev.result.score) best.set(alias.entity, { alias, result, query });
  }
  TOTALS.names += 1;
  TOTALS.tokensProbed += work.tokensProbed;
  TOTALS.aliasesScored += work.aliasesScored;
  TOTALS.wordPairs += work.wordPairs;
  const candidates: Candidate[] = [];
  for (const [idx, { alias, result, query }] of best) {
    const entity = index.entities[idx];
    const fields = ['name'];
    const reasons = [`name: "${alias.name}"${alias.language ? ` (${alias.language})` : ''} scores ${round(result.score)}`, ...nameReasons(query, alias, result)];
    const score = Math.min(1, Math.max(0, result.score + otherFields(q, entity, fields, reasons)));
    if (score + 1e-9 < threshold) continue;
    candidates.push({ entity, alias, nameScore: round(result.score), score: round(score), matchedFields: fields, reasons });
  }
  candidates.sort((a, b) => b.score - a.score || (a.entity.sortName < b.entity.sortName ? -1 : 1));
  return {
    candidates: candidates.slice(0, limit),
    considered: best.size,
    work,
    ignoredWords: Math.max(asPerson.ignored, asOrg.ignored),
    candidatesLeft: ranked.aliases.length - scored,
  };
}
