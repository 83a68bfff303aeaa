// Expedia (and Hotels.com, the same group and reviews): a property's Hotel-Information page, read
// for its Hotel JSON-LD. Its robots.txt disallows Hotel-Information addresses with a query string,
// so the page is asked for without one.
import { z } from '@hono/zod-openapi';
import { jsonLdPlatform } from '../jsonld.js';
import { id, reviewUpstream } from '../platform.js';

export const expedia = jsonLdPlatform({
  id: 'expedia',
  name: 'Expedia / Hotels.com',
  market: 'INT',
  upstream: reviewUpstream({ id: 'reviews-expedia', name: 'Expedia property pages', baseUrl: 'https://www.expedia.com', envVar: 'EXPEDIA_BASE_URL', auth: { type: 'none' }, docs: 'https://www.expedia.com/robots.txt' }),
  robotsUrl: 'https://www.expedia.com/robots.txt',
  about: "A property's guest rating and review count on Expedia (shared with Hotels.com), and the reviews its page lists.",
  docs: 'https://developers.google.com/search/docs/appearance/structured-data/review-snippet',
  params: z.object({
    hotelId: id('Expedia property ID (the number after ".h" in its address).', /^\d{1,12}$/, '1234567', 12),
    slug: id('The name part of its address (e.g. Oslo-Hotels-Thon-Hotel-Opera).', /^[A-Za-z0-9][A-Za-z0-9-]{0,150}$/, 'Oslo-Hotels-Thon-Hotel-Opera'),
  }),
  example: { hotelId: '1234567', slug: 'Oslo-Hotels-Thon-Hotel-Opera' },
  request: (p) => ({ path: '/{slug}.h{hotelId}.Hotel-Information', params: { slug: String(p.slug), hotelId: String(p.hotelId) } }),
});
