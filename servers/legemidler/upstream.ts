// The FHIR service of Direktoratet for medisinske produkter (DMP, formerly Statens legemiddelverk):
// FEST's master data on medicinal products as FHIR R4 (UPSTREAMS.md B17).
import { defineUpstream } from '../../runtime/define.js';

export const DMP_FHIR = defineUpstream({
  id: 'dmp-fhir',
  name: 'DMP FHIR service (FEST, FHIR R4)',
  baseUrl: 'https://api.legemiddelverket.no/fhir-r4',
  envVar: 'DMP_BASE_URL',
  // Keys are granted by DMP on request (fest@dmp.no) and sent in Azure API Management's header.
  auth: { type: 'header', header: 'Ocp-Apim-Subscription-Key', envVar: 'DMP_API_KEY' },
  docs: 'https://simplifier.net/guide/SAFEST-implementation-guide-L1.1/Implementation-guide-for-NoMA-s-FHIR-API/Technical-overview.page.md?version=current',
  headers: { accept: 'application/fhir+json' },
});
