// Facebook Page recommendations and reviews through the Graph API's Page Ratings edge, with a Page
// access token (pages_read_user_content) sent as a bearer token.
import { z } from '@hono/zod-openapi';
import { id, int, list, num, obj, reviewUpstream, str, type ReviewPlatform } from '../platform.js';

export const GRAPH_VERSION = 'v21.0';

export const facebook: ReviewPlatform = {
  id: 'facebook',
  name: 'Facebook (Page recommendations)',
  market: 'INT',
  read: 'api',
  upstream: reviewUpstream({
    id: 'reviews-facebook',
    name: 'Facebook Graph API',
    baseUrl: 'https://graph.facebook.com',
    envVar: 'FACEBOOK_GRAPH_BASE_URL',
    auth: { type: 'header', header: 'Authorization', prefix: 'Bearer ', envVar: 'FACEBOOK_PAGE_ACCESS_TOKEN' },
    docs: 'https://developers.facebook.com/docs/graph-api/reference/page/ratings/',
  }),
  robotsUrl: 'https://graph.facebook.com/robots.txt',
  about: "Recommendations (positive or negative, with text) left on a Facebook Page; readable only with that Page's access token.",
  docs: 'https://developers.facebook.com/docs/graph-api/reference/page/ratings/',
  params: z.object({
    page_id: id('The Facebook Page ID (digits).', /^\d{5,25}$/, '20531316728', 25),
    limit: int('Recommendations per page, 1 to 100.', 1, 100, 25),
    after: id("The Graph API's `paging.cursors.after` of the previous page.", /^[A-Za-z0-9_=-]{1,400}$/, 'QVFIUmFk', 400).optional(),
  }),
  example: { page_id: '20531316728' },
  request: (p) => ({
    path: `/${GRAPH_VERSION}/{page_id}/ratings`,
    params: { page_id: String(p.page_id) },
    query: { fields: 'created_time,recommendation_type,review_text,reviewer,rating', limit: (p.limit as number | undefined) ?? 25, after: p.after as string | undefined },
  }),
  parse: (body) => {
    const answer = obj(body);
    const paging = obj(answer.paging);
    const after = str(obj(paging.cursors).after);
    return {
      aggregate: null,
      reviews: list(answer.data).map((r) => {
        const rating = obj(r);
        const kind = rating.recommendation_type;
        return {
          rating: num(rating.rating),
          bestRating: num(rating.rating) === null ? null : 5,
          author: str(obj(rating.reviewer).name),
          date: str(rating.created_time),
          title: null,
          text: str(rating.review_text),
          language: null,
          url: null,
          recommendation: kind === 'positive' || kind === 'negative' ? kind : null,
        };
      }),
      next: paging.next && after ? { after } : null,
    };
  },
  pageUrl: (p) => `https://www.facebook.com/${encodeURIComponent(String(p.page_id))}/reviews`,
};
