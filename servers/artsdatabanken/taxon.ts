// taxon.get: one taxon from Artskart, GET /taxon/{id} (the answer's members: taxa.ts).
import { z } from 'zod';
import { defineTool } from '../../runtime/define.js';
import { fail } from '../../runtime/errors.js';
import { optNum, optStr, sourceRef } from '../../runtime/output.js';
import { DAY, coverage, redlisted } from './common.js';
import { taxonIdOf, type ArtskartTaxon } from './taxa.js';

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** Artsdatabanken's page of a taxon: /Taxon/{scientific name}/{id} (UNCONFIRMED form). */
function taxonPage(name: string | null, id: number): string {
  const url = new URL('https://artsdatabanken.no/Taxon/');
  url.pathname += `${encodeURIComponent(name ?? 'taxon')}/${id}`;
  return url.href;
}

export const taxonGet = defineTool({
  name: 'taxon.get',
  title: 'A taxon by its Artskart id (Artsdatabanken)',
  description:
    "One taxon (species, genus, family…) from Artsdatabanken's taxonomy as Artskart serves it, by its numeric taxon id (e.g. 31133, gaupe): valid scientific name with author, Norwegian name, species group, classification (kingdom to species), red-list category where red-listed, synonyms and popular names in other languages. " +
    'Use the id as taxonId in artsdatabanken.observations.list. An id Artskart does not know answers not_found.',
  input: {
    taxonId: z.number().int().describe('Artskart taxon id, e.g. 31133.'),
  },
  output: z.object({
    taxonId: z.number(),
    scientificNameId: optNum(),
    scientificName: optStr(),
    author: optStr(),
    norwegianName: optStr(),
    taxonGroup: optStr(),
    redlistCategory: optStr(),
    classification: z.object({
      kingdom: optStr(),
      phylum: optStr(),
      class: optStr(),
      order: optStr(),
      family: optStr(),
      genus: optStr(),
      species: optStr(),
    }),
    synonyms: z.array(z.string()),
    popularNames: z.array(z.object({ name: z.string(), language: optStr(), preferred: z.boolean() })),
    kilde: sourceRef,
  }),
  coverage: coverage(['taxonomy', 'species'], 'weekly'),
  cacheTtlSeconds: DAY,
  route: '/taxa/:taxonId',
  example: { taxonId: 31133 },
  run: async ({ taxonId }, ctx) => {
    const t = await ctx.find<ArtskartTaxon | null>('artskart', '/taxon/{id}', { params: { id: taxonId } });
    if (!t || typeof t !== 'object' || Array.isArray(t)) throw fail.notFound(`Artskart has no taxon ${taxonId}`);
    const id = taxonIdOf(t) ?? taxonId;
    return {
      taxonId: id,
      scientificNameId: typeof t.ValidScientificNameId === 'number' ? t.ValidScientificNameId : null,
      scientificName: str(t.ValidScientificName),
      author: str(t.ValidScientificNameAuthorship),
      norwegianName: str(t.PrefferedPopularname),
      taxonGroup: str(t.TaxonGroup),
      redlistCategory: redlisted(t.Status),
      classification: {
        kingdom: str(t.Kingdom),
        phylum: str(t.Phylum),
        class: str(t.Class),
        order: str(t.Order),
        family: str(t.Family),
        genus: str(t.Genus),
        species: str(t.Species),
      },
      synonyms: (t.ScientificNames ?? [])
        .filter((n) => n.Accepted !== true && typeof n.ScientificName === 'string' && n.ScientificName !== t.ValidScientificName)
        .map((n) => n.ScientificName as string),
      popularNames: (t.PopularNames ?? [])
        .filter((n) => typeof n.Name === 'string' && n.Name !== '')
        .map((n) => ({ name: n.Name as string, language: str(n.language ?? n.Language), preferred: n.Preffered === true })),
      kilde: { register: 'Artskart (Artsdatabanken)', url: taxonPage(str(t.ValidScientificName), id) },
    };
  },
});
