// stasjoner.sok: weather stations (sources of type SensorSystem) from Frost's /sources/v0.jsonld,
// filtered by county (name or number) and name (Frost's `name` filter, with * wildcards); answer
// data[] of {id, name, shortName, country, countryCode, wmoId, geometry:{coordinates:[lon, lat]},
// masl, validFrom, validTo, county, countyId, municipality, municipalityId, stationHolders[]}.
// Frost has no page size for sources: the limit is applied here to the stations it answers.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { int, text } from '../../runtime/fields.js';
import { CREDENTIALS, coverage, type FrostAnswer } from './common.js';

interface Source {
  id: string;
  name?: string | null;
  shortName?: string | null;
  geometry?: { coordinates?: number[] } | null;
  masl?: number | null;
  validFrom?: string | null;
  validTo?: string | null;
  county?: string | null;
  countyId?: number | null;
  municipality?: string | null;
  municipalityId?: number | null;
  stationHolders?: string[] | null;
}

const stationsOutput = z.object({
  filter: z.object({ county: z.string().nullable(), q: z.string().nullable() }),
  total: z.number().int(),
  count: z.number().int(),
  stations: z.array(
    z.object({
      id: z.string(),
      name: z.string().nullable(),
      county: z.string().nullable(),
      municipality: z.string().nullable(),
      lat: z.number().nullable(),
      lon: z.number().nullable(),
      masl: z.number().nullable().describe('Metres above sea level.'),
      validFrom: z.string().nullable(),
      validTo: z.string().nullable().describe('Null while the station is in operation.'),
      holders: z.array(z.string()),
    }),
  ),
  note: z.string().optional(),
});

export const stasjonerSok = defineTool({
  name: 'stasjoner.sok',
  title: 'Find Norwegian weather stations (MET Norway Frost)',
  description:
    "Searches MET Norway's weather stations in the Frost API by county (name, e.g. Vestland, or county number) and q (part of the station name). Returns each station's Frost id (SNnnnnn, for frost.observasjoner), name, county, municipality, position, height above sea level, operating period (validTo null while active) and owners. " +
    'limit is 1 to 500 (default 50); total says how many matched. Without filters it lists stations of all of Norway. An empty list means no station matched.',
  input: {
    county: text('County name (e.g. Vestland, Troms) or county number.').optional(),
    q: text('Part of the station name, e.g. Blindern.').optional(),
    limit: int({ min: 1, max: 500, default: 50, description: 'Stations to return, 1 to 500. Default 50.' }),
  },
  output: stationsOutput,
  credentials: CREDENTIALS,
  coverage: coverage(['weather-station'], 'weekly'),
  cacheTtlSeconds: 86_400,
  route: '/stasjoner',
  example: { county: 'Oslo', q: 'Blindern' },
  run: async ({ county, q, limit }, ctx) => {
    const answer = await ctx.find<FrostAnswer<Source>>('frost', '/sources/v0.jsonld', {
      query: { types: 'SensorSystem', county, name: q ? `*${q}*` : undefined },
    });
    const all = answer?.data ?? [];
    const stations = all.slice(0, limit).map((s) => ({
      id: s.id,
      name: s.name ?? null,
      county: s.county ?? null,
      municipality: s.municipality ?? null,
      lat: s.geometry?.coordinates?.[1] ?? null,
      lon: s.geometry?.coordinates?.[0] ?? null,
      masl: s.masl ?? null,
      validFrom: s.validFrom ?? null,
      validTo: s.validTo ?? null,
      holders: [...(s.stationHolders ?? [])],
    }));
    return {
      filter: { county: county ?? null, q: q ?? null },
      total: all.length,
      count: stations.length,
      stations,
      ...(all.length === 0 && { note: 'No Frost weather station matches these filters.' }),
    };
  },
});
