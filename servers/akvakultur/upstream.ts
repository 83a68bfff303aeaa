// Fiskeridirektoratet's public aquaculture register API, pub-aqua v1 (UPSTREAMS.md B10).
import { defineUpstream } from '../../runtime/define.js';

export const FISKERIDIR_AQUA = defineUpstream({
  id: 'fiskeridir-aqua',
  name: 'Akvakulturregisteret (Fiskeridirektoratet)',
  baseUrl: 'https://api.fiskeridir.no/pub-aqua/api/v1',
  envVar: 'FISKERIDIR_AQUA_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://api.fiskeridir.no/pub-aqua/api/swagger-ui/index.html',
});
