// catalogue, country, dataset, countries and summary of data.europa.eu's Metadata Quality
// Assessment (facts, answer shapes and rating bands: metrics.ts).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { optNum, optStr, sourceRef } from '../../runtime/output.js';
import { catalogueId, datasetId } from '../data-europa/ids.js';
import { ALPHA2, toAlpha3 } from './countries.js';
import {
  MAX_SCORE,
  RATINGS,
  REGISTER,
  countryOf,
  coverage,
  first,
  mapAggregated,
  mapDatasetMetrics,
  type AggregatedMetrics,
  type DatasetMetrics,
  type MetricsAnswer,
} from './metrics.js';
import { quoted } from '../../runtime/validation.js';

const DAY = 24 * 3600;
/** The 404 body of a dataset not assessed under methodology v2: {status: "error", message}. */
type NoMetrics = { status?: unknown; message?: unknown };
const DASHBOARD = 'https://data.europa.eu/mqa/?locale=en';
const BANDS = 'Ratings (of 405 points): excellent 351+, good 221-350, sufficient 121-220, bad 0-120.';
const BANDS_V2 = 'Since September 2026 a dataset is scored by MQA methodology v2, 0 to 7.5 (scale v2): excellent 5+, good 2.5 to under 5, sufficient under 2.5; one not yet re-assessed answers 404. Earlier assessments (scale v1) are of 405 points: excellent 351+, good 221-350, sufficient 121-220, bad 0-120.';

const ratingOutput = z.enum(RATINGS).nullable();
const dimensionOutput = z.array(z.object({ dimension: z.string(), points: optNum(), max: optNum(), percentage: optNum() }));
const indicatorOutput = z
  .array(
    z.object({
      dimension: z.string(),
      name: z.string(),
      available: z.boolean().nullable().describe("A dataset's yes/no."),
      shares: z.array(z.object({ name: z.string(), percentage: optNum() })).describe('Percent per value (yes/no, HTTP status).'),
    }),
  );
const aggregatedFields = {
  score: optNum().describe('Points, out of maxScore.'),
  maxScore: z.number().int(),
  rating: ratingOutput,
  dimensions: dimensionOutput,
  indicators: indicatorOutput,
};

export const catalogue = defineTool({
  name: 'catalogue',
  title: 'Metadata quality of a catalogue (data.europa.eu MQA)',
  description: `data.europa.eu's Metadata Quality Assessment (MQA) of one harvested catalogue (a national or regional portal, e.g. open-data-dk): average score, rating, points per dimension (findability, accessibility, interoperability, reusability, contextuality) and each indicator's shares. It grades the metadata, not the data. ${BANDS} Unknown ids answer 404.`,
  input: { catalogueId: catalogueId('Catalogue id in data.europa.eu, for example open-data-dk.') },
  output: z.object({
    catalogueId: z.string(),
    title: optStr(),
    description: optStr(),
    country: optStr().describe('Alpha-3 code.'),
    type: optStr().describe('Harvesting protocol.'),
    ...aggregatedFields,
    kilde: sourceRef,
  }),
  coverage: coverage(['metadata-quality']),
  cacheTtlSeconds: DAY,
  route: '/catalogues/:catalogueId',
  example: { catalogueId: 'open-data-dk' },
  run: async ({ catalogueId }, ctx) => {
    const m = first(await ctx.find<MetricsAnswer<AggregatedMetrics>>('dataeuropa-mqa', '/catalogues/{id}', { params: { id: catalogueId } }));
    if (m === null) throw fail.notFound(`The MQA has no catalogue ${catalogueId}`);
    const info = (m.info ?? {}) as { id?: string; title?: string; description?: string; spatial?: string; type?: string };
    return {
      catalogueId: info.id ?? catalogueId,
      title: info.title ?? null,
      description: info.description ?? null,
      country: info.spatial ?? null,
      type: info.type ?? null,
      ...mapAggregated(m),
      kilde: { register: REGISTER, url: DASHBOARD },
    };
  },
});

export const country = defineTool({
  name: 'country',
  title: 'Metadata quality of a country (data.europa.eu MQA)',
  description: `The Metadata Quality Assessment (MQA) of data.europa.eu over every dataset harvested from one country's catalogues: average score, MQA rating, points per dimension and each indicator's shares. countryId is an upper-case ISO 3166 code, alpha-2 (NO) or alpha-3 (NOR). ${BANDS} A country the MQA does not cover answers 404; mqa.countries lists those it does.`,
  input: {
    countryId: z
      .string()
      .regex(/^[A-Z]{2,3}$/, { error: (iss) => `must be an upper-case ISO 3166 alpha-2 or alpha-3 code such as NO or NOR (got ${quoted(iss.input)})`, abort: true })
      .refine((code) => toAlpha3(code) !== undefined, { error: (iss) => `is not an assigned ISO 3166 alpha-2 or alpha-3 code (got ${quoted(iss.input)})` })
      .describe('ISO 3166 alpha-2 or alpha-3 code, upper case.'),
  },
  output: z.object({ countryId: z.string().describe('Alpha-3, as the MQA names countries.'), alpha2: optStr(), ...aggregatedFields, kilde: sourceRef }),
  coverage: coverage(['metadata-quality']),
  cacheTtlSeconds: DAY,
  route: '/countries/:countryId',
  example: { countryId: 'NO' },
  run: async ({ countryId }, ctx) => {
    const alpha3 = toAlpha3(countryId)!;
    const m = first(await ctx.find<MetricsAnswer<AggregatedMetrics>>('dataeuropa-mqa', '/countries/{id}', { params: { id: alpha3 } }));
    if (m === null) throw fail.notFound(`The MQA has no metrics for country ${alpha3}`);
    return { countryId: alpha3, alpha2: ALPHA2.get(alpha3) ?? null, ...mapAggregated(m), kilde: { register: REGISTER, url: DASHBOARD } };
  },
});

export const dataset = defineTool({
  name: 'dataset',
  title: 'Metadata quality of a dataset (data.europa.eu MQA)',
  description: `The Metadata Quality Assessment (MQA) of one dataset in data.europa.eu, by its id (as in dataeuropa.search): its score, MQA rating and each indicator: yes/no results (keywords, categories, spatial and temporal coverage, contact point, publisher...) and shares over its distributions (licence, format, media type, reachable access and download URLs). ${BANDS_V2} A dataset the MQA has not assessed answers 404.`,
  input: { datasetId: datasetId('Dataset id in data.europa.eu, for example luftkvalitet-malinger-fra-nilu (as in dataeuropa.search).') },
  output: z.object({
    datasetId: z.string(),
    uri: optStr(),
    score: optNum().describe('Points, out of maxScore.'),
    maxScore: z.number().describe('7.5 (scale v2) or 405 (scale v1).'),
    scale: z.enum(['v1', 'v2']).describe('v2: MQA methodology v2 (0-7.5, since September 2026); v1: the earlier 405 points.'),
    rating: ratingOutput,
    indicators: indicatorOutput,
    kilde: sourceRef,
  }),
  coverage: { ...coverage(['metadata-quality']), updateFrequency: 'daily' },
  cacheTtlSeconds: DAY,
  route: '/datasets/:datasetId',
  example: { datasetId: 'luftkvalitet-malinger-fra-nilu' },
  run: async ({ datasetId }, ctx) => {
    // A 404's body tells an unknown dataset ({success: false}) from one not yet assessed under v2.
    const answer = await ctx.request<MetricsAnswer<DatasetMetrics> & NoMetrics>({ upstream: 'dataeuropa-mqa', path: '/datasets/{id}', params: { id: datasetId }, answer: [404] });
    if (answer.status === 404) {
      const message = typeof answer.data?.message === 'string' ? answer.data.message : '';
      if (/no v2 metrics/i.test(message)) {
        throw fail.notFound(`The MQA has not yet assessed dataset ${datasetId} by its current methodology (v2): data.europa.eu answers "No v2 metrics found"`);
      }
      throw fail.notFound(`The MQA has no assessment of dataset ${datasetId}`);
    }
    const m = first(answer.data);
    if (m === null) throw fail.notFound(`The MQA has no assessment of dataset ${datasetId}`);
    const mapped = mapDatasetMetrics(m);
    return { ...mapped, datasetId: mapped.datasetId ?? datasetId, kilde: { register: REGISTER, url: `https://data.europa.eu/data/datasets/${encodeURIComponent(datasetId)}` } };
  },
});

export const countries = defineTool({
  name: 'countries',
  title: 'Metadata quality of every country (data.europa.eu MQA)',
  description: `The Metadata Quality Assessment (MQA) of data.europa.eu for every country it covers: each country's alpha-3 and alpha-2 code, average score, MQA rating and points per dimension, best first. No input; mqa.country gives one country's indicators. ${BANDS}`,
  input: {},
  output: z.object({
    count: z.number().int(),
    maxScore: z.number().int(),
    countries: z.array(z.object({ countryId: z.string(), alpha2: optStr(), score: optNum(), rating: ratingOutput, dimensions: dimensionOutput })),
    kilde: sourceRef,
  }),
  coverage: coverage(['metadata-quality']),
  cacheTtlSeconds: DAY,
  route: '/countries',
  example: {},
  run: async (_input, ctx) => {
    const answer = await ctx.get<MetricsAnswer<AggregatedMetrics>>('dataeuropa-mqa', '/countries');
    const list = (answer.result?.results ?? []).map((m) => {
      const id = countryOf(m.info) as string;
      const { score, rating, dimensions } = mapAggregated(m);
      return { countryId: id, alpha2: ALPHA2.get(id) ?? null, score, rating, dimensions };
    });
    list.sort((a, b) => (b.score ?? -1) - (a.score ?? -1) || a.countryId.localeCompare(b.countryId));
    return { count: list.length, maxScore: MAX_SCORE, countries: list, kilde: { register: REGISTER, url: DASHBOARD } };
  },
});

export const summary = defineTool({
  name: 'summary',
  title: 'Metadata quality of all of data.europa.eu (MQA)',
  description: `The Metadata Quality Assessment (MQA) of data.europa.eu over every dataset it harvests: the portal-wide average score, MQA rating, points per dimension and each indicator's shares (keywords, licences, reachable URLs, DCAT-AP compliance...). No input. ${BANDS}`,
  input: {},
  output: z.object({ scope: z.literal('global'), ...aggregatedFields, kilde: sourceRef }),
  coverage: coverage(['metadata-quality']),
  cacheTtlSeconds: DAY,
  route: '/summary',
  example: {},
  run: async (_input, ctx) => {
    const m = first(await ctx.get<MetricsAnswer<AggregatedMetrics>>('dataeuropa-mqa', '/global'));
    if (m === null) throw fail.upstream('The MQA answered no global metrics');
    return { scope: 'global' as const, ...mapAggregated(m), kilde: { register: REGISTER, url: DASHBOARD } };
  },
});
