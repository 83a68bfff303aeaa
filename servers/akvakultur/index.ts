// akvakultur: Fiskeridirektoratet's aquaculture register, tool-server spec 4.4 "aquaculture":
// akvakultur.list (sites), tillatelser.list (licences) and lokalitet.detalj (one site) on the
// public API pub-aqua v1. Documentation followed, facts relied on and the UNCONFIRMED ones:
// register.ts (OpenAPI at https://api.fiskeridir.no/pub-aqua/api/swagger-ui/index.html; measured
// paging, UPSTREAMS.md B10); the paging rule (100 rows a request, offsets): tools.ts.
// Licence: NLOD 2.0; attribution "Kilde: Fiskeridirektoratet" (UPSTREAMS.md B10).
import { defineServer } from '../../runtime/define.js';
import { ICON } from './icon.js';
import { akvakulturList, lokalitetDetalj, tillatelserList } from './tools.js';
import { FISKERIDIR_AQUA } from './upstream.js';

export const server = defineServer({
  slug: 'akvakultur',
  prefix: 'fiskeridir',
  name: 'Aquaculture register (Fiskeridirektoratet)',
  owner: 'Fiskeridirektoratet',
  description:
    "Norway's aquaculture register (Akvakulturregisteret): fish-farm sites with position, capacity, species and production area, the licences and who holds them, and each site in detail. Source: Fiskeridirektoratet.",
  license: 'NLOD 2.0 (Norsk lisens for offentlige data); Kilde: Fiskeridirektoratet',
  tier: 'free',
  upstreams: [FISKERIDIR_AQUA],
  countries: ['NO'],
  docs: [
    { label: 'pub-aqua API (Swagger UI)', url: 'https://api.fiskeridir.no/pub-aqua/api/swagger-ui/index.html' },
    { label: 'Akvakulturregisteret', url: 'https://www.fiskeridir.no/Akvakultur/Registre-og-skjema/Akvakulturregisteret' },
  ],
  icon: ICON,
  tools: [akvakulturList, tillatelserList, lokalitetDetalj],
});
