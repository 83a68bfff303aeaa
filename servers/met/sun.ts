// sun.tider: Sunrise 3.0 /sun (https://api.met.no/weatherapi/sunrise/3.0/documentation).
//
// The answer is a GeoJSON Feature: when.interval [start, end] and properties {body:"Sun",
// sunrise:{time, azimuth}, sunset:{time, azimuth}, solarnoon:{time, disc_centre_elevation,
// visible}, solarmidnight:{…}}. In polar day and polar night sunrise and sunset have time null
// (a live answer for lat 67.52 on 2022-07-14 shows "sunrise":{"time":null,"azimuth":null}); the
// tool says so in plain words instead of inventing a time.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { isoDate } from '../../runtime/fields.js';
import { coverage, lat, lon, truncate4 } from './common.js';
import { quoted } from '../../runtime/validation.js';

interface Event {
  time?: string | null;
  azimuth?: number | null;
  disc_centre_elevation?: number | null;
  visible?: boolean | null;
}

interface SunAnswer {
  when?: { interval?: string[] };
  properties: { sunrise?: Event | null; sunset?: Event | null; solarnoon?: Event | null; solarmidnight?: Event | null };
}

const crossing = z.object({ time: z.string().nullable(), azimuth: z.number().nullable() });
const culmination = z.object({ time: z.string().nullable(), elevation: z.number().nullable(), visible: z.boolean().nullable() }).nullable();

const sunOutput = z.object({
  lat: z.number(),
  lon: z.number(),
  date: z.string(),
  offset: z.string(),
  sunrise: crossing,
  sunset: crossing,
  solarnoon: culmination,
  solarmidnight: culmination,
  polar: z.enum(['midnight_sun', 'polar_night']).nullable(),
  note: z.string().optional(),
});

const OFFSET = /^[+-](0\d|1[0-4]):[0-5]\d$/;

const culminationOf = (e: Event | null | undefined) =>
  e ? { time: e.time ?? null, elevation: e.disc_centre_elevation ?? null, visible: e.visible ?? null } : null;

export const sunTider = defineTool({
  name: 'sun.tider',
  title: 'Sunrise and sunset (MET Norway)',
  description:
    "Sunrise, sunset, solar noon and solar midnight for a point and date (MET Norway Sunrise 3.0), with azimuths and elevations. " +
    'lat, lon required; date YYYY-MM-DD defaults to today (UTC); offset of the answered times defaults to +00:00 (+01:00/+02:00 for Norway). ' +
    'Polar night or midnight sun: sunrise and sunset are null, polar says which and note explains.',
  input: {
    lat: lat(),
    lon: lon(),
    date: isoDate('YYYY-MM-DD. Default: today (UTC).').optional(),
    offset: z
      .string()
      .regex(OFFSET, { error: (iss) => `must be a UTC offset +HH:MM or -HH:MM such as +01:00 (got ${quoted(iss.input)})` })
      .default('+00:00')
      .describe('+HH:MM or -HH:MM. Default +00:00.'),
  },
  output: sunOutput,
  coverage: coverage(['sunrise-sunset', 'astronomy'], 'static'),
  cacheTtlSeconds: 86_400,
  route: '/sol',
  example: { lat: 59.9139, lon: 10.7522 },
  run: async (args, ctx) => {
    const date = args.date ?? ctx.now().toISOString().slice(0, 10);
    const la = truncate4(args.lat);
    const lo = truncate4(args.lon);
    const answer = await ctx.get<SunAnswer>('met', '/sunrise/3.0/sun', { query: { lat: la, lon: lo, date, offset: args.offset } });
    const p = answer.properties;
    const sunrise = { time: p.sunrise?.time ?? null, azimuth: p.sunrise?.azimuth ?? null };
    const sunset = { time: p.sunset?.time ?? null, azimuth: p.sunset?.azimuth ?? null };
    const solarnoon = culminationOf(p.solarnoon);
    const solarmidnight = culminationOf(p.solarmidnight);
    let polar: 'midnight_sun' | 'polar_night' | null = null;
    let note: string | undefined;
    if (sunrise.time === null && sunset.time === null) {
      if (solarnoon?.visible === false) {
        polar = 'polar_night';
        note = `Polar night: the sun does not rise at ${la}, ${lo} on ${date}; it stays below the horizon all day.`;
      } else if (solarmidnight?.visible === true) {
        polar = 'midnight_sun';
        note = `Midnight sun: the sun does not set at ${la}, ${lo} on ${date}; it stays above the horizon all day and night.`;
      } else {
        note = `The sun neither rises nor sets at ${la}, ${lo} on ${date}.`;
      }
    } else if (sunrise.time === null) {
      note = `No sunrise on ${date} at this place (offset ${args.offset}): the sun is already up at the start of the day, having risen the day before; it sets as given.`;
    } else if (sunset.time === null) {
      note = `No sunset on ${date} at this place (offset ${args.offset}): the sun rises as given and stays up past the end of the day.`;
    }
    return { lat: la, lon: lo, date, offset: args.offset, sunrise, sunset, solarnoon, solarmidnight, polar, ...(note && { note }) };
  },
});
