// data.europa.eu's MQA metrics cache: endpoints, the three answer shapes and their mapping, and the
// MQA's rating bands.
//
// Follows: the Metrics Cache OpenAPI 5.8.3 published at https://data.europa.eu/api/mqa/cache/ (read
// as harvested in api-evangelist/eu-open-data-portal openapi/_original/
// eu-open-data-portal-mqa-metrics-cache-openapi.yaml), and a public write-up of its real answers
// (docs.university.ohmyopensource.org, "EDP MQA API", file id 54225321739) that records where they
// differ from the OpenAPI:
// - GET /global, /countries, /countries/{id}, /catalogues/{id} answer the aggregated form {success,
//   result: {count, results: [{score, info, findability: {score: {points, percentage, max},
//   <indicator>: [{name, percentage}]}, accessibility, interoperability, reusability,
//   contextuality}]}}. The OpenAPI writes the score's points as `point`; both are read.
//   A country's info is {id: <alpha-3>} (the OpenAPI: a plain string); a catalogue's info is {id,
//   title, description, spatial, type}.
// - GET /datasets/{id} answers the dataset form: results[0] = {info: {dataset-id, dataset-uri,
//   score}, <dimension>: [{<indicator>: true | false | [{name, percentage}] | [{<nested>: ...}]}]};
//   an unknown dataset answers 404 {success: false, result: null}.
// - Dataset and catalogue ids: the shape piveau gives them (../data-europa/ids.ts, with its
//   sources), checked before use.
// - Countries are named by ISO 3166-1 alpha-3 codes (the countryId parameter's own description).
// - Dimensions and their most points: findability 100, accessibility 100, interoperability 110,
//   reusability 75, contextuality 20: 405 in all (the OpenAPI's "450" does not add up).
// - Rating bands of the MQA methodology (data.europa.eu data provider manual, "Metadata quality
//   dashboard"): excellent 351-405, good 221-350, sufficient 121-220, bad 0-120 points. Read through
//   two public restatements of the methodology (file ids 17989433935 and 55098633400); the manual's
//   own page could not be read here.
// - Since September 2026 (MQA methodology v2) GET /datasets/{id} answers results[0] = {metricsVersion,
//   dataset: {score, maxScore: 7.5, metrics: [{metric, property, importance, weight, dimension,
//   result: 1 | 0 | null, score}], dataset: <uri>}, datasetFinal: <0-7.5>, distributions: [{score,
//   maxScore, metrics, distribution, validation, title}], dataServices?}; a dataset not yet assessed
//   under v2 answers HTTP 404 {status: "error", message: "No v2 metrics found"} (ondata/ckan-mcp-server
//   tests/fixtures/responses/mqa-v2-quality-success.json and errors/mqa-no-v2-metrics.json, read by
//   its src/tools/quality.ts, commit 97249fad). Both forms are read: `datasetFinal` on its 0-7.5
//   scale, `info.score` on the 405 points of the earlier methodology.
// - v2 rating bands, as that client restates https://data.europa.eu/mqa/methodology: excellent from
//   5, good from 2.5, sufficient below 2.5 (of 7.5). The v2 scale as restated has no "bad" band, so a
//   v2 score is never rated bad.
// UNCONFIRMED: that dimension scores under /countries (the list) carry info as {id}; no captured
// answer of /countries or /catalogues/{id} was found beyond the write-up above. The v2 bands and
// shapes were read through one public client, not the methodology page itself.
import type { Coverage } from '../../runtime/define.js';

export const REGISTER = 'data.europa.eu Metadata Quality Assessment';
export const MAX_SCORE = 405;
/** The most points of MQA methodology v2 (dataset, distribution and data service each score 0-7.5). */
export const MAX_SCORE_V2 = 7.5;
export const RATINGS = ['excellent', 'good', 'sufficient', 'bad'] as const;
export type Rating = (typeof RATINGS)[number];

export const coverage = (dataTypes: string[]): Coverage => ({ geography: ['EU'], dataTypes, updateFrequency: 'weekly' });

/** The MQA's rating of a score in points. */
export function rating(points: number | null): Rating | null {
  if (points === null) return null;
  if (points >= 351) return 'excellent';
  if (points >= 221) return 'good';
  if (points >= 121) return 'sufficient';
  return 'bad';
}

/** The MQA's rating of a methodology-v2 score (0-7.5). */
export function ratingV2(score: number | null): Rating | null {
  if (score === null) return null;
  if (score >= 5) return 'excellent';
  if (score >= 2.5) return 'good';
  return 'sufficient';
}

export const DIMENSIONS = ['findability', 'accessibility', 'interoperability', 'reusability', 'contextuality'] as const;

type Share = { name?: unknown; percentage?: unknown };

export interface Indicator {
  dimension: string;
  name: string;
  /** A yes/no indicator of one dataset. */
  available: boolean | null;
  /** The distribution of values: yes/no shares, HTTP status codes. */
  shares: { name: string; percentage: number | null }[];
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

const isShare = (v: unknown): v is Share => !!v && typeof v === 'object' && 'percentage' in v;

function shares(list: Share[]) {
  return list.map((s) => ({ name: String(s.name), percentage: num(s.percentage) }));
}

/** One indicator's value, in whichever of the forms the MQA answers it. */
function indicator(dimension: string, name: string, value: unknown): Indicator[] {
  if (typeof value === 'boolean') return [{ dimension, name, available: value, shares: [] }];
  if (Array.isArray(value)) {
    // [{name, percentage}] is a distribution; [{<indicator>: value}] nests indicators (dataset form).
    if (value.length === 0 || value.every(isShare)) return [{ dimension, name, available: null, shares: shares(value as Share[]) }];
    return entries(dimension, value, `${name}.`);
  }
  if (typeof value === 'number') return [{ dimension, name, available: null, shares: [{ name: String(value), percentage: 100 }] }];
  return [{ dimension, name, available: null, shares: [] }];
}

/** The indicators of a dimension: an array of single-key objects (dataset form) or an object (aggregated form). */
function entries(dimension: string, value: unknown, prefix = ''): Indicator[] {
  const pairs: [string, unknown][] = Array.isArray(value)
    ? value.flatMap((e) => Object.entries(e as Record<string, unknown>))
    : Object.entries((value ?? {}) as Record<string, unknown>).filter(([k]) => k !== 'score');
  return pairs.flatMap(([k, v]) => indicator(dimension, `${prefix}${k}`, v));
}

interface DimensionScore {
  points?: number;
  point?: number;
  percentage?: number;
  max?: number;
}

export interface AggregatedMetrics {
  score?: number | null;
  info?: unknown;
  [dimension: string]: unknown;
}

export interface MetricsAnswer<T> {
  success?: boolean;
  result?: { count?: number; results?: T[] | null } | null;
}

/** A dimension of an answer; the OpenAPI spells reusability `resusability`, so both are read. */
const dimension = (m: Record<string, unknown>, d: string): unknown => m[d] ?? (d === 'reusability' ? m.resusability : undefined);

function dimensionScores(m: AggregatedMetrics) {
  return DIMENSIONS.map((d) => {
    const score = ((dimension(m, d) as { score?: DimensionScore } | null | undefined)?.score ?? {}) as DimensionScore;
    return { dimension: d, points: num(score.points ?? score.point), max: num(score.max), percentage: num(score.percentage) };
  });
}

/** The aggregated form (/global, /countries, /catalogues/{id}). */
export function mapAggregated(m: AggregatedMetrics) {
  const score = num(m.score);
  return {
    score,
    maxScore: MAX_SCORE,
    rating: rating(score),
    dimensions: dimensionScores(m),
    indicators: DIMENSIONS.flatMap((d) => {
      const value = dimension(m, d);
      return value && typeof value === 'object' ? entries(d, value) : [];
    }),
  };
}

/** The id of a country's info: `{id}` or the plain alpha-3 string the OpenAPI describes. */
export function countryOf(info: unknown): string | null {
  if (typeof info === 'string') return info;
  if (info && typeof info === 'object' && typeof (info as { id?: unknown }).id === 'string') return (info as { id: string }).id;
  return null;
}

interface V2Metric {
  metric?: unknown;
  dimension?: unknown;
  result?: unknown;
}

interface V2Entity {
  score?: unknown;
  maxScore?: unknown;
  metrics?: V2Metric[] | null;
  dataset?: unknown;
}

export interface DatasetMetrics {
  info?: { 'dataset-id'?: string; 'dataset-uri'?: string; score?: number } | null;
  /** Methodology v2 (since September 2026). */
  datasetFinal?: unknown;
  dataset?: V2Entity | null;
  distributions?: V2Entity[] | null;
  [dimension: string]: unknown;
}

/** A v2 metric's result: 1 fulfilled, 0 not, null not evaluated. */
const fulfilled = (result: unknown): boolean | null => (result === 1 ? true : result === 0 ? false : null);

/** The dataset's own v2 metrics as yes/no, and each distribution metric as the share of distributions fulfilling it. */
function v2Indicators(m: DatasetMetrics): Indicator[] {
  const own = (m.dataset?.metrics ?? []).map((x) => ({ dimension: String(x.dimension), name: String(x.metric), available: fulfilled(x.result), shares: [] }));
  const byMetric = new Map<string, { dimension: string; yes: number; no: number }>();
  for (const d of m.distributions ?? []) {
    for (const x of d.metrics ?? []) {
      const key = String(x.metric);
      const tally = byMetric.get(key) ?? { dimension: String(x.dimension), yes: 0, no: 0 };
      if (x.result === 1) tally.yes += 1;
      else tally.no += 1;
      byMetric.set(key, tally);
    }
  }
  const perDistribution = [...byMetric].map(([name, t]) => {
    const total = t.yes + t.no;
    return {
      dimension: t.dimension,
      name: `distribution.${name}`,
      available: null,
      shares: [
        { name: 'yes', percentage: Math.round((t.yes / total) * 1000) / 10 },
        { name: 'no', percentage: Math.round((t.no / total) * 1000) / 10 },
      ],
    };
  });
  return [...own, ...perDistribution];
}

/** The dataset form (/datasets/{id}): methodology v2 (datasetFinal, 0-7.5) or the earlier 405 points. */
export function mapDatasetMetrics(m: DatasetMetrics) {
  if (m.datasetFinal !== undefined) {
    const score = num(m.datasetFinal);
    return {
      datasetId: null,
      uri: typeof m.dataset?.dataset === 'string' ? m.dataset.dataset : null,
      score,
      maxScore: MAX_SCORE_V2,
      scale: 'v2' as const,
      rating: ratingV2(score),
      indicators: v2Indicators(m),
    };
  }
  const score = num(m.info?.score);
  return {
    datasetId: m.info?.['dataset-id'] ?? null,
    uri: m.info?.['dataset-uri'] ?? null,
    score,
    maxScore: MAX_SCORE,
    scale: 'v1' as const,
    rating: rating(score),
    indicators: DIMENSIONS.flatMap((d) => {
      const value = dimension(m, d);
      return Array.isArray(value) ? entries(d, value) : [];
    }),
  };
}

/** The first result of an MQA answer, or null when it holds none. */
export function first<T>(answer: MetricsAnswer<T> | null): T | null {
  return answer?.result?.results?.[0] ?? null;
}
