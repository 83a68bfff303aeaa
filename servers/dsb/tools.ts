// brann.by_kommune, brann.statistikk and bygningstyper.list (request, mapping and facts: bris.ts).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { int, kommunenummer } from '../../runtime/fields.js';
import { note, optStr, sourceRef } from '../../runtime/output.js';
import { fail } from '../../runtime/errors.js';
import { BUILDING_FIRE, BYGNINGSTYPER, BYGNINGSTYPE_KODER, HOUR, MAX_COUNTED, REGISTER, SITE, allMissions, coverage, day, municipalitiesOfCounty, searchMissions, type Mission } from './bris.js';
import { quoted } from '../../runtime/validation.js';

const kilde = { register: REGISTER, url: SITE };
const buildingType = z.enum(BYGNINGSTYPE_KODER).describe('Narrows to fires in buildings (the reports name no category).');
const BUILDING_NOTE = (code: string) =>
  `buildingType ${code} was asked for, but brannstatistikk.no's open mission reports do not say what kind of building burned: the list is narrowed to fires in buildings (${BUILDING_FIRE}) of every type.`;
const BLOCKED = 'The site blocks cloud addresses: then 503 upstream_blocked.';

const mission = z.object({
  id: z.string(),
  type: optStr().describe('e.g. Brann i bygning.'),
  tidspunkt: optStr().describe('Call time, UTC.'),
  kommune: optStr(),
  brannvesen: optStr(),
  brann: z.boolean().describe('A fire (type Brann… or Skogbrann).'),
});

const narrow = (missions: Mission[], code: string | undefined) => (code ? missions.filter((m) => m.type === BUILDING_FIRE) : missions);

export const brannByKommune = defineTool({
  name: 'brann.by_kommune',
  title: 'Fire and rescue missions in a Norwegian municipality (DSB)',
  description:
    `Fire and rescue missions in one municipality (kommunenummer, 4 digits) over the last 12 months, from DSB's brannstatistikk.no (BRIS): type (fires, traffic accidents, alarms…), call time, fire department, and whether a fire. limit 1 to 500 (default 500); total counts every mission of the period. An empty list means none registered. ${BLOCKED}`,
  input: {
    kommunenummer: kommunenummer(),
    buildingType: buildingType.optional(),
    limit: int({ min: 1, max: 500, default: 500, description: 'Missions, 1 to 500.' }),
  },
  output: z.object({
    kommunenummer: z.string(),
    periode: z.object({ fra: z.string(), til: z.string() }),
    total: z.number().int(),
    count: z.number().int(),
    branner: z.number().int(),
    buildingTypeApplied: z.boolean(),
    oppdrag: z.array(mission),
    note,
    kilde: sourceRef,
  }),
  coverage: coverage(['fire-incident']),
  cacheTtlSeconds: HOUR,
  route: '/kommuner/:kommunenummer/brann',
  example: { kommunenummer: '4614', limit: 5 },
  run: async ({ kommunenummer, buildingType, limit }, ctx) => {
    const now = ctx.now();
    const periode = { fra: day(new Date(now.getTime() - 365 * 86_400_000)), til: day(new Date(now.getTime() + 86_400_000)) };
    const found = await searchMissions(ctx, { municipalities: [kommunenummer], periodStart: periode.fra, periodEnd: periode.til }, limit);
    const oppdrag = narrow(found.missions, buildingType);
    const notes = [found.total === 0 ? `No mission is registered in municipality ${kommunenummer} in the period.` : null, buildingType ? BUILDING_NOTE(buildingType) : null].filter(Boolean);
    return {
      kommunenummer,
      periode,
      total: found.total,
      count: oppdrag.length,
      branner: oppdrag.filter((m) => m.brann).length,
      buildingTypeApplied: false,
      oppdrag,
      ...(notes.length > 0 && { note: notes.join(' ') }),
      kilde,
    };
  },
});

export const brannStatistikk = defineTool({
  name: 'brann.statistikk',
  title: 'Fire and rescue statistics by mission type (DSB)',
  description:
    `Fire and rescue missions per type (building fires, chimney fires, traffic accidents, alarms…) for a municipality (4 digits), county (2 digits) or the country in a year (default this year), from DSB's brannstatistikk.no (BRIS). Counts every mission of the filters (a county: its municipalities in Kartverket's register), at most ${MAX_COUNTED} (more is refused: give a county or municipality); perType lists the limit largest types (1 to 500, default 50), typesTotal how many there are. ${BLOCKED}`,
  input: {
    municipality: kommunenummer().optional(),
    county: z
      .string()
      .regex(/^\d{2}$/, { error: (iss) => `must be exactly 2 digits (got ${quoted(iss.input)})` })
      .describe('County: 2 digits, e.g. 46.')
      .optional(),
    year: int({ description: 'Calendar year; default this year.' }),
    buildingType: buildingType.optional(),
    limit: int({ min: 1, max: 500, default: 50, description: 'Mission types listed in perType, largest first, 1 to 500.' }),
  },
  output: z.object({
    filter: z.object({ municipality: optStr(), county: optStr(), year: z.number().int(), buildingType: optStr() }),
    total: z.number().int(),
    counted: z.number().int(),
    complete: z.boolean(),
    branner: z.number().int(),
    perType: z.array(z.object({ type: z.string(), antall: z.number().int() })),
    typesTotal: z.number().int().describe('How many mission types were counted (perType lists limit of them).'),
    buildingTypeApplied: z.boolean(),
    note,
    kilde: sourceRef,
  }),
  coverage: coverage(['fire-incident', 'statistics']),
  cacheTtlSeconds: HOUR,
  route: '/statistikk',
  example: { municipality: '4614', year: 2025 },
  run: async ({ municipality, county, year, buildingType, limit }, ctx) => {
    const y = year ?? ctx.now().getUTCFullYear();
    // A municipality narrows more than its county; both given, the municipality is asked for.
    let municipalities: string[] | undefined;
    if (municipality) municipalities = [municipality];
    else if (county) {
      municipalities = await municipalitiesOfCounty(ctx, county);
      // An empty list would ask the whole country.
      if (municipalities.length === 0) throw fail.notFound(`Kartverket's register has no municipality in county ${county}.`);
    }
    const found = await allMissions(ctx, { municipalities, periodStart: `${y}-01-01`, periodEnd: `${y + 1}-01-01` });
    const missions = narrow(found.missions, buildingType);
    const counts = new Map<string, number>();
    for (const m of missions) counts.set(m.type ?? 'Ukjent', (counts.get(m.type ?? 'Ukjent') ?? 0) + 1);
    const allTypes = [...counts].map(([type, antall]) => ({ type, antall })).sort((a, b) => b.antall - a.antall || a.type.localeCompare(b.type, 'nb'));
    const perType = allTypes.slice(0, limit);
    const complete = found.missions.length >= found.total;
    const notes = [
      found.total === 0 ? 'No mission is registered for these filters.' : null,
      complete ? null : `The search answered ${found.missions.length} of the ${found.total} missions it reported.`,
      allTypes.length > perType.length ? `perType lists the ${limit} largest of ${allTypes.length} mission types.` : null,
      buildingType ? BUILDING_NOTE(buildingType) : null,
    ].filter(Boolean);
    return {
      filter: { municipality: municipality ?? null, county: county ?? null, year: y, buildingType: buildingType ?? null },
      total: found.total,
      counted: found.missions.length,
      complete,
      branner: missions.filter((m) => m.brann).length,
      perType,
      typesTotal: allTypes.length,
      buildingTypeApplied: false,
      ...(notes.length > 0 && { note: notes.join(' ') }),
      kilde,
    };
  },
});

export const bygningstyperList = defineTool({
  name: 'bygningstyper.list',
  title: 'Building types of the fire statistics (DSB)',
  description:
    'The building types the fire tools take as buildingType: BOLIG, FRITIDSBOLIG, NÆRING, PUBLIKUM, LANDBRUK, GARASJE and ANNEN, each with its Norwegian name. A fixed list; it calls no upstream.',
  input: {},
  output: z.object({ bygningstyper: z.array(z.object({ kode: z.enum(BYGNINGSTYPE_KODER), navn: z.string() })), note }),
  coverage: { geography: ['NO'], dataTypes: ['building-type'], updateFrequency: 'static' },
  cacheTtlSeconds: 86_400,
  route: '/bygningstyper',
  example: {},
  run: async () => ({
    bygningstyper: BYGNINGSTYPER.map((b) => ({ ...b })),
    note: "brannstatistikk.no's open mission reports name no building category, so buildingType narrows the fire tools to fires in buildings of any type.",
  }),
});
