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
// UNCONFIRMED: that dimension scores under /countries (the list) carry info as {id}; no captured
// answer of /countries or /catalogues/{id} was found beyond the write-up above.
import type { Coverage } from '../../runtime/define.js';

export const REGISTER = 'data.europa.eu Metadata Quality Assessment';
export const MAX_SCORE = 405;
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

export interface DatasetMetrics {
  info?: { 'dataset-id'?: string; 'dataset-uri'?: string; score?: number } | null;
  [dimension: string]: unknown;
}

/** The dataset form (/datasets/{id}). */
export function mapDatasetMetrics(m: DatasetMetrics) {
  const score = num(m.info?.score);
  return {
    datasetId: m.info?.['dataset-id'] ?? null,
    uri: m.info?.['dataset-uri'] ?? null,
    score,
    maxScore: MAX_SCORE,
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
