// The upstream of enhetsregisteret-speil besides Enhetsregisteret.
import { defineUpstream } from '../../runtime/define.js';

/** SSB's classification service (KLASS), for the industry codes of nace.list. */
export const SSB_KLASS = defineUpstream({
  id: 'ssb-klass',
  name: 'Statistics Norway classification service (KLASS)',
  baseUrl: 'https://data.ssb.no/api/klass/v1',
  envVar: 'SSB_KLASS_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://data.ssb.no/api/klass/v1/api-guide.html',
});
