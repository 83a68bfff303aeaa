// search_jobs, get_job and job_stats on JobSearch (mapping and facts relied on: jobsearch.ts).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { int, kommunenummer } from '../../runtime/fields.js';
import { note, optNum, optStr, sourceRef } from '../../runtime/output.js';
import { BUCKET_LIMIT, REGISTER, adId, TEN_MINUTES, UPSTREAM, adUrl, coverage, mapAd, mapHit, type JobAd, type SearchResults } from './jobsearch.js';

const filters = {
  q: z
    .string()
    .min(1)
    .describe('Free text, e.g. python or sjuksköterska; -word excludes.')
    .optional(),
  region: z
    .string()
    .min(1)
    .describe('County (län): 2-digit code, e.g. 01 (Stockholm), or taxonomy concept id.')
    .optional(),
  occupationField: z
    .string()
    .min(1)
    .describe('Taxonomy concept id, e.g. apaJ_2ja_LuF (Data/IT); job_stats lists them.')
    .optional(),
};

const SEARCH_PATH = '/search';

const hit = z.object({
  id: z.string(),
  headline: optStr(),
  employer: optStr(),
  employerOrgnr: optStr(),
  occupation: optStr(),
  occupationField: optStr(),
  municipality: optStr(),
  municipalityCode: optStr(),
  region: optStr(),
  publishedAt: optStr(),
  applicationDeadline: optStr(),
  vacancies: optNum(),
  url: z.string(),
});

export const searchJobs = defineTool({
  name: 'search_jobs',
  title: 'Search Swedish job ads (Platsbanken)',
  description:
    "Searches the job ads open for application in Sweden (Platsbanken, Arbetsförmedlingen's JobSearch API) by free text, county, municipality and occupation field (AND). One page of ads, most relevant first; get_job gives a whole ad. limit 1 to 100 (default 20), offset from 0 (default 0); JobSearch refuses offsets beyond its own limit. An empty list means no open ad matches now. Counts per field or place: job_stats.",
  input: {
    ...filters,
    municipality: kommunenummer('Swedish kommun code: 4 digits, e.g. 0180 (Stockholm).').optional(),
    limit: int({ min: 1, max: 100, default: 20, description: 'Ads per page, 1 to 100 (job_stats gives counts alone).' }),
    offset: int({ min: 0, default: 0, description: 'Ads to skip.' }),
  },
  output: z.object({
    total: z.number().int().describe('Ads matching, all pages.'),
    offset: z.number().int(),
    limit: z.number().int(),
    hasMore: z.boolean(),
    jobs: z.array(hit),
    note,
  }),
  coverage: coverage(['job-ad']),
  cacheTtlSeconds: TEN_MINUTES,
  route: '/search',
  example: { q: 'python', municipality: '0180' },
  run: async ({ q, region, municipality, occupationField, limit, offset }, ctx) => {
    const answer = await ctx.get<SearchResults>(UPSTREAM, SEARCH_PATH, {
      query: { q, region, municipality, 'occupation-field': occupationField, limit, offset },
    });
    const jobs = (answer.hits ?? []).map(mapHit);
    const total = answer.total.value;
    return {
      total,
      offset,
      limit,
      hasMore: offset + jobs.length < total,
      jobs,
      ...(total === 0 && { note: 'No open job ad matches these filters right now.' }),
    };
  },
});

export const getJob = defineTool({
  name: 'get_job',
  title: 'One Swedish job ad (Platsbanken)',
  description:
    "The whole job ad from Sweden's Platsbanken by its id (from search_jobs): description, employer, occupation, employment terms, workplace address and how to apply. An ad that is no longer published answers 404 not_found.",
  input: { id: adId('The ad id, e.g. 29857131, from search_jobs: digits only.') },
  output: hit.extend({
    description: optStr(),
    occupationGroup: optStr(),
    employmentType: optStr(),
    workingHoursType: optStr(),
    scopeOfWork: z.object({ min: optNum(), max: optNum() }).nullable().describe('Percent of full time.'),
    salaryType: optStr(),
    salaryDescription: optStr(),
    experienceRequired: z.boolean().nullable(),
    workplace: optStr(),
    address: z.object({ street: optStr(), postcode: optStr(), city: optStr(), country: optStr(), lon: optNum(), lat: optNum() }),
    apply: z.object({ url: optStr(), email: optStr() }),
    removed: z.boolean(),
    kilde: sourceRef,
  }),
  coverage: coverage(['job-ad']),
  cacheTtlSeconds: TEN_MINUTES,
  route: '/ads/:id',
  example: { id: '29857131' },
  run: async ({ id }, ctx) => {
    const ad = await ctx.get<JobAd>(UPSTREAM, '/ad/{id}', { params: { id } });
    return { ...mapAd(ad), kilde: adUrl(ad) };
  },
});

const DIMENSIONS = ['occupation-field', 'region', 'municipality'] as const;

export const jobStats = defineTool({
  name: 'job_stats',
  title: 'Count Swedish job ads by field, county or municipality',
  description:
    "Counts the job ads open in Sweden's Platsbanken per occupation field (default), county (region) or municipality, through JobSearch's own statistics, optionally narrowed by q, region and occupationField: for questions like how many IT jobs per county. Answers countedAds (ads matching the filters), at most 30 values per dimension (bucketLimit), largest first, and truncated true when the dimension has more values than shown. No ad matching answers countedAds 0 and no values.",
  input: {
    by: z.enum(DIMENSIONS).default('occupation-field').describe('What to count by.'),
    ...filters,
  },
  output: z.object({
    by: z.enum(DIMENSIONS),
    countedAds: z.number().int(),
    bucketLimit: z.number().int(),
    truncated: z.boolean(),
    values: z.array(z.object({ term: optStr(), code: optStr(), conceptId: optStr(), count: z.number().int() })),
    note,
    kilde: sourceRef,
  }),
  coverage: coverage(['job-ad', 'statistics']),
  cacheTtlSeconds: TEN_MINUTES,
  route: '/stats',
  example: { by: 'occupation-field' },
  run: async ({ by, q, region, occupationField }, ctx) => {
    const answer = await ctx.get<SearchResults>(UPSTREAM, SEARCH_PATH, {
      query: { q, region, 'occupation-field': occupationField, limit: 0, stats: by, 'stats.limit': BUCKET_LIMIT },
    });
    const countedAds = answer.total.value;
    const dimension = (answer.stats ?? []).find((s) => s.type === by);
    const values = (dimension?.values ?? []).map((v) => ({ term: v.term ?? null, code: v.code ?? null, conceptId: v.concept_id ?? null, count: v.count }));
    const counted = values.reduce((sum, v) => sum + v.count, 0);
    // The API answers at most stats.limit values; when it answered that many and they do not
    // account for every counted ad, the dimension has more values than shown.
    const truncated = values.length >= BUCKET_LIMIT && counted < countedAds;
    return {
      by,
      countedAds,
      bucketLimit: BUCKET_LIMIT,
      truncated,
      values,
      ...(countedAds === 0 && { note: 'No open job ad matches these filters right now.' }),
      ...(truncated && { note: `Only the ${BUCKET_LIMIT} largest values are shown; ${countedAds - counted} of the ${countedAds} ads fall under other values.` }),
      kilde: { register: REGISTER, url: 'https://arbetsformedlingen.se/platsbanken/' },
    };
  },
});
