// fhi.indikatorer.list: the public-health indicator tables of FHI's Folkehelsestatistikk (source
// `nokkel` of FHI Statistikk Open API), by theme.
//
// Follows: FHI's user guide of the Open API (folkehelseinstituttet/Fhi.Statistikk.OpenAPI, README
// and "User Guide FHI Statistikk Open API.md": GET /api/open/v1/{SourceId}/table lists a source's
// published tables; source id `nokkel` as in FHI's own Python sample) and FHI's table model
// (Code_samples/C#/…/TableOpenResponse.cs: TableId, Title, PublishedAt, ModifiedAt, serialised in
// camelCase). The API gives no theme per table: the themes of the spec are assigned here from the
// table titles (THEMES below), which is this service's grouping, not FHI's.
import { z } from 'zod';
import { defineTool, type Coverage } from '../../runtime/define.js';
import { note, optStr, sourceRef } from '../../runtime/output.js';

export const UPSTREAM = 'fhi-statistikk';
export const SOURCE_ID = 'nokkel';
const DAY = 86_400;

export const coverage = (dataTypes: string[]): Coverage => ({ geography: ['NO'], dataTypes, updateFrequency: 'annual' });

export const TEMAER = ['befolkning', 'levekår', 'miljø', 'helse', 'dødelighet'] as const;
type Tema = (typeof TEMAER)[number];

/**
 * Words of a table title that place it in a theme, checked in this order (a title about deaths from
 * a disease is about mortality; an injury is environment and accidents).
 */
const THEMES: [Tema, RegExp][] = [
  ['dødelighet', /dødelighet|dødsårsak|døde\b|levealder/i],
  ['miljø', /miljø|drikkevann|skade|ulykke|hoftebrudd|radon|luftkvalitet|støy|forurens/i],
  ['befolkning', /befolkning|folkemengde|innvandr|aleneboende|fødte|flytting|eldre/i],
  ['levekår', /inntekt|utdanning|arbeidsledig|sysselsett|ufør|trangbodd|bolig|sosialhjelp|forsørger|frafall|lesing|regning|mobbing|valgdeltakelse|barnevern/i],
  ['helse', /helse|sykdom|lidelse|legemiddel|diabetes|kreft|hjerte|psykisk|overvekt|røyk|vaksin|tann|kols|astma|smerte|fysisk aktiv|alkohol|symptom|fastlege|sykehus/i],
];

export function temaOf(title: string): Tema | null {
  return THEMES.find(([, words]) => words.test(title))?.[0] ?? null;
}

interface FhiTable {
  tableId: number;
  title?: string | null;
  publishedAt?: string | null;
  modifiedAt?: string | null;
}

export const indikatorerList = defineTool({
  name: 'indikatorer.list',
  title: 'Public-health indicator tables of FHI (Folkehelsestatistikk)',
  description:
    "Lists the indicator tables of FHI's Folkehelsestatistikk (the municipal and county public-health statistics behind the folkehelseprofiler) from FHI Statistikk Open API, with each table's id, title and dates: use it to find which indicators exist, e.g. on living conditions or mortality. tema narrows to befolkning (population), levekår (living conditions), miljø (environment, injuries), helse (health and illness) or dødelighet (mortality); the themes are assigned by this service from the table titles, since FHI's API gives none. Without tema every table is listed, each with its theme or null. An empty list means no table has a title of that theme.",
  input: {
    tema: z.enum(TEMAER).describe('Theme of the indicators.').optional(),
  },
  output: z.object({
    tema: z.enum(TEMAER).nullable(),
    count: z.number().int(),
    indikatorer: z.array(z.object({ tableId: z.number().int(), title: optStr(), tema: z.enum(TEMAER).nullable(), publishedAt: optStr(), modifiedAt: optStr() })),
    note,
    kilde: sourceRef,
  }),
  coverage: coverage(['public-health-indicator']),
  cacheTtlSeconds: DAY,
  route: '/indikatorer',
  example: { tema: 'levekår' },
  run: async ({ tema }, ctx) => {
    const tables = await ctx.get<FhiTable[]>(UPSTREAM, '/{source}/table', { params: { source: SOURCE_ID } });
    const all = tables.map((t) => ({ tableId: t.tableId, title: t.title ?? null, tema: temaOf(t.title ?? ''), publishedAt: t.publishedAt ?? null, modifiedAt: t.modifiedAt ?? null }));
    const indikatorer = tema ? all.filter((t) => t.tema === tema) : all;
    return {
      tema: tema ?? null,
      count: indikatorer.length,
      indikatorer,
      ...(indikatorer.length === 0 && { note: tema ? `No table of Folkehelsestatistikk has a title of the theme ${tema}.` : 'FHI lists no published table in Folkehelsestatistikk.' }),
      kilde: { register: 'FHI Statistikk: Folkehelsestatistikk', url: ctx.locate(UPSTREAM, `/${SOURCE_ID}/table`) },
    };
  },
});
