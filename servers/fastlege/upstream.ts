// Helsenorge's public GP search (the "Bytte fastlege" service), which publishes Helfo's fastlege
// agreements with their list sizes (UPSTREAMS.md B17: no documented open API was found).
import { defineUpstream } from '../../runtime/define.js';

export const FASTLEGE = defineUpstream({
  id: 'helsenorge-fastlege',
  name: 'Helsenorge fastlegesøk (Helfo)',
  baseUrl: 'https://tjenester.helsenorge.no/proxy/fastlegeinternal/api/v1',
  envVar: 'FASTLEGE_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://tjenester.helsenorge.no/bytte-fastlege',
});
