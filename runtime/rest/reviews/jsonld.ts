// Reads the schema.org structured data a review page publishes: every
// `<script type="application/ld+json">` block (found with htmlparser2, never with a regular
// expression over HTML), its JSON (an object, an array or an `@graph`), and in it the
// AggregateRating (also EmployerAggregateRating, and any node's `aggregateRating`) and the Review
// nodes (any node's `review`), mapped to the one review shape of the reviews routes.
import { Parser } from 'htmlparser2';
import { fail } from '../../errors.js';
import { list, num, obj, str, type AggregateRating, type ReadResult, type Review, type ReviewPlatform } from './platform.js';

/** The JSON-LD blocks of an HTML page, parsed; a block that is not valid JSON is skipped. */
export function jsonLdBlocks(html: string): unknown[] {
  const blocks: unknown[] = [];
  let inside = false;
  let text = '';
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'script' && (attribs.type ?? '').trim().toLowerCase() === 'application/ld+json') {
          inside = true;
          text = '';
        }
      },
      ontext(data) {
        if (inside) text += data;
      },
      onclosetag(name) {
        if (name !== 'script' || !inside) return;
        inside = false;
        try {
          blocks.push(JSON.parse(text));
        } catch {
          // A malformed block on a page is the page's own defect; the others still count.
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return blocks;
}

function types(node: Record<string, unknown>): string[] {
  const t = node['@type'];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string').map((x) => x.replace(/^https?:\/\/schema\.org\//, ''));
}

/** Every object node of the JSON-LD, depth first (arrays, `@graph` and nested properties). */
function nodes(value: unknown, out: Record<string, unknown>[] = [], depth = 0): Record<string, unknown>[] {
  if (depth > 12) return out;
  if (Array.isArray(value)) {
    for (const v of value) nodes(v, out, depth + 1);
  } else if (value !== null && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    out.push(node);
    for (const v of Object.values(node)) if (v !== null && typeof v === 'object') nodes(v, out, depth + 1);
  }
  return out;
}

const isAggregate = (n: Record<string, unknown>) => types(n).some((t) => /AggregateRating$/.test(t));
const isReview = (n: Record<string, unknown>) => types(n).some((t) => t === 'Review' || t === 'EmployerReview' || t === 'UserReview' || t === 'CriticReview');

function person(value: unknown): string | null {
  if (typeof value === 'string') return str(value);
  const first = list(value)[0];
  return str(obj(first).name) ?? str(obj(first).alternateName);
}

function language(value: unknown): string | null {
  if (typeof value === 'string') return str(value);
  return str(obj(value).alternateName) ?? str(obj(value).name);
}

export function reviewFromJsonLd(node: Record<string, unknown>): Review {
  const rating = obj(list(node.reviewRating)[0]);
  return {
    rating: num(rating.ratingValue),
    bestRating: num(rating.bestRating) ?? (num(rating.ratingValue) !== null ? 5 : null),
    author: person(node.author),
    date: str(node.datePublished) ?? str(node.dateCreated),
    title: str(node.name) ?? str(node.headline),
    text: str(node.reviewBody) ?? str(node.description),
    language: language(node.inLanguage),
    url: str(node.url) ?? (typeof node['@id'] === 'string' && /^https?:\/\//.test(node['@id']) ? (node['@id'] as string) : null),
  };
}

export function aggregateFromJsonLd(node: Record<string, unknown>): AggregateRating {
  return {
    ratingValue: num(node.ratingValue),
    // schema.org: bestRating defaults to 5 when not stated.
    bestRating: num(node.bestRating) ?? 5,
    reviewCount: num(node.reviewCount) ?? num(node.ratingCount),
  };
}

/**
 * The reviews and aggregate rating a page publishes in JSON-LD. A page without any JSON-LD is the
 * platform's change of shape (502), not an empty answer; a page with JSON-LD but no rating is one
 * whose subject has no reviews yet (an empty list).
 */
export function readJsonLd(html: string, platformName: string): ReadResult {
  const blocks = jsonLdBlocks(html);
  if (blocks.length === 0) {
    throw fail.upstream(`${platformName} answered a page without schema.org JSON-LD; its page has changed shape or is not a review page`, { detailCode: 'no_structured_data' });
  }
  const all = nodes(blocks);
  const aggregateNode = all.find((n) => isAggregate(n));
  const seen = new Set<Record<string, unknown>>();
  const reviews: Review[] = [];
  for (const n of all) {
    if (!isReview(n) || seen.has(n)) continue;
    seen.add(n);
    reviews.push(reviewFromJsonLd(n));
  }
  const subjectNode = all.find((n) => n.aggregateRating !== undefined || n.review !== undefined);
  return {
    aggregate: aggregateNode ? aggregateFromJsonLd(aggregateNode) : null,
    reviews,
    subject: subjectNode ? str(subjectNode.name) : null,
  };
}

/**
 * A platform read from its public page's JSON-LD: its path and query come from the parameters, its
 * answer is the page's HTML.
 */
export function jsonLdPlatform(def: Omit<ReviewPlatform, 'read' | 'parse'>): ReviewPlatform {
  return { ...def, read: 'json-ld', parse: (body) => readJsonLd(typeof body === 'string' ? body : '', def.name) };
}
