// Reco.se: Sweden's review site for companies (reviews verified with BankID or the company's own
// systems); a company's page is reco.se/{slug}, read for its LocalBusiness JSON-LD.
import { z } from '@hono/zod-openapi';
import { jsonLdPlatform } from '../jsonld.js';
import { id, reviewUpstream } from '../platform.js';

export const reco = jsonLdPlatform({
  id: 'reco',
  name: 'Reco.se',
  market: 'SE',
  upstream: reviewUpstream({ id: 'reviews-reco', name: 'Reco.se company pages', baseUrl: 'https://www.reco.se', envVar: 'RECO_BASE_URL', auth: { type: 'none' }, docs: 'https://www.reco.se/info/terms' }),
  robotsUrl: 'https://www.reco.se/robots.txt',
  about: "A Swedish company's rating and reviews on Reco.se.",
  docs: 'https://developers.google.com/search/docs/appearance/structured-data/review-snippet',
  params: z.object({
    slug: id('The company\'s Reco address name (reco.se/{slug}).', /^[a-z0-9][a-z0-9-]{0,120}$/, 'bjorkhagens-las'),
  }),
  example: { slug: 'bjorkhagens-las' },
  request: (p) => ({ path: '/{slug}', params: { slug: String(p.slug) } }),
});
