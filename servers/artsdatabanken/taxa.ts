// Taxa in Artskart: GET /taxon/{id} (taxon.get) and GET /taxon?term= (a scientific name to its
// taxon id for observations.list), as the Swagger-based guide of the public API documents them
// (file id 44163868854): Id (the taxon id), ValidScientificNameId, ValidScientificName,
// ValidScientificNameAuthorship, PrefferedPopularname (sic), TaxonGroup, TaxonGroupId,
// ScientificNames[] (with Accepted), PopularNames[] (with language and Preffered), the hierarchy
// Kingdom … SubSpecies and Status.
// UNCONFIRMED: the member names of ScientificNames[] and PopularNames[] items (read defensively),
// whether an unknown id answers 404 or an empty 200 (both read as not found), and that the term
// search answers TaxonId besides Id (one public client reads TaxonId, file id 52689581116).
import type { ToolContext } from '../../runtime/context.js';

export interface ArtskartTaxon {
  Id?: number | null;
  TaxonId?: number | null;
  ValidScientificNameId?: number | null;
  ValidScientificName?: string | null;
  ValidScientificNameAuthorship?: string | null;
  PrefferedPopularname?: string | null;
  TaxonGroup?: string | null;
  TaxonGroupId?: number | null;
  ScientificNames?: { ScientificName?: string | null; ScientificNameId?: number | null; Accepted?: boolean | null }[] | null;
  PopularNames?: { Name?: string | null; language?: string | null; Language?: string | null; Preffered?: boolean | null }[] | null;
  Kingdom?: string | null;
  Phylum?: string | null;
  Class?: string | null;
  Order?: string | null;
  Family?: string | null;
  Genus?: string | null;
  Species?: string | null;
  SubSpecies?: string | null;
  Status?: string | null;
}

export const taxonIdOf = (t: ArtskartTaxon): number | null => {
  const id = t.TaxonId ?? t.Id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
};

const fold = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/**
 * The taxon whose valid (or a synonym) scientific name is exactly `name`, from Artskart's term
 * search; null when none is.
 */
export async function taxonByScientificName(ctx: ToolContext, name: string): Promise<ArtskartTaxon | null> {
  const hits = await ctx.get<ArtskartTaxon[] | null>('artskart', '/taxon', { query: { term: name, take: 10 } });
  const wanted = fold(name);
  const list = Array.isArray(hits) ? hits : [];
  const exact = (t: ArtskartTaxon) => typeof t.ValidScientificName === 'string' && fold(t.ValidScientificName) === wanted;
  const synonym = (t: ArtskartTaxon) => (t.ScientificNames ?? []).some((n) => typeof n.ScientificName === 'string' && fold(n.ScientificName) === wanted);
  return list.find(exact) ?? list.find(synonym) ?? null;
}
