// doffin: Public procurement notices (Doffin) (DFØ). Tools are declared in this folder.
import { defineServer } from '../../runtime/define.js';

export const server = defineServer({
  slug: 'doffin',
  prefix: 'doffin',
  name: 'Public procurement notices (Doffin)',
  owner: 'DFØ',
  description: 'TODO',
  license: 'TODO',
  tier: 'free',
  upstreams: ['doffin'],
  countries: ['NO'],
  docs: [],
  tools: [],
});
