// brreg: the company register server of tool-server spec 4.1 (Enhetsregisteret and Regnskapsregisteret).
import { defineServer } from '../../runtime/define.js';
import { enhetLookup } from './enhet.js';

export const brreg = defineServer({
  slug: 'brreg',
  prefix: 'brreg',
  name: 'Brønnøysund company register',
  owner: 'Brønnøysundregistrene',
  description:
    'Norwegian legal entities from Enhetsregisteret (entities, sub-units, roles, bankruptcies) and their annual accounts from Regnskapsregisteret.',
  license: 'NLOD 2.0 (Norsk lisens for offentlige data)',
  tier: 'free',
  upstreams: ['brreg'],
  countries: ['NO'],
  docs: [
    { label: 'Enhetsregisteret API', url: 'https://data.brreg.no/enhetsregisteret/api/dokumentasjon/no/index.html' },
    { label: 'Regnskapsregisteret API', url: 'https://data.brreg.no/regnskapsregisteret/regnskap/swagger-ui/index.html' },
  ],
  tools: [enhetLookup],
});
