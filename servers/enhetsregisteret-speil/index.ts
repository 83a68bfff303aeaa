// enhetsregisteret-speil: a mirror of the Norwegian Entity Register, tool-server spec 4.2 "entity
// mirror": entity.lookup on Enhetsregisteret (upstream `brreg`, UPSTREAMS.md A1; entity.ts),
// nace.list on Statistics Norway's classification service KLASS (upstream `ssb-klass`; nace.ts) and
// org_forms, a static catalogue (orgforms.ts). Each module's header names the documentation it
// follows and what is UNCONFIRMED.
import { defineServer } from '../../runtime/define.js';
import { COPIES } from '../_shared/icons/index.js';
import { entityLookup } from './entity.js';
import { naceList } from './nace.js';
import { orgForms } from './orgforms.js';
import { BRREG } from '../_shared/enhetsregisteret.js';
import { SSB_KLASS } from './upstream.js';

export const server = defineServer({
  slug: 'enhetsregisteret-speil',
  prefix: 'speil',
  name: 'Entity register mirror',
  owner: 'Brønnøysundregistrene (mirror)',
  description:
    "A compact mirror of Norway's Entity Register (Enhetsregisteret): one unit's name, form, address, contact details and status, the industry codes (SN/NACE) from Statistics Norway, and the organisation form codes.",
  license: 'NLOD 2.0 (Enhetsregisteret); CC BY 4.0 (SSB KLASS)',
  tier: 'free',
  upstreams: [BRREG, SSB_KLASS],
  countries: ['NO'],
  docs: [
    { label: 'Enhetsregisteret API', url: 'https://data.brreg.no/enhetsregisteret/api/dokumentasjon/no/index.html' },
    { label: 'KLASS API guide', url: 'https://data.ssb.no/api/klass/v1/api-guide.html' },
    { label: 'Standard for næringsgruppering (KLASS 6)', url: 'https://www.ssb.no/klass/klassifikasjoner/6' },
  ],
  icon: COPIES,
  tools: [entityLookup, naceList, orgForms],
});
