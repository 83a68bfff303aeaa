// Capterra: a software product's reviews page (/p/{productId}/{productName}/reviews), read for its
// Product JSON-LD.
import { z } from '@hono/zod-openapi';
import { jsonLdPlatform } from '../jsonld.js';
import { id, reviewUpstream } from '../platform.js';

export const capterra = jsonLdPlatform({
  id: 'capterra',
  name: 'Capterra',
  market: 'INT',
  upstream: reviewUpstream({ id: 'reviews-capterra', name: 'Capterra product pages', baseUrl: 'https://www.capterra.com', envVar: 'CAPTERRA_BASE_URL', auth: { type: 'none' }, docs: 'https://www.capterra.com/robots.txt' }),
  robotsUrl: 'https://www.capterra.com/robots.txt',
  about: "A software product's rating by its users on Capterra, the number of reviews and the reviews its page lists.",
  docs: 'https://developers.google.com/search/docs/appearance/structured-data/review-snippet',
  params: z.object({
    productId: id('Capterra product ID (the number after /p/ in its address).', /^\d{1,10}$/, '135003', 10),
    productName: id('The name part of its address (e.g. Slack).', /^[A-Za-z0-9][A-Za-z0-9-]{0,120}$/, 'Slack'),
  }),
  example: { productId: '135003', productName: 'Slack' },
  request: (p) => ({ path: '/p/{productId}/{productName}/reviews', params: { productId: String(p.productId), productName: String(p.productName) } }),
});
