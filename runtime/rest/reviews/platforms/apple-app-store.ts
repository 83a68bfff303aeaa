// Apple App Store: the customer reviews feed Apple publishes per storefront (the iTunes RSS feed
// generator, JSON format); official and without a credential. Its first entry on older feeds is
// the app itself, which carries no rating and is skipped.
import { z } from '@hono/zod-openapi';
import { id, int, list, num, obj, reviewUpstream, str, type ReviewPlatform } from '../platform.js';

const label = (value: unknown) => str(obj(value).label);

export const appleAppStore: ReviewPlatform = {
  id: 'apple-app-store',
  name: 'Apple App Store',
  market: 'INT',
  read: 'feed',
  upstream: reviewUpstream({
    id: 'reviews-apple-app-store',
    name: 'Apple iTunes customer reviews feed',
    baseUrl: 'https://itunes.apple.com',
    envVar: 'ITUNES_BASE_URL',
    auth: { type: 'none' },
    docs: 'https://rss.marketingtools.apple.com/',
  }),
  robotsUrl: 'https://itunes.apple.com/robots.txt',
  about: "Customer reviews of an iOS app in one App Store storefront (country), most recent first, 50 per page, up to 10 pages.",
  docs: 'https://rss.marketingtools.apple.com/',
  params: z.object({
    id: id('The app\'s App Store ID (digits after "id" in its apps.apple.com address).', /^\d{5,12}$/, '1462339474', 12),
    cc: id('Storefront country code, two letters (no, se, dk, fi, …).', /^[a-z]{2}$/, 'no', 2),
    page: int('Page of 50 reviews, 1 to 10.', 1, 10, 1),
    sortby: z.enum(['mostrecent', 'mosthelpful']).optional().openapi({ description: 'mostrecent (default) or mosthelpful.' }).describe('mostrecent (default) or mosthelpful.'),
  }),
  example: { id: '1462339474', cc: 'no' },
  request: (p) => ({
    path: '/{cc}/rss/customerreviews/page={page}/id={id}/sortby={sortby}/json',
    params: { cc: String(p.cc), page: (p.page as number | undefined) ?? 1, id: String(p.id), sortby: (p.sortby as string | undefined) ?? 'mostrecent' },
  }),
  parse: (body, p) => {
    const feed = obj(obj(body).feed);
    const reviews = list(feed.entry)
      .map(obj)
      .filter((e) => e['im:rating'] !== undefined)
      .map((e) => ({
        rating: num(label(e['im:rating'])),
        bestRating: 5,
        author: label(obj(e.author).name),
        date: label(e.updated),
        title: label(e.title),
        text: label(e.content),
        language: null,
        url: str(obj(obj(e.link).attributes).href),
      }));
    const page = (p.page as number | undefined) ?? 1;
    return { aggregate: null, reviews, next: reviews.length > 0 && page < 10 ? { page: page + 1 } : null };
  },
  pageUrl: (p) => `https://apps.apple.com/${String(p.cc)}/app/id${String(p.id)}`,
};
