// redlist.species: Norsk rødliste for arter 2021 from Artsdatabanken's lists OData API,
// GET /speciesassessment2021.
//
// Follows: Artsdatabanken's own code. The API is an ASP.NET Core OData controller over the
// published assessments (Artsdatabanken/Assessments, Assessments.Web Controllers/Api
// SpeciesAssessment2021Controller: [EnableQuery(PageSize = 100)]), whose entity is
// SpeciesAssessment2021 (Assessments.Mapping/RedlistSpecies/SpeciesAssessment2021.cs: Id,
// ScientificName, ScientificNameAuthor, ScientificNameId, PopularName, Category, CriteriaSummarized,
// SpeciesGroup, AssessmentArea, TaxonRank, …); Artsdatabanken's artsorakel backend queries it as
// https://lister.artsdatabanken.no/odata/v1/speciesassessment2021?filter=…&select=category and reads
// `value[0].category` (file id 55733847265). A species' page is
// https://artsdatabanken.no/lister/rodlisteforarter/2021/{Id} (Artsdatabanken's
// PublishDynamicProperties, file id 49063696791).
// Relied on: OData $filter (startswith, tolower, and/or), $select, $top, $orderby, $count; answers
// {"@odata.count", value[]} with camelCase members; at most 100 items per request (the
// controller's page size); Category may carry "°" for a downlisted category (read by its first
// two letters); AssessmentArea "N" is mainland Norway with its sea areas, "S" Svalbard.
// UNCONFIRMED: the member casing (camelCase, as the artsorakel code reads it) and the values of
// AssessmentArea and SpeciesGroup (Norwegian group names such as Fugler, Karplanter, Sopper).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { note, optNum, optStr, sourceRef } from '../../runtime/output.js';
import { DAY, REDLIST_CATEGORIES, coverage, redlisted } from './common.js';
import { quoted } from '../../runtime/validation.js';

/** Items per request of the OData controller ([EnableQuery(PageSize = 100)]). */
export const ODATA_PAGE_SIZE = 100;
/** Species listed when limit is not given. */
export const DEFAULT_LIMIT = 25;

interface Assessment {
  id?: number;
  scientificName?: string | null;
  scientificNameAuthor?: string | null;
  scientificNameId?: number | null;
  popularName?: string | null;
  category?: string | null;
  criteriaSummarized?: string | null;
  speciesGroup?: string | null;
  assessmentArea?: string | null;
}

interface ODataAnswer {
  '@odata.count'?: number;
  value?: Assessment[] | null;
}

/** An OData string literal: single quotes doubled. */
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

export function redlistFilter(category: string | undefined, group: string | undefined): string {
  const categories = category ? [category] : [...REDLIST_CATEGORIES];
  const byCategory = categories.map((c) => `startswith(category,${literal(c)})`).join(' or ');
  const parts = [`assessmentArea eq 'N'`, categories.length > 1 ? `(${byCategory})` : byCategory];
  if (group) parts.push(`tolower(speciesGroup) eq ${literal(group.trim().toLocaleLowerCase('nb'))}`);
  return parts.join(' and ');
}

const SELECT = 'id,scientificName,scientificNameAuthor,scientificNameId,popularName,category,criteriaSummarized,speciesGroup';

export const redlistSpecies = defineTool({
  name: 'redlist.species',
  title: 'Red-listed species (Norsk rødliste for arter 2021)',
  description:
    "Lists species on Norsk rødliste for arter 2021 (Artsdatabanken's national red list, mainland Norway and its sea areas): scientific and Norwegian name, category, IUCN criteria, species group and a link to the assessment. " +
    'category filters to one of RE (regionally extinct), CR, EN, VU (threatened), NT (near threatened) or DD (data deficient); without it every red-listed category is listed. group is a species group as Artsdatabanken names it in Norwegian, e.g. Fugler, Karplanter, Sopper, Biller, Pattedyr (any case). ' +
    `limit 1-100 (default ${DEFAULT_LIMIT}), alphabetical by scientific name; total is the number of matching species. An empty list means no red-listed species matches (check the group's spelling).`,
  input: {
    category: z.enum(REDLIST_CATEGORIES).describe('Red-list category: RE, CR, EN, VU, NT or DD.').optional(),
    group: z.string().min(1).describe('Species group in Norwegian, e.g. Fugler (birds), Karplanter (vascular plants).').optional(),
    limit: z
      .number()
      .int()
      .min(1)
      .max(ODATA_PAGE_SIZE, { error: (iss) => `must be at most ${ODATA_PAGE_SIZE}, the most Artsdatabanken's red-list API returns per request (got ${quoted(iss.input)})` })
      .describe(`Species to list, 1 to ${ODATA_PAGE_SIZE} (the API's page size). Default ${DEFAULT_LIMIT}.`)
      .optional(),
  },
  output: z.object({
    filters: z.object({ category: optStr(), group: optStr() }),
    total: z.number(),
    count: z.number(),
    species: z.array(
      z.object({
        scientificName: optStr(),
        author: optStr(),
        norwegianName: optStr(),
        category: optStr(),
        criteria: optStr(),
        speciesGroup: optStr(),
        scientificNameId: optNum(),
        url: optStr(),
      }),
    ),
    note,
    kilde: sourceRef,
  }),
  coverage: coverage(['red-list', 'species'], 'static'),
  cacheTtlSeconds: DAY,
  route: '/redlist',
  example: { category: 'CR', group: 'Fugler', limit: 3 },
  run: async ({ category, group, limit }, ctx) => {
    const answer = await ctx.get<ODataAnswer>('artsdatabanken-lister', '/speciesassessment2021', {
      query: {
        $filter: redlistFilter(category, group),
        $select: SELECT,
        $orderby: 'scientificName',
        $top: limit ?? DEFAULT_LIMIT,
        $count: 'true',
      },
    });
    const species = (answer.value ?? []).map((a) => ({
      scientificName: a.scientificName ?? null,
      author: a.scientificNameAuthor ?? null,
      norwegianName: a.popularName ?? null,
      category: redlisted(a.category) ?? a.category ?? null,
      criteria: a.criteriaSummarized ?? null,
      speciesGroup: a.speciesGroup ?? null,
      scientificNameId: typeof a.scientificNameId === 'number' ? a.scientificNameId : null,
      url: typeof a.id === 'number' ? `https://artsdatabanken.no/lister/rodlisteforarter/2021/${a.id}` : null,
    }));
    return {
      filters: { category: category ?? null, group: group ?? null },
      total: typeof answer['@odata.count'] === 'number' ? answer['@odata.count'] : species.length,
      count: species.length,
      species,
      ...(species.length === 0 && { note: 'No red-listed species matches these filters. Species groups are Norwegian names such as Fugler, Karplanter or Sopper.' }),
      kilde: { register: 'Norsk rødliste for arter 2021 (Artsdatabanken)', url: 'https://artsdatabanken.no/lister/rodlisteforarter/2021' },
    };
  },
});
