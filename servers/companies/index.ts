// companies: Nordic companies (Nordic open data host (platform)). Tools are declared in this folder.
import { defineServer } from '../../runtime/define.js';

export const server = defineServer({
  slug: 'companies',
  prefix: 'companies',
  name: 'Nordic companies',
  owner: 'Nordic open data host (platform)',
  description: 'TODO',
  license: 'TODO',
  tier: 'free',
  upstreams: ['brreg', 'cvr', 'prh', 'bolagsverket', 'rsk'],
  countries: ['NO', 'DK', 'FI', 'SE', 'IS'],
  docs: [],
  platform: true,
  tools: [],
});
