// Prisjakt (PriceSpy; Prisjagt, Hintaopas): a product's page (produkt.php?p=), read for its Product
// JSON-LD with the users' rating and product reviews. PRISJAKT_BASE_URL may name another of its
// national sites (https://www.prisjakt.no), whose robots.txt is then read.
import { z } from '@hono/zod-openapi';
import { jsonLdPlatform } from '../jsonld.js';
import { id, reviewUpstream } from '../platform.js';

export const prisjakt = jsonLdPlatform({
  id: 'prisjakt',
  name: 'Prisjakt',
  market: 'NORDIC',
  upstream: reviewUpstream({ id: 'reviews-prisjakt', name: 'Prisjakt product pages', baseUrl: 'https://www.prisjakt.nu', envVar: 'PRISJAKT_BASE_URL', auth: { type: 'none' }, docs: 'https://www.prisjakt.nu/info/hur-vi-visar-omdomen--i15' }),
  robotsUrl: 'https://www.prisjakt.nu/robots.txt',
  about: "A product's rating and reviews by Prisjakt's users (Sweden; PRISJAKT_BASE_URL for Norway).",
  docs: 'https://www.prisjakt.nu/info/hur-vi-visar-omdomen--i15',
  params: z.object({
    p: id('Prisjakt product number (the `p` of produkt.php?p=).', /^\d{1,10}$/, '13438192', 10),
  }),
  example: { p: '13438192' },
  request: (p) => ({ path: '/produkt.php', query: { p: String(p.p) } }),
});
