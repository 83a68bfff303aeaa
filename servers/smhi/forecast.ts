// forecast: SMHI's point forecast snow1g version 1 (pmp3g version 2 answers 404 since 2026-03-31).
// GET /api/category/snow1g/version/1/geotype/point/lon/{lon}/lat/{lat}/data.json answers
// {createdTime, referenceTime, geometry:{type:"Point", coordinates:[lon, lat]}, timeSeries:[{time,
// intervalParametersStartTime, data:{air_temperature, wind_speed, symbol_code, …}}]}; every
// parameter's missing value is 9999 (parameter.json: missingValue). A point outside SMHI's grid
// answers 404. Sources: UPSTREAMS.md B5, a reference of SMHI's API verified against live answers on
// 2026-04-01 (file id 54694844529) and peers' snow1g clients (file ids 66828254470, 60381166299).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { coverage } from './common.js';

/** SMHI's missing value: not a measurement or a forecast, so it is answered as null. */
export const MISSING = 9999;

interface Snow1g {
  createdTime?: string | null;
  approvedTime?: string | null;
  referenceTime: string;
  geometry?: { coordinates?: number[] | number[][] } | null;
  timeSeries: { time: string; intervalParametersStartTime?: string | null; data: Record<string, number | null> }[];
}

/** At most 6 decimals, truncated: SMHI's point URLs take that precision. */
const coordinate = (value: number) => String(Math.trunc(value * 1e6 + (value >= 0 ? 1e-4 : -1e-4)) / 1e6 || 0);

const forecastOutput = z.object({
  lat: z.number(),
  lon: z.number(),
  gridPoint: z.object({ lat: z.number(), lon: z.number() }).nullable().describe('The model grid point SMHI answered for.'),
  referenceTime: z.string(),
  createdTime: z.string().nullable(),
  count: z.number().int(),
  timeSeries: z.array(
    z.object({
      time: z.string(),
      intervalStart: z.string().nullable().describe('Start of the interval that precipitation values cover.'),
      values: z.record(z.string(), z.number().nullable()).describe("Parameters by SMHI's name (air_temperature °C, wind_speed m/s, symbol_code 1-27, precipitation_amount_mean mm, …); null where SMHI has no value."),
    }),
  ),
});

function gridPoint(coordinates: number[] | number[][] | undefined) {
  const flat = Array.isArray(coordinates?.[0]) ? (coordinates![0] as number[]) : (coordinates as number[] | undefined);
  return flat && typeof flat[0] === 'number' && typeof flat[1] === 'number' ? { lon: flat[0], lat: flat[1] } : null;
}

export const forecast = defineTool({
  name: 'forecast',
  title: 'Weather forecast for a point in the Nordic area (SMHI)',
  description:
    "SMHI's point forecast (snow1g) for the Nordic area, about 10 days ahead: for each time step (hourly at first, then 2- to 12-hourly) air temperature, wind speed, direction and gusts, humidity, pressure, visibility, cloud cover, precipitation (mean, min, max, probability, type), thunder probability and SMHI's weather symbol (1-27). " +
    'lat and lon are required (decimal degrees). A value SMHI marks as missing (9999) is null, never a number. A point outside SMHI\'s model area answers not_found; for Norway and the rest of the world use met.varsel.punkt.',
  input: {
    lat: z.number().min(-90).max(90).describe('Latitude, WGS84 decimal degrees.'),
    lon: z.number().min(-180).max(180).describe('Longitude, WGS84 decimal degrees.'),
  },
  output: forecastOutput,
  coverage: coverage(['weather-forecast'], 'hourly'),
  cacheTtlSeconds: 900,
  route: '/prognos',
  example: { lat: 59.3293, lon: 18.0686 },
  run: async ({ lat, lon }, ctx) => {
    const params = { lon: coordinate(lon), lat: coordinate(lat) };
    const answer = await ctx.find<Snow1g>('smhi-metfcst', '/api/category/snow1g/version/1/geotype/point/lon/{lon}/lat/{lat}/data.json', { params });
    if (!answer) throw fail.notFound(`SMHI has no forecast for lat ${params.lat}, lon ${params.lon}: the point is outside SMHI's model area (the Nordic countries and their seas). Use met.varsel.punkt there.`);
    const timeSeries = answer.timeSeries.map((step) => ({
      time: step.time,
      intervalStart: step.intervalParametersStartTime ?? null,
      values: Object.fromEntries(Object.entries(step.data).map(([name, value]) => [name, value === MISSING ? null : value])),
    }));
    return {
      lat: Number(params.lat),
      lon: Number(params.lon),
      gridPoint: gridPoint(answer.geometry?.coordinates),
      referenceTime: answer.referenceTime,
      createdTime: answer.createdTime ?? answer.approvedTime ?? null,
      count: timeSeries.length,
      timeSeries,
    };
  },
});
