// altinn-systembruker: Altinn system users (Digitaliseringsdirektoratet (Altinn)). Tools are declared in this folder.
import { defineServer } from '../../runtime/define.js';

export const server = defineServer({
  slug: 'altinn-systembruker',
  prefix: 'systembruker',
  name: 'Altinn system users',
  owner: 'Digitaliseringsdirektoratet (Altinn)',
  description: 'TODO',
  license: 'TODO',
  tier: 'free',
  upstreams: ['altinn', 'maskinporten'],
  countries: ['NO'],
  docs: [],
  tools: [],
});
