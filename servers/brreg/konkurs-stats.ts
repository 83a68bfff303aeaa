// Bankruptcy statistics: konkurs.by_county, konkurs.industry_breakdown, konkurs.monthly,
// konkurs.trend (shared by the brreg and brreg-konkurs servers) and statistikk.konkurser.
//
// Data source (decided): the bankruptcies opened in a period are the bankruptcy estates registered in
// Enhetsregisteret in that period. Each opened bankruptcy creates an estate as an entity of its own,
// organisasjonsform KBO ("Konkursbo"), with a fresh registreringsdatoEnhetsregisteret, the debtor's
// industry code (naeringskode1) and the debtor's municipality (forretningsadresse.kommunenummer).
// Evidence: a public search enheter?naeringskode=43.12&kommunenummer=4203 returned an
// "... AS KONKURSBO" entity with organisasjonsform KBO (UPSTREAMS.md A3).
//
// The mapping follows the Enhetsregisteret API documentation
// (https://data.brreg.no/enhetsregisteret/api/dokumentasjon/no/index.html, and its OpenAPI text in
// brreg/openAPI specs/enhetsregisteret.yml; UPSTREAMS.md A1):
// - a count = GET /enhetsregisteret/api/enheter?organisasjonsform=KBO&fraRegistreringsdatoEnhetsregisteret=…
//   &tilRegistreringsdatoEnhetsregisteret=…[&naeringskode=…][&kommunenummer=…]&size=1, read page.totalElements
//   (exact, counted by the upstream);
// - a distribution = the same query listed in pages of 1000 (sort=organisasjonsnummer,ASC for stable
//   paging) and bucketed here. The upstream reads at most 10 000 hits deep ((page+1)*size <= 10 000),
//   so at most 10 pages; `truncated` says when the buckets hold fewer estates than `total`.
// - naeringskode filters on a code or a prefix ("valgfritt nivå"); kommunenummer filters on the
//   business address; an empty result has no `_embedded` key.
// - A county is the first two digits of the municipality number (counties.ts, 2024 structure).
//
// Caveats, repeated in every answer's `coverage`: estates are deleted from the register when they
// are wound up, so periods that begin more than about two years back undercount. That is why
// konkurs.monthly suppresses year-over-year change. The estate is registered a few days after the
// court's opening decision, so an opening at the end of a month may count in the next month.
//
// Unconfirmed (no source found): that tilRegistreringsdatoEnhetsregisteret is inclusive (peers page
// date ranges as inclusive); that the upstream accepts size=1000 (peers use up to 5000); that
// sort=organisasjonsnummer,ASC is accepted (the docs allow sort by field name; peers use this one);
// whether naeringskode matches naeringskode1 only or also codes 2 and 3 (buckets use naeringskode1);
// that every estate carries the debtor's industry code and municipality (one public search shows it;
// estates without them are bucketed as unknown).
//
// Upstream requests per call: by_county, industry_breakdown and statistikk.konkurser 1 to 10 (one
// per page); monthly one per month (1 to 60); trend one per period when there are at most 60
// periods, else one listing of 1 to 10 pages.
//
// Helpers: konkurs-periods.ts (calendar, year parameters and their rules), konkurs-estates.ts
// (requests, tallies, coverage), counties.ts (county table).
import { z } from 'zod';
import { defineTool, type ToolDefinition } from '../../runtime/define.js';
import { int, kommunenummer, naceCode, year } from '../../runtime/fields.js';
import { optStr } from '../../runtime/output.js';
import { DAY, registerCoverage } from './common.js';
import { countOutput, industryCountOutput, kboCoverageFields, kboCoverageOutput, listingFields, yearRangeOutput } from './outputs.js';
import {
  completeFrom,
  countEstates,
  countyCounts,
  industryCounts,
  kboCoverage,
  listEstates,
  municipalityCounts,
  seriesFromListing,
  tally,
  summary,
  truncationNote,
  type Listing,
} from './konkurs-estates.js';
import { currentYearDefaults, lastMonths, periods, resolveYears, today, yearRules } from './konkurs-periods.js';

/** Above this many periods, trend lists the estates once instead of counting each period. */
const MAX_COUNT_REQUESTS = 60;
const MAX_SPAN_YEARS = 11;

const COVERAGE = registerCoverage(['bankruptcy', 'statistics'], 'daily');
const naceField = () => naceCode("Debtor's NACE code or prefix, e.g. 43 or 43.120.").optional();
const kommuneField = () => kommunenummer('Municipality of the business address, e.g. 0301.').optional();
/** year, fraAar, tilAar of by_county and industry_breakdown (the current year when none is given). */
const yearInputs = {
  year: year('One calendar year, for fraAar and tilAar.'),
  fraAar: year('First calendar year. Default: tilAar.'),
  tilAar: year('Last calendar year. Default: the current year.'),
};
const granularity = z.enum(['month', 'quarter', 'year']).default('month').describe('Length of each period.');

export const konkursByCounty = defineTool({
  name: 'konkurs.by_county',
  title: 'Bankruptcies per county',
  description:
    'Bankruptcies opened per Norwegian county (2024 structure) in a year or range of years: all 16 counties (zero included) by count, unknown last. Counts the bankruptcy estates (organisasjonsform KBO) registered in Enhetsregisteret, placed by their business address; at most 10 000 are read: `total` is exact, and `truncated` says the counties hold fewer. Estates are deleted when wound up, so periods more than about two years back undercount (`coverage`). total 0: no estate registered for these filters.',
  input: {
    ...yearInputs,
    nace: naceField(),
  },
  refine: (input, issues) => yearRules(input, issues),
  output: z.object({
    period: yearRangeOutput,
    filters: z.object({ nace: optStr() }),
    ...listingFields,
    counties: z.array(z.object({ fylkesnummer: optStr(), fylke: z.string(), count: countOutput })),
    note: optStr(),
    coverage: kboCoverageOutput,
  }),
  coverage: COVERAGE,
  cacheTtlSeconds: DAY,
  route: '/konkurs/by-county',
  example: { year: 2026, nace: '47.761' },
  run: async (input, ctx) => {
    const now = today(ctx);
    const range = resolveYears(input, currentYearDefaults(now));
    const listing = await listEstates(ctx, range.from, range.to, { naeringskode: input.nace });
    return {
      period: range,
      filters: { nace: input.nace ?? null },
      ...summary(listing),
      counties: countyCounts(listing.estates),
      note: truncationNote(listing),
      coverage: kboCoverage(range.from, now),
    };
  },
});

export const konkursIndustryBreakdown = defineTool({
  name: 'konkurs.industry_breakdown',
  title: 'Bankruptcies per industry',
  description:
    'Bankruptcies opened per industry (the debtor\'s main NACE code) by count, also summed per NACE division, in a year or range of years. Counts the bankruptcy estates (organisasjonsform KBO) registered in Enhetsregisteret; at most 10 000 are read: `total` is exact, and `truncated` says the buckets hold fewer. Estates are deleted when wound up, so periods more than about two years back undercount (`coverage`). total 0: no estate registered for these filters.',
  input: {
    ...yearInputs,
    nace: naceField(),
    kommunenummer: kommuneField(),
  },
  refine: (input, issues) => yearRules(input, issues),
  output: z.object({
    period: yearRangeOutput,
    filters: z.object({ nace: optStr(), kommunenummer: optStr() }),
    ...listingFields,
    industries: z.array(industryCountOutput),
    divisions: z.array(z.object({ division: z.string(), count: countOutput })),
    note: optStr(),
    coverage: kboCoverageOutput,
  }),
  coverage: COVERAGE,
  cacheTtlSeconds: DAY,
  route: '/konkurs/industry-breakdown',
  example: { year: 2026, kommunenummer: '4203' },
  run: async (input, ctx) => {
    const now = today(ctx);
    const range = resolveYears(input, currentYearDefaults(now));
    const listing = await listEstates(ctx, range.from, range.to, { naeringskode: input.nace, kommunenummer: input.kommunenummer });
    const divisions = tally(listing.estates, (e) => (e.naeringskode1 ? { key: e.naeringskode1.kode.slice(0, 2), label: null } : null));
    return {
      period: range,
      filters: { nace: input.nace ?? null, kommunenummer: input.kommunenummer ?? null },
      ...summary(listing),
      industries: industryCounts(listing.estates),
      divisions: divisions.known.map((d) => ({ division: d.key, count: d.count })),
      note: truncationNote(listing),
      coverage: kboCoverage(range.from, now),
    };
  },
});

export const konkursMonthly = defineTool({
  name: 'konkurs.monthly',
  title: 'Bankruptcies per month',
  description:
    'Bankruptcies opened in Norway per calendar month for the last `months` months, the current month last (partial). Each count is exact: the bankruptcy estates (organisasjonsform KBO) registered in Enhetsregisteret that month. yoyChange and yoyAbsolute are always null: estates are deleted when wound up, so months more than about two years back undercount and a comparison would show a false rise (`coverage` gives the date from which counts are complete). Whole country, all industries; konkurs.trend takes filters.',
  input: {
    months: int({ min: 1, max: 60, default: 24, description: 'Calendar months, ending with the current month.' }),
  },
  output: z.object({
    months: z.number().int(),
    from: z.string(),
    to: z.string(),
    total: countOutput,
    series: z.array(
      z.object({
        month: z.string(),
        from: z.string(),
        to: z.string(),
        count: countOutput,
        partial: z.boolean(),
        undercounted: z.boolean(),
        yoyChange: z.null(),
        yoyAbsolute: z.null(),
      }),
    ),
    coverage: z.object({ ...kboCoverageFields, yearOverYear: z.literal('suppressed'), yearOverYearReason: z.string() }),
  }),
  coverage: COVERAGE,
  cacheTtlSeconds: DAY,
  route: '/konkurs/monthly',
  example: { months: 24 },
  run: async ({ months }, ctx) => {
    const now = today(ctx);
    const buckets = lastMonths(months, now);
    const counts = await Promise.all(buckets.map((b) => countEstates(ctx, b.from, b.to, {})));
    const complete = completeFrom(now);
    return {
      months,
      from: buckets[0].from,
      to: buckets[buckets.length - 1].to,
      total: counts.reduce((a, b) => a + b, 0),
      series: buckets.map((b, i) => ({
        month: b.period,
        from: b.from,
        to: b.to,
        count: counts[i],
        partial: b.partial,
        undercounted: b.from < complete,
        yoyChange: null,
        yoyAbsolute: null,
      })),
      coverage: {
        ...kboCoverage(buckets[0].from, now),
        yearOverYear: 'suppressed',
        yearOverYearReason:
          'yoyChange and yoyAbsolute are always null: the register has already deleted many of the wound-up estates of a month a year or more earlier, so a comparison with it would show growth that did not happen.',
      },
    };
  },
});

export const konkursTrend = defineTool({
  name: 'konkurs.trend',
  title: 'Bankruptcy trend',
  description:
    'Bankruptcies opened per month, quarter or year, gap-filled (zero where none) up to the current period (partial): the bankruptcy estates (organisasjonsform KBO) registered in Enhetsregisteret, counted exactly for at most 60 periods, else listed (at most 10 000 read; `truncated` says the series holds fewer than `total`). Estates are deleted when wound up, so periods more than about two years back undercount (`undercounted`, `coverage`).',
  input: {
    year: yearInputs.year,
    fraAar: year('First calendar year. Default: the current year minus 2.'),
    tilAar: year('Last calendar year. Default: the current year.'),
    granularity,
    nace: naceField(),
    kommunenummer: kommuneField(),
  },
  refine: (input, issues) => yearRules(input, issues),
  output: z.object({
    period: yearRangeOutput,
    granularity: z.enum(['month', 'quarter', 'year']),
    filters: z.object({ nace: optStr(), kommunenummer: optStr() }),
    method: z.enum(['listing', 'count-per-period']),
    total: countOutput,
    truncated: z.boolean(),
    series: z.array(z.object({ period: z.string(), from: z.string(), to: z.string(), count: countOutput, partial: z.boolean(), undercounted: z.boolean() })),
    note: optStr(),
    coverage: kboCoverageOutput,
  }),
  coverage: COVERAGE,
  cacheTtlSeconds: DAY,
  route: '/konkurs/trend',
  example: { granularity: 'quarter' },
  run: async (input, ctx) => {
    const now = today(ctx);
    const current = Number(now.slice(0, 4));
    const range = resolveYears(input, {
      tilAar: current,
      fraAar: () => current - 2,
      label: `fraAar defaults to the current year minus 2 (${current - 2}), tilAar to the current year ${current}`,
    });
    const filter = { naeringskode: input.nace, kommunenummer: input.kommunenummer };
    const buckets = periods(range.fraAar, range.tilAar, input.granularity, now);
    let counts: number[];
    let total: number;
    let listing: Listing | null = null;
    if (buckets.length <= MAX_COUNT_REQUESTS) {
      counts = await Promise.all(buckets.map((b) => countEstates(ctx, b.from, b.to, filter)));
      total = counts.reduce((a, b) => a + b, 0);
    } else {
      listing = await listEstates(ctx, range.from, range.to, filter);
      counts = seriesFromListing(listing.estates, buckets, input.granularity);
      total = listing.total;
    }
    const complete = completeFrom(now);
    return {
      period: range,
      granularity: input.granularity,
      filters: { nace: input.nace ?? null, kommunenummer: input.kommunenummer ?? null },
      method: listing ? 'listing' : 'count-per-period',
      total,
      truncated: listing?.truncated ?? false,
      series: buckets.map((b, i) => ({ period: b.period, from: b.from, to: b.to, count: counts[i], partial: b.partial, undercounted: b.from < complete })),
      note:
        buckets.length === 0
          ? `The period ${range.fraAar}-${range.tilAar} has not begun; the series is empty.`
          : listing
            ? truncationNote(listing)
            : null,
      coverage: kboCoverage(range.from, now),
    };
  },
});

export const statistikkKonkurserTool = defineTool({
  name: 'statistikk.konkurser',
  title: 'Bankruptcy statistics with distributions',
  description:
    'Bankruptcies opened from fraAar through tilAar (at most 11 years): `total` (exact) and distributions per month (gap-filled up to the current month), industry code and municipality, each by count. Counts the bankruptcy estates (organisasjonsform KBO) registered in Enhetsregisteret; at most 10 000 are read (`truncated`: the distributions hold fewer). Estates are deleted when wound up, so periods more than about two years back undercount (`coverage`). total 0: no estate registered for these filters.',
  input: {
    fraAar: year('First calendar year. Default: tilAar.'),
    tilAar: year('Last calendar year. Default: the current year.'),
    naeringskode: naceField(),
    kommunenummer: kommuneField(),
  },
  refine: (input, issues) => yearRules(input, issues, MAX_SPAN_YEARS),
  output: z.object({
    period: yearRangeOutput,
    filters: z.object({ naeringskode: optStr(), kommunenummer: optStr() }),
    ...listingFields,
    byMonth: z.array(z.object({ month: z.string(), count: countOutput, partial: z.boolean() })),
    byNaeringskode: z.array(industryCountOutput),
    byKommune: z.array(z.object({ kommunenummer: optStr(), kommune: optStr(), count: countOutput })),
    note: optStr(),
    coverage: kboCoverageOutput,
  }),
  coverage: COVERAGE,
  cacheTtlSeconds: DAY,
  route: '/statistikk/konkurser',
  example: { fraAar: 2024, tilAar: 2026, naeringskode: '43.12', kommunenummer: '4203' },
  run: async (input, ctx) => {
    const now = today(ctx);
    const range = resolveYears(input, currentYearDefaults(now), MAX_SPAN_YEARS);
    const filter = { naeringskode: input.naeringskode, kommunenummer: input.kommunenummer };
    const listing = await listEstates(ctx, range.from, range.to, filter);
    const months = periods(range.fraAar, range.tilAar, 'month', now);
    const perMonth = seriesFromListing(listing.estates, months, 'month');
    return {
      period: range,
      filters: { naeringskode: input.naeringskode ?? null, kommunenummer: input.kommunenummer ?? null },
      ...summary(listing),
      byMonth: months.map((b, i) => ({ month: b.period, count: perMonth[i], partial: b.partial })),
      byNaeringskode: industryCounts(listing.estates),
      byKommune: municipalityCounts(listing.estates),
      note: truncationNote(listing),
      coverage: kboCoverage(range.from, now),
    };
  },
});

/** The four konkurs.* statistics tools shared by brreg and brreg-konkurs, in spec order. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const konkursStatsTools: ToolDefinition<any>[] = [konkursByCounty, konkursIndustryBreakdown, konkursMonthly, konkursTrend];
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const statistikkKonkurser: ToolDefinition<any>[] = [statistikkKonkurserTool];
