// stops.autocomplete on Entur's Geocoder v1 (a separate upstream from the journey planner: its own
// base URL and override).
//
// Follows https://developer.entur.org/pages-geocoder-api: GET /autocomplete?text=&size=&lang=&layers=
// (Pelias parameters; Entur documents size 1-100, the spec allows 1-50), answering a Pelias GeoJSON
// FeatureCollection: features[] of { geometry: { type: Point, coordinates: [lon, lat] },
// properties: { id, gid, layer, source, source_id, name, label, locality, county, category[],
// tariff_zones[] } }; no match is `features: []`. The answer's shape is Entur's own (entur/geocoder
// src/test/resources/peliasResult.json, a recorded answer, and proxy PeliasResult.kt).
// Layers of v1 (spec): venue (stops and other points of interest), address, locality, county,
// country. Entur's newer Geocoder v3 (/v3/autocomplete, other parameter names) is not used: the
// spec's parameters are v1's.
// UNCONFIRMED: the bodies of the geocoder's error answers (constructed).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { int } from '../../runtime/fields.js';
import { note, optNum, optStr } from '../../runtime/output.js';
import { clientHeaders, coverage } from './common.js';

export const LAYERS = ['venue', 'address', 'locality', 'county', 'country'] as const;

const unknownLayers = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => !(LAYERS as readonly string[]).includes(s));

interface PeliasFeature {
  geometry?: { coordinates?: number[] } | null;
  properties: {
    id?: string | null;
    name?: string | null;
    label?: string | null;
    layer?: string | null;
    category?: string[] | null;
    locality?: string | null;
    county?: string | null;
  };
}

export const stopsAutocomplete = defineTool({
  name: 'stops.autocomplete',
  title: 'Find stops and places by name (Entur)',
  description:
    "Stops, stations, addresses and places in Norway whose name starts with or matches text, from Entur's geocoder (the search box of Entur's journey planner): id, name, label, layer, stop categories, locality, county and coordinates. " +
    'Use it to find the stop id (NSR:StopPlace:…) that entur.departures.list and entur.routes.plan take. size 1-50 (default 10); lang no or en; layers a comma list of venue (stops and points of interest), address, locality, county, country. ' +
    'An empty list means nothing matched.',
  input: {
    text: z.string().min(1).max(200).describe('Name or beginning of a name, e.g. "Oslo S" or "Jernbanetorget".'),
    size: int({ min: 1, max: 50, default: 10, description: 'Most results.' }),
    lang: z.enum(['no', 'en']).optional().describe('Language of names.'),
    layers: z
      .string()
      .refine((v) => unknownLayers(v).length === 0, {
        error: (iss) => `must be a comma list of ${LAYERS.join(', ')} (unknown: ${unknownLayers(String(iss.input)).map((s) => JSON.stringify(s)).join(', ')})`,
      })
      .optional()
      .describe('Comma list of layers to search, e.g. "venue" for stops only.'),
  },
  output: z.object({
    text: z.string(),
    count: z.number().int(),
    places: z.array(
      z.object({
        id: optStr().describe('NSR:StopPlace:… for stops.'),
        name: optStr(),
        label: optStr(),
        layer: optStr(),
        categories: z.array(z.string()).describe('Stop types for stops (railStation, onstreetBus...), else the kind of place.'),
        locality: optStr(),
        county: optStr(),
        lat: optNum(),
        lon: optNum(),
      }),
    ),
    note,
  }),
  coverage: coverage(['stop-place', 'address', 'place-name'], 'daily'),
  cacheTtlSeconds: 3600,
  route: '/stops',
  example: { text: 'Oslo S', layers: 'venue' },
  run: async ({ text, size, lang, layers }, ctx) => {
    const wanted = layers === undefined ? undefined : [...new Set(layers.split(',').map((s) => s.trim()))].join(',');
    const answer = await ctx.get<{ features: PeliasFeature[] }>('entur-geocoder', '/autocomplete', {
      query: { text, size, lang, layers: wanted },
      headers: clientHeaders(ctx),
    });
    const places = answer.features.map((f) => ({
      id: f.properties.id ?? null,
      name: f.properties.name ?? null,
      label: f.properties.label ?? null,
      layer: f.properties.layer ?? null,
      categories: [...new Set(f.properties.category ?? [])],
      locality: f.properties.locality ?? null,
      county: f.properties.county ?? null,
      lat: f.geometry?.coordinates?.[1] ?? null,
      lon: f.geometry?.coordinates?.[0] ?? null,
    }));
    return { text, count: places.length, places, ...(places.length === 0 && { note: `Nothing in Entur's geocoder matches "${text}".` }) };
  },
});
