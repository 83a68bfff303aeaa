// sodir: Sokkeldirektoratet (formerly the Norwegian Petroleum Directorate), tool-server spec 4.4
// "petroleum": produksjon.liste, produksjon.per-operator, reserver.liste and selskaper.liste, all
// read from FactPages tables downloaded as CSV into file indexes. Documentation followed, columns
// relied on and the UNCONFIRMED points: factpages.ts (FactPages table-view export; UPSTREAMS.md B11).
// Licence: NLOD 2.0 (UPSTREAMS.md B11; Sodir's attribution "Contains data under the Norwegian
// licence for Open Government data (NLOD) distributed by the Norwegian Offshore Directorate").
import { defineServer } from '../../runtime/define.js';
import { ICON } from './icon.js';
import { produksjonListe, produksjonPerOperator } from './production.js';
import { reserverListe, selskaperListe } from './reserves.js';
import { SODIR_FACTPAGES } from './upstream.js';

export const server = defineServer({
  slug: 'sodir',
  prefix: 'sodir',
  name: 'Petroleum on the Norwegian shelf (Sodir FactPages)',
  owner: 'Sokkeldirektoratet',
  description:
    "Sodir's FactPages on Norwegian oil and gas: monthly production per field or for the whole shelf, production per operator, remaining and recoverable reserves per field with status and operator, and the companies active on the shelf.",
  license: 'NLOD 2.0 (Norsk lisens for offentlige data)',
  tier: 'free',
  upstreams: [SODIR_FACTPAGES],
  countries: ['NO'],
  docs: [
    { label: 'FactPages', url: 'https://factpages.sodir.no/en' },
    { label: 'FactMaps (ArcGIS REST)', url: 'https://factmaps.sodir.no/api/rest/services' },
  ],
  icon: ICON,
  tools: [produksjonListe, produksjonPerOperator, reserverListe, selskaperListe],
});
