// G2: a software product's reviews page, read for its Product JSON-LD (AggregateRating and the
// reviews it lists). Its robots.txt allows /products/…/reviews for every crawler but bingbot's
// paginated ones.
import { z } from '@hono/zod-openapi';
import { jsonLdPlatform } from '../jsonld.js';
import { id, reviewUpstream } from '../platform.js';

export const g2 = jsonLdPlatform({
  id: 'g2',
  name: 'G2',
  market: 'INT',
  upstream: reviewUpstream({ id: 'reviews-g2', name: 'G2 product pages', baseUrl: 'https://www.g2.com', envVar: 'G2_BASE_URL', auth: { type: 'none' }, docs: 'https://www.g2.com/robots.txt' }),
  robotsUrl: 'https://www.g2.com/robots.txt',
  about: "A software product's rating by its business users on G2, the number of reviews and the reviews its page lists.",
  docs: 'https://developers.google.com/search/docs/appearance/structured-data/review-snippet',
  params: z.object({
    product: id('The product\'s G2 slug (the segment after /products/ in its address).', /^[a-z0-9][a-z0-9-]{0,120}$/, 'visma-net'),
  }),
  example: { product: 'visma-net' },
  request: (p) => ({ path: '/products/{product}/reviews', params: { product: String(p.product) } }),
});
