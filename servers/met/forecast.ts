// varsel.punkt and varsel.komplett: Locationforecast 2.0, compact and complete.
//
// Follows https://api.met.no/weatherapi/locationforecast/2.0/documentation and the JSON format of
// https://developer.yr.no/doc/ForecastJSON (a GeoJSON Feature; properties.meta.updated_at and units;
// properties.timeseries[] of {time, data:{instant:{details}, next_1_hours, next_6_hours,
// next_12_hours: {summary:{symbol_code}, details}}}). The complete variant has the same structure
// with more details (percentiles, probabilities, dew point, fog, UV index), so both are mapped by
// one function that keeps every detail MET sends. Expires/Last-Modified are honoured by the
// upstream layer (runtime/upstream/freshness.ts): no second call before Expires, then a
// conditional request with If-Modified-Since.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { coverage, lat, lon, truncate4, wholeNumber } from './common.js';

interface Period {
  summary?: { symbol_code?: string } | null;
  details?: Record<string, number> | null;
}

interface Forecast {
  geometry?: { coordinates?: number[] };
  properties: {
    meta: { updated_at: string; units?: Record<string, string> };
    timeseries: { time: string; data: { instant?: { details?: Record<string, number> }; next_1_hours?: Period; next_6_hours?: Period; next_12_hours?: Period } }[];
  };
}

const numbers = z.record(z.string(), z.number());
const period = z.object({ symbol: z.string().nullable(), details: numbers }).nullable();

const forecastOutput = z.object({
  lat: z.number(),
  lon: z.number(),
  altitude: z.number().nullable(),
  updatedAt: z.string(),
  units: z.record(z.string(), z.string()),
  count: z.number().int(),
  timeseries: z.array(
    z.object({
      time: z.string(),
      instant: numbers,
      next1h: period,
      next6h: period,
      next12h: period,
    }),
  ),
});

function mapPeriod(p: Period | undefined) {
  if (!p) return null;
  return { symbol: p.summary?.symbol_code ?? null, details: { ...(p.details ?? {}) } };
}

const input = {
  lat: lat(),
  lon: lon(),
  altitude: wholeNumber('Metres above sea level.').optional(),
};

function forecastTool(name: 'varsel.punkt' | 'varsel.komplett', variant: 'compact' | 'complete') {
  const complete = variant === 'complete';
  return defineTool({
    name,
    title: complete ? 'Complete weather forecast for a point (MET Norway)' : 'Weather forecast for a point (MET Norway)',
    description:
      (complete
        ? "MET Norway's complete Locationforecast for one point: the compact forecast plus percentiles, probabilities of precipitation and thunder, dew point, fog, cloud layers and UV index. Larger; prefer met.varsel.punkt. "
        : "MET Norway's forecast (Locationforecast 2.0 compact) for any point in the world, about 9 days ahead: temperature, pressure, cloud, humidity, wind, and for the next 1, 6 and 12 hours a symbol (e.g. lightrain) and precipitation. ") +
      'lat and lon required (truncated to 4 decimals, as MET asks); altitude in metres optional. Times are UTC; units gives each detail\'s unit.',
    input,
    output: forecastOutput,
    coverage: coverage(complete ? ['weather-forecast', 'probabilistic-forecast'] : ['weather-forecast'], 'hourly'),
    // MET's Expires header decides how long an answer is kept; this applies only without one.
    cacheTtlSeconds: 1800,
    route: complete ? '/varsel/komplett' : '/varsel',
    example: { lat: 59.9139, lon: 10.7522, altitude: 23 },
    run: async (args, ctx) => {
      const la = truncate4(args.lat);
      const lo = truncate4(args.lon);
      const query = { lat: la, lon: lo, altitude: args.altitude };
      const answer = await ctx.get<Forecast>('met', `/locationforecast/2.0/${variant}`, { query });
      const series = answer.properties.timeseries.map((t) => ({
        time: t.time,
        instant: { ...(t.data.instant?.details ?? {}) },
        next1h: mapPeriod(t.data.next_1_hours),
        next6h: mapPeriod(t.data.next_6_hours),
        next12h: mapPeriod(t.data.next_12_hours),
      }));
      return {
        lat: la,
        lon: lo,
        altitude: args.altitude ?? null,
        updatedAt: answer.properties.meta.updated_at,
        units: { ...(answer.properties.meta.units ?? {}) },
        count: series.length,
        timeseries: series,
      };
    },
  });
}

export const varselPunkt = forecastTool('varsel.punkt', 'compact');
export const varselKomplett = forecastTool('varsel.komplett', 'complete');
