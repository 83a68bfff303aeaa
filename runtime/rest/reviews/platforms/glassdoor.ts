// Glassdoor: an employer's reviews page, read for its EmployerAggregateRating JSON-LD. Its
// robots.txt allows the first page of /Reviews/…-Reviews-E….htm and disallows the paginated ones
// (…_P2.htm), which this route therefore never asks for. Glassdoor's partner API is closed.
import { z } from '@hono/zod-openapi';
import { jsonLdPlatform } from '../jsonld.js';
import { id, reviewUpstream } from '../platform.js';

export const glassdoor = jsonLdPlatform({
  id: 'glassdoor',
  name: 'Glassdoor',
  market: 'INT',
  upstream: reviewUpstream({ id: 'reviews-glassdoor', name: 'Glassdoor employer pages', baseUrl: 'https://www.glassdoor.com', envVar: 'GLASSDOOR_BASE_URL', auth: { type: 'none' }, docs: 'https://www.glassdoor.com/robots.txt' }),
  robotsUrl: 'https://www.glassdoor.com/robots.txt',
  about: "An employer's rating by its employees on Glassdoor, with the number of ratings and the reviews its first page lists.",
  docs: 'https://developers.google.com/search/docs/appearance/structured-data/employer-rating',
  params: z.object({
    employerId: id('Glassdoor employer ID (the number after "-E" in its address).', /^\d{1,10}$/, '3403', 10),
    employerName: id('The name part of its address (e.g. Equinor).', /^[A-Za-z0-9][A-Za-z0-9-]{0,120}$/, 'Equinor'),
  }),
  example: { employerId: '3403', employerName: 'Equinor' },
  request: (p) => ({ path: '/Reviews/{employerName}-Reviews-E{employerId}.htm', params: { employerName: String(p.employerName), employerId: String(p.employerId) } }),
});
