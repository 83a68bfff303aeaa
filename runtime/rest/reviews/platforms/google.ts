// Google Business Profile reviews through the Places API (New): Place Details with the field mask
// of the rating, the rating count and the (at most five) most relevant reviews. An API key in the
// X-Goog-Api-Key header.
import { z } from '@hono/zod-openapi';
import { id, list, num, obj, reviewUpstream, str, type ReviewPlatform } from '../platform.js';

const FIELD_MASK = 'id,displayName,rating,userRatingCount,googleMapsUri,reviews';

export const google: ReviewPlatform = {
  id: 'google',
  name: 'Google (Business Profile, Places API)',
  market: 'INT',
  read: 'api',
  upstream: reviewUpstream({
    id: 'reviews-google',
    name: 'Google Places API (New)',
    baseUrl: 'https://places.googleapis.com',
    envVar: 'GOOGLE_PLACES_BASE_URL',
    auth: { type: 'header', header: 'X-Goog-Api-Key', envVar: 'GOOGLE_PLACES_API_KEY' },
    docs: 'https://developers.google.com/maps/documentation/places/web-service/place-details',
  }),
  robotsUrl: 'https://places.googleapis.com/robots.txt',
  about: "A place's Google rating, its number of ratings and up to five reviews (Google's selection), from its Business Profile.",
  docs: 'https://developers.google.com/maps/documentation/places/web-service/place-details',
  params: z.object({
    place_id: id('Google place ID (from Place Search or the Place ID finder).', /^[A-Za-z0-9_-]{10,300}$/, 'ChIJgUbEo8cfqokR5lP9_Wh_DaM', 300),
    languageCode: id('Language of the answer (BCP 47, e.g. nb, sv, da, fi, en).', /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$/, 'nb', 12).optional(),
    regionCode: id('Region the answer is formatted for (CLDR two letters).', /^[a-zA-Z]{2}$/, 'no', 2).optional(),
  }),
  example: { place_id: 'ChIJgUbEo8cfqokR5lP9_Wh_DaM' },
  request: (p) => ({
    path: '/v1/places/{place_id}',
    params: { place_id: String(p.place_id) },
    query: { languageCode: p.languageCode as string | undefined, regionCode: p.regionCode as string | undefined },
    headers: { 'X-Goog-FieldMask': FIELD_MASK },
  }),
  parse: (body) => {
    const place = obj(body);
    return {
      subject: str(obj(place.displayName).text),
      aggregate: { ratingValue: num(place.rating), bestRating: 5, reviewCount: num(place.userRatingCount) },
      reviews: list(place.reviews).map((r) => {
        const review = obj(r);
        const text = obj(review.text);
        const original = obj(review.originalText);
        return {
          rating: num(review.rating),
          bestRating: 5,
          author: str(obj(review.authorAttribution).displayName),
          date: str(review.publishTime),
          title: null,
          text: str(text.text) ?? str(original.text),
          language: str(text.languageCode) ?? str(original.languageCode),
          url: str(review.googleMapsUri),
        };
      }),
    };
  },
  pageUrl: (p) => `https://www.google.com/maps/place/?q=place_id:${encodeURIComponent(String(p.place_id))}`,
};
