// Bankruptcy estates (konkursbo, organisasjonsform KBO) in Enhetsregisteret: the count and listing
// requests of the bankruptcy statistics, the buckets they are tallied into, and the coverage caveat
// every answer carries. See konkurs-stats.ts for the data source and what is unconfirmed.
import type { ToolContext } from '../../runtime/context.js';
import { embedded, type Enhet, type HalPage } from '../_shared/enhetsregisteret.js';
import { ENHETER_PATH, SEARCH_WINDOW } from './common.js';
import { COUNTIES_2024, countyOf } from './counties.js';
import { labelOf, type Bucket, type Granularity } from './konkurs-periods.js';

const UPSTREAM = 'brreg';
const LIST_PAGE_SIZE = 1000;

type KboPage = HalPage<'enheter', Enhet>;

export interface KboFilter {
  naeringskode?: string;
  kommunenummer?: string;
}

function kboQuery(from: string, to: string, filter: KboFilter) {
  return {
    organisasjonsform: 'KBO',
    fraRegistreringsdatoEnhetsregisteret: from,
    tilRegistreringsdatoEnhetsregisteret: to,
    naeringskode: filter.naeringskode,
    kommunenummer: filter.kommunenummer,
  };
}

/** Estates registered from..to (inclusive): one request, the upstream's exact count. */
export async function countEstates(ctx: ToolContext, from: string, to: string, filter: KboFilter): Promise<number> {
  const page = await ctx.get<KboPage>(UPSTREAM, ENHETER_PATH, { query: { ...kboQuery(from, to, filter), size: 1 } });
  return page.page.totalElements;
}

export interface Listing {
  /** Estates matching, counted by the upstream. */
  total: number;
  /** The estates read (at most 10 000). */
  estates: Enhet[];
  truncated: boolean;
}

/** Estates registered from..to, read in pages of 1000 down to the upstream's depth ((page+1)*size <= 10 000). */
export async function listEstates(ctx: ToolContext, from: string, to: string, filter: KboFilter): Promise<Listing> {
  const query = { ...kboQuery(from, to, filter), size: LIST_PAGE_SIZE, sort: 'organisasjonsnummer,ASC' };
  const first = await ctx.get<KboPage>(UPSTREAM, ENHETER_PATH, { query: { ...query, page: 0 } });
  const total = first.page.totalElements;
  const pages = Math.ceil(Math.min(total, SEARCH_WINDOW) / LIST_PAGE_SIZE);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, pages - 1) }, (_, i) => ctx.get<KboPage>(UPSTREAM, ENHETER_PATH, { query: { ...query, page: i + 1 } })),
  );
  const seen = new Set<string>();
  const estates: Enhet[] = [];
  for (const page of [first, ...rest]) {
    for (const e of embedded(page, 'enheter')) {
      if (seen.has(e.organisasjonsnummer)) continue;
      seen.add(e.organisasjonsnummer);
      estates.push(e);
    }
  }
  return { total, estates, truncated: estates.length < total };
}

// ---- buckets ------------------------------------------------------------------------------------

interface Tally {
  key: string;
  label: string | null;
  count: number;
}

/** Counts per key, descending by count, then by key; entries without a key last. */
export function tally(estates: Enhet[], keyOf: (e: Enhet) => { key: string; label: string | null } | null): { known: Tally[]; unknown: number } {
  const counts = new Map<string, Tally>();
  let unknown = 0;
  for (const e of estates) {
    const k = keyOf(e);
    if (!k) {
      unknown += 1;
      continue;
    }
    const t = counts.get(k.key) ?? { key: k.key, label: k.label, count: 0 };
    t.count += 1;
    counts.set(k.key, t);
  }
  const known = [...counts.values()].sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { known, unknown };
}

export function countyCounts(estates: Enhet[]) {
  const known = new Map(Object.entries(COUNTIES_2024).map(([nr, fylke]) => [nr, { fylkesnummer: nr as string | null, fylke, count: 0 }]));
  const unknown = new Map<string, { fylkesnummer: string | null; fylke: string; count: number }>();
  for (const e of estates) {
    const c = countyOf(e.forretningsadresse?.kommunenummer);
    const row = c.fylkesnummer ? known.get(c.fylkesnummer)! : (unknown.get(c.fylke) ?? { ...c, count: 0 });
    row.count += 1;
    if (!c.fylkesnummer) unknown.set(c.fylke, row);
  }
  const sorted = [...known.values()].sort((a, b) => b.count - a.count || a.fylkesnummer!.localeCompare(b.fylkesnummer!));
  return [...sorted, ...[...unknown.values()].sort((a, b) => b.count - a.count)];
}

export function industryCounts(estates: Enhet[]) {
  const { known, unknown } = tally(estates, (e) => (e.naeringskode1 ? { key: e.naeringskode1.kode, label: e.naeringskode1.beskrivelse } : null));
  const rows = known.map((t) => ({ naeringskode: t.key as string | null, beskrivelse: t.label, count: t.count }));
  if (unknown > 0) rows.push({ naeringskode: null, beskrivelse: 'unknown (no industry code)', count: unknown });
  return rows;
}

export function municipalityCounts(estates: Enhet[]) {
  const { known, unknown } = tally(estates, (e) => {
    const a = e.forretningsadresse;
    return a?.kommunenummer ? { key: a.kommunenummer, label: a.kommune ?? null } : null;
  });
  const rows = known.map((t) => ({ kommunenummer: t.key as string | null, kommune: t.label, count: t.count }));
  if (unknown > 0) rows.push({ kommunenummer: null, kommune: 'unknown (no business address municipality)', count: unknown });
  return rows;
}

/** Gap-filled series: every period present, zero where no estate was registered. */
export function seriesFromListing(estates: Enhet[], buckets: Bucket[], granularity: Granularity): number[] {
  const index = new Map(buckets.map((b, i) => [b.period, i]));
  const counts = buckets.map(() => 0);
  for (const e of estates) {
    const date = e.registreringsdatoEnhetsregisteret;
    const i = date ? index.get(labelOf(date, granularity)) : undefined;
    if (i !== undefined) counts[i] += 1;
  }
  return counts;
}

// ---- coverage -----------------------------------------------------------------------------------

const BASIS =
  'Bankruptcy estates (konkursbo, organisasjonsform KBO) registered in Enhetsregisteret in the period: one estate per opened bankruptcy, registered a few days after the court opens it.';
const DELETION =
  'Estates are deleted from Enhetsregisteret when they are wound up, so periods that begin more than about two years before today are undercounted, the more the further back they lie. Compare recent periods with each other, not with older ones.';

/** The date about two years back from which the register still holds (nearly) every estate. */
export function completeFrom(now: string): string {
  const md = now.slice(5) === '02-29' ? '02-28' : now.slice(5);
  return `${Number(now.slice(0, 4)) - 2}-${md}`;
}

export function kboCoverage(from: string, now: string) {
  const complete = completeFrom(now);
  return { basis: BASIS, completeFrom: complete, undercounted: from < complete, caveat: DELETION };
}

/** total (exact), counted (estates read and bucketed) and truncated, as every listing answer gives them. */
export function summary(l: Listing) {
  return { total: l.total, counted: l.estates.length, truncated: l.truncated };
}

export function truncationNote(l: Listing): string | null {
  if (!l.truncated) return null;
  const why = l.total > SEARCH_WINDOW ? `the upstream lists at most ${SEARCH_WINDOW} hits of a search` : 'the register changed while the pages were read';
  return `Only ${l.estates.length} of ${l.total} estates could be read (${why}); the distributions cover those, so every bucket may be too low. Narrow the period or add a filter.`;
}
