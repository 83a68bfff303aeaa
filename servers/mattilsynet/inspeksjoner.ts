// mattilsynet.inspeksjoner.sok: the smilefjes inspections, filtered and paged from the in-memory
// index of Mattilsynet's open file (smilefjes.ts); no call downloads anything.
// Matching: q of four digits is a postcode (exact); any other q is a part of the place's name or
// of its postal town, case-insensitive. postnummer is an exact postcode and cannot be combined
// with q (spec 4.6). karakter filters on the total grade: 0-3 or its name (0 excellent, 1 good,
// 2 fair, 3 poor: the smilefjes scale, 0 best), `unknown` for inspections without a total grade.
// Order: newest inspection first. Paging: `antall` rows per page, `side` 0-based; `pages` and
// `total` count every match.
import { z } from 'zod';
import { defineTool, type Coverage } from '../../runtime/define.js';
import { int, page } from '../../runtime/fields.js';
import { note, optStr, sourceRef } from '../../runtime/output.js';
import { DATASET_URL, RATINGS, REGISTER, fold, loadTilsyn, type Inspection, type Rating } from './smilefjes.js';
import { quoted } from '../../runtime/validation.js';

export const coverage = (dataTypes: string[]): Coverage => ({ geography: ['NO'], dataTypes, updateFrequency: 'daily' });
export const HOUR = 3600;

const KARAKTERER = ['0', '1', '2', '3', 'excellent', 'good', 'fair', 'poor', 'unknown'] as const;

/** `karakter` as a grade name: digits are the grade, names stand as they are. */
const ratingOf = (karakter: (typeof KARAKTERER)[number]): Rating => (/^\d$/.test(karakter) ? RATINGS[Number(karakter)] : (karakter as Rating));

const inspection = z.object({
  tilsynid: z.string(),
  tilsynsobjektid: z.string().describe("Mattilsynet's id of the inspected place; the same for all its inspections."),
  navn: z.string(),
  orgnummer: optStr(),
  adresse: optStr(),
  postnummer: optStr(),
  poststed: optStr(),
  dato: optStr().describe('Date of the inspection, YYYY-MM-DD.'),
  score: z.number().int().nullable().describe('Total grade 0-3, 0 best; null when the inspection has none.'),
  scoreRaw: z.string().describe('The total grade as the file writes it.'),
  karakter: z.enum([...RATINGS, 'unknown']),
  smilefjes: z.enum(['smil', 'strekmunn', 'surmunn']).nullable(),
  tilsynsbesoektype: optStr().describe('Kind of visit, as the file codes it.'),
  temaer: z.array(z.object({ tema: z.string(), karakter: z.string() })).describe('Grade per theme: 0-3, 4 not assessed, 5 not relevant.'),
});

const refreshError = z.object({ at: z.string(), code: z.string(), message: z.string() }).nullable();

/** The index's freshness (runtime/file-index.ts) with the file's own facts. */
const fileOutput = z.object({
  source: sourceRef,
  inspeksjoner: z.number().int(),
  nyesteTilsyn: optStr(),
  loadedAt: z.string(),
  ageSeconds: z.number().int(),
  refreshAfterSeconds: z.number().int(),
  stale: z.boolean(),
  refreshing: z.boolean(),
  lastRefreshError: refreshError,
  nextRefreshAttemptAt: optStr(),
});

function matches(q: string | undefined, postnummer: string | undefined, rating: Rating | undefined) {
  const postcode = postnummer ?? (q !== undefined && /^\d{4}$/.test(q.trim()) ? q.trim() : undefined);
  const text = postcode === undefined && q !== undefined ? fold(q) : undefined;
  return (row: Inspection, name: string, place: string) =>
    (postcode === undefined || row.postnummer === postcode) &&
    (text === undefined || name.includes(text) || place.includes(text)) &&
    (rating === undefined || row.karakter === rating);
}

export const inspeksjonerSok = defineTool({
  name: 'inspeksjoner.sok',
  title: 'Search food-safety inspections (smilefjes)',
  description:
    "Mattilsynet's smilefjes inspections of restaurants, cafés and other food-serving places in Norway since 2016, from its open data file (refreshed daily): per inspection the place's name, organisation number, address, date, total grade (score 0-3, 0 best, with scoreRaw as published, the grade name and the face: smil for 0-1, strekmunn 2, surmunn 3) and the grade per theme. Newest first. Filter by q (part of the place's name or postal town, or a 4-digit postcode) or by postnummer, not both; karakter 0-3 or excellent, good, fair, poor, unknown. antall 1-100 per page, side from 0; pages and total count all matches. An empty list means no inspection matches. Use it to check a restaurant's hygiene record.",
  input: {
    q: z.string().min(1).describe('Part of the name of the place or of its postal town, or a 4-digit postcode.').optional(),
    postnummer: z.string().regex(/^\d{4}$/, { error: (iss) => `must be exactly 4 digits (got ${quoted(iss.input)})` }).describe('Postcode, 4 digits, for example 0162.').optional(),
    karakter: z.enum(KARAKTERER).describe('Total grade: 0-3 or excellent (0), good (1), fair (2), poor (3); unknown for inspections without one.').optional(),
    antall: int({ min: 1, max: 100, default: 20, description: 'Inspections per page.' }),
    side: page('Page, 0-based.'),
  },
  refine: (input, issues) => {
    if (input.q !== undefined && input.postnummer !== undefined) {
      issues.add('q and postnummer cannot be combined: give q (name, place or postcode) or postnummer (4 digits), not both');
    }
  },
  output: z.object({
    filter: z.object({ q: optStr(), postnummer: optStr(), karakter: z.enum([...RATINGS, 'unknown']).nullable() }),
    total: z.number().int(),
    pages: z.number().int(),
    side: z.number().int(),
    antall: z.number().int(),
    hasMore: z.boolean(),
    inspeksjoner: z.array(inspection),
    note,
    fil: fileOutput,
    kilde: sourceRef,
  }),
  coverage: coverage(['food-safety-inspection', 'restaurant']),
  cacheTtlSeconds: HOUR,
  route: '/inspeksjoner',
  example: { q: 'fjord', antall: 5 },
  run: async ({ q, postnummer, karakter, antall, side }, ctx) => {
    const { index, freshness } = await loadTilsyn(ctx);
    const rating = karakter === undefined ? undefined : ratingOf(karakter);
    const keep = matches(q, postnummer, rating);
    const hits: Inspection[] = [];
    index.rows.forEach((row, i) => {
      if (keep(row, index.names[i], index.places[i])) hits.push(row);
    });
    const start = side * antall;
    const rows = hits.slice(start, start + antall);
    const pages = Math.ceil(hits.length / antall);
    return {
      filter: { q: q ?? null, postnummer: postnummer ?? null, karakter: rating ?? null },
      total: hits.length,
      pages,
      side,
      antall,
      hasMore: start + rows.length < hits.length,
      inspeksjoner: rows,
      ...(rows.length === 0 && {
        note: hits.length > 0 ? `Page ${side} is past the last page (${pages} pages of ${antall}).` : 'No inspection in Mattilsynet\'s smilefjes file matches these filters.',
      }),
      fil: freshness,
      kilde: { register: REGISTER, url: DATASET_URL },
    };
  },
});
