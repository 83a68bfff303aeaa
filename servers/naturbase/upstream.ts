// Miljødirektoratet's map service of protected areas (ArcGIS REST, no login, no published rate).
import { defineUpstream } from '../../runtime/define.js';

export const MILJODIR_VERN = defineUpstream({
  id: 'miljodir-vern',
  name: 'Miljødirektoratet protected areas map service (ArcGIS, vern)',
  baseUrl: 'https://kart.miljodirektoratet.no/arcgis/rest/services/vern/MapServer',
  envVar: 'MILJODIR_VERN_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://kartkatalog.miljodirektoratet.no/MapService/Details/vern',
});
