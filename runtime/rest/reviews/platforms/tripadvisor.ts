// Tripadvisor through its Content API's location reviews (up to five most recent per request). The
// API takes its key only as the `key` query parameter: the upstream layer adds it when it sends
// the request, keeps it out of the cache key and writes it to recordings as `<redacted>`.
import { z } from '@hono/zod-openapi';
import { id, int, list, num, obj, reviewUpstream, str, type ReviewPlatform } from '../platform.js';

export const tripadvisor: ReviewPlatform = {
  id: 'tripadvisor',
  name: 'Tripadvisor',
  market: 'INT',
  read: 'api',
  upstream: reviewUpstream({
    id: 'reviews-tripadvisor',
    name: 'Tripadvisor Content API',
    baseUrl: 'https://api.content.tripadvisor.com',
    envVar: 'TRIPADVISOR_BASE_URL',
    auth: { type: 'query', param: 'key', envVar: 'TRIPADVISOR_API_KEY' },
    docs: 'https://tripadvisor-content-api.readme.io/reference/getlocationreviews',
  }),
  robotsUrl: 'https://api.content.tripadvisor.com/robots.txt',
  about: 'The most recent reviews of a hotel, restaurant or attraction on Tripadvisor (the Content API gives up to five per request).',
  docs: 'https://tripadvisor-content-api.readme.io/reference/getlocationreviews',
  params: z.object({
    locationId: id('Tripadvisor location ID (the d-number of its page, digits only).', /^\d{1,12}$/, '1959289', 12),
    language: id('Language of the reviews (e.g. en, no, sv, da, fi).', /^[a-z]{2}(_[A-Z]{2})?$/, 'en', 5).optional(),
    limit: int('Reviews, 1 to 5.', 1, 5, 5),
    offset: int('Reviews to skip.', 0, 1000, 0),
  }),
  example: { locationId: '1959289' },
  request: (p) => ({
    path: '/api/v1/location/{locationId}/reviews',
    params: { locationId: String(p.locationId) },
    query: { language: (p.language as string | undefined) ?? 'en', limit: p.limit as number | undefined, offset: p.offset as number | undefined },
  }),
  parse: (body) => ({
    aggregate: null,
    reviews: list(obj(body).data).map((r) => {
      const review = obj(r);
      return {
        rating: num(review.rating),
        bestRating: 5,
        author: str(obj(review.user).username),
        date: str(review.published_date),
        title: str(review.title),
        text: str(review.text),
        language: str(review.lang),
        url: str(review.url),
      };
    }),
  }),
};
