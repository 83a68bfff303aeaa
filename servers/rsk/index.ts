// rsk: Iceland's register of enterprises (Fyrirtækjaskrá), kept by Skatturinn (Iceland Revenue and
// Customs), through its legal-entities API v2 (GET https://api.skattur.cloud/legalentities/v2/{nationalId},
// key in Ocp-Apim-Subscription-Key from RSK_API_KEY; UPSTREAMS.md A8; portal https://api.skatturinn.is).
// The API looks up one kennitala and has no search: company.search says so rather than pretend.
// Tool order: spec 4.2 (company.lookup, company.search, registry.about).
import { defineServer } from '../../runtime/define.js';
import { BUILDING } from '../_shared/icons/index.js';
import { companyLookup, companySearch, registryAbout } from './tools.js';
import { RSK } from '../_shared/skatturinn.js';

export const server = defineServer({
  slug: 'rsk',
  prefix: 'rsk',
  name: 'Icelandic company register',
  owner: 'Skatturinn',
  description:
    "Icelandic legal entities from the register of enterprises (Fyrirtækjaskrá) kept by Skatturinn, Iceland Revenue and Customs: look-up by kennitala (name, status, legal form, activity codes, VAT, addresses, relationships, articles of association) through Skatturinn's legal-entities API, which needs a subscription key and offers no name search.",
  license:
    "Public register information published by Skatturinn; API use under the terms of Skatturinn's API portal (https://api.skatturinn.is). No open-data licence is stated for the API answers.",
  tier: 'free',
  upstreams: [RSK],
  countries: ['IS'],
  docs: [
    { label: 'Skatturinn API portal (keys, terms, API description)', url: 'https://api.skatturinn.is' },
    { label: 'Fyrirtækjaskrá (register of enterprises)', url: 'https://www.skatturinn.is/fyrirtaekjaskra/' },
    { label: 'Fyrirtækjaskrá web search', url: 'https://www.skatturinn.is/fyrirtaekjaskra/leit' },
  ],
  icon: BUILDING,
  tools: [companyLookup, companySearch, registryAbout],
});
