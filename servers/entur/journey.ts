// departures.list and routes.plan on Entur's Journey Planner v3 (GraphQL).
//
// Follows https://developer.entur.org/pages-journeyplanner-journeyplanner (one endpoint, POST
// /graphql with {query, variables}, the ET-Client-Name header) and the v3 schema as Entur publishes
// it in its own departure-board app (entur/tavla graphql-schemas/journey-planner-v3.graphql):
// - stopPlace(id) { id name estimatedCalls(numberOfDepartures: Int = 5, timeRange: Int = 86400,
//   startTime: DateTime = now) { aimedDepartureTime expectedDepartureTime realtime cancellation date
//   destinationDisplay { frontText } quay { id publicCode } serviceJourney { id line { id
//   publicCode name transportMode } } } }; an unknown id answers stopPlace: null.
// - trip(from: Location!, to: Location!, numTripPatterns: Int = 12, dateTime = now): Location is
//   { place: <Quay, StopPlace or GroupOfStopPlaces id> } or { coordinates: { latitude, longitude } };
//   the answer has tripPatterns { expectedStartTime expectedEndTime duration walkDistance legs {
//   mode distance duration expectedStartTime expectedEndTime fromPlace { name } toPlace { name }
//   line { id publicCode name } } } and routingErrors { code description } (codes such as
//   locationNotFound, noTransitConnection, walkingBetterThanTransit).
// - Errors of the query come as `errors[]` with HTTP 200 (runtime/graphql.ts makes them the
//   upstream's error). A quota answer is HTTP 429, never retried by the upstream layer ("Consuming
//   apps/webs should NOT implement a re-try policy for quota-violations").
// Bounds of n and range (the spec gives none; issue 25 item 9), from what Journey Planner takes:
// the arguments are GraphQL Ints (32-bit: a larger value is refused as a graphql_errors answer);
// OpenTripPlanner's transmodel API, which Journey Planner v3 is (entur/OpenTripPlanner,
// apis/transmodel/support/GqlUtil.getPositiveNonNullIntegerArgument), refuses a negative timeRange
// ("should be a non-null positive value"), answers nothing for numberOfDepartures <= 0
// (transit/service/StopTimesHelper.stopTimesForStop) and crops numTripPatterns to 200
// (routing/algorithm/mapping/RouteRequestToFilterChainMapper MAX_NUMBER_OF_ITINERARIES). So n is
// 1 to 200 for both tools, and range 1 to 604800 seconds: one week, our bound on the work, since
// OpenTripPlanner walks every service day of the range for every pattern of the stop and
// documents no larger useful window (its default is 86400, one day).
// UNCONFIRMED: no recorded live answer of Journey Planner v3 was found; the recordings are built
// from the schema above. The bodies of the 429 and 5xx answers (Entur's API gateway) are
// constructed too.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { int } from '../../runtime/fields.js';
import { graphql } from '../../runtime/graphql.js';
import { note, optNum, optStr } from '../../runtime/output.js';
import { clientHeaders, coverage } from './common.js';
import { quoted } from '../../runtime/validation.js';

const UPSTREAM = 'entur-journey-planner';
const NAME = 'Entur Journey Planner';
const PATH = '/graphql';

export const DEPARTURES_QUERY = `query Departures($id: String!, $n: Int!, $range: Int!) {
  stopPlace(id: $id) {
    id
    name
    estimatedCalls(numberOfDepartures: $n, timeRange: $range) {
      realtime
      aimedDepartureTime
      expectedDepartureTime
      cancellation
      date
      destinationDisplay { frontText }
      quay { id publicCode }
      serviceJourney { id line { id publicCode name transportMode } }
    }
  }
}`;

export const TRIP_QUERY = `query Trip($from: Location!, $to: Location!, $n: Int!) {
  trip(from: $from, to: $to, numTripPatterns: $n) {
    routingErrors { code description }
    tripPatterns {
      expectedStartTime
      expectedEndTime
      duration
      walkDistance
      legs {
        mode
        distance
        duration
        expectedStartTime
        expectedEndTime
        fromPlace { name }
        toPlace { name }
        line { id publicCode name }
      }
    }
  }
}`;

interface JpLine {
  id: string;
  publicCode?: string | null;
  name?: string | null;
  transportMode?: string | null;
}

interface JpCall {
  realtime: boolean;
  aimedDepartureTime: string;
  expectedDepartureTime: string | null;
  cancellation: boolean;
  date?: string | null;
  destinationDisplay?: { frontText?: string | null } | null;
  quay?: { id: string; publicCode?: string | null } | null;
  serviceJourney?: { id: string; line?: JpLine | null } | null;
}

interface JpLeg {
  mode: string;
  distance: number;
  duration: number;
  expectedStartTime: string;
  expectedEndTime: string;
  fromPlace?: { name?: string | null } | null;
  toPlace?: { name?: string | null } | null;
  line?: JpLine | null;
}

interface JpTrip {
  routingErrors?: { code: string; description?: string | null }[] | null;
  tripPatterns: { expectedStartTime: string; expectedEndTime: string; duration?: number | null; walkDistance?: number | null; legs: JpLeg[] }[];
}

const stopId = z
  .string()
  .regex(/^[A-Z]{3}:StopPlace:\d+$/, { error: (iss) => `must be a stop place id such as NSR:StopPlace:337 (got ${quoted(iss.input)}); entur.stops.autocomplete finds them` })
  .describe('Stop place id of the national stop register, e.g. NSR:StopPlace:337 (Oslo S); entur.stops.autocomplete finds it by name.');

/** n of both tools: at least 1, at most the 200 trip patterns OpenTripPlanner keeps. */
export const MAX_N = 200;
/** range: at most one week, in seconds. */
export const MAX_RANGE_SECONDS = 7 * 86_400;
const count = (description: string, dflt: number, max: number) => int({ min: 1, max, default: dflt, description });

const line = z.object({ id: z.string(), publicCode: optStr(), name: optStr() });

export const departuresList = defineTool({
  name: 'departures.list',
  title: 'Next departures from a stop (Entur)',
  description:
    "The next departures from a public transport stop anywhere in Norway, from Entur's national journey planner with real-time updates: line, destination, scheduled and expected time, platform (quay), whether the time is real-time and whether the departure is cancelled. " +
    'stopId is a stop place id such as NSR:StopPlace:337 (find it with entur.stops.autocomplete); n departures (1 to 200, default 10) within range seconds from now (1 to 604800, default 7200). ' +
    'Times are ISO 8601 with offset. An unknown stop is not found (404); an empty list means no departures within the range.',
  input: {
    stopId,
    n: count('How many departures, 1 to 200.', 10, MAX_N),
    range: count('Seconds from now to look ahead, 1 to 604800 (one week).', 7200, MAX_RANGE_SECONDS),
  },
  output: z.object({
    stopId: z.string(),
    name: z.string(),
    count: z.number().int(),
    departures: z.array(
      z.object({
        line: line.extend({ transportMode: optStr() }).nullable(),
        destination: optStr(),
        aimed: z.string().describe('Scheduled departure.'),
        expected: optStr().describe('Expected departure, real-time when realtime is true.'),
        realtime: z.boolean(),
        cancelled: z.boolean(),
        quay: z.object({ id: z.string(), publicCode: optStr() }).nullable(),
        date: optStr().describe('Operating day.'),
        serviceJourneyId: optStr(),
      }),
    ),
    note,
  }),
  coverage: coverage(['departure', 'real-time'], 'realtime'),
  cacheTtlSeconds: 30,
  route: '/departures/:stopId',
  example: { stopId: 'NSR:StopPlace:337' },
  run: async ({ stopId, n, range }, ctx) => {
    const data = await graphql<{ stopPlace: { id: string; name: string; estimatedCalls: JpCall[] } | null }>(
      ctx,
      { upstream: UPSTREAM, path: PATH, query: DEPARTURES_QUERY, variables: { id: stopId, n, range }, headers: clientHeaders(ctx) },
      NAME,
    );
    const stop = data.stopPlace;
    if (!stop) throw fail.notFound(`${stopId} is not a stop place in Entur's national stop register`);
    const departures = stop.estimatedCalls.map((c) => ({
      line: c.serviceJourney?.line
        ? { id: c.serviceJourney.line.id, publicCode: c.serviceJourney.line.publicCode ?? null, name: c.serviceJourney.line.name ?? null, transportMode: c.serviceJourney.line.transportMode ?? null }
        : null,
      destination: c.destinationDisplay?.frontText ?? null,
      aimed: c.aimedDepartureTime,
      expected: c.expectedDepartureTime ?? null,
      realtime: c.realtime,
      cancelled: c.cancellation,
      quay: c.quay ? { id: c.quay.id, publicCode: c.quay.publicCode ?? null } : null,
      date: c.date ?? null,
      serviceJourneyId: c.serviceJourney?.id ?? null,
    }));
    return {
      stopId: stop.id,
      name: stop.name,
      count: departures.length,
      departures,
      ...(departures.length === 0 && { note: `No departures from ${stop.name} within ${range} seconds from now.` }),
    };
  },
});

const COORDINATES = /^(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)$/;
const PLACE_ID = /^[A-Z]{3}:(?:StopPlace|Quay|GroupOfStopPlaces):\d+$/;

const place = (which: string) =>
  z
    .string()
    .refine((v) => PLACE_ID.test(v) || COORDINATES.test(v), {
      error: (iss) => `must be a stop id such as NSR:StopPlace:337 or coordinates "lat,lon" such as "59.9111,10.7528" (got ${quoted(iss.input)})`,
      abort: true,
    })
    .refine(
      (v) => {
        const m = COORDINATES.exec(v);
        return !m || (Math.abs(Number(m[1])) <= 90 && Math.abs(Number(m[2])) <= 180);
      },
      { error: (iss) => `coordinates must have a latitude from -90 to 90 and a longitude from -180 to 180 (got ${quoted(iss.input)})` },
    )
    .describe(`${which}: a stop id (NSR:StopPlace:…, NSR:Quay:…) or "lat,lon" in WGS84 degrees.`);

/** The trip query's Location: a place id, or coordinates. */
function location(value: string) {
  const m = COORDINATES.exec(value);
  return m ? { coordinates: { latitude: Number(m[1]), longitude: Number(m[2]) } } : { place: value };
}

export const routesPlan = defineTool({
  name: 'routes.plan',
  title: 'Plan a public transport journey (Entur)',
  description:
    "Journey suggestions between two places in Norway by public transport, from Entur's national journey planner (all operators and modes, real-time adjusted), departing now: for each trip its expected start and end, duration, walking distance and legs (mode, line, from and to, times). " +
    'from and to are stop ids (NSR:StopPlace:…, find them with entur.stops.autocomplete) or "lat,lon" coordinates; n trips (1 to 200, default 3). ' +
    'A stop id the planner does not know is not found (404). An empty list comes with the planner\'s reason (no connection, walking is better...).',
  input: {
    from: place('Start'),
    to: place('Destination'),
    n: count('How many trip suggestions, 1 to 200.', 3, MAX_N),
  },
  output: z.object({
    from: z.string(),
    to: z.string(),
    count: z.number().int(),
    trips: z.array(
      z.object({
        start: z.string(),
        end: z.string(),
        durationSeconds: optNum(),
        walkDistanceMeters: optNum(),
        legs: z.array(
          z.object({
            mode: z.string().describe('foot, bus, rail, tram, metro, water, air, coach...'),
            from: optStr(),
            to: optStr(),
            start: z.string(),
            end: z.string(),
            durationSeconds: z.number(),
            distanceMeters: z.number(),
            line: line.nullable(),
          }),
        ),
      }),
    ),
    routingErrors: z.array(z.object({ code: z.string(), description: optStr() })),
    note,
  }),
  coverage: coverage(['journey-plan', 'real-time'], 'realtime'),
  cacheTtlSeconds: 60,
  route: '/routes',
  example: { from: 'NSR:StopPlace:337', to: '59.9297,10.7149' },
  run: async ({ from, to, n }, ctx) => {
    const data = await graphql<{ trip: JpTrip }>(
      ctx,
      { upstream: UPSTREAM, path: PATH, query: TRIP_QUERY, variables: { from: location(from), to: location(to), n }, headers: clientHeaders(ctx) },
      NAME,
    );
    const routingErrors = (data.trip.routingErrors ?? []).map((e) => ({ code: e.code, description: e.description ?? null }));
    const unknown = routingErrors.find((e) => e.code === 'locationNotFound');
    if (unknown) throw fail.notFound(`Entur's journey planner does not know the place: ${unknown.description ?? `${from} or ${to}`}`);
    const trips = data.trip.tripPatterns.map((p) => ({
      start: p.expectedStartTime,
      end: p.expectedEndTime,
      durationSeconds: p.duration ?? null,
      walkDistanceMeters: p.walkDistance ?? null,
      legs: p.legs.map((l) => ({
        mode: l.mode,
        from: l.fromPlace?.name ?? null,
        to: l.toPlace?.name ?? null,
        start: l.expectedStartTime,
        end: l.expectedEndTime,
        durationSeconds: l.duration,
        distanceMeters: l.distance,
        line: l.line ? { id: l.line.id, publicCode: l.line.publicCode ?? null, name: l.line.name ?? null } : null,
      })),
    }));
    return {
      from,
      to,
      count: trips.length,
      trips,
      routingErrors,
      ...(trips.length === 0 && {
        note: `The journey planner found no trip${routingErrors.length ? `: ${routingErrors.map((e) => e.description ?? e.code).join('; ')}` : '.'}`,
      }),
    };
  },
});
