// sanksjoner: EU financial sanctions (European Commission (FSF)). Tools are declared in this folder.
import { defineServer } from '../../runtime/define.js';

export const server = defineServer({
  slug: 'sanksjoner',
  prefix: 'sanctions',
  name: 'EU financial sanctions',
  owner: 'European Commission (FSF)',
  description: 'TODO',
  license: 'TODO',
  tier: 'free',
  upstreams: ['eu-fsf'],
  countries: ['EU'],
  docs: [],
  tools: [],
});
