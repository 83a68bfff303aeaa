// legemidler: medicines marketed in Norway, tool-server spec 4.6 "medicines": drugs.search,
// atc.search and drug.detail, all not_configured until DMP_API_KEY is set.
//
// Upstream: the FHIR R4 service of Direktoratet for medisinske produkter (DMP; formerly Statens
// legemiddelverk, NoMA), https://api.legemiddelverket.no/fhir-r4, with the subscription key DMP grants
// on request sent in Ocp-Apim-Subscription-Key (UPSTREAMS.md B17). It serves FEST, the national
// master data of medicinal products, as ISO IDMP resources. Requests, answers and errors follow
// DMP's SAFEST implementation guide and profiles and FHIR R4 (fhir.ts, with what stayed UNCONFIRMED).
// Not used: the FEST file itself (an open download of about 120 MB of XML, NLOD) and Helsedirektoratet's
// HAPI; the spec makes these tools depend on DMP_API_KEY.
// Licence: FEST is published under NLOD (Norsk lisens for offentlige data) per DMP's distribution
// pages as quoted by FEST users; the FHIR service's own terms are UNCONFIRMED.
import { defineServer } from '../../runtime/define.js';
import { CAPSULE } from './icon.js';
import { atcSearch, drugDetail, drugsSearch } from './tools.js';
import { DMP_FHIR } from './upstream.js';

export const server = defineServer({
  slug: 'legemidler',
  prefix: 'dmp',
  name: 'Medicines in Norway (FEST)',
  owner: 'Direktoratet for medisinske produkter',
  description:
    "Medicinal products marketed in Norway and the ATC classification, from the FEST master data of Direktoratet for medisinske produkter (DMP) through its FHIR R4 service: search by name, ATC codes with Norwegian and English names, and a product's names, dose form, ATC codes and identifiers. Needs a subscription key from DMP.",
  license: 'NLOD (Norsk lisens for offentlige data) for FEST; terms of the FHIR service UNCONFIRMED',
  tier: 'free',
  upstreams: [DMP_FHIR],
  countries: ['NO'],
  docs: [
    { label: 'SAFEST implementation guide: technical overview (simplifier.net)', url: 'https://simplifier.net/guide/SAFEST-implementation-guide-L1.1/Implementation-guide-for-NoMA-s-FHIR-API/Technical-overview.page.md?version=current' },
    { label: 'Content of the FHIR service (DMP)', url: 'https://www.dmp.no/en/about-us/distribution-of-data-on-medicinal-products/FHIR-service/content-of-the-fhir-service' },
    { label: 'FHIR R4 MedicinalProduct', url: 'https://hl7.org/fhir/R4/medicinalproduct.html' },
  ],
  icon: CAPSULE,
  tools: [drugsSearch, atcSearch, drugDetail],
});
