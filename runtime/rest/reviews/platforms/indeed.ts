// Indeed: a company's reviews page (/cmp/{company}/reviews), read for its JSON-LD. Indeed's
// robots.txt allows /cmp/…/reviews and disallows /cmp/…/write-review, /cmp/…/jobs/ and the like.
// INDEED_BASE_URL may point at a national site (https://no.indeed.com), whose robots.txt is then read.
import { z } from '@hono/zod-openapi';
import { jsonLdPlatform } from '../jsonld.js';
import { id, reviewUpstream } from '../platform.js';

export const indeed = jsonLdPlatform({
  id: 'indeed',
  name: 'Indeed (company reviews)',
  market: 'INT',
  upstream: reviewUpstream({ id: 'reviews-indeed', name: 'Indeed company pages', baseUrl: 'https://www.indeed.com', envVar: 'INDEED_BASE_URL', auth: { type: 'none' }, docs: 'https://www.indeed.com/robots.txt' }),
  robotsUrl: 'https://www.indeed.com/robots.txt',
  about: "A company's rating by employees and job seekers on Indeed, with its review count and the reviews its page lists.",
  docs: 'https://developers.google.com/search/docs/appearance/structured-data/employer-rating',
  params: z.object({
    cmp: id('The company\'s Indeed name (the segment after /cmp/ in its address).', /^[A-Za-z0-9][A-Za-z0-9_.-]{0,120}$/, 'Equinor'),
  }),
  example: { cmp: 'Equinor' },
  request: (p) => ({ path: '/cmp/{cmp}/reviews', params: { cmp: String(p.cmp) } }),
});
