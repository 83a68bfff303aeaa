// ais.positions: the latest position of vessels in BarentsWatch's open AIS area.
//
// Follows: BarentsWatch's live AIS OpenAPI (https://live.ais.barentswatch.no/index.html) as its
// clients call it: GET /v1/latest/combined?modelType=Full&modelFormat=Json with a bearer token of
// scope `ais` answers a JSON array with one record per vessel (its latest position report merged
// with its latest static report). Field names and types follow a live capture of the same Full
// JSON model (ilder-as/go-barentswatch-ais, ais/testdata/combined_full_json.txt): mmsi, msgtime,
// latitude, longitude, speedOverGround, courseOverGround, trueHeading, navigationalStatus,
// imoNumber, callSign, name, destination, eta, shipType, shipLength, shipWidth, draught, ...; a
// value the vessel did not report is null.
// UNCONFIRMED: that the GET takes a ship-type filter (the POST filter body of /v1/combined has
// `shipTypes`; for /v1/latest/combined no client shows one), so the type is filtered here, on the
// whole latest list; and the API's published request rate (none found).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { int } from '../../runtime/fields.js';
import { note, optNum, optStr } from '../../runtime/output.js';
import { SHIP_TYPE_KEYS, SHIP_TYPES, shipTypeOf } from './ship-types.js';
import { CREDENTIALS } from './upstream.js';

export const LATEST_PATH = '/v1/latest/combined';
export const LATEST_QUERY = { modelType: 'Full', modelFormat: 'Json' } as const;

/** One record of the Full JSON model (only the fields this tool reads). */
export interface AisRecord {
  mmsi?: number | null;
  msgtime?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  speedOverGround?: number | null;
  courseOverGround?: number | null;
  trueHeading?: number | null;
  navigationalStatus?: number | null;
  imoNumber?: number | null;
  callSign?: string | null;
  name?: string | null;
  destination?: string | null;
  eta?: string | null;
  shipType?: number | null;
  shipLength?: number | null;
  shipWidth?: number | null;
}

/** ITU-R M.1371 navigational status codes (0-15). */
const NAV_STATUS = [
  'under way using engine',
  'at anchor',
  'not under command',
  'restricted manoeuvrability',
  'constrained by her draught',
  'moored',
  'aground',
  'engaged in fishing',
  'under way sailing',
  'reserved (HSC)',
  'reserved (WIG)',
  'towing astern',
  'pushing ahead or towing alongside',
  'reserved',
  'AIS-SART, MOB or EPIRB active',
  'undefined',
];

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

function mapRecord(r: AisRecord) {
  const status = num(r.navigationalStatus);
  return {
    mmsi: num(r.mmsi),
    name: str(r.name),
    callSign: str(r.callSign),
    imo: num(r.imoNumber),
    shipType: num(r.shipType),
    shipTypeKey: shipTypeOf(r.shipType)?.key ?? null,
    time: str(r.msgtime),
    latitude: num(r.latitude),
    longitude: num(r.longitude),
    speedKnots: num(r.speedOverGround),
    courseDeg: num(r.courseOverGround),
    headingDeg: num(r.trueHeading),
    navStatus: status !== null ? (NAV_STATUS[status] ?? null) : null,
    destination: str(r.destination),
    eta: str(r.eta),
    lengthM: num(r.shipLength),
    widthM: num(r.shipWidth),
  };
}

const positionOutput = z.object({
  mmsi: optNum(),
  name: optStr(),
  callSign: optStr(),
  imo: optNum(),
  shipType: optNum().describe('AIS ship-type code 0-99.'),
  shipTypeKey: optStr().describe('Its type in ais.ship_types.list.'),
  time: optStr().describe('When the position was reported (ISO 8601).'),
  latitude: optNum(),
  longitude: optNum(),
  speedKnots: optNum(),
  courseDeg: optNum(),
  headingDeg: optNum(),
  navStatus: optStr(),
  destination: optStr(),
  eta: optStr().describe('As the ship reports it: MMDDHHmm, UTC.'),
  lengthM: optNum(),
  widthM: optNum(),
});

export const aisPositions = defineTool({
  name: 'ais.positions',
  title: 'Latest ship positions (AIS)',
  description:
    "The latest AIS position of ships along the Norwegian coast from BarentsWatch's open AIS (Kystverket's receivers; fishing vessels under 15 m and leisure craft under 45 m are not in the open data): MMSI, name, call sign, IMO, ship type, time, latitude/longitude, speed, course, heading, navigational status, destination, ETA, size. " +
    'Newest reports first. limit 1-500 (default 100); shipType keeps one of the 12 types of ais.ship_types.list (e.g. cargo, tanker, passenger, fishing). total counts every matching vessel. An empty list means no vessel of that type is reporting.',
  input: {
    limit: int({ min: 1, max: 500, default: 100, description: 'Number of vessels, 1 to 500. Default 100.' }),
    shipType: z.enum(SHIP_TYPE_KEYS).describe('One ship type of ais.ship_types.list.').optional(),
  },
  output: z.object({ shipType: optStr(), total: z.number().int(), count: z.number().int(), limit: z.number().int(), positions: z.array(positionOutput), note }),
  credentials: CREDENTIALS,
  coverage: { geography: ['NO'], dataTypes: ['vessel-position', 'ais'], updateFrequency: 'realtime' },
  cacheTtlSeconds: 60,
  route: '/positions',
  example: { shipType: 'passenger', limit: 3 },
  run: async ({ limit, shipType }, ctx) => {
    const answer = await ctx.get<AisRecord[] | null>('barentswatch-ais', LATEST_PATH, { query: { ...LATEST_QUERY } });
    const all = Array.isArray(answer) ? answer : [];
    const type = SHIP_TYPES.find((t) => t.key === shipType);
    const kept = all.filter((r) => r && typeof r === 'object' && (!type || shipTypeOf(r.shipType)?.key === type.key));
    const newest = [...kept].sort((a, b) => String(b.msgtime ?? '').localeCompare(String(a.msgtime ?? '')));
    const positions = newest.slice(0, limit).map(mapRecord);
    return {
      shipType: shipType ?? null,
      total: kept.length,
      count: positions.length,
      limit,
      positions,
      ...(positions.length === 0 && {
        note: type ? `No vessel of type ${type.key} (AIS codes ${type.from}-${type.to}) is reporting in the open AIS area now.` : 'BarentsWatch reports no vessel positions now.',
      }),
    };
  },
});
