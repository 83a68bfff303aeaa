// finanstilsynet: Financial supervisory register (Finanstilsynet). Tools are declared in this folder.
import { defineServer } from '../../runtime/define.js';

export const server = defineServer({
  slug: 'finanstilsynet',
  prefix: 'finanstilsynet',
  name: 'Financial supervisory register',
  owner: 'Finanstilsynet',
  description: 'TODO',
  license: 'TODO',
  tier: 'free',
  upstreams: ['finanstilsynet'],
  countries: ['NO'],
  docs: [],
  tools: [],
});
