// fhi: Folkehelseinstituttet's public-health statistics, tool-server spec 4.6 "public health":
// indikatorer.list on FHI Statistikk Open API (UPSTREAMS.md B17; indikatorer.ts), and the two tools
// the spec marks planned (planned.ts): helseprofil.list answers 503 source_migrated as the spec says.
// Requests follow FHI's user guide and samples of the Open API
// (github.com/folkehelseinstituttet/Fhi.Statistikk.OpenAPI).
// UNCONFIRMED: the themes per table (the API has none; assigned here from titles); that the MSIS
// statistics page at statistikk.fhi.no/msis is where FHI publishes them; a published request rate
// (none found). Licence: FHI publishes its statistics for free reuse under CC BY 4.0 (UNCONFIRMED:
// no licence statement was read in a source this session).
import { defineServer } from '../../runtime/define.js';
import { ICON } from './icon.js';
import { indikatorerList } from './indikatorer.js';
import { helseprofilList, msisList } from './planned.js';
import { FHI_STATISTIKK } from './upstream.js';

export const server = defineServer({
  slug: 'fhi',
  prefix: 'fhi',
  name: 'Public health statistics (FHI)',
  owner: 'Folkehelseinstituttet',
  description:
    "Folkehelseinstituttet's public-health statistics for Norwegian municipalities and counties: the indicator tables of Folkehelsestatistikk in FHI Statistikk, by theme. Municipal health profiles and MSIS infectious-disease counts are planned.",
  license: 'CC BY 4.0 (UNCONFIRMED)',
  tier: 'free',
  upstreams: [FHI_STATISTIKK],
  countries: ['NO'],
  docs: [
    { label: 'FHI Statistikk Open API (Swagger)', url: 'https://statistikk-data.fhi.no/swagger/index.html?urls.primaryName=Allvis%20Open%20API' },
    { label: 'User guide and code samples', url: 'https://github.com/folkehelseinstituttet/Fhi.Statistikk.OpenAPI' },
  ],
  icon: ICON,
  tools: [helseprofilList, indikatorerList, msisList],
});
