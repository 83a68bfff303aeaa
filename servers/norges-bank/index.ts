// norges-bank: Norges Bank, tool-server spec 4.5 "central bank": the key policy rate and exchange
// rates from its SDMX data API (UPSTREAMS.md A13), and the removed NIBOR tool (retired.ts).
//
// Requests and mappings follow Norges Bank's open data pages
// (https://www.norges-bank.no/en/topics/Statistics/open-data/) and query builder
// (https://app.norges-bank.no/query/#/en/); the facts relied on are in sdmx.ts.
// Licence: Norges Bank's terms for open data ("may be used freely, with Norges Bank as the
// source") are stated on its open data pages; the licence name (NLOD) is UNCONFIRMED.
// Several currencies are one key position joined by a literal `+` (SDMX REST's OR operator; sdmx.ts).
// UNCONFIRMED: the body of a 5xx answer.
import { defineServer } from '../../runtime/define.js';
import { ICON } from './icon.js';
import { styringsrente, valutakurs } from './rates.js';
import { nibor } from './retired.js';
import { NORGES_BANK } from './upstream.js';

export const server = defineServer({
  slug: 'norges-bank',
  prefix: 'norgesbank',
  name: 'Norges Bank (policy rate and exchange rates)',
  owner: 'Norges Bank',
  description: "Norway's central bank: the key policy rate (styringsrenten) per business day and Norges Bank's daily exchange rates of foreign currencies against NOK, from its SDMX data API.",
  license: 'Free use with Norges Bank as the source (Norges Bank open data terms; NLOD 2.0 UNCONFIRMED)',
  tier: 'free',
  upstreams: [NORGES_BANK],
  countries: ['NO'],
  docs: [
    { label: 'Open data (Norges Bank)', url: 'https://www.norges-bank.no/en/topics/Statistics/open-data/' },
    { label: 'Query builder (SDMX)', url: 'https://app.norges-bank.no/query/#/en/' },
  ],
  icon: ICON,
  tools: [styringsrente, valutakurs, nibor],
});
