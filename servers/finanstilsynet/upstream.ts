// Finanstilsynet's registry API (UPSTREAMS.md A10).
import { defineUpstream } from '../../runtime/define.js';

export const FINANSTILSYNET = defineUpstream({
  id: 'finanstilsynet',
  name: 'Finanstilsynet virksomhetsregister',
  baseUrl: 'https://api.finanstilsynet.no/registry',
  envVar: 'FINANSTILSYNET_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://api.finanstilsynet.no/registry/',
});
