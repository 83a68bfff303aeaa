// aksjonaerregisteret: Shareholder register (Skatteetaten). Tools are declared in this folder.
import { defineServer } from '../../runtime/define.js';

export const server = defineServer({
  slug: 'aksjonaerregisteret',
  prefix: 'aksjonaer',
  name: 'Shareholder register',
  owner: 'Skatteetaten',
  description: 'TODO',
  license: 'TODO',
  tier: 'free',
  upstreams: ['skatteetaten-aksjonaer', 'maskinporten'],
  countries: ['NO'],
  docs: [],
  tools: [],
});
