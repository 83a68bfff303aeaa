// The in-memory index of the EU consolidated financial sanctions list, shared by the sanksjoner
// server (search, lookup) and the screening platform server, which import it from here and never
// from each other (DESIGN.md: servers do not depend on servers).
//
// Lifecycle: the list is a FileIndex (runtime/file-index.ts): loaded on first use, shared by every
// caller in the process, refreshed in the background after six hours (a conditional request), the
// last good copy kept when a refresh fails, with a backoff before the next download.
import { createHash } from 'node:crypto';
import type { ToolContext } from '../../../runtime/context.js';
import { FileIndex, type Freshness as IndexFreshness } from '../../../runtime/file-index.js';
import { LEGAL_FORMS, fold, nameTokens, normaliseIdentifier, type NameToken } from './names.js';
import { parseFsfExport, type FsfEntity, type FsfExport } from './parse.js';

export * from './names.js';
export type * from './parse.js';
export { parseFsfExport } from './parse.js';

export const FSF_UPSTREAM = 'eu-fsf';
export const FSF_DEFAULT_BASE = 'https://webgate.ec.europa.eu/fsd/fsf';
export const FSF_PATH = '/public/files/xmlFullSanctionsList_1_1/content';
/** Public download token of the FSF site ("token-2017" in base64; UPSTREAMS.md A11). */
export const FSF_TOKEN = 'dG9rZW4tMjAxNw';
export const FSF_LIST_URL = `${FSF_DEFAULT_BASE}${FSF_PATH}?token=${FSF_TOKEN}`;

/** The register's name in answers (as the upstream catalogue names it for provenance). */
export const FSF_REGISTER = 'EU Financial Sanctions Files (consolidated list)';

export const REFRESH_AFTER_MS = 6 * 3600_000;

/** Words of one listed name that are indexed and compared: far more than any real name has, a bound for a broken file. */
export const MAX_LISTED_NAME_WORDS = 24;
export { MAX_RETRY_AFTER_FAILURE_MS, RETRY_AFTER_FAILURE_MS, retryAfterFailures } from '../../../runtime/file-index.js';

export type EntityType = 'person' | 'organisation' | 'vessel';

export interface IndexedAlias {
  entity: number;
  name: string;
  language: string | null;
  strong: boolean;
  tokens: NameToken[];
  /** Positions of surname tokens (persons): from lastName, or the upper-case words of the name. */
  surname: number[];
}

export interface IndexedEntity {
  record: FsfEntity;
  type: EntityType;
  /** Primary name: the first strong alias in the regulation language, else the first alias. */
  name: string;
  programmes: string[];
  /** Birth years with their tolerance (circa or a range widens it). */
  years: { from: number; to: number }[];
  birthDates: string[];
  countries: Set<string>;
  sortName: string;
}

export interface IndexedToken {
  key: string;
  aliases: number[];
}

function primaryAlias(e: FsfEntity) {
  return (
    e.nameAliases.find((a) => a.strong && !a.nameLanguage && a.wholeName) ??
    e.nameAliases.find((a) => a.strong && (a.nameLanguage === 'EN' || a.nameLanguage === 'en') && a.wholeName) ??
    e.nameAliases.find((a) => a.wholeName)
  );
}

/**
 * Vessels are not a subject type of the export: they are listed as enterprises with an IMO
 * identification. IMO company numbers exist too (a ship manager's), so an enterprise whose name
 * carries a company legal form is an organisation even with an IMO number.
 */
function entityType(e: FsfEntity, name: string): EntityType {
  if (e.subjectType.code === 'person' || e.subjectType.classificationCode === 'P') return 'person';
  const hasImo = e.identifications.some((i) => i.identificationTypeCode?.toLowerCase() === 'imo');
  if (!hasImo) return 'organisation';
  const words = fold(name).split(' ');
  return words.some((w) => LEGAL_FORMS.has(w) && w.length > 2) ? 'organisation' : 'vessel';
}

/** Token positions of the surname: the lastName attribute, else words written in capitals. */
function surnamePositions(tokens: NameToken[], wholeName: string, lastName: string | null): number[] {
  if (tokens.length < 2) return [];
  const want = new Set(lastName ? fold(lastName).split(' ') : []);
  if (want.size === 0) {
    const words = wholeName.split(/[\s\-‐]+/).filter((w) => /\p{L}/u.test(w));
    const upper = words.filter((w) => w === w.toUpperCase() && w !== w.toLowerCase() && w.replace(/[^\p{L}]/gu, '').length > 1);
    if (upper.length > 0 && upper.length < words.length) for (const w of upper) for (const part of fold(w).split(' ')) want.add(part);
  }
  const positions = tokens.map((t, i) => (want.has(t.raw) ? i : -1)).filter((i) => i >= 0);
  return positions;
}

export class SanctionsIndex {
  readonly entities: IndexedEntity[] = [];
  readonly aliases: IndexedAlias[] = [];
  readonly tokens = new Map<string, IndexedToken>();
  /** Canonical tokens per phonetic key (Lawrow and Lavrov meet here). */
  readonly tokensByKey = new Map<string, string[]>();
  /** Canonical tokens per length of their key: a misspelt word is looked for among words of about its length only. */
  readonly tokensByKeyLength = new Map<number, string[]>();
  /** Canonical tokens in order, for prefix look-ups. */
  sortedTokens: string[] = [];
  private readonly byLogicalId = new Map<string, number>();
  private readonly byReference = new Map<string, number>();
  readonly byIdentifier = new Map<string, number[]>();
  version = '';

  /** Indexes every entity at once (tests, small lists); `build` does the same without blocking. */
  constructor(
    readonly source: FsfExport,
    mode: 'now' | 'deferred' = 'now',
  ) {
    if (mode === 'now') {
      for (const record of source.entities) this.add(record);
      this.finish();
    }
  }

  /** Indexes a full list in slices, yielding to the event loop so requests keep being served. */
  static async build(source: FsfExport): Promise<SanctionsIndex> {
    const index = new SanctionsIndex(source, 'deferred');
    let n = 0;
    for (const record of source.entities) {
      index.add(record);
      n += 1;
      if (n % 250 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    index.finish();
    return index;
  }

  private add(record: FsfEntity): void {
    const primary = primaryAlias(record);
    const name = primary?.wholeName ?? record.euReferenceNumber ?? record.logicalId;
    const type = entityType(record, name);
    const idx = this.entities.length;
    const years: { from: number; to: number }[] = [];
    const birthDates: string[] = [];
    for (const b of record.birthdates) {
      if (b.birthdate) birthDates.push(b.birthdate);
      const y = b.year ?? (b.birthdate ? Number(b.birthdate.slice(0, 4)) : null);
      if (y) years.push(b.circa ? { from: y - 2, to: y + 2 } : { from: y, to: y });
      else if (b.yearRangeFrom && b.yearRangeTo) years.push({ from: b.yearRangeFrom, to: b.yearRangeTo });
    }
    const countries = new Set<string>();
    for (const c of [...record.citizenships, ...record.birthdates, ...record.addresses]) if (c.countryIso2Code) countries.add(c.countryIso2Code.toUpperCase());
    this.entities.push({
      record,
      type,
      name,
      programmes: [...new Set(record.regulations.map((r) => r.programme).filter((p): p is string => !!p))],
      years,
      birthDates: [...new Set(birthDates)],
      countries,
      sortName: fold(name),
    });
    if (record.logicalId) this.byLogicalId.set(record.logicalId, idx);
    if (record.euReferenceNumber) this.byReference.set(record.euReferenceNumber.toUpperCase(), idx);
    for (const id of record.identifications) {
      for (const n of [id.number, id.latinNumber]) {
        if (!n) continue;
        const key = normaliseIdentifier(n);
        if (key.length < 4) continue;
        const list = this.byIdentifier.get(key) ?? [];
        if (!list.includes(idx)) list.push(idx);
        this.byIdentifier.set(key, list);
      }
    }
    const seen = new Set<string>();
    // The primary name first, so that spellings folding to the same tokens keep its form.
    for (const alias of [...(primary ? [primary] : []), ...record.nameAliases.filter((a) => a !== primary)]) {
      const whole = alias.wholeName ?? [alias.firstName, alias.middleName, alias.lastName].filter(Boolean).join(' ');
      if (!whole) continue;
      // A listed name longer than any real one keeps its first words (each is paired with the query's).
      const tokens = nameTokens(whole, type === 'person' ? 'person' : 'organisation').slice(0, MAX_LISTED_NAME_WORDS);
      const signature = tokens.map((t) => t.canon).join(' ');
      if (tokens.length === 0 || seen.has(signature)) continue;
      seen.add(signature);
      const aliasIdx = this.aliases.length;
      this.aliases.push({
        entity: idx,
        name: whole,
        language: alias.nameLanguage,
        strong: alias.strong,
        tokens,
        surname: type === 'person' ? surnamePositions(tokens, whole, alias.lastName) : [],
      });
      for (const t of new Set(tokens.map((x) => x.canon))) {
        const entry = this.tokens.get(t) ?? { key: tokens.find((x) => x.canon === t)!.key, aliases: [] };
        entry.aliases.push(aliasIdx);
        this.tokens.set(t, entry);
      }
    }
  }

  private finish(): void {
    this.sortedTokens = [...this.tokens.keys()].sort();
    for (const [canon, entry] of this.tokens) {
      const list = this.tokensByKey.get(entry.key) ?? [];
      list.push(canon);
      this.tokensByKey.set(entry.key, list);
      const sameLength = this.tokensByKeyLength.get(entry.key.length) ?? [];
      sameLength.push(canon);
      this.tokensByKeyLength.set(entry.key.length, sameLength);
    }
    this.version = createHash('sha256')
      .update(`${this.source.globalFileId}|${this.source.generationDate}|${this.source.entities.length}|${this.aliases.length}`)
      .digest('base64url')
      .slice(0, 10);
  }

  /** By logicalId (digits) or EU reference number (EU.27.28), case-insensitive. */
  find(entityId: string): IndexedEntity | undefined {
    const id = entityId.trim();
    const idx = this.byLogicalId.get(id) ?? this.byReference.get(id.toUpperCase());
    return idx === undefined ? undefined : this.entities[idx];
  }

  /** Canonical tokens that start with `prefix` (binary search in the sorted token list). */
  tokensWithPrefix(prefix: string): string[] {
    const list = this.sortedTokens;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < list.length && list[i].startsWith(prefix); i += 1) out.push(list[i]);
    return out;
  }

  programmeCounts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const e of this.entities) for (const p of e.programmes) counts[p] = (counts[p] ?? 0) + 1;
    return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : 1)));
  }
}

// --- The shared store (runtime/file-index.ts) ---------------------------------------------------

/** The list, loaded once per address and refreshed in the background every six hours. */
const FSF_LIST = new FileIndex<FsfExport, SanctionsIndex>({
  title: 'the EU sanctions list',
  register: FSF_REGISTER,
  withoutIt: 'nothing can be searched or screened',
  upstream: FSF_UPSTREAM,
  path: FSF_PATH,
  query: { token: FSF_TOKEN },
  // Read in a worker (parse.worker.ts). The list has some 6 000 entities of a few dozen elements
  // each; ten times that is refused before the parse.
  decodeOffThread: { worker: 'servers/_shared/sanctions-index/parse.worker.ts', caps: { elements: 2_000_000 } },
  build: (list) => SanctionsIndex.build(list),
  refreshAfterMs: REFRESH_AFTER_MS,
  describe: (index) => ({
    generationDate: index.source.generationDate,
    globalFileId: index.source.globalFileId,
    version: index.version,
    entityCount: index.entities.length,
  }),
});

/** What answers say of the list's freshness: the file index's, with the list's own date, version and size. */
export interface Freshness extends IndexFreshness {
  generationDate: string | null;
  globalFileId: string | null;
  version: string;
  entityCount: number;
}

export interface LoadedIndex {
  index: SanctionsIndex;
  freshness: Freshness;
}

/**
 * The current index of the list at this service's address for it, loading it on first use and
 * refreshing it in the background when it is older than six hours.
 */
export async function loadSanctionsIndex(ctx: ToolContext): Promise<LoadedIndex> {
  const { index, freshness } = await FSF_LIST.load(ctx);
  return { index, freshness: freshness as Freshness };
}

/** What is known about the list without loading it (lister.list, screening.about). */
export function sanctionsIndexState(
  ctx: ToolContext,
): { loaded: false; lastRefreshError: Freshness['lastRefreshError']; nextRefreshAttemptAt: string | null } | ({ loaded: true } & Freshness) {
  return FSF_LIST.state(ctx) as ReturnType<typeof sanctionsIndexState>;
}

/** Tests: waits for background refreshes to finish. */
export async function settleSanctionsRefreshes(): Promise<void> {
  await FSF_LIST.settle();
}

/** Tests: forgets every index. */
export function resetSanctionsIndexes(): void {
  FSF_LIST.reset();
}
