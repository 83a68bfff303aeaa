// enhetsregisteret-speil: Entity register mirror (Brønnøysundregistrene (mirror)). Tools are declared in this folder.
import { defineServer } from '../../runtime/define.js';

export const server = defineServer({
  slug: 'enhetsregisteret-speil',
  prefix: 'speil',
  name: 'Entity register mirror',
  owner: 'Brønnøysundregistrene (mirror)',
  description: 'TODO',
  license: 'TODO',
  tier: 'free',
  upstreams: ['brreg', 'ssb-klass'],
  countries: ['NO'],
  docs: [],
  tools: [],
});
