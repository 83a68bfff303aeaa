// Google Play: the app's public store page, read for the SoftwareApplication JSON-LD it publishes
// (its AggregateRating; the page names no individual reviews in structured data). The Play
// Developer API's reviews.list serves only an app's own developer, so it is not an option here.
import { z } from '@hono/zod-openapi';
import { jsonLdPlatform } from '../jsonld.js';
import { id, reviewUpstream } from '../platform.js';

export const googlePlay = jsonLdPlatform({
  id: 'google-play',
  name: 'Google Play',
  market: 'INT',
  upstream: reviewUpstream({ id: 'reviews-google-play', name: 'Google Play store pages', baseUrl: 'https://play.google.com', envVar: 'GOOGLE_PLAY_BASE_URL', auth: { type: 'none' }, docs: 'https://play.google.com/store/apps' }),
  robotsUrl: 'https://play.google.com/robots.txt',
  about: "An Android app's rating and number of ratings on Google Play, from its store page's structured data.",
  docs: 'https://developers.google.com/search/docs/appearance/structured-data/software-app',
  params: z.object({
    id: id('The app\'s package name (the `id` of its Play address).', /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/, 'no.vipps.app'),
    hl: id('Language of the page (e.g. no, sv, da, fi, en).', /^[a-zA-Z]{2}(_[A-Z]{2})?$/, 'no', 5).optional(),
    gl: id('Country of the store (two letters).', /^[A-Za-z]{2}$/, 'NO', 2).optional(),
  }),
  example: { id: 'no.vipps.app' },
  request: (p) => ({ path: '/store/apps/details', query: { id: String(p.id), hl: p.hl as string | undefined, gl: p.gl as string | undefined } }),
});
