// Gulesider.no (Eniro): the Norwegian business directory with users' ratings; a company's page
// (/{slug}/{id}/bedrift) is read for its LocalBusiness JSON-LD.
import { z } from '@hono/zod-openapi';
import { jsonLdPlatform } from '../jsonld.js';
import { id, reviewUpstream } from '../platform.js';

export const gulesider = jsonLdPlatform({
  id: 'gulesider',
  name: 'Gulesider.no',
  market: 'NO',
  upstream: reviewUpstream({ id: 'reviews-gulesider', name: 'Gulesider.no company pages', baseUrl: 'https://www.gulesider.no', envVar: 'GULESIDER_BASE_URL', auth: { type: 'none' }, docs: 'https://www.gulesider.no/' }),
  robotsUrl: 'https://www.gulesider.no/robots.txt',
  about: "A Norwegian company's rating and users' reviews in the Gulesider directory.",
  docs: 'https://developers.google.com/search/docs/appearance/structured-data/local-business',
  params: z.object({
    id: id('Gulesider company number (the number before /bedrift in its address).', /^\d{1,12}$/, '84674394', 12),
    slug: id('The name part of its address, words joined by + (e.g. smykkeverkstedet+oslo).', /^[a-z0-9æøå][a-z0-9æøå+-]{0,150}$/, 'smykkeverkstedet+oslo'),
  }),
  example: { id: '84674394', slug: 'smykkeverkstedet+oslo' },
  request: (p) => ({ path: '/{slug}/{id}/bedrift', params: { slug: String(p.slug), id: String(p.id) } }),
});
