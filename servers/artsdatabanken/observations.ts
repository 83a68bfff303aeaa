// observations.list: Artskart's observations, GET /observations/list.
//
// Follows: Artsdatabanken's API page (https://artsdatabanken.no/Pages/180954: api/Observations/list
// is "a (paged) list of all observations", `countys[]=22` filters a county, `gmWktPolygon` an area)
// and the Swagger-based guide of the public API (file id 44163868854: pageIndex, pageSize, crs).
// Relied on: pageIndex counts pages from 0, like the tool's page (answers echo "PageIndex": 0 for
// the first page, file id 53662382255); the answer is {TotalCount, PageIndex, PageSize, TotalPages,
// Observations[]}, an empty Observations list when nothing matches.
// Filters sent, each documented: countys[] (Artsdatabanken's API page, its example countys[]=22,
// Jan Mayen, is accepted), filter.areas for a municipality (the Swagger-based guide: "filter.areas
// (array of strings): Area filter (e.g., municipality IDs)"), taxons[] (public clients, file id
// 23229876587 sends taxons= next to countys[]=). No undocumented filter is sent, so none is echoed
// in `filters` without having been sent.
// UNCONFIRMED: that Artskart combines the prefixed filter.areas with the unprefixed taxons[] and
// countys[] in one request (no public client was found sending both); that county numbers are the
// 2024 ones.
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { int } from '../../runtime/fields.js';
import { note, optNum, optStr, sourceRef } from '../../runtime/output.js';
import { ARTSKART_SOURCE, HOUR, coverage, mapObservation, observationOutput, resolveCounty, type ArtskartPage } from './common.js';
import { countyField, municipalityField, resolveMunicipality } from './places.js';
import { taxonByScientificName, taxonIdOf } from './taxa.js';

/** Artskart counts pages from 0, as the tool does: the page is passed as it stands. */
export const artskartPageIndex = (page: number) => page;

export const observationsList = defineTool({
  name: 'observations.list',
  title: 'Species observations in Norway (Artskart)',
  description:
    "Species observations from Artsdatabanken's Artskart (Norway's species map, 60+ million records). " +
    'Filters: taxonId or scientificName (exact, e.g. Lynx lynx), county (two-digit number or name, e.g. Vestland), municipality (4-digit number or name). ' +
    'Each has species, Norwegian name, red-list category, date, place, lat/lon, precision (m) and Artskart link. limit 1-100 (default 20); page 0-20000, 0-based; total counts all matches. ' +
    'An empty list means none matched (the note says when no taxon has the name).',
  input: {
    taxonId: z.number().int().describe('Artskart taxon id, e.g. 31133.').optional(),
    scientificName: z.string().min(1).describe('Exact scientific name.').optional(),
    county: countyField().optional(),
    municipality: municipalityField().optional(),
    limit: int({ min: 1, max: 100, default: 20, description: 'Observations per page, 1 to 100. Default 20.' }),
    page: int({ min: 0, max: 20000, default: 0, description: 'Page number, 0-based, 0 to 20000. Default 0.' }),
  },
  output: z.object({
    filters: z.object({ taxonId: optNum(), scientificName: optStr(), county: optStr(), municipality: optStr() }),
    page: z.number(),
    limit: z.number(),
    total: z.number(),
    count: z.number(),
    hasMore: z.boolean(),
    observations: z.array(observationOutput),
    note,
    kilde: sourceRef,
  }),
  coverage: coverage(['species-observation', 'biodiversity']),
  cacheTtlSeconds: HOUR,
  route: '/observations',
  example: { scientificName: 'Lynx lynx', county: 'Innlandet', limit: 2 },
  run: async ({ taxonId, scientificName, county, municipality, limit, page }, ctx) => {
    const countyNumber = county === undefined ? null : resolveCounty(county)!.number;
    const municipalityNumber = municipality === undefined ? null : await resolveMunicipality(ctx, municipality);
    let taxon = taxonId ?? null;
    const filters = () => ({ taxonId: taxon, scientificName: scientificName ?? null, county: countyNumber, municipality: municipalityNumber });
    const empty = (why: string) => ({
      filters: filters(),
      page,
      limit,
      total: 0,
      count: 0,
      hasMore: false,
      observations: [],
      note: why,
      kilde: ARTSKART_SOURCE,
    });
    if (taxon === null && scientificName !== undefined) {
      const found = await taxonByScientificName(ctx, scientificName);
      taxon = found ? taxonIdOf(found) : null;
      if (taxon === null) return empty(`Artskart has no taxon with the scientific name ${JSON.stringify(scientificName)}; check the spelling or use taxonId.`);
    }
    const answer = await ctx.get<ArtskartPage>('artskart', '/observations/list', {
      query: {
        pageIndex: artskartPageIndex(page),
        pageSize: limit,
        crs: 'EPSG:4326',
        'taxons[]': taxon === null ? undefined : [taxon],
        'countys[]': countyNumber === null ? undefined : [countyNumber],
        'filter.areas': municipalityNumber === null ? undefined : [municipalityNumber],
      },
    });
    const observations = (answer.Observations ?? []).map(mapObservation);
    const total = typeof answer.TotalCount === 'number' ? answer.TotalCount : observations.length;
    const note = observations.length === 0 ? (total > 0 ? `This page is past the ${total} matching observations.` : 'No observation matches these filters.') : null;
    return {
      filters: filters(),
      page,
      limit,
      total,
      count: observations.length,
      hasMore: (page + 1) * limit < total,
      observations,
      ...(note && { note }),
      kilde: ARTSKART_SOURCE,
    };
  },
});
