// Name normalisation shared by the sanctions index (sanksjoner) and the screening matcher
// (screening). Everything here is deterministic and table-driven, so a match can always be
// explained: a name is folded to lower-case ASCII, split into tokens, each token is mapped to a
// canonical spelling (a small table of transliteration variants) and to a phonetic-ish key.
//
// Steps of fold():
//   1. Latin letters that Unicode does not decompose: ø→o, æ→ae, œ→oe, ß→ss, đ/ð→d, þ→th, ł→l, ı→i.
//   2. Cyrillic (Russian, Ukrainian, Belarusian, Bulgarian) and Greek letters → Latin
//      (a simplified BGN/PCGN-style table), because the EU list carries names in every EU language.
//   3. NFD, then combining marks dropped: ö→o, é→e, č→c, å→a, ñ→n.
//   4. Apostrophes dropped (Ma'ruf → maruf); every other non-letter/digit is a word break, so
//      "Al-Assad" → "al assad".
// Scripts without a table here (Arabic, Chinese, Korean…) fold to nothing; the list gives every
// such name a Latin alias too.

const SPECIAL_LATIN: Record<string, string> = {
  ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', đ: 'd', ð: 'd', þ: 'th', ł: 'l', ı: 'i', ħ: 'h', ŋ: 'ng', ĸ: 'k',
};

const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', ґ: 'g', д: 'd', е: 'e', ё: 'e', є: 'ye', ж: 'zh', з: 'z', и: 'i', і: 'i', ї: 'yi',
  й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ў: 'u', ф: 'f', х: 'kh',
  ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

const GREEK: Record<string, string> = {
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm', µ: 'm', ν: 'n',
  ξ: 'x', ο: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps', ω: 'o',
};

const LETTER_MAP: Record<string, string> = { ...SPECIAL_LATIN, ...CYRILLIC, ...GREEK };

/** Lower-case ASCII words separated by single spaces (see the header for the steps). */
export function fold(text: string): string {
  let out = text.toLowerCase();
  if (!/^[\x00-\x7f]*$/.test(out)) {
    // NFD first takes accents off Greek and Cyrillic (й → и + breve) so the tables stay small.
    let mapped = '';
    for (const ch of out.normalize('NFD')) mapped += LETTER_MAP[ch] ?? ch;
    out = mapped;
  }
  return out
    .replace(/\p{M}+/gu, '')
    .replace(/['’ʼ`´‘]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * Transliteration variants: every spelling on the left reads as the canonical one. Kept small and
 * documented on purpose (screening.about publishes it); the phonetic key covers the rest.
 */
export const VARIANTS: Record<string, string[]> = {
  muhammad: ['mohammed', 'mohammad', 'muhammed', 'mohamed', 'mohamad', 'muhamad', 'mohamud', 'mahomed', 'mouhamed', 'mohammod', 'muhammet', 'mehmet'],
  ahmad: ['ahmed', 'ahmet'],
  aleksandr: ['alexander', 'aleksander', 'alexandr', 'aleksandar', 'oleksandr', 'aliaksandr', 'alyaksandr', 'alexandre', 'aleksandre'],
  aleksei: ['alexei', 'alexey', 'aleksey', 'aleksej', 'alexej', 'oleksiy', 'oleksii', 'aliaksei'],
  sergei: ['sergey', 'serguei', 'sergej', 'serhiy', 'serhii', 'sergiy', 'sergii', 'siarhei'],
  evgeni: ['yevgeny', 'yevgeniy', 'evgeny', 'evgeniy', 'evgenii', 'yevgenii', 'jevgenij', 'evgenij', 'yevhen', 'ievgen'],
  dmitri: ['dmitry', 'dmitriy', 'dmitrii', 'dmytro', 'dimitri', 'dimitry', 'dmitrij', 'dzmitry'],
  yuri: ['yury', 'yuriy', 'yurii', 'iurii', 'jurij', 'juri', 'yurij'],
  andrei: ['andrey', 'andriy', 'andrii', 'andrej', 'andrzej'],
  nikolai: ['nikolay', 'mykola', 'nicolai', 'nikolaj', 'mikalai'],
  mikhail: ['mikhayil', 'mykhailo', 'michail', 'mihail', 'mikhael', 'michael'],
  vladimir: ['volodymyr', 'wladimir', 'uladzimir', 'vladimer'],
  viktor: ['victor', 'wiktor'],
  igor: ['ihor'],
  petr: ['pyotr', 'piotr', 'petro', 'pjotr'],
  yusuf: ['yousef', 'youssef', 'yousuf', 'yussuf', 'yusef', 'jusuf', 'youcef'],
  husayn: ['hussein', 'husain', 'hussain', 'husein', 'hosein', 'hossein', 'houssein', 'huseyin'],
  hasan: ['hassan', 'hasen'],
  abdul: ['abdel', 'abdal', 'abdoul', 'abdu'],
  abdullah: ['abdallah', 'abdulla', 'abdellah', 'abdollah'],
  usama: ['osama', 'oussama'],
  umar: ['omar', 'omer'],
  khalid: ['khaled', 'chalid', 'halid'],
  mahmud: ['mahmoud', 'mahmood', 'mahmut'],
  mustafa: ['mostafa', 'moustafa', 'mustapha', 'mostapha'],
  ibrahim: ['ebrahim', 'ibrahem', 'brahim'],
  qasim: ['qasem', 'qassem', 'kassem', 'kasim', 'qassim', 'ghasem'],
  tariq: ['tarek', 'tarik', 'tareq', 'tarik'],
  ramzan: ['ramazan'],
  gennadi: ['gennady', 'gennadiy', 'gennadii', 'hennadiy', 'hennadii'],
  grigori: ['grigory', 'grigoriy', 'grigorii', 'hryhoriy', 'ryhor'],
  konstantin: ['kostiantyn', 'konstantyn', 'constantin'],
  pavel: ['pavlo', 'pawel'],
  valeri: ['valery', 'valeriy', 'valerii'],
  anatoli: ['anatoly', 'anatoliy', 'anatolii'],
  arkadi: ['arkady', 'arkadiy', 'arkadii'],
  vitali: ['vitaly', 'vitaliy', 'vitalii'],
  vyacheslav: ['viacheslav', 'wjatscheslaw'],
  yakov: ['iakov', 'jakov', 'yakiv'],
  bashar: ['bachar', 'baschar'],
  assad: ['asad'],
};

const CANONICAL = new Map<string, string>();
for (const [canon, spellings] of Object.entries(VARIANTS)) for (const s of spellings) CANONICAL.set(s, canon);

/**
 * Russian patronymics and surnames as other languages write them: -ovitch (FR), -ovitj (SV),
 * -owitsch (DE), -ovič/-ović (CS, HR, after folding -ovic) all read as -ovich.
 */
const SUFFIXES: [RegExp, string][] = [
  [/(o|e)(?:vitch|vitj|witsch|vic|wicz)$/, '$1vich'],
  [/(o|e)(?:ff|w)$/, '$1v'],
];

/** The canonical spelling of one folded token. */
export function canonical(token: string): string {
  const known = CANONICAL.get(token);
  if (known) return known;
  if (token.length > 5) {
    for (const [re, to] of SUFFIXES) {
      if (re.test(token)) return token.replace(re, to);
    }
  }
  return token;
}

/**
 * A phonetic-ish key: spellings that sound alike in the usual romanisations collapse to one
 * string (sch/sh, w/v, ph/f, c/k/s, q/k, kh/h, j/y, ou/u, y/i, doubled letters), so
 * Shoigu/Schoigu, Lavrov/Lawrow and Yusuf/Jusuf meet. Used for comparison, never shown as a name.
 */
export function phoneticKey(token: string): string {
  if (/\d/.test(token)) return token;
  return token
    .replace(/tsch/g, 'ch')
    .replace(/sch/g, 'sh')
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    .replace(/q/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/w/g, 'v')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/c(?!h)/g, 'k')
    .replace(/kh/g, 'h')
    .replace(/gh/g, 'g')
    .replace(/th/g, 't')
    .replace(/dh/g, 'd')
    .replace(/dzh|dj/g, 'j')
    .replace(/j/g, 'y')
    .replace(/ae/g, 'a')
    .replace(/oe/g, 'o')
    .replace(/ue/g, 'u')
    .replace(/ou|oo/g, 'u')
    .replace(/y/g, 'i')
    .replace(/ee|ie/g, 'i')
    .replace(/(.)\1+/g, '$1');
}

/** Honorifics that say nothing about who a person is. */
export const PERSON_NOISE = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'prof', 'sir', 'madam']);

/** Particles that belong to a name but carry little weight: "al", "bin", "van", "de"… */
export const PARTICLES = new Set(['al', 'el', 'bin', 'ibn', 'ben', 'bint', 'abu', 'de', 'del', 'della', 'da', 'di', 'do', 'dos', 'van', 'von', 'der', 'den', 'la', 'le', 'y']);

/** Company legal forms and filler words in English, Russian (romanised) and Nordic usage: ignored. */
export const LEGAL_FORMS = new Set([
  'llc', 'ltd', 'limited', 'co', 'company', 'corp', 'corporation', 'inc', 'incorporated', 'plc', 'gmbh', 'ag', 'sa', 'sas',
  'sarl', 'srl', 'spa', 'bv', 'nv', 'as', 'asa', 'ab', 'oy', 'oyj', 'aps', 'ehf', 'hf', 'jsc', 'ojsc', 'cjsc', 'pjsc', 'oao',
  'zao', 'pao', 'ooo', 'ao', 'tov', 'fzco', 'fze', 'llp', 'lp', 'joint', 'stock', 'public', 'open', 'closed', 'private',
  'the', 'of', 'and', 'obshchestvo', 'ogranichennoy', 'ogranichennoi', 'otvetstvennostyu', 'aktsionernoe', 'publichnoe',
  'otkrytoe', 'zakrytoe', 'obshchestvom',
]);

/** Words common to many organisation names: they count, but little. */
export const GENERIC_ORG_WORDS = new Set([
  'bank', 'group', 'holding', 'holdings', 'trading', 'international', 'industries', 'industry', 'enterprise', 'enterprises',
  'commercial', 'national', 'state', 'central', 'general', 'services', 'service', 'shipping', 'maritime', 'management',
  'development', 'investment', 'investments', 'oil', 'gas', 'energy', 'trade', 'foreign', 'united', 'islamic', 'front',
]);

export interface NameToken {
  /** Folded spelling as written. */
  raw: string;
  /** Canonical spelling (variant table, patronymic endings). */
  canon: string;
  /** Phonetic-ish key of the canonical spelling. */
  key: string;
}

const TOKEN_CACHE = new Map<string, NameToken>();
const TOKEN_CACHE_MAX = 200_000;

/** One word with its canonical spelling and key (remembered: the list repeats its words a lot). */
export function token(raw: string): NameToken {
  let t = TOKEN_CACHE.get(raw);
  if (!t) {
    const canon = canonical(raw);
    t = Object.freeze({ raw, canon, key: phoneticKey(canon) });
    if (TOKEN_CACHE.size >= TOKEN_CACHE_MAX) TOKEN_CACHE.clear();
    TOKEN_CACHE.set(raw, t);
  }
  return t;
}

/** Folded tokens of a name; organisation names lose their legal forms. */
export function nameTokens(name: string, kind: 'person' | 'organisation' = 'person'): NameToken[] {
  const words = fold(name).split(' ').filter(Boolean);
  const drop = kind === 'person' ? PERSON_NOISE : LEGAL_FORMS;
  const kept = words.filter((w) => !drop.has(w));
  return (kept.length > 0 ? kept : words).map(token);
}

/** Normalised identifier: upper case, letters and digits only ("IMO 9562233" → "9562233"). */
export function normaliseIdentifier(value: string): string {
  return value
    .toUpperCase()
    .replace(/^IMO\s*/, '')
    .replace(/[^A-Z0-9]/g, '');
}

/** Restricted Damerau-Levenshtein (optimal string alignment) distance. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const n = a.length;
  const m = b.length;
  if (n === 0) return m;
  if (m === 0) return n;
  let prev2 = new Array<number>(m + 1).fill(0);
  let prev = Array.from({ length: m + 1 }, (_, j) => j);
  let cur = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i += 1) {
    cur[0] = i;
    for (let j = 1; j <= m; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[m];
}

/** 1 − distance / longer length: 1 for equal strings, 0 for nothing in common. */
export function similarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - editDistance(a, b) / longer;
}
