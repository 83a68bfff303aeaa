// Trustpilot: its official Business Units API (public endpoints, an API key in the `apikey`
// header). Its website's robots.txt ends with `User-agent: *` / `Disallow: /`, so the page is
// never read; the API host's own robots.txt is what the gate checks.
import { z } from '@hono/zod-openapi';
import { id, int, list, obj, str, num, reviewUpstream, type ReviewPlatform } from '../platform.js';

export const trustpilot: ReviewPlatform = {
  id: 'trustpilot',
  name: 'Trustpilot',
  market: 'INT',
  read: 'api',
  upstream: reviewUpstream({
    id: 'reviews-trustpilot',
    name: 'Trustpilot Business Units API',
    baseUrl: 'https://api.trustpilot.com',
    envVar: 'TRUSTPILOT_BASE_URL',
    auth: { type: 'header', header: 'apikey', envVar: 'TRUSTPILOT_API_KEY' },
    docs: 'https://developers.trustpilot.com/business-units-api-(public)',
  }),
  robotsUrl: 'https://api.trustpilot.com/robots.txt',
  about: 'Service reviews of a company (a Business Unit: one domain) on Trustpilot, newest first.',
  docs: 'https://developers.trustpilot.com/business-units-api-(public)#get-a-business-unit\'s-reviews',
  params: z.object({
    businessUnitId: id('Trustpilot Business Unit ID (24 hex digits; find it with the API\'s business-units/find by domain).', /^[0-9a-f]{24}$/, '46d6a890000064000500e0c3'),
    page: int('Page, from 1.', 1, 1000, 1),
    perPage: int('Reviews per page, 1 to 100.', 1, 100, 20),
    stars: id('Only these star ratings, comma-separated (e.g. 1,2).', /^[1-5](,[1-5]){0,4}$/, '5', 9).optional(),
    language: id('Only reviews in this language (ISO 639-1), or `all`.', /^([a-z]{2}|all)$/, 'da', 3).optional(),
    orderBy: z.enum(['createdat.desc', 'createdat.asc', 'stars.desc', 'stars.asc']).optional().openapi({ description: 'Order of the reviews.' }).describe('Order of the reviews.'),
  }),
  example: { businessUnitId: '46d6a890000064000500e0c3' },
  request: (p) => ({
    path: '/v1/business-units/{businessUnitId}/reviews',
    params: { businessUnitId: String(p.businessUnitId) },
    query: { page: p.page as number | undefined, perPage: (p.perPage as number | undefined) ?? 20, stars: p.stars as string | undefined, language: p.language as string | undefined, orderBy: p.orderBy as string | undefined },
  }),
  parse: (body, p) => {
    const reviews = list(obj(body).reviews).map((r) => {
      const review = obj(r);
      return {
        rating: num(review.stars),
        bestRating: 5,
        author: str(obj(review.consumer).displayName),
        date: str(review.createdAt),
        title: str(review.title),
        text: str(review.text),
        language: str(review.language),
        url: str(review.id) ? `https://www.trustpilot.com/reviews/${review.id}` : null,
      };
    });
    const hasNext = list(obj(body).links).some((l) => obj(l).rel === 'next-page');
    return { aggregate: null, reviews, next: hasNext ? { page: ((p.page as number | undefined) ?? 1) + 1 } : null };
  },
};
