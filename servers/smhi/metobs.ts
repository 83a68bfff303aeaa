// observations, parameters and stations: SMHI's meteorological observations (metobs, version 1.0).
//
// Follows SMHI's metobs API (https://opendata.smhi.se/apidocs/metobs/index.html; UPSTREAMS.md B5):
// - /api/version/1.0.json: the parameters, `resource[]` of {key, title, summary, unit?};
// - /api/version/1.0/parameter/{p}.json: the parameter with `station[]` of {key, id, name, owner,
//   height, latitude, longitude, active, from, to} (epoch milliseconds);
// - /api/version/1.0/parameter/{p}/station/{s}/period/{latest-hour|latest-day|latest-months}/data.json:
//   {value[] of {date, value, quality} (instant values) or {from, to, ref, value, quality}
//   (intervals), value a decimal string; parameter, station, period, position[]};
// - the corrected archive only as data.csv: a preamble of semicolon-separated blocks (station,
//   parameter, positions) and a table headed "Datum;Tid (UTC);…" (instant values) or "Från Datum Tid
//   (UTC);Till Datum Tid (UTC);Representativt dygn;…" (intervals), parsed with csv-parse.
// A station that does not measure the parameter (or does not exist) answers 404.
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { coverage } from './common.js';

export const PERIODS = ['latest-hour', 'latest-day', 'latest-months', 'corrected-archive'] as const;
type Period = (typeof PERIODS)[number];

/** The corrected archive of a station reaches back decades: the newest values are answered. */
export const ARCHIVE_VALUES = 1000;

interface ObsValue {
  date?: number;
  from?: number;
  to?: number;
  ref?: string;
  value?: string | number | null;
  quality?: string | null;
}

interface ObsAnswer {
  value?: ObsValue[] | null;
  parameter?: { key?: string; name?: string; summary?: string; unit?: string } | null;
  station?: { key?: string; name?: string; height?: number } | null;
  period?: { key?: string; from?: number; to?: number } | null;
  position?: { latitude?: number; longitude?: number; height?: number }[] | null;
}

const iso = (ms: number | undefined | null) => (typeof ms === 'number' ? new Date(ms).toISOString() : null);

const toNumber = (v: unknown) => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string' || v.trim() === '') return null;
  const n = Number(v.replace(',', '.'));
  return Number.isFinite(n) ? n : null;
};

const valueEntry = z.object({
  time: z.string().describe('Time of an instant value, or the representative day of an interval.'),
  from: z.string().nullable(),
  to: z.string().nullable(),
  value: z.number().nullable(),
  quality: z.string().nullable().describe('G controlled and approved, Y suspect or aggregated from suspect values.'),
});

const observationsOutput = z.object({
  parameter: z.object({ key: z.string(), name: z.string().nullable(), summary: z.string().nullable(), unit: z.string().nullable() }),
  station: z.object({ key: z.string(), name: z.string().nullable(), height: z.number().nullable(), lat: z.number().nullable(), lon: z.number().nullable() }),
  period: z.enum(PERIODS),
  count: z.number().int(),
  total: z.number().int().describe('Values the period holds; more than count when the archive was cut to its newest values.'),
  values: z.array(valueEntry),
  note: z.string().optional(),
});

type Entry = z.infer<typeof valueEntry>;

function jsonEntries(values: ObsValue[]): Entry[] {
  return values.map((v) =>
    typeof v.date === 'number'
      ? { time: iso(v.date)!, from: null, to: null, value: toNumber(v.value), quality: v.quality ?? null }
      : { time: v.ref ?? iso(v.to) ?? '', from: iso(v.from), to: iso(v.to), value: toNumber(v.value), quality: v.quality ?? null },
  );
}

interface Archive {
  station: { name: string | null; number: string | null; lat: number | null; lon: number | null; height: number | null };
  parameter: { name: string | null; summary: string | null; unit: string | null };
  entries: Entry[];
}

const utc = (date: string, time = '00:00:00') => `${date}T${time}Z`;

/** Reads SMHI's corrected-archive CSV (see the header). */
export function readArchive(csv: string): Archive {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const blockAfter = (prefix: string) => {
    const i = lines.findIndex((l) => l.startsWith(prefix));
    if (i < 0) return [];
    const rows: string[][] = [];
    for (let j = i + 1; j < lines.length && lines[j].trim() !== ''; j++) rows.push(lines[j].split(';'));
    return rows;
  };
  const station = blockAfter('Stationsnamn')[0] ?? [];
  const parameter = blockAfter('Parameternamn')[0] ?? [];
  const positions = blockAfter('Tidsperiod (fr.o.m)');
  const position = positions[positions.length - 1] ?? [];
  const header = lines.findIndex((l) => l.startsWith('Datum;') || l.startsWith('Från Datum'));
  if (header < 0) throw fail.upstream('SMHI answered an archive without its data table');
  const interval = lines[header].startsWith('Från');
  const rows = parse(lines.slice(header + 1).join('\n'), { delimiter: ';', relax_column_count: true, skip_empty_lines: true, relax_quotes: true }) as string[][];
  const entries: Entry[] = [];
  for (const r of rows) {
    if (!/^\d{4}-\d{2}-\d{2}/.test(r[0] ?? '')) continue;
    if (interval) {
      const [from, to, ref, value, quality] = r;
      entries.push({ time: ref || to.slice(0, 10), from: utc(from.slice(0, 10), from.slice(11) || undefined), to: utc(to.slice(0, 10), to.slice(11) || undefined), value: toNumber(value), quality: quality || null });
    } else {
      const [date, time, value, quality] = r;
      entries.push({ time: utc(date, time), from: null, to: null, value: toNumber(value), quality: quality || null });
    }
  }
  return {
    station: { name: station[0] || null, number: station[1] || null, height: toNumber(position[2]), lat: toNumber(position[3]), lon: toNumber(position[4]) },
    parameter: { name: parameter[0] || null, summary: parameter[1] || null, unit: parameter[2] || null },
    entries,
  };
}

const idField = (what: string) => z.number().int().describe(what);

export const observations = defineTool({
  name: 'observations',
  title: 'Weather observations from a Swedish station (SMHI)',
  description:
    "Measured values of one SMHI observation parameter at one Swedish station: each value's time (UTC; intervals with from, to and their representative day), the value in the parameter's unit, and its quality code (G approved, Y suspect). " +
    'parameter (SMHI parameter id, e.g. 1 air temperature hourly, 2 daily mean temperature, 4 wind speed, 5 daily precipitation; see smhi.parameters) and stationId (see smhi.stations) are required. ' +
    `period: latest-hour, latest-day (default), latest-months (about 4 months) or corrected-archive (quality-controlled history, up to about 3 months ago; the newest ${ARCHIVE_VALUES} values are answered, total says how many the archive holds). ` +
    'A station that does not measure the parameter answers not_found; an empty list means no values in the period.',
  input: {
    parameter: idField('SMHI parameter id, e.g. 1 (air temperature, hourly).'),
    stationId: idField('SMHI station id, e.g. 98210 (Stockholm).'),
    period: z.enum(PERIODS).default('latest-day').describe('latest-hour, latest-day, latest-months or corrected-archive. Default latest-day.'),
  },
  output: observationsOutput,
  coverage: coverage(['weather-observation'], 'hourly'),
  cacheTtlSeconds: 600,
  route: '/observationer/:parameter/:stationId',
  example: { parameter: 1, stationId: 98210 },
  run: async ({ parameter, stationId, period }, ctx) => {
    const params = { parameter, station: stationId, period };
    const notFound = () =>
      fail.notFound(`SMHI has no parameter ${parameter} at station ${stationId} for ${period}: the station does not measure it, or no such station exists (smhi.stations lists the stations of a parameter).`);
    if (period === 'corrected-archive') {
      const csv = await ctx.request<string>({
        upstream: 'smhi-metobs',
        path: '/api/version/1.0/parameter/{parameter}/station/{station}/period/{period}/data.csv',
        params,
        accept: 'text',
        notFound: 'null',
        ttlSeconds: 86_400,
      });
      if (csv.data === null) throw notFound();
      const archive = readArchive(csv.data);
      const newest = archive.entries.slice(-ARCHIVE_VALUES);
      return {
        parameter: { key: String(parameter), ...archive.parameter },
        station: { key: String(stationId), name: archive.station.name, height: archive.station.height, lat: archive.station.lat, lon: archive.station.lon },
        period: period as Period,
        count: newest.length,
        total: archive.entries.length,
        values: newest,
        ...(archive.entries.length > ARCHIVE_VALUES && { note: `The corrected archive holds ${archive.entries.length} values; the newest ${ARCHIVE_VALUES} are answered. The whole archive is SMHI's data.csv for this station and parameter.` }),
        ...(archive.entries.length === 0 && { note: 'The corrected archive holds no values for this station and parameter.' }),
      };
    }
    const answer = await ctx.find<ObsAnswer>('smhi-metobs', '/api/version/1.0/parameter/{parameter}/station/{station}/period/{period}/data.json', { params });
    if (!answer) throw notFound();
    const values = jsonEntries(answer.value ?? []);
    const position = answer.position?.[answer.position.length - 1];
    return {
      parameter: { key: answer.parameter?.key ?? String(parameter), name: answer.parameter?.name ?? null, summary: answer.parameter?.summary ?? null, unit: answer.parameter?.unit ?? null },
      station: { key: answer.station?.key ?? String(stationId), name: answer.station?.name ?? null, height: answer.station?.height ?? position?.height ?? null, lat: position?.latitude ?? null, lon: position?.longitude ?? null },
      period: period as Period,
      count: values.length,
      total: values.length,
      values,
      ...(values.length === 0 && { note: `Station ${stationId} reported no values of parameter ${parameter} in ${period}.` }),
    };
  },
});

interface Resource {
  key: string;
  title?: string | null;
  summary?: string | null;
  unit?: string | null;
}

export const parameters = defineTool({
  name: 'parameters',
  title: "SMHI's observation parameters",
  description:
    "Lists the parameters of SMHI's meteorological observations (metobs): each parameter's id (for smhi.observations and smhi.stations), name (e.g. Lufttemperatur), what it measures and how often (e.g. momentanvärde, 1 gång/tim; medelvärde 1 dygn) and its unit. Takes no input.",
  input: {},
  output: z.object({
    count: z.number().int(),
    parameters: z.array(z.object({ key: z.string(), title: z.string().nullable(), summary: z.string().nullable(), unit: z.string().nullable() })),
  }),
  coverage: coverage(['weather-observation', 'metadata'], 'monthly'),
  cacheTtlSeconds: 86_400,
  route: '/parametrar',
  example: {},
  run: async (_input, ctx) => {
    const answer = await ctx.get<{ resource?: Resource[] | null }>('smhi-metobs', '/api/version/1.0.json');
    const list = (answer.resource ?? []).map((r) => ({ key: r.key, title: r.title ?? null, summary: r.summary ?? null, unit: r.unit ?? null }));
    list.sort((a, b) => Number(a.key) - Number(b.key));
    return { count: list.length, parameters: list };
  },
});

interface Station {
  key?: string;
  id?: number;
  name?: string | null;
  owner?: string | null;
  height?: number | null;
  latitude?: number | null;
  longitude?: number | null;
  active?: boolean | null;
  from?: number | null;
  to?: number | null;
}

export const stations = defineTool({
  name: 'stations',
  title: 'Swedish stations measuring a parameter (SMHI)',
  description:
    'Lists the SMHI stations that measure (or once measured) one observation parameter: station id (for smhi.observations), name, owner, height, position, whether it is active, and the first and last time it reported. ' +
    'parameter (an id from smhi.parameters, e.g. 1 for hourly air temperature) is required. activeCount counts the stations in operation. An unknown parameter answers not_found.',
  input: { parameter: idField('SMHI parameter id, e.g. 1 (air temperature, hourly).') },
  output: z.object({
    parameter: z.object({ key: z.string(), title: z.string().nullable(), summary: z.string().nullable(), unit: z.string().nullable() }),
    count: z.number().int(),
    activeCount: z.number().int(),
    stations: z.array(
      z.object({
        id: z.string(),
        name: z.string().nullable(),
        owner: z.string().nullable(),
        height: z.number().nullable(),
        lat: z.number().nullable(),
        lon: z.number().nullable(),
        active: z.boolean(),
        from: z.string().nullable(),
        to: z.string().nullable(),
      }),
    ),
  }),
  coverage: coverage(['weather-station'], 'daily'),
  cacheTtlSeconds: 86_400,
  route: '/stationer/:parameter',
  example: { parameter: 1 },
  run: async ({ parameter }, ctx) => {
    const answer = await ctx.find<Resource & { station?: Station[] | null }>('smhi-metobs', '/api/version/1.0/parameter/{parameter}.json', { params: { parameter } });
    if (!answer) throw fail.notFound(`SMHI has no observation parameter ${parameter} (smhi.parameters lists them).`);
    const list = (answer.station ?? []).map((s) => ({
      id: s.key ?? String(s.id),
      name: s.name ?? null,
      owner: s.owner ?? null,
      height: s.height ?? null,
      lat: s.latitude ?? null,
      lon: s.longitude ?? null,
      active: s.active === true,
      from: iso(s.from),
      to: iso(s.to),
    }));
    return {
      parameter: { key: answer.key ?? String(parameter), title: answer.title ?? null, summary: answer.summary ?? null, unit: answer.unit ?? null },
      count: list.length,
      activeCount: list.filter((s) => s.active).length,
      stations: list,
    };
  },
});
