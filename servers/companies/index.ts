// companies: the platform server of the unified company API. One company search (NO, DK, FI) and
// lookup (NO, DK, FI, SE, IS) across the Nordic registers, and a Norwegian company's change events;
// the same tools serve /api/v1/companies, /api/v1/company/{orgnr} and
// /api/v1/companies/{orgnr}/events (runtime/rest/companies.ts).
// Mapping and UNCONFIRMED facts: see search.ts, lookup.ts, events.ts and company.ts.
import { defineServer } from '../../runtime/define.js';
import { BUILDING } from '../_shared/icons/index.js';
import { companiesEvents } from './events.js';
import { companiesLookup } from './lookup.js';
import { companiesSearch } from './search.js';
import { BRREG } from '../_shared/enhetsregisteret.js';
import { CVR } from '../_shared/cvr.js';
import { RSK } from '../_shared/skatturinn.js';
import { BOLAGSVERKET, PRH } from './upstreams.js';

export const server = defineServer({
  slug: 'companies',
  prefix: 'companies',
  name: 'Nordic companies',
  owner: 'Nordic open data host (platform)',
  description:
    'One company search and lookup across the Nordic registers: name search in Norway (Enhetsregisteret), Denmark (CVR) and Finland (YTJ), lookup by national identifier in those and in Sweden (Bolagsverket) and Iceland (Skatturinn), normalised into one Company record that says which register each field came from and when, plus the change events of Norwegian companies.',
  license:
    'Data under each register\'s licence: NLOD 2.0 (Brønnøysundregistrene), CC BY 4.0 (PRH), Erhvervsstyrelsen\'s terms for CVR data, Bolagsverket\'s and Skatturinn\'s open-data terms.',
  tier: 'free',
  upstreams: [BRREG, CVR, PRH, BOLAGSVERKET, RSK],
  countries: ['NO', 'DK', 'FI', 'SE', 'IS'],
  docs: [
    { label: 'Enhetsregisteret API', url: 'https://data.brreg.no/enhetsregisteret/api/dokumentasjon/no/index.html' },
    { label: 'CVR system-to-system access', url: 'https://datacvr.virk.dk/artikel/system-til-system-adgang-til-cvr-data' },
    { label: 'PRH YTJ open data API', url: 'https://avoindata.prh.fi/en/ytj/swagger-ui' },
    { label: 'Bolagsverket Värdefulla datamängder', url: 'https://portal.api.bolagsverket.se/' },
    { label: 'Skatturinn legal entities API', url: 'https://api.skatturinn.is' },
  ],
  platform: true,
  icon: BUILDING,
  tools: [companiesSearch, companiesLookup, companiesEvents],
});
