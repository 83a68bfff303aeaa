// FHI Statistikk Open API (UPSTREAMS.md B17).
import { defineUpstream } from '../../runtime/define.js';

export const FHI_STATISTIKK = defineUpstream({
  id: 'fhi-statistikk',
  name: 'FHI Statistikk Open API',
  baseUrl: 'https://statistikk-data.fhi.no/api/open/v1',
  envVar: 'FHI_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://github.com/folkehelseinstituttet/Fhi.Statistikk.OpenAPI',
});
