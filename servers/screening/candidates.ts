// Which listed names the matcher scores for one query, and the bounds on that work (issue 24: a
// crafted 200-character name of 60 words made one screen compare 1 147 names on every word).
//
// 1. Words considered: the first SCREENING_BOUNDS.queryWords words of the name after folding; the
//    rest are ignored, and the answer says so.
// 2. Similar list words: for each distinct query word, the list's words it is similar to (the word
//    similarity of match.ts), found through the index rather than by comparing it with every word
//    of the list: the same spelling, the same key, a listed initial, and for words of 4 letters or
//    more the words whose key is of about the same length (no other word can be similar).
// 3. Candidates: the listed names holding a similar word of a telling query word, ranked by how
//    much of the query and of the name those shared words cover (cheap, no pairing). Only the best
//    are scored fully, while the names scored and the word pairs compared stay within the
//    absolute bounds and within candidatesPerWord times what the query's most widespread word
//    finds alone: a name of many common words then costs at most a few times a name of one of
//    them, on a list of any size.
import type { IndexedAlias, NameToken, SanctionsIndex } from '../_shared/sanctions-index/index.js';
import { GENERIC_ORG_WORDS, MAX_LISTED_NAME_WORDS, PARTICLES } from '../_shared/sanctions-index/index.js';

export const SCREENING_BOUNDS = {
  /** Words of a screened name compared (real names have up to about 8 once folded). */
  queryWords: 8,
  /** Words of a listed name compared. */
  aliasWords: MAX_LISTED_NAME_WORDS,
  /** Listed names scored fully per screened name, the most promising first. */
  candidates: 1000,
  /** Query word and listed word pairs compared per screened name. */
  wordPairs: 4000,
  /** … and both at most this many times the occurrences in the list of the query's most widespread word, */
  candidatesPerWord: 4,
  /** … or this many, a negligible amount that no name needs to be cut below. */
  alwaysAllowed: 64,
};

/** What one screen did: the numbers bounded above, counted as they are done. */
export interface ScreeningWork {
  /** Words of the list compared with a query word while looking for similar ones. */
  tokensProbed: number;
  /** Listed names scored fully. */
  aliasesScored: number;
  /** Query word and listed word pairs compared while scoring. */
  wordPairs: number;
}

export const noWork = (): ScreeningWork => ({ tokensProbed: 0, aliasesScored: 0, wordPairs: 0 });

type Similar = (q: NameToken, c: NameToken) => unknown;

/** Step 1: the words compared, and how many were left out. */
export function consideredWords(tokens: NameToken[]): { words: NameToken[]; ignored: number } {
  const words = tokens.slice(0, SCREENING_BOUNDS.queryWords);
  return { words, ignored: tokens.length - words.length };
}

/**
 * Step 2: for each distinct canonical query word, the canonical list words similar to it. Exact:
 * the same words as comparing the query word with every word of the list.
 */
export function similarListWords(index: SanctionsIndex, words: NameToken[], similar: Similar, work: ScreeningWork): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const w of words) {
    if (out.has(w.canon)) continue;
    const found = new Set<string>();
    const probed = new Set<string>();
    const probe = (canon: string) => {
      const entry = index.tokens.get(canon);
      if (!entry || probed.has(canon)) return;
      probed.add(canon);
      work.tokensProbed += 1;
      if (similar(w, { raw: canon, canon, key: entry.key })) found.add(canon);
    };
    if (w.canon.length === 1) {
      // An initial is similar to every word with that first letter.
      for (const canon of index.tokensWithPrefix(w.canon)) probe(canon);
    } else {
      probe(w.canon);
      for (const canon of index.tokensByKey.get(w.key) ?? []) probe(canon);
      probe(w.canon[0]);
      if (!/\d/.test(w.canon) && w.key.length > 3) {
        // Similar spellings differ in length by at most a quarter of the longer key.
        const L = w.key.length;
        for (let len = Math.max(4, Math.floor(L * 0.75)); len <= Math.ceil(L / 0.75); len += 1) {
          if (Math.abs(L - len) > Math.max(L, len) * 0.25) continue;
          for (const canon of index.tokensByKeyLength.get(len) ?? []) probe(canon);
        }
      }
    }
    out.set(w.canon, found);
  }
  return out;
}

/** Query words that retrieve names: particles, initials and common organisation words are in thousands of names. */
export function tellingWords(words: NameToken[]): NameToken[] {
  const telling = words.filter((w) => w.canon.length > 1 && !PARTICLES.has(w.canon) && !GENERIC_ORG_WORDS.has(w.canon));
  return telling.length > 0 ? telling : words;
}

export interface Ranked {
  /** Aliases sharing a word with the query, best first. */
  aliases: number[];
  /** Aliases and word pairs this query may score: see `budget`. */
  budget: { aliases: number; wordPairs: number };
}

/**
 * Step 3: the aliases holding a word similar to a telling query word, best first, with the work
 * allowed for them: the absolute bounds, and candidatesPerWord times what the query's most
 * widespread word finds alone (its occurrences in the list, each one alias and one pair).
 * `estimate` scores an alias from the canonical query words it shares (cheap), `keep` filters by type.
 */
export function rankCandidates(
  index: SanctionsIndex,
  telling: NameToken[],
  similarWords: Map<string, Set<string>>,
  keep: (alias: IndexedAlias) => boolean,
  estimate: (alias: IndexedAlias, shared: Set<string>) => number,
): Ranked {
  const shared = new Map<number, Set<string>>();
  let widest = 0;
  for (const canon of new Set(telling.map((w) => w.canon))) {
    let found = 0;
    for (const listed of similarWords.get(canon) ?? []) {
      const aliases = index.tokens.get(listed)?.aliases ?? [];
      found += aliases.length;
      for (const a of aliases) {
        const set = shared.get(a);
        if (set) set.add(canon);
        else shared.set(a, new Set([canon]));
      }
    }
    widest = Math.max(widest, found);
  }
  const ranked: { id: number; est: number; words: number }[] = [];
  for (const [id, words] of shared) {
    const alias = index.aliases[id];
    if (keep(alias)) ranked.push({ id, est: estimate(alias, words), words: alias.tokens.length });
  }
  ranked.sort((a, b) => b.est - a.est || a.words - b.words || a.id - b.id);
  const relative = Math.max(SCREENING_BOUNDS.alwaysAllowed, SCREENING_BOUNDS.candidatesPerWord * widest);
  return {
    aliases: ranked.map((r) => r.id),
    budget: { aliases: Math.min(SCREENING_BOUNDS.candidates, relative), wordPairs: Math.min(SCREENING_BOUNDS.wordPairs, relative) },
  };
}
