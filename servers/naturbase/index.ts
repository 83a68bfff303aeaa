// naturbase: Norway's protected areas from Miljødirektoratet's Naturbase, tool-server spec 4.3
// "protected areas": verneform.list (the protection forms, a static reference from the SOSI code
// list) and verneomrade.detalj (one area from the vern map service's layer 0). Documentation
// followed and facts relied on: vern.ts (UPSTREAMS.md B3).
// UNCONFIRMED: the licence (NLOD 2.0 is stated for Miljødirektoratet's open data, not found on this
// service's own page); the layer's full field list; the production service's MaxRecordCount.
import { defineServer } from '../../runtime/define.js';
import { PROTECTED_AREA } from './icon.js';
import { MILJODIR_VERN } from './upstream.js';
import { verneformList, verneomradeDetalj } from './vern.js';

export const server = defineServer({
  slug: 'naturbase',
  prefix: 'miljodir',
  name: 'Protected areas (Miljødirektoratet Naturbase)',
  owner: 'Miljødirektoratet',
  description:
    "Norway's protected areas (national parks, nature reserves, protected landscapes, biotope and marine protection) from Miljødirektoratet's Naturbase: the protection forms and the details of one area.",
  license: 'NLOD 2.0 (Norsk lisens for offentlige data) (UNCONFIRMED)',
  tier: 'free',
  upstreams: [MILJODIR_VERN],
  countries: ['NO'],
  docs: [
    { label: 'Vern map service (kartkatalog)', url: 'https://kartkatalog.miljodirektoratet.no/MapService/Details/vern' },
    { label: 'Naturbase', url: 'https://www.miljodirektoratet.no/verktoy/naturbase/' },
    { label: 'SOSI Naturvernområder (objektkatalog)', url: 'https://objektkatalog.geonorge.no/Objekttype/Index/EAID_9EE8FD94_553D_4c3a_9693_0CA28C0E48DB' },
  ],
  icon: PROTECTED_AREA,
  tools: [verneformList, verneomradeDetalj],
});
