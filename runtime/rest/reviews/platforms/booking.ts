// Booking.com: a property's public page (/hotel/{cc1}/{pagename}.html, the two parameter names its
// own review list uses), read for the Hotel JSON-LD with its AggregateRating (on Booking's scale of
// 10) and the reviews it lists. Its robots.txt allows hotel pages and disallows /reviewlist.
import { z } from '@hono/zod-openapi';
import { jsonLdPlatform } from '../jsonld.js';
import { id, reviewUpstream } from '../platform.js';

export const booking = jsonLdPlatform({
  id: 'booking',
  name: 'Booking.com',
  market: 'INT',
  upstream: reviewUpstream({ id: 'reviews-booking', name: 'Booking.com property pages', baseUrl: 'https://www.booking.com', envVar: 'BOOKING_BASE_URL', auth: { type: 'none' }, docs: 'https://www.booking.com/robots.txt' }),
  robotsUrl: 'https://www.booking.com/robots.txt',
  about: "A hotel's or other property's guest rating (out of 10), number of reviews and the reviews its page lists.",
  docs: 'https://developers.google.com/search/docs/appearance/structured-data/review-snippet',
  params: z.object({
    cc1: id('Country code of the property, two lowercase letters (no, se, dk, fi, …).', /^[a-z]{2}$/, 'no', 2),
    pagename: id('The property\'s page name (the file name of its /hotel/{cc1}/… address, without .html).', /^[a-z0-9][a-z0-9-]{0,150}$/, 'thon-opera'),
  }),
  example: { cc1: 'no', pagename: 'thon-opera' },
  request: (p) => ({ path: '/hotel/{cc1}/{pagename}.html', params: { cc1: String(p.cc1), pagename: String(p.pagename) } }),
});
