// sources: Source catalogue (Nordic open data host (platform)). Tools are declared in this folder.
import { defineServer } from '../../runtime/define.js';

export const server = defineServer({
  slug: 'sources',
  prefix: 'sources',
  name: 'Source catalogue',
  owner: 'Nordic open data host (platform)',
  description: 'TODO',
  license: 'TODO',
  tier: 'free',
  upstreams: [],
  countries: ['NO', 'SE', 'DK', 'FI', 'IS', 'EU'],
  docs: [],
  platform: true,
  tools: [],
});
