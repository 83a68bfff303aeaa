// klima.normaler: monthly climate normals 1991-2020 of five cities' reference stations, from
// Frost's /climatenormals/v0.jsonld (sources, elements, period yyyy/yyyy; answer data[] of
// {sourceId, elementId, period, month, normal}; a combination without normals answers 404 with
// reason "Could not find climate normals for this combination of query parameters", per Frost's
// own acceptance tests).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { CREDENTIALS, coverage, stationOf, type FrostAnswer } from './common.js';

export const CITIES = ['oslo', 'bergen', 'trondheim', 'stavanger', 'tromso'] as const;
type City = (typeof CITIES)[number];

/** Each city's long-running reference station (MET's station ids). */
export const CITY_STATIONS: Record<City, { id: string; name: string }> = {
  oslo: { id: 'SN18700', name: 'Oslo - Blindern' },
  bergen: { id: 'SN50540', name: 'Bergen - Florida' },
  trondheim: { id: 'SN68860', name: 'Trondheim - Voll' },
  stavanger: { id: 'SN44560', name: 'Stavanger - Sola' },
  tromso: { id: 'SN90450', name: 'Tromsø' },
};

export const PERIOD = '1991/2020';
const TEMPERATURE = 'mean(air_temperature P1M)';
const PRECIPITATION = 'sum(precipitation_amount P1M)';

interface NormalRow {
  sourceId: string;
  elementId: string;
  month?: number | null;
  normal?: number | null;
}

const month = z.object({
  month: z.number().int(),
  airTemperature: z.number().nullable().describe('Mean air temperature, °C.'),
  precipitation: z.number().nullable().describe('Precipitation sum, mm.'),
});

const normalerOutput = z.object({
  period: z.string(),
  cities: z.array(
    z.object({
      city: z.enum(CITIES),
      stationId: z.string(),
      stationName: z.string(),
      months: z.array(month),
      note: z.string().optional(),
    }),
  ),
});

export const klimaNormaler = defineTool({
  name: 'klima.normaler',
  title: 'Climate normals of Norwegian cities (MET Norway Frost)',
  description:
    "Monthly climate normals for the standard period 1991-2020 from MET Norway's Frost API: mean air temperature (°C) and precipitation (mm) for each month, at the reference station of oslo (Blindern), bergen (Florida), trondheim (Voll), stavanger (Sola) or tromso. " +
    'city picks one; omit it for all five. Use it for "what is normal in March in Bergen" and to compare a month with the norm. A city whose station has no normals for the period answers an empty months list with a note.',
  input: {
    city: z.enum(CITIES).describe('oslo, bergen, trondheim, stavanger or tromso. Omit for all five.').optional(),
  },
  output: normalerOutput,
  credentials: CREDENTIALS,
  coverage: coverage(['climate-normal'], 'static'),
  cacheTtlSeconds: 7 * 86_400,
  route: '/klima/normaler',
  example: { city: 'bergen' },
  run: async ({ city }, ctx) => {
    const cities = city ? [city] : [...CITIES];
    const answer = await ctx.find<FrostAnswer<NormalRow>>('frost', '/climatenormals/v0.jsonld', {
      query: { sources: cities.map((c) => CITY_STATIONS[c].id).join(','), elements: `${TEMPERATURE},${PRECIPITATION}`, period: PERIOD },
    });
    const rows = answer?.data ?? [];
    return {
      period: PERIOD.replace('/', '-'),
      cities: cities.map((c) => {
        const station = CITY_STATIONS[c];
        const mine = rows.filter((r) => stationOf(r.sourceId) === station.id && typeof r.month === 'number');
        const byMonth = new Map<number, { airTemperature: number | null; precipitation: number | null }>();
        for (const r of mine) {
          const m = byMonth.get(r.month!) ?? { airTemperature: null, precipitation: null };
          if (r.elementId === TEMPERATURE) m.airTemperature = r.normal ?? null;
          if (r.elementId === PRECIPITATION) m.precipitation = r.normal ?? null;
          byMonth.set(r.month!, m);
        }
        const months = [...byMonth.entries()].sort(([a], [b]) => a - b).map(([month, values]) => ({ month, ...values }));
        return {
          city: c,
          stationId: station.id,
          stationName: station.name,
          months,
          ...(months.length === 0 && { note: `Frost has no ${PERIOD.replace('/', '-')} normals for ${station.name} (${station.id}).` }),
        };
      }),
    };
  },
});
