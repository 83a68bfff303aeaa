// Yelp through the Yelp Fusion API's business reviews endpoint (an API key as a bearer token); it
// answers up to three review excerpts per request and the business's total review count.
import { z } from '@hono/zod-openapi';
import { id, int, list, num, obj, reviewUpstream, str, type ReviewPlatform } from '../platform.js';

export const yelp: ReviewPlatform = {
  id: 'yelp',
  name: 'Yelp',
  market: 'INT',
  read: 'api',
  upstream: reviewUpstream({
    id: 'reviews-yelp',
    name: 'Yelp Fusion API',
    baseUrl: 'https://api.yelp.com',
    envVar: 'YELP_BASE_URL',
    auth: { type: 'header', header: 'Authorization', prefix: 'Bearer ', envVar: 'YELP_API_KEY' },
    docs: 'https://docs.developer.yelp.com/reference/v3_business_reviews',
  }),
  robotsUrl: 'https://api.yelp.com/robots.txt',
  about: "Review excerpts of a business on Yelp (Yelp's API gives up to three) and its total number of reviews.",
  docs: 'https://docs.developer.yelp.com/reference/v3_business_reviews',
  params: z.object({
    business_id_or_alias: id('Yelp business ID or alias (the last path segment of its yelp page).', /^[A-Za-z0-9_-]{1,200}$/, 'maaemo-oslo'),
    locale: id('Locale of the reviews, e.g. nb_NO, sv_SE, da_DK, fi_FI, en_US.', /^[a-z]{2}_[A-Z]{2}$/, 'nb_NO', 5).optional(),
    limit: int('Reviews, 1 to 50 (Yelp answers at most 3 on the base plan).', 1, 50, 3),
    offset: int('Reviews to skip.', 0, 1000, 0),
    sort_by: z.enum(['yelp_sort', 'newest']).optional().openapi({ description: "Yelp's order (default) or newest first." }).describe("Yelp's order (default) or newest first."),
  }),
  example: { business_id_or_alias: 'maaemo-oslo' },
  request: (p) => ({
    path: '/v3/businesses/{business_id_or_alias}/reviews',
    params: { business_id_or_alias: String(p.business_id_or_alias) },
    query: { locale: p.locale as string | undefined, limit: p.limit as number | undefined, offset: p.offset as number | undefined, sort_by: p.sort_by as string | undefined },
  }),
  parse: (body) => {
    const answer = obj(body);
    return {
      aggregate: { ratingValue: null, bestRating: 5, reviewCount: num(answer.total) },
      reviews: list(answer.reviews).map((r) => {
        const review = obj(r);
        return {
          rating: num(review.rating),
          bestRating: 5,
          author: str(obj(review.user).name),
          date: str(review.time_created),
          title: null,
          text: str(review.text),
          language: null,
          url: str(review.url),
        };
      }),
    };
  },
  pageUrl: (p) => `https://www.yelp.com/biz/${encodeURIComponent(String(p.business_id_or_alias))}`,
};
