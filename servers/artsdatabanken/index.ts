// artsdatabanken: the Norwegian Biodiversity Information Centre's species data, tool-server spec 4.3
// "species map": observations.list and property.check on Artskart's public API (observations.ts,
// property.ts), redlist.species on the OData API of Norsk rødliste for arter 2021 (redlist.ts),
// taxon.get on Artskart's taxon API (taxon.ts, taxa.ts) and sources.list, which the spec retires
// (retired.ts). Municipality names are looked up in Kartverket's kommuneinfo API (places.ts). Each
// file's header names the documentation followed and the facts relied on (UPSTREAMS.md B2).
// UNCONFIRMED: the licence (CC BY 4.0 per a third-party guide; datasets carry their own); the
// observation filters taxons[] and municipalitys[]; the taxon answer's nested name lists; the
// OData member casing and the AssessmentArea code of mainland Norway; the error bodies (the
// recordings use ASP.NET's {"Message"} body).
import { defineServer } from '../../runtime/define.js';
import { SPECIES_LEAF } from './icon.js';
import { observationsList } from './observations.js';
import { propertyCheck } from './property.js';
import { redlistSpecies } from './redlist.js';
import { sourcesList } from './retired.js';
import { taxonGet } from './taxon.js';
import { ARTSDATABANKEN_LISTER, ARTSKART, KARTVERKET_KOMMUNEINFO } from './upstream.js';

export const server = defineServer({
  slug: 'artsdatabanken',
  prefix: 'artsdatabanken',
  name: 'Species map and red list (Artsdatabanken)',
  owner: 'Artsdatabanken',
  description:
    "Norwegian species data from Artsdatabanken: observations from Artskart (by species, county and municipality), a red-listed-species check around a point, Norsk rødliste for arter 2021, and taxa by id.",
  license: 'CC BY 4.0 (Artsdatabanken; individual datasets in Artskart may carry their own terms) (UNCONFIRMED)',
  tier: 'free',
  upstreams: [ARTSKART, ARTSDATABANKEN_LISTER, KARTVERKET_KOMMUNEINFO],
  countries: ['NO'],
  docs: [
    { label: 'Artskart API (observations)', url: 'https://artsdatabanken.no/Pages/180954' },
    { label: 'Artskart public API help', url: 'https://artskart.artsdatabanken.no/publicapi/help' },
    { label: 'Norsk rødliste for arter 2021', url: 'https://artsdatabanken.no/lister/rodlisteforarter/2021' },
    { label: 'Taxon API', url: 'https://artsdatabanken.no/Pages/180034' },
  ],
  icon: SPECIES_LEAF,
  tools: [observationsList, propertyCheck, redlistSpecies, taxonGet, sourcesList],
});
