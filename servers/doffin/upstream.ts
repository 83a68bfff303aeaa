// Doffin's public API v2 (UPSTREAMS.md A12).
import { defineUpstream } from '../../runtime/define.js';

export const DOFFIN = defineUpstream({
  id: 'doffin',
  name: 'Doffin public API v2',
  baseUrl: 'https://api.doffin.no',
  envVar: 'DOFFIN_BASE_URL',
  auth: { type: 'header', header: 'Ocp-Apim-Subscription-Key', envVar: 'DOFFIN_API_KEY' },
  docs: 'https://dof-notices-prod-api.developer.azure-api.net',
});
