// PriceRunner (Sweden; PRICERUNNER_BASE_URL for .dk or .com): a product's page
// (/pl/{pl}/{category}/{product}), read for its Product JSON-LD with the users' rating.
import { z } from '@hono/zod-openapi';
import { jsonLdPlatform } from '../jsonld.js';
import { id, reviewUpstream } from '../platform.js';

export const pricerunner = jsonLdPlatform({
  id: 'pricerunner',
  name: 'PriceRunner',
  market: 'NORDIC',
  upstream: reviewUpstream({ id: 'reviews-pricerunner', name: 'PriceRunner product pages', baseUrl: 'https://www.pricerunner.se', envVar: 'PRICERUNNER_BASE_URL', auth: { type: 'none' }, docs: 'https://www.pricerunner.se/robots.txt' }),
  robotsUrl: 'https://www.pricerunner.se/robots.txt',
  about: "A product's rating and review count by PriceRunner's users.",
  docs: 'https://developers.google.com/search/docs/appearance/structured-data/review-snippet',
  params: z.object({
    pl: id('PriceRunner product key: category and product number (e.g. 1-3816379).', /^\d{1,6}-\d{1,12}$/, '1-3816379', 20),
    category: id('Category part of the address (e.g. Mobiltelefoner).', /^[A-Za-z0-9][A-Za-z0-9-]{0,80}$/, 'Mobiltelefoner'),
    product: id('Product part of the address (e.g. Apple-iPhone-8-64GB-priser).', /^[A-Za-z0-9][A-Za-z0-9-]{0,150}$/, 'Apple-iPhone-8-64GB-priser'),
  }),
  example: { pl: '1-3816379', category: 'Mobiltelefoner', product: 'Apple-iPhone-8-64GB-priser' },
  request: (p) => ({ path: '/pl/{pl}/{category}/{product}', params: { pl: String(p.pl), category: String(p.category), product: String(p.product) } }),
});
