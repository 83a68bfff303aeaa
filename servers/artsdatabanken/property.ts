// property.check: what Artskart holds around a point, and which red-listed species among it.
//
// Follows: Artsdatabanken's API page (https://artsdatabanken.no/Pages/180954): api/Observations/
// list?gmWktPolygon=POLYGON((…)) "gives all observations within the provided (Google mercator)
// polygon". The circle of the given radius is sent as a 32-sided polygon in EPSG:3857 metres (a
// metre on the ground is 1/cos(latitude) Mercator metres); each observation's distance is then
// measured from its WGS84 position (haversine) and only those within the radius are counted.
// One page of at most 1000 observations is read (the API returns the oldest first and offers no
// order; a public client reports pages of 1000 and more working, file id 59801554294); when more
// observations lie in the area the answer says it is partial. Web Mercator only reaches latitude
// ±85.05112878 (EPSG:3857's bounds), so a point beyond it is refused before anything is sent.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { int } from '../../runtime/fields.js';
import { note, optNum, optStr, sourceRef } from '../../runtime/output.js';
import { ARTSKART_SOURCE, HOUR, coverage, mapObservation, type ArtskartPage, type RedlistCategory } from './common.js';

/** The most observations one check reads (one page). */
export const PAGE = 1000;
const SIDES = 32;
const MERCATOR_R = 20037508.34;
const EARTH_M = 6_371_008.8;
/** Web Mercator (EPSG:3857) ends here: at ±90 the projection's y is infinite. */
export const MERCATOR_MAX_LAT = 85.05112878;

const toMercator = (lat: number, lon: number): [number, number] => [
  (lon * MERCATOR_R) / 180,
  (Math.log(Math.tan(((90 + lat) * Math.PI) / 360)) / (Math.PI / 180)) * (MERCATOR_R / 180),
];

/** The circle as a closed WKT polygon in Google (Web) Mercator metres. */
export function circlePolygon(lat: number, lon: number, radiusM: number): string {
  const [cx, cy] = toMercator(lat, lon);
  const r = radiusM / Math.cos((lat * Math.PI) / 180);
  const points: string[] = [];
  for (let i = 0; i <= SIDES; i++) {
    const a = ((i % SIDES) / SIDES) * 2 * Math.PI;
    points.push(`${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return `POLYGON((${points.join(',')}))`;
}

/** Great-circle distance in metres. */
export function distanceM(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

const CATEGORY_ORDER: Record<RedlistCategory, number> = { RE: 0, CR: 1, EN: 2, VU: 3, NT: 4, DD: 5 };

export const propertyCheck = defineTool({
  name: 'property.check',
  title: 'Red-listed species around a point (Artskart)',
  description:
    "What Artsdatabanken's Artskart holds around a point, e.g. a property before building: the species observations within radius metres (1-10000, default 500) of lat/lon (WGS84), how many are of red-listed species (RE, CR, EN, VU, NT, DD), and those species nearest first, with category, count, distance to the nearest and latest date. " +
    `Reads at most ${PAGE} observations; when the area holds more, complete is false. Zero means none registered, not proof of absence.`,
  input: {
    // The spec's -90..90 stays in the schema; Artskart's area search is in Web Mercator, so the
    // point must also lie within the projection (inclusive) or nothing is sent.
    lat: z
      .number()
      .min(-90)
      .max(90)
      .refine((v) => Math.abs(v) <= MERCATOR_MAX_LAT, {
        error: (iss) => `must be from -${MERCATOR_MAX_LAT} to ${MERCATOR_MAX_LAT}, the latitudes Web Mercator (Artskart's area search) can project (got ${String(iss.input)})`,
      })
      .describe(`Latitude, WGS84 decimal degrees, -${MERCATOR_MAX_LAT} to ${MERCATOR_MAX_LAT} (the limit of Web Mercator).`),
    lon: z.number().min(-180).max(180).describe('Longitude, WGS84 decimal degrees, -180 to 180.'),
    radius: int({ min: 1, max: 10000, default: 500, description: 'Radius in metres, 1 to 10000. Default 500.' }),
  },
  output: z.object({
    point: z.object({ lat: z.number(), lon: z.number() }),
    radius: z.number(),
    observations: z.number(),
    redlistedObservations: z.number(),
    redlistedSpecies: z.array(
      z.object({
        scientificName: optStr(),
        name: optStr(),
        taxonId: optNum(),
        category: z.enum(['RE', 'CR', 'EN', 'VU', 'NT', 'DD']),
        observations: z.number(),
        nearestDistanceM: z.number(),
        latestDate: optStr(),
      }),
    ),
    inArea: z.number(),
    complete: z.boolean(),
    note,
    kilde: sourceRef,
  }),
  coverage: coverage(['species-observation', 'red-list', 'biodiversity']),
  cacheTtlSeconds: HOUR,
  route: '/property-check',
  example: { lat: 59.9139, lon: 10.7522, radius: 500 },
  run: async ({ lat, lon, radius }, ctx) => {
    const answer = await ctx.get<ArtskartPage>('artskart', '/observations/list', {
      query: { gmWktPolygon: circlePolygon(lat, lon, radius), pageIndex: 0, pageSize: PAGE, crs: 'EPSG:4326' },
    });
    const read = (answer.Observations ?? []).map(mapObservation);
    const inArea = typeof answer.TotalCount === 'number' ? answer.TotalCount : read.length;
    const within = read
      .filter((o) => o.lat !== null && o.lon !== null)
      .map((o) => ({ ...o, distance: distanceM(lat, lon, o.lat!, o.lon!) }))
      .filter((o) => o.distance <= radius);
    const species = new Map<string, { scientificName: string | null; name: string | null; taxonId: number | null; category: RedlistCategory; observations: number; nearest: number; latestDate: string | null }>();
    let redlistedObservations = 0;
    for (const o of within) {
      if (!o.redlistCategory) continue;
      redlistedObservations += 1;
      const key = `${o.taxonId ?? ''}|${o.scientificName ?? ''}`;
      const s = species.get(key);
      if (!s) {
        species.set(key, { scientificName: o.scientificName, name: o.name, taxonId: o.taxonId, category: o.redlistCategory, observations: 1, nearest: o.distance, latestDate: o.collectedDate });
        continue;
      }
      s.observations += 1;
      s.nearest = Math.min(s.nearest, o.distance);
      if (o.collectedDate && (!s.latestDate || o.collectedDate > s.latestDate)) s.latestDate = o.collectedDate;
    }
    const redlistedSpecies = [...species.values()]
      .sort((a, b) => a.nearest - b.nearest || CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category])
      .map(({ nearest, ...s }) => ({ ...s, nearestDistanceM: Math.round(nearest) }));
    const complete = inArea <= read.length;
    const notes: string[] = [];
    if (!complete) notes.push(`The area holds ${inArea} observations; ${read.length} were read, so the counts cover those only. Use a smaller radius for a complete check.`);
    if (within.length === 0) notes.push('No observation is registered within the radius; that is not proof that no species lives there.');
    return {
      point: { lat, lon },
      radius,
      observations: within.length,
      redlistedObservations,
      redlistedSpecies,
      inArea,
      complete,
      ...(notes.length > 0 && { note: notes.join(' ') }),
      kilde: ARTSKART_SOURCE,
    };
  },
});
