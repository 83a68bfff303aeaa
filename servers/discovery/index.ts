// discovery: Tool discovery (Nordic open data host (platform)). Tools are declared in this folder.
import { defineServer } from '../../runtime/define.js';

export const server = defineServer({
  slug: 'discovery',
  prefix: 'discovery',
  name: 'Tool discovery',
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
