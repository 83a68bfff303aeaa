// Words for matching a task against the catalogue: folding (case, diacritics, æ/ø/å), a light
// stemmer for English and the Scandinavian languages, stop words, a small table of domain
// synonyms between Norwegian, Danish, Swedish, Finnish and English, and country words.
import type { Country } from '../../runtime/define.js';

/** Lower case, no diacritics; æ → ae, ø → o, å → a, ß → ss. */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/[øö]/g, 'o')
    .replace(/ß/g, 'ss')
    .replace(/đ/g, 'd')
    .replace(/þ/g, 'th')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');
}

const STOP = new Set(
  'a an the of for in on to and or by with from about all any what which who how is are be me my i want need find get show list give data info information tool tools om og av for med til pa en et ei som er det den de jeg vil finn hent vis alle nar hvor hva fra'.split(' '),
);

/** A crude stem: enough that "bankruptcies" meets "bankruptcy" and "konkurser" meets "konkurs". */
export function stem(token: string): string {
  let out = token;
  for (let i = 0; i < 3; i++) {
    const next = stemOnce(out);
    if (next === out) break;
    out = next;
  }
  return out;
}

function stemOnce(token: string): string {
  if (token.length <= 4) return token;
  for (const [suffix, repl] of [
    ['ies', 'y'],
    ['ene', ''],
    ['ane', ''],
    ['er', ''],
    ['es', ''],
    ['et', ''],
    ['en', ''],
    ['s', ''],
  ] as const) {
    if (token.endsWith(suffix) && token.length - suffix.length >= 4) return token.slice(0, token.length - suffix.length) + repl;
  }
  return token;
}

/** Folded, stemmed words of a text, stop words dropped. */
export function words(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0 && !STOP.has(w))
    .map(stem);
}

/** Groups of words that mean the same for this catalogue (written folded; stemmed on load). */
const SYNONYM_GROUPS: string[][] = [
  ['bankruptcy', 'bankrupt', 'insolvency', 'konkurs', 'konkursbo', 'konkurser', 'bankerot', 'konkurssi'],
  ['company', 'companies', 'business', 'firm', 'entity', 'enterprise', 'organisation', 'organization', 'selskap', 'foretak', 'bedrift', 'firma', 'virksomhet', 'enhet', 'virksomhed', 'foretag', 'bolag', 'yritys', 'fyrirtaeki'],
  ['accounts', 'financial', 'financials', 'annual', 'regnskap', 'arsregnskap', 'regnskab', 'arsredovisning', 'tilinpaatos'],
  ['roles', 'role', 'board', 'director', 'directors', 'ceo', 'roller', 'rolle', 'styre', 'styremedlem', 'leder', 'direktion', 'bestyrelse'],
  ['shareholder', 'shareholders', 'owner', 'owners', 'ownership', 'aksjonaer', 'aksjonaerer', 'aksjeeier', 'eier', 'ejer', 'ejere', 'agare'],
  ['sanction', 'sanctions', 'sanksjon', 'sanksjoner', 'sanktion', 'pakote', 'screening'],
  ['procurement', 'tender', 'tenders', 'notice', 'notices', 'anbud', 'innkjop', 'kunngjoring', 'udbud', 'upphandling', 'hankinta'],
  ['licence', 'license', 'licences', 'licenses', 'permit', 'konsesjon', 'tillatelse', 'supervisor', 'tilsyn'],
  ['shares', 'share', 'aksje', 'aksjer', 'aksjeklasse', 'stock'],
  ['industry', 'nace', 'naering', 'naeringskode', 'bransje', 'branche'],
  ['municipality', 'kommune', 'kommunenummer', 'kommun', 'kunta'],
  ['county', 'fylke', 'region'],
  ['trustee', 'bostyrer'],
  ['statistics', 'statistic', 'statistikk', 'statistik', 'tilasto', 'trend', 'trends'],
  ['sub-unit', 'subunit', 'underenhet', 'branch', 'establishment'],
  ['lookup', 'look', 'oppslag', 'opslag', 'hent', 'details', 'detail'],
  ['search', 'sok', 'soeg', 'hae', 'query'],
  ['orgnr', 'organisasjonsnummer'],
  ['source', 'sources', 'kilde', 'kilder', 'catalogue', 'catalog', 'katalog'],
  ['systembruker', 'systemuser', 'altinn'],
];

const synonymIndex = new Map<string, Set<string>>();
/** A readable word for a stem of the synonym table (`konkur` → `konkurs`), for explanations. */
const readable = new Map<string, string>();
for (const group of SYNONYM_GROUPS) {
  for (const w of group) for (const s of words(w)) if (!readable.has(s)) readable.set(s, w);
  const stems = new Set(group.flatMap((w) => words(w)));
  for (const s of stems) {
    const set = synonymIndex.get(s) ?? new Set<string>();
    for (const t of stems) set.add(t);
    synonymIndex.set(s, set);
  }
}

/** The word of the synonym table a stem came from, or the stem itself. */
export function display(stemmed: string): string {
  return readable.get(stemmed) ?? stemmed;
}

/** Folded words of a text as written (not stemmed), stop words dropped: what a query said. */
export function rawWords(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0 && !STOP.has(w));
}

/** The word itself and its synonyms (stems). */
export function alternatives(word: string): string[] {
  const set = synonymIndex.get(word);
  return set ? [word, ...[...set].filter((w) => w !== word)] : [word];
}

const COUNTRY_WORDS: Record<string, Country> = {};
for (const [country, list] of Object.entries({
  NO: 'norway norwegian norge norsk norske norwegen',
  SE: 'sweden swedish sverige svensk svenska svenske',
  DK: 'denmark danish danmark dansk danske',
  FI: 'finland finnish suomi suomen finsk finske',
  IS: 'iceland icelandic islandsk islenska',
  EU: 'eu europe european europa',
}) as [Country, string][]) {
  for (const w of list.split(' ')) COUNTRY_WORDS[stem(fold(w))] = country;
}

/** The country a word names (`danish` → DK), if any. */
export function countryWord(word: string): Country | undefined {
  return COUNTRY_WORDS[word];
}
