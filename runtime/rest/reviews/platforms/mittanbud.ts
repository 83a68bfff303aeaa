// Mittanbud.no (Schibsted): customers' reviews of Norwegian tradespeople and service companies; a
// company's profile (/profil/{id}/{slug}) is read for its JSON-LD.
import { z } from '@hono/zod-openapi';
import { jsonLdPlatform } from '../jsonld.js';
import { id, reviewUpstream } from '../platform.js';

export const mittanbud = jsonLdPlatform({
  id: 'mittanbud',
  name: 'Mittanbud.no',
  market: 'NO',
  upstream: reviewUpstream({ id: 'reviews-mittanbud', name: 'Mittanbud.no company profiles', baseUrl: 'https://mittanbud.no', envVar: 'MITTANBUD_BASE_URL', auth: { type: 'none' }, docs: 'https://mittanbud.no/om/avtalevilkaar/avtalevilkaar-proff' }),
  robotsUrl: 'https://mittanbud.no/robots.txt',
  about: "A Norwegian tradesperson's or service company's rating and customers' reviews on Mittanbud.no.",
  docs: 'https://mittanbud.no/om/avtalevilkaar/avtalevilkaar-proff',
  params: z.object({
    id: id('Mittanbud profile number (after /profil/ in its address).', /^\d{1,10}$/, '118912', 10),
    slug: id('The name part of its address (e.g. byggreal-as).', /^[a-z0-9][a-z0-9-]{0,120}$/, 'byggreal-as'),
  }),
  example: { id: '118912', slug: 'byggreal-as' },
  request: (p) => ({ path: '/profil/{id}/{slug}', params: { id: String(p.id), slug: String(p.slug) } }),
});
