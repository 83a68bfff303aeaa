// rsk: Icelandic company register (Skatturinn). Tools are declared in this folder.
import { defineServer } from '../../runtime/define.js';

export const server = defineServer({
  slug: 'rsk',
  prefix: 'rsk',
  name: 'Icelandic company register',
  owner: 'Skatturinn',
  description: 'TODO',
  license: 'TODO',
  tier: 'free',
  upstreams: ['rsk'],
  countries: ['IS'],
  docs: [],
  tools: [],
});
