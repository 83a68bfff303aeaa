// lines.list: the 14 lines of the Norwegian railway network that the tool lists, as a static,
// sourced reference.
//
// Bane NOR publishes no open API or data file with a list of its lines: its customer-information
// APIs (api.banenor.no, SIRI ET/SX) need a subscription key and carry no line register, and its
// network dataset (Geonorge "Jernbane - Banenettverk", owner Bane NOR SF) is map geometry per track
// section. The list is therefore a reference table taken from the infrastructure owner's own
// published key figures: Jernbaneverket (Bane NOR's predecessor until 2017), "Jernbanen i tall",
// "Nøkkeltall for det norske jernbanenettet per januar 2015"
// (http://www.jernbaneverket.no/Jernbanen/Jernbanen-i-tall/), the last per-line table published.
// The 14 are that table's lines of at least 60 km with stops for passenger trains (Solørbanen, 94
// km, has none and is left out); each carries the table's figures as of January 2015. The ends
// (fra, til) are those of Jernbaneverket's earlier table ("Jernbanefakta", 2007, same site); that
// table names none for Østfoldbanen vestre linje, Gjøvikbanen, Kongsvingerbanen and Raumabanen,
// which therefore have null ends.
// UNCONFIRMED: current figures (Bane NOR now publishes network totals only: 4 247 km, 335
// stations, 725 tunnels, 2 622 bridges in 2022, banenor.no "Jernbanen i tall").
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { note, sourceRef } from '../../runtime/output.js';

interface Line {
  navn: string;
  fra: string | null;
  til: string | null;
  lengdeKm: number;
  dobbeltsporKm: number;
  elektrifisert: boolean;
  bruer: number;
  tunneler: number;
  planoverganger: number;
  stasjoner: number;
}

const line = (navn: string, fra: string | null, til: string | null, elektrifisert: boolean, [lengdeKm, dobbeltsporKm, bruer, tunneler, planoverganger, stasjoner]: number[]): Line => ({
  navn,
  fra,
  til,
  lengdeKm,
  dobbeltsporKm,
  elektrifisert,
  bruer,
  tunneler,
  planoverganger,
  stasjoner,
});

// Km, km double track, bridges, tunnels, level crossings, stations (per January 2015); no double
// track is 0.
export const LINES: readonly Line[] = [
  line('Nordlandsbanen', 'Trondheim', 'Bodø', false, [729, 0, 295, 155, 688, 41]),
  line('Sørlandsbanen', 'Drammen', 'Stavanger', true, [546, 14, 497, 190, 127, 45]),
  line('Dovrebanen', 'Eidsvoll', 'Trondheim', true, [485, 4, 322, 40, 273, 28]),
  line('Rørosbanen', 'Hamar', 'Støren', false, [384, 0, 229, 6, 467, 27]),
  line('Bergensbanen', 'Hønefoss', 'Bergen', true, [371, 0, 204, 144, 172, 33]),
  line('Østfoldbanen vestre linje', null, null, true, [169, 64, 131, 17, 69, 23]),
  line('Vestfoldbanen', 'Drammen', 'Skien', true, [140, 23, 98, 17, 102, 12]),
  line('Gjøvikbanen', null, null, true, [124, 2, 75, 7, 90, 22]),
  line('Kongsvingerbanen', null, null, true, [115, 0, 62, 0, 69, 13]),
  line('Raumabanen', null, null, false, [114, 0, 106, 5, 179, 4]),
  line('Østfoldbanen østre linje', 'Ski', 'Sarpsborg', true, [78, 0, 32, 2, 88, 11]),
  line('Meråkerbanen', 'Hell', 'Storlien', false, [70, 0, 60, 1, 50, 4]),
  line('Hovedbanen', 'Oslo S', 'Eidsvoll', true, [68, 20, 66, 5, 19, 21]),
  line('Gardermobanen', 'Etterstad', 'Eidsvoll', true, [64, 60, 24, 4, 0, 3]),
];

export const SOURCE = {
  register: 'Jernbaneverket (Bane NOR), Nøkkeltall for det norske jernbanenettet per januar 2015',
  url: 'http://www.jernbaneverket.no/Jernbanen/Jernbanen-i-tall/',
};

export const linesList = defineTool({
  name: 'lines.list',
  title: 'Norwegian railway lines (Bane NOR)',
  description:
    "The 14 main lines of the Norwegian railway network that Bane NOR runs (Nordlandsbanen, Bergensbanen, Dovrebanen...): for each its ends, length, double-track length, whether it is electrified, and its bridges, tunnels, level crossings and passenger stations. " +
    "A static reference: Bane NOR publishes no open API for its lines, so the figures are the infrastructure owner's published key figures per January 2015 (the lines of at least 60 km with passenger stops), not live data. For stations and timetables use the entur tools.",
  input: {},
  output: z.object({
    count: z.number().int(),
    figuresAsOf: z.string(),
    lines: z.array(
      z.object({
        navn: z.string(),
        fra: z.string().nullable(),
        til: z.string().nullable(),
        lengdeKm: z.number(),
        dobbeltsporKm: z.number(),
        elektrifisert: z.boolean(),
        bruer: z.number().int(),
        tunneler: z.number().int(),
        planoverganger: z.number().int(),
        stasjoner: z.number().int().describe('Stops for passenger trains.'),
      }),
    ),
    note,
    kilde: sourceRef,
  }),
  coverage: { geography: ['NO'], dataTypes: ['railway-line'], updateFrequency: 'static' },
  cacheTtlSeconds: 86_400,
  route: '/lines',
  example: {},
  run: async () => ({
    count: LINES.length,
    figuresAsOf: '2015-01',
    lines: LINES.map((l) => ({ ...l })),
    note: 'A static reference table: Bane NOR publishes no open line register. Figures as of January 2015 from the infrastructure owner\'s key figures; lines have changed since (new double track, electrification).',
    kilde: SOURCE,
  }),
});
