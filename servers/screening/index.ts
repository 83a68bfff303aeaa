// screening: Sanctions screening (Nordic open data host (platform)). Tools are declared in this folder.
import { defineServer } from '../../runtime/define.js';

export const server = defineServer({
  slug: 'screening',
  prefix: 'screening',
  name: 'Sanctions screening',
  owner: 'Nordic open data host (platform)',
  description: 'TODO',
  license: 'TODO',
  tier: 'free',
  upstreams: ['eu-fsf'],
  countries: ['EU'],
  docs: [],
  platform: true,
  tools: [],
});
