// flights.list and status.list: Avinor's flight feed for one airport (mapping and the facts relied
// on: feeds.ts).
import { z } from 'zod';
import { defineTool, type Coverage } from '../../runtime/define.js';
import { int } from '../../runtime/fields.js';
import { note, optStr } from '../../runtime/output.js';
import type { ToolContext } from '../../runtime/context.js';
import {
  FLIGHTS_PATH,
  FLIGHTS_TTL,
  NAMES_TTL,
  STATUSES_PATH,
  byScheduled,
  decodeFlights,
  decodeStatuses,
  mapFlight,
  type FlightFeed,
  type StatusCode,
} from './feeds.js';
import { quoted } from '../../runtime/validation.js';

export const coverage = (dataTypes: string[], updateFrequency: Coverage['updateFrequency']): Coverage => ({ geography: ['NO'], dataTypes, updateFrequency });

const airport = () =>
  z
    .string()
    .regex(/^[A-Za-z]{3}$/, { error: (iss) => `must be a 3-letter IATA airport code such as OSL (got ${quoted(iss.input)})` })
    .describe('IATA code of an Avinor airport, e.g. OSL, BGO, TRD, TOS (any case). avinor.airports.list has the codes.');

const hours = (what: string) =>
  z
    .string()
    .regex(/^[1-7]$/, { error: (iss) => `must be a whole number of hours from 1 to 7, as a string such as "3" (got ${quoted(iss.input)})` })
    .describe(what);

/** One fetch of the feed for an airport and window, shared by every caller for three minutes. */
function flightFeed(ctx: ToolContext, code: string, from: string, to: string, direction?: 'A' | 'D'): Promise<FlightFeed> {
  return ctx
    .request<FlightFeed>({ upstream: 'avinor', path: FLIGHTS_PATH, query: { airport: code, TimeFrom: from, TimeTo: to, direction }, decode: decodeFlights, ttlSeconds: FLIGHTS_TTL })
    .then((r) => r.data as FlightFeed);
}

const status = z.object({ code: z.string(), time: optStr() });

const flightOutput = z.object({
  id: optStr(),
  flightId: optStr(),
  airline: optStr().describe('IATA airline code (names: avinor.airlines.list).'),
  direction: optStr().describe('D departure, A arrival.'),
  airport: optStr().describe('The other end: destination of a departure, origin of an arrival (IATA).'),
  via: z.array(z.string()),
  scheduled: optStr().describe('Scheduled time, UTC.'),
  domInt: optStr().describe('D domestic, S Schengen, I other international.'),
  checkIn: optStr(),
  gate: optStr(),
  belt: optStr(),
  status: status.nullable().describe('Latest status code and its time (UTC); meanings: avinor.status.list.'),
  delayed: z.boolean(),
});

export const flightsList = defineTool({
  name: 'flights.list',
  title: 'Flights at a Norwegian airport (Avinor)',
  description:
    "Departures and arrivals at one of Avinor's airports from Avinor's flight data feed, as on the airport's information screens: flight number, airline, the other airport, scheduled time (UTC), gate, check-in, belt and the latest status (departed, arrived, new time, cancelled...). " +
    'The window runs from `from` hours before now to `to` hours after now (1 to 7 each, defaults 1 and 7); direction D or A limits it to departures or arrivals. Up to `limit` flights (1-200, default 50) in order of scheduled time; total says how many the window holds. ' +
    'Avinor updates the feed every two minutes and asks clients to fetch it at most every three, so an answer can be up to three minutes old. An empty list means no flights in the window (or an airport Avinor does not serve).',
  input: {
    airport: airport(),
    direction: z.enum(['D', 'A']).optional().describe('D departures, A arrivals; both when omitted.'),
    from: hours("Hours before now where the window starts (Avinor's TimeFrom).").default('1'),
    to: hours("Hours after now where the window ends (Avinor's TimeTo).").default('7'),
    limit: int({ min: 1, max: 200, default: 50, description: 'Most flights to return.' }),
  },
  output: z.object({
    airport: z.string(),
    direction: z.enum(['D', 'A']).nullable(),
    from: z.string(),
    to: z.string(),
    lastUpdate: optStr().describe("When Avinor last updated the feed (UTC)."),
    total: z.number().int(),
    count: z.number().int(),
    flights: z.array(flightOutput),
    note,
  }),
  coverage: coverage(['flight-schedule', 'flight-status'], 'realtime'),
  cacheTtlSeconds: FLIGHTS_TTL,
  route: '/flights/:airport',
  example: { airport: 'OSL' },
  run: async ({ airport, direction, from, to, limit }, ctx) => {
    const code = airport.toUpperCase();
    const feed = await flightFeed(ctx, code, from, to, direction);
    const flights = feed.flights.map(mapFlight).sort(byScheduled);
    return {
      airport: code,
      direction: direction ?? null,
      from,
      to,
      lastUpdate: feed.lastUpdate,
      total: flights.length,
      count: Math.min(limit, flights.length),
      flights: flights.slice(0, limit),
      ...(flights.length === 0 && {
        note: `Avinor's feed has no ${direction === 'D' ? 'departures' : direction === 'A' ? 'arrivals' : 'flights'} at ${code} from ${from} h before now to ${to} h after. If ${code} is not one of Avinor's airports (avinor.airports.list), the feed is always empty.`,
      }),
    };
  },
});

const statusText = { textEn: optStr(), textNo: optStr() };

export const statusList = defineTool({
  name: 'status.list',
  title: 'Flight statuses at a Norwegian airport (Avinor)',
  description:
    "The flights at one of Avinor's airports that have a status now (departed, arrived, new time, new information, cancelled...), each with the status's meaning in English and Norwegian from Avinor's own list of status codes, and a count per code. " +
    "The window is the feed's default, from one hour before now to seven hours after. Use it for what is happening at an airport (cancellations, delays); use avinor.flights.list for the whole timetable. " +
    'Shares the three-minute cache of the flight feed. An empty list means no flight in the window has a status yet.',
  input: { airport: airport() },
  output: z.object({
    airport: z.string(),
    lastUpdate: optStr().describe('When Avinor last updated the feed (UTC).'),
    codes: z.array(z.object({ code: z.string(), ...statusText, count: z.number().int() })).describe("Every code of Avinor's status list, with how many flights have it."),
    count: z.number().int(),
    flights: z.array(
      z.object({
        flightId: optStr(),
        airline: optStr(),
        direction: optStr().describe('D departure, A arrival.'),
        airport: optStr().describe('The other end (IATA).'),
        scheduled: optStr().describe('UTC.'),
        status: z.object({ code: z.string(), time: optStr(), ...statusText }),
        delayed: z.boolean(),
      }),
    ),
    note,
  }),
  coverage: coverage(['flight-status'], 'realtime'),
  cacheTtlSeconds: FLIGHTS_TTL,
  route: '/flights/:airport/status',
  example: { airport: 'OSL' },
  run: async ({ airport }, ctx) => {
    const code = airport.toUpperCase();
    const [feed, codes] = await Promise.all([
      flightFeed(ctx, code, '1', '7'),
      ctx.request<StatusCode[]>({ upstream: 'avinor', path: STATUSES_PATH, decode: decodeStatuses, ttlSeconds: NAMES_TTL }).then((r) => r.data as StatusCode[]),
    ]);
    const meaning = new Map(codes.map((c) => [c.code, c]));
    const flights = feed.flights
      .map(mapFlight)
      .filter((f) => f.status !== null)
      .sort(byScheduled)
      .map((f) => ({
        flightId: f.flightId,
        airline: f.airline,
        direction: f.direction,
        airport: f.airport,
        scheduled: f.scheduled,
        status: { ...f.status!, textEn: meaning.get(f.status!.code)?.textEn ?? null, textNo: meaning.get(f.status!.code)?.textNo ?? null },
        delayed: f.delayed,
      }));
    const counted = codes.map((c) => ({ ...c, count: flights.filter((f) => f.status.code === c.code).length }));
    return {
      airport: code,
      lastUpdate: feed.lastUpdate,
      codes: counted,
      count: flights.length,
      flights,
      ...(flights.length === 0 && { note: `No flight at ${code} from one hour before now to seven hours after has a status yet.` }),
    };
  },
});
