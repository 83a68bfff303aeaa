// trafikk.punkter, trafikk.stasjoner and trafikk.volum: Statens vegvesen's Trafikkdata GraphQL API
// (POST https://trafikkdata-api.atlas.vegvesen.no, {query, variables}; docs/api/2-usage.md of
// trafikkdata/trafikkdata.no-dokumentasjon). Relied on, from the documentation and peers' queries:
// - trafficRegistrationPoints { id name trafficRegistrationType operationalStatus
//   registrationFrequency location { coordinates { latLon { lat lon } } municipality { name number }
//   county { name number } roadReference { shortForm } } } lists every point;
// - trafficData(trafficRegistrationPointId: String!) { trafficRegistrationPoint { id name }
//   volume { byHour|byDay(from: ZonedDateTime!, to: ZonedDateTime!, after: String) { edges { node {
//   from to total { volumeNumbers { volume } coverage { percentage } } } } pageInfo { hasNextPage
//   endCursor } } } }, in pages of at most 100 hours or days, the next page asked with `after`.
// GraphQL errors on HTTP 200 are the upstream's error (runtime/graphql.ts).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { int, isoDate, kommunenummer } from '../../runtime/fields.js';
import { graphql } from '../../runtime/graphql.js';
import type { ToolContext } from '../../runtime/context.js';
import { coverage } from './common.js';
import { quoted } from '../../runtime/validation.js';

const UPSTREAM = 'vegvesen-trafikkdata';
const NAME = 'Trafikkdata';
const PATH = '';
const DAY_MS = 86_400_000;

interface Area {
  name?: string | null;
  number?: number | string | null;
}

interface Point {
  id: string;
  name?: string | null;
  trafficRegistrationType?: string | null;
  operationalStatus?: string | null;
  registrationFrequency?: string | null;
  location?: {
    coordinates?: { latLon?: { lat?: number; lon?: number } | null } | null;
    municipality?: Area | null;
    county?: Area | null;
    roadReference?: { shortForm?: string | null } | null;
  } | null;
}

export const POINTS_QUERY =
  '{ trafficRegistrationPoints { id name trafficRegistrationType operationalStatus registrationFrequency location { coordinates { latLon { lat lon } } municipality { name number } county { name number } roadReference { shortForm } } } }';

/** Every registration point: one request, shared by trafikk.punkter and trafikk.stasjoner and kept a day. */
async function allPoints(ctx: ToolContext): Promise<Point[]> {
  const data = await graphql<{ trafficRegistrationPoints: Point[] }>(ctx, { upstream: UPSTREAM, path: PATH, query: POINTS_QUERY, ttlSeconds: 86_400 }, NAME);
  return data.trafficRegistrationPoints;
}

const area = (a: Area | null | undefined, width: number) =>
  a && a.number !== undefined && a.number !== null ? { number: String(a.number).padStart(width, '0'), name: a.name ?? null } : null;

function mapPoint(p: Point) {
  const latLon = p.location?.coordinates?.latLon;
  return {
    id: p.id,
    name: p.name ?? null,
    type: p.trafficRegistrationType ?? null,
    status: p.operationalStatus ?? null,
    frequency: p.registrationFrequency ?? null,
    road: p.location?.roadReference?.shortForm ?? null,
    municipality: area(p.location?.municipality, 4),
    county: area(p.location?.county, 2),
    lat: latLon?.lat ?? null,
    lon: latLon?.lon ?? null,
  };
}

const byName = (a: Point, b: Point) => (a.name ?? '').localeCompare(b.name ?? '', 'nb') || a.id.localeCompare(b.id);

const areaOutput = z.object({ number: z.string(), name: z.string().nullable() }).nullable();
const pointOutput = z.object({
  id: z.string().describe('Point id for trafikk.volum, e.g. 44656V72812.'),
  name: z.string().nullable(),
  type: z.string().nullable().describe('VEHICLE or BICYCLE.'),
  status: z.string().nullable().describe('OPERATIONAL, TEMPORARILY_OUT_OF_SERVICE or RETIRED.'),
  frequency: z.string().nullable().describe('CONTINUOUS (permanent counter) or PERIODIC.'),
  road: z.string().nullable().describe('Road reference, e.g. EV18 S53D1 m3212.'),
  municipality: areaOutput,
  county: areaOutput,
  lat: z.number().nullable(),
  lon: z.number().nullable(),
});

export const trafikkPunkter = defineTool({
  name: 'trafikk.punkter',
  title: 'Traffic registration points (Statens vegvesen)',
  description:
    "Statens vegvesen's traffic registration points (where vehicles or bicycles are counted), from the Trafikkdata API: id (for vegvesen.trafikk.volum), name, type, operational status, continuous or periodic counting, road reference, municipality, county and position. " +
    'municipality (4 digits, e.g. 0301 Oslo) narrows to one municipality; limit 1 to 1000 (default 100). Sorted by name; total is the number of points that match. An empty list means the municipality has no registration point.',
  input: {
    limit: int({ min: 1, max: 1000, default: 100, description: 'Points to return, 1 to 1000. Default 100.' }),
    municipality: kommunenummer('Municipality number, 4 digits, e.g. 0301 (Oslo).').optional(),
  },
  output: z.object({ municipality: z.string().nullable(), total: z.number().int(), count: z.number().int(), points: z.array(pointOutput) }),
  coverage: coverage(['traffic-registration-point'], 'daily'),
  cacheTtlSeconds: 86_400,
  route: '/trafikk/punkter',
  example: { municipality: '0301', limit: 3 },
  run: async ({ limit, municipality }, ctx) => {
    const points = (await allPoints(ctx)).filter((p) => !municipality || area(p.location?.municipality, 4)?.number === municipality).sort(byName);
    return { municipality: municipality ?? null, total: points.length, count: Math.min(limit, points.length), points: points.slice(0, limit).map(mapPoint) };
  },
});

export const trafikkStasjoner = defineTool({
  name: 'trafikk.stasjoner',
  title: 'Permanent traffic counting stations (Statens vegvesen)',
  description:
    "Statens vegvesen's permanent traffic counting stations: the registration points that count continuously and are in operation (registrationFrequency CONTINUOUS, operationalStatus OPERATIONAL), with id (for vegvesen.trafikk.volum), name, type, road reference, municipality, county and position. " +
    'antall is how many to return (1 to 1000, default 50), sorted by name; total is the number of such stations. Use vegvesen.trafikk.punkter for every point of a municipality, periodic ones included.',
  input: {
    antall: int({ min: 1, max: 1000, default: 50, description: 'Number of stations to return, 1 to 1000. Default 50.' }),
  },
  output: z.object({ total: z.number().int(), count: z.number().int(), stations: z.array(pointOutput) }),
  coverage: coverage(['traffic-registration-point'], 'daily'),
  cacheTtlSeconds: 86_400,
  route: '/trafikk/stasjoner',
  example: { antall: 3 },
  run: async ({ antall }, ctx) => {
    const stations = (await allPoints(ctx)).filter((p) => p.registrationFrequency === 'CONTINUOUS' && p.operationalStatus === 'OPERATIONAL').sort(byName);
    const shown = stations.slice(0, antall);
    return { total: stations.length, count: shown.length, stations: shown.map(mapPoint) };
  },
});

export const VOLUME_QUERY = (resolution: 'byHour' | 'byDay') =>
  `query($id: String!, $from: ZonedDateTime!, $to: ZonedDateTime!, $after: String) { trafficData(trafficRegistrationPointId: $id) { trafficRegistrationPoint { id name } volume { ${resolution}(from: $from, to: $to, after: $after) { edges { node { from to total { volumeNumbers { volume } coverage { percentage } } } } pageInfo { hasNextPage endCursor } } } } }`;

interface VolumeNode {
  from: string;
  to: string;
  total?: { volumeNumbers?: { volume?: number | null } | null; coverage?: { percentage?: number | null } | null } | null;
}

interface VolumePage {
  edges: { node: VolumeNode }[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
}

interface VolumeAnswer {
  trafficData: {
    trafficRegistrationPoint?: { id: string; name?: string | null } | null;
    volume?: { byHour?: VolumePage | null; byDay?: VolumePage | null } | null;
  } | null;
}

/** Midnight of a calendar date in Norway (Europe/Oslo), with its UTC offset: what Trafikkdata's ZonedDateTime takes. */
export function osloMidnight(date: string): string {
  // The offset at 00:00 UTC is the one in force at local midnight (DST changes at 01:00 UTC).
  const name = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${date}T00:00:00Z`))
    .find((p) => p.type === 'timeZoneName')?.value;
  const offset = name && /^GMT[+-]\d{2}:\d{2}$/.test(name) ? name.slice(3) : '+01:00';
  return `${date}T00:00:00${offset}`;
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

export const MAX_SPAN_DAYS = { hour: 31, day: 366 } as const;

export const trafikkVolum = defineTool({
  name: 'trafikk.volum',
  title: 'Traffic volume at a registration point (Statens vegvesen)',
  description:
    "Counted traffic at one of Statens vegvesen's registration points, per hour or per day, from the Trafikkdata API: for each period its start and end, the number of vehicles (null where none were counted) and the coverage in percent, plus the sum. " +
    'pointId is required (from vegvesen.trafikk.punkter or trafikk.stasjoner, e.g. 44656V72812). from and to are dates YYYY-MM-DD, both included (Norwegian days), defaulting to 7 days back and today; resolution is hour (default) or day. The span from to to, both included, is at most 31 days for hour and 366 for day. ' +
    'An empty list means nothing was counted in the period; an unknown pointId answers not_found.',
  input: {
    pointId: z
      .string()
      .regex(/^\d+V\d+$/, { error: (iss) => `must be a traffic registration point id such as 44656V72812 (got ${quoted(iss.input)})` })
      .describe('Traffic registration point id, e.g. 44656V72812.'),
    from: isoDate('First day, YYYY-MM-DD (included). Default: 7 days before today.').optional(),
    to: isoDate('Last day, YYYY-MM-DD (included). Default: today.').optional(),
    resolution: z.enum(['hour', 'day']).default('hour').describe('hour (default) or day.'),
  },
  refine: (input, issues) => {
    if (input.from && input.to) {
      const span = daysBetween(input.from, input.to);
      if (span < 0) issues.add(`from (${input.from}) must not be after to (${input.to})`, ['from']);
      else if (span + 1 > MAX_SPAN_DAYS[input.resolution]) {
        issues.add(`from to to may cover at most ${MAX_SPAN_DAYS[input.resolution]} days, both included, for resolution ${input.resolution} (got ${span + 1} days)`, ['from']);
      }
    }
  },
  output: z.object({
    pointId: z.string(),
    name: z.string().nullable(),
    resolution: z.enum(['hour', 'day']),
    from: z.string(),
    to: z.string(),
    count: z.number().int(),
    totalVolume: z.number().int().describe('Sum of the counted volumes.'),
    volumes: z.array(z.object({ from: z.string(), to: z.string(), volume: z.number().nullable(), coverage: z.number().nullable().describe('Percent of the period counted.') })),
    note: z.string().optional(),
  }),
  coverage: coverage(['traffic-volume'], 'hourly'),
  cacheTtlSeconds: 6 * 3600,
  route: '/trafikk/volum/:pointId',
  example: { pointId: '44656V72812' },
  run: async ({ pointId, from, to, resolution }, ctx) => {
    const today = ctx.now().toISOString().slice(0, 10);
    const last = to ?? today;
    const first = from ?? addDays(last, -7);
    // The rule again with the defaults filled in (a lone from or to is measured against the other's default).
    const span = daysBetween(first, last);
    const fields = [...(from ? ['from'] : []), ...(to ? ['to'] : [])];
    if (span < 0) throw fail.invalidInput(`from (${first}) must not be after to (${last})`, { extra: { fields } });
    if (span + 1 > MAX_SPAN_DAYS[resolution]) {
      throw fail.invalidInput(`from to to may cover at most ${MAX_SPAN_DAYS[resolution]} days, both included, for resolution ${resolution} (got ${span + 1} days, from ${first} to ${last})`, { extra: { fields } });
    }
    const key = resolution === 'hour' ? 'byHour' : 'byDay';
    const query = VOLUME_QUERY(key);
    const variables = { id: pointId, from: osloMidnight(first), to: osloMidnight(addDays(last, 1)) };
    // Pages of at most 100 periods; a span of 366 days has at most 4, of 32 days 8 (with a margin).
    const maxPages = Math.ceil(((span + 1) * (resolution === 'hour' ? 25 : 1)) / 100) + 2;
    const nodes: VolumeNode[] = [];
    let name: string | null = null;
    let after: string | undefined;
    for (let page = 0; ; page++) {
      if (page >= maxPages) throw fail.upstream(`${NAME} kept answering further pages beyond the ${maxPages} the period needs`);
      const data = await graphql<VolumeAnswer>(ctx, { upstream: UPSTREAM, path: PATH, query, variables: { ...variables, ...(after && { after }) } }, NAME);
      if (!data.trafficData || data.trafficData.trafficRegistrationPoint === null) {
        throw fail.notFound(`Trafikkdata has no traffic registration point ${pointId} (vegvesen.trafikk.punkter lists them).`);
      }
      name = data.trafficData.trafficRegistrationPoint?.name ?? name;
      const result = data.trafficData.volume?.[key];
      if (!result) break;
      nodes.push(...result.edges.map((e) => e.node));
      if (!result.pageInfo.hasNextPage || !result.pageInfo.endCursor) break;
      after = result.pageInfo.endCursor;
    }
    const volumes = nodes.map((n) => ({
      from: n.from,
      to: n.to,
      volume: n.total?.volumeNumbers?.volume ?? null,
      coverage: n.total?.coverage?.percentage ?? null,
    }));
    const totalVolume = volumes.reduce((sum, v) => sum + (v.volume ?? 0), 0);
    return {
      pointId,
      name,
      resolution,
      from: first,
      to: last,
      count: volumes.length,
      totalVolume,
      volumes,
      ...(volumes.length === 0 && { note: `Nothing was counted at ${pointId} from ${first} to ${last}.` }),
    };
  },
});
