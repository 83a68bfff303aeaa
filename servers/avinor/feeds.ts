// Avinor's flight data feeds: request paths, the XML documents and their mapping into the tools'
// answers.
//
// Follows Avinor's own description of the feeds, https://partner.avinor.no/en/services/flight-data
// (also https://avinor.no/konsern/tjenester/flydata), and the parameter table of the XmlFeed
// (xwiki.avinor.no, pageId=191201313; UPSTREAMS.md B7):
// - GET /XmlFeed/v1.0?airport=<IATA, upper case>&TimeFrom=<hours back>&TimeTo=<hours ahead>
//   [&direction=A|D]: `<airport name><flights lastUpdate><flight uniqueID>` with airline,
//   flight_id, dom_int (D domestic, S Schengen, I international), schedule_time (UTC), arr_dep,
//   airport (the other end), via_airport (comma list), check_in, gate, belt, status (code, time),
//   delayed (Y). Paths and parameter names are case-sensitive: a parameter spelt otherwise is
//   ignored and its default used. TimeFrom defaults to 1 and TimeTo to 7.
// - GET /flightStatuses/v1.0: `<flightStatuses><flightStatus code statusTextEn statusTextNo/>`,
//   the meaning of each status code (the XmlFeed carries codes only).
// - GET /airlineNames/v1.0 and /airportNames/v1.0: `<airlineNames><airlineName code name/>` and
//   `<airportNames><airportName code name/>`.
// - Documents are declared ISO-8859-1 (`<?xml version="1.0" encoding="iso-8859-1"?>`); they are
//   read in the encoding their declaration names.
// - Avinor: fetch the flight feed every three minutes ("It is not necessary to retrieve data more
//   frequently than this"), cache it in your own service and do not let end users call Avinor
//   directly (partner.avinor.no, "Flight information"). The spec says the data updates every two
//   minutes. The flight feed is therefore cached for three minutes per request (FLIGHTS_TTL): every
//   caller shares one fetch per airport and window, never more often than Avinor asks.
// - The name lists and status codes change rarely: cached a day (NAMES_TTL).
// UNCONFIRMED:
// - The exact wording of each status code (the recordings' flightStatuses document is constructed
//   from client code that reads it: codes A, C, D, E, N with statusTextEn/statusTextNo); the tools
//   answer whatever the feed says, never a text of their own.
// - The answer for an airport code Avinor does not serve (taken to be an airport element without
//   flights), and the body of its error answers.
// - Whether `belt` or the older `belt_number` names the baggage belt (both are read).
import { XMLParser } from 'fast-xml-parser';
import { fail } from '../../runtime/errors.js';

export const FLIGHTS_PATH = '/XmlFeed/v1.0';
export const STATUSES_PATH = '/flightStatuses/v1.0';
export const AIRLINES_PATH = '/airlineNames/v1.0';
export const AIRPORTS_PATH = '/airportNames/v1.0';

/** Avinor asks for no more than one fetch of a feed every three minutes. */
export const FLIGHTS_TTL = 180;
export const NAMES_TTL = 86_400;

const LISTS = new Set(['flight', 'flightStatus', 'airlineName', 'airportName']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => LISTS.has(name),
});

/** The document's text in the encoding its XML declaration names (Avinor: ISO-8859-1). */
function xmlText(body: Buffer): string {
  const head = body.subarray(0, 200).toString('latin1');
  return /encoding\s*=\s*["']iso-8859-1["']/i.test(head) ? body.toString('latin1') : body.toString('utf8');
}

function parse(body: Buffer, root: string, what: string): Record<string, unknown> {
  const doc = parser.parse(xmlText(body)) as Record<string, unknown>;
  const element = doc?.[root];
  if (element === undefined || element === null || typeof element !== 'object') throw fail.upstream(`Avinor answered a document that is not ${what}`);
  return element as Record<string, unknown>;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export interface XmlFlight {
  '@_uniqueID'?: string;
  airline?: string;
  flight_id?: string;
  dom_int?: string;
  schedule_time?: string;
  arr_dep?: string;
  airport?: string;
  via_airport?: string;
  check_in?: string;
  gate?: string;
  belt?: string;
  belt_number?: string;
  status?: { '@_code'?: string; '@_time'?: string } | string;
  delayed?: string;
}

export interface FlightFeed {
  airport: string | null;
  lastUpdate: string | null;
  flights: XmlFlight[];
}

/** Decodes the XmlFeed; an empty `<flights/>` is a feed without flights. */
export function decodeFlights(body: Buffer): FlightFeed {
  const airport = parse(body, 'airport', 'a flight feed');
  const flights = airport.flights;
  const list = flights && typeof flights === 'object' ? ((flights as { flight?: XmlFlight[] }).flight ?? []) : [];
  return {
    airport: str(airport['@_name']),
    lastUpdate: flights && typeof flights === 'object' ? str((flights as Record<string, unknown>)['@_lastUpdate']) : null,
    flights: list,
  };
}

export interface StatusCode {
  code: string;
  textEn: string | null;
  textNo: string | null;
}

export function decodeStatuses(body: Buffer): StatusCode[] {
  const list = (parse(body, 'flightStatuses', 'the list of flight status codes').flightStatus ?? []) as Record<string, unknown>[];
  return list.map((s) => ({ code: String(s['@_code']), textEn: str(s['@_statusTextEn']), textNo: str(s['@_statusTextNo']) }));
}

export interface CodeName {
  code: string;
  name: string | null;
}

/** Decodes airlineNames or airportNames: `<{root}><{item} code name/>`. */
export const decodeNames = (root: string, item: string, what: string) => (body: Buffer): CodeName[] => {
  const list = (parse(body, root, what)[item] ?? []) as Record<string, unknown>[];
  return list.map((n) => ({ code: String(n['@_code']), name: str(n['@_name']) }));
};

export function mapFlight(f: XmlFlight) {
  const status = typeof f.status === 'object' && f.status !== null ? f.status : null;
  const via = str(f.via_airport);
  return {
    id: str(f['@_uniqueID']),
    flightId: str(f.flight_id),
    airline: str(f.airline),
    direction: str(f.arr_dep),
    airport: str(f.airport),
    via: via ? via.split(',').map((s) => s.trim()).filter(Boolean) : [],
    scheduled: str(f.schedule_time),
    domInt: str(f.dom_int),
    checkIn: str(f.check_in),
    gate: str(f.gate),
    belt: str(f.belt) ?? str(f.belt_number),
    status: status && str(status['@_code']) ? { code: str(status['@_code'])!, time: str(status['@_time']) } : null,
    delayed: str(f.delayed) === 'Y',
  };
}

export type Flight = ReturnType<typeof mapFlight>;

/** Flights in order of scheduled time, then flight number. */
export function byScheduled(a: Flight, b: Flight): number {
  return (a.scheduled ?? '').localeCompare(b.scheduled ?? '') || (a.flightId ?? '').localeCompare(b.flightId ?? '');
}
