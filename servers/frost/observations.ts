// observasjoner: Frost's /observations/v0.jsonld (sources, elements, referencetime; answer data[]
// of {sourceId, referenceTime, observations[] of {elementId, value, unit, level?, timeOffset,
// timeResolution, timeSeriesId, performanceCategory, exposureCategory, qualityCode}}), as the
// Frost documentation (https://frost.met.no/howto.html, https://frost.met.no/api.html) and its own
// acceptance tests describe. Frost answers 404 when nothing matches (UNCONFIRMED whether some
// combinations answer 412 instead): that is an empty answer here, not an error.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { CREDENTIALS, coverage, stationOf, type FrostAnswer } from './common.js';
import { quoted } from '../../runtime/validation.js';

interface ObservationRow {
  sourceId: string;
  referenceTime: string;
  observations?: { elementId: string; value: number; unit?: string | null; timeOffset?: string | null; timeResolution?: string | null; qualityCode?: number | null; level?: { levelType?: string; unit?: string; value?: number } | null }[];
}

const STATION_LIST = /^\s*(SN)?\d+(:\d+)?(\s*,\s*(SN)?\d+(:\d+)?)*\s*$/i;
const DATE_TIME = String.raw`\d{4}-\d{2}-\d{2}(T\d{2}(:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?)?`;
const REFERENCE_TIME = new RegExp(`^${DATE_TIME}(/${DATE_TIME})?$`);

/** `18700, sn50540` → `SN18700,SN50540`. */
export const stationIdsOf = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .map((s) => (s.startsWith('SN') ? s : `SN${s}`));

const observationsOutput = z.object({
  stationIds: z.array(z.string()),
  elements: z.array(z.string()),
  referencetime: z.string(),
  count: z.number().int().describe('Number of observations in all series.'),
  series: z.array(
    z.object({
      stationId: z.string(),
      sourceId: z.string().describe('Station and sensor, e.g. SN18700:0.'),
      referenceTime: z.string(),
      observations: z.array(
        z.object({
          elementId: z.string(),
          value: z.number(),
          unit: z.string().nullable(),
          level: z.string().nullable().describe('Sensor level, e.g. "height_above_ground 2 m".'),
          timeOffset: z.string().nullable(),
          timeResolution: z.string().nullable(),
          qualityCode: z.number().nullable(),
        }),
      ),
    }),
  ),
  note: z.string().optional(),
});

export const observasjoner = defineTool({
  name: 'observasjoner',
  title: 'Weather observations from Norwegian stations (MET Norway Frost)',
  description:
    "Measured weather observations from MET Norway's station network through the Frost API: for each station and time, the values of the requested elements with unit, sensor level, time resolution and quality code. " +
    'All three are required: stationIds (Frost station ids such as SN18700 for Oslo-Blindern, comma-separated; find them with frost.stasjoner.sok), elements (Frost element ids, comma-separated, e.g. air_temperature, sum(precipitation_amount P1D), wind_speed) and referencetime (an ISO 8601 date or interval, e.g. 2026-11-01/2026-11-08). ' +
    'An empty series list means Frost has no observations for that combination. Frost refuses requests that are too large: narrow the interval or the elements.',
  input: {
    stationIds: z
      .string()
      .regex(STATION_LIST, { error: (iss) => `must be Frost station ids such as SN18700, comma-separated (got ${quoted(iss.input)})` })
      .describe('Frost station ids, comma-separated, e.g. SN18700,SN50540.'),
    elements: z.string().min(1).describe('Frost element ids, comma-separated, e.g. air_temperature,sum(precipitation_amount P1D).'),
    referencetime: z
      .string()
      .regex(REFERENCE_TIME, { error: (iss) => `must be an ISO 8601 date or interval such as 2026-11-01 or 2026-11-01/2026-11-08 (got ${quoted(iss.input)})` })
      .describe('ISO 8601 date or interval start/end, e.g. 2026-11-01/2026-11-08.'),
  },
  output: observationsOutput,
  credentials: CREDENTIALS,
  coverage: coverage(['weather-observation'], 'hourly'),
  cacheTtlSeconds: 3600,
  route: '/observasjoner',
  example: { stationIds: 'SN18700', elements: 'air_temperature,sum(precipitation_amount P1D)', referencetime: '2026-11-20/2026-11-21' },
  run: async ({ stationIds, elements, referencetime }, ctx) => {
    const stations = stationIdsOf(stationIds);
    const elementList = elements.split(',').map((e) => e.trim()).filter(Boolean);
    const answer = await ctx.find<FrostAnswer<ObservationRow>>('frost', '/observations/v0.jsonld', {
      query: { sources: stations.join(','), elements: elementList.join(','), referencetime },
    });
    const series = (answer?.data ?? []).map((row) => ({
      stationId: stationOf(row.sourceId),
      sourceId: row.sourceId,
      referenceTime: row.referenceTime,
      observations: (row.observations ?? []).map((o) => ({
        elementId: o.elementId,
        value: o.value,
        unit: o.unit ?? null,
        level: o.level ? `${o.level.levelType ?? ''} ${o.level.value ?? ''} ${o.level.unit ?? ''}`.trim() : null,
        timeOffset: o.timeOffset ?? null,
        timeResolution: o.timeResolution ?? null,
        qualityCode: o.qualityCode ?? null,
      })),
    }));
    const count = series.reduce((sum, s) => sum + s.observations.length, 0);
    return {
      stationIds: stations,
      elements: elementList,
      referencetime,
      count,
      series,
      ...(count === 0 && { note: `Frost has no observations of ${elementList.join(', ')} at ${stations.join(', ')} for ${referencetime}.` }),
    };
  },
});
