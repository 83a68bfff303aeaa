// cvr: Danish company register (CVR) (Erhvervsstyrelsen). Tools are declared in this folder.
import { defineServer } from '../../runtime/define.js';

export const server = defineServer({
  slug: 'cvr',
  prefix: 'cvr',
  name: 'Danish company register (CVR)',
  owner: 'Erhvervsstyrelsen',
  description: 'TODO',
  license: 'TODO',
  tier: 'free',
  upstreams: ['cvr'],
  countries: ['DK'],
  docs: [],
  tools: [],
});
