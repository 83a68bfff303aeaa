// What a review platform is, as data: its name, where it is read (its upstream: base URL with its
// `<NAME>_BASE_URL` override, and the credential of its official API when it has one), its
// robots.txt, its parameters under the platform's OWN names (on purpose, REST spec 1: Trustpilot's
// `businessUnitId`, Google's `place_id`, the App Store's `id` and `cc`), the one request a set of
// parameters becomes, and how that answer is read into the common review shape. The platforms are
// declared in ./platforms/, one file each; the routes, the robots gate and the readers are shared.
import { z } from '@hono/zod-openapi';
import type { UpstreamDefinition } from '../../upstream/catalogue.js';
import type { QueryValue } from '../../upstream/url.js';
import { quoted } from '../../validation.js';

/**
 * How a platform is read. `api`: its official API, with its credential (503 not_configured
 * without it). `feed`: an official public feed that needs no credential. `json-ld`: its public
 * page, read for the schema.org Review and AggregateRating it publishes in JSON-LD, where its
 * robots rules allow that page.
 */
export type ReadMethod = 'api' | 'feed' | 'json-ld';

/** One review in the shape every platform is mapped to. */
export interface Review {
  rating: number | null;
  bestRating: number | null;
  author: string | null;
  date: string | null;
  title: string | null;
  text: string | null;
  language: string | null;
  /** The review on the platform, when the platform gives its address. */
  url: string | null;
  /** Facebook's recommendations are `positive` or `negative` rather than stars. */
  recommendation?: 'positive' | 'negative' | null;
}

export interface AggregateRating {
  ratingValue: number | null;
  bestRating: number | null;
  reviewCount: number | null;
}

export interface ReadResult {
  aggregate: AggregateRating | null;
  reviews: Review[];
  /** The platform's name of the thing reviewed, when its answer gives one. */
  subject?: string | null;
  /** The platform's own cursor or page for the next page, when it gives one. */
  next?: Record<string, string | number> | null;
}

/** The one upstream request a platform's parameters become (a path template under its base URL). */
export interface PlatformRequest {
  path: string;
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
}

export interface ReviewPlatform {
  /** Path segment of /api/v1/reviews/{id}. */
  id: string;
  name: string;
  /** Where the platform is based and mostly used: `INT` for international platforms. */
  market: 'INT' | 'NO' | 'SE' | 'DK' | 'FI' | 'NORDIC';
  read: ReadMethod;
  /** Base URL (an origin), its env override and, for `api`, its auth scheme with the credential's variable. */
  upstream: UpstreamDefinition;
  /** robots.txt as published at the base URL's origin (read through the upstream layer). */
  robotsUrl: string;
  /** What the platform's reviews are of, for an agent choosing it (one sentence). */
  about: string;
  /** The API's or page's documentation: where the request and answer shape come from. */
  docs: string;
  /** Query parameters under the platform's own names, with their bounds. */
  params: z.ZodObject<z.ZodRawShape>;
  /** Values of `params` that form a working request (the OpenAPI example and the listing's robots check). */
  example: Record<string, string | number>;
  /** The request the validated parameters become. */
  request(input: Record<string, unknown>): PlatformRequest;
  /** Reads the answer (JSON for `api`/`feed`, the page's HTML for `json-ld`). */
  parse(body: unknown, input: Record<string, unknown>): ReadResult;
  /** The page a person opens for these reviews, when it is not the URL read. */
  pageUrl?(input: Record<string, unknown>): string;
}

/** The environment variable that overrides a platform's base URL: `<NAME>_BASE_URL`. */
export const baseEnv = (name: string) => `${name}_BASE_URL`;

/** An upstream of a review platform (the REST tier's own upstreams, collected with the runtime's). */
export function reviewUpstream(def: Omit<UpstreamDefinition, 'timeoutMs' | 'maxBodyBytes'> & { timeoutMs?: number; maxBodyBytes?: number }): UpstreamDefinition {
  // Pages are larger than API answers; a review page over 8 MB is not one this service reads.
  return { timeoutMs: 10_000, maxBodyBytes: 8 * 1024 * 1024, maxConcurrent: 4, ...def };
}

/** A string parameter (an identifier or slug) with its bounds and an example. */
export const id = (description: string, pattern: RegExp, example: string, max = 200) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(pattern, { error: () => `must match ${pattern.source}` })
    .openapi({ description, example })
    .describe(description);

/** An integer query parameter written as text, within [min, max]. */
export const int = (description: string, min: number, max: number, fallback?: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: (iss) => `must be an integer (got ${quoted(iss.input)})` })
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .optional()
    .openapi({ type: 'integer', minimum: min, maximum: max, description, ...(fallback !== undefined && { default: fallback }) })
    .describe(description);

/** A number from an answer that may write it as text ("4.5"); null when it is not one. */
export function num(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.replace(',', '.'));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** A non-empty string from an answer, else null. */
export function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** The object at `value` (a JSON object), else an empty one. */
export function obj(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** `value` as an array: an array as it is, one object as a one-element array, anything else empty. */
export function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value !== null && typeof value === 'object' ? [value] : [];
}

