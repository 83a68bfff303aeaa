// Skatteetaten's Aksjonær i virksomhet API (UPSTREAMS.md A4).
import { defineUpstream } from '../../runtime/define.js';

export const SKATTEETATEN_AKSJONAER = defineUpstream({
  id: 'skatteetaten-aksjonaer',
  name: 'Skatteetaten, Aksjonær i virksomhet',
  baseUrl: 'https://aksjonaerivirksomhet.api.skatteetaten.no/v1',
  envVar: 'SKATTEETATEN_AKSJONAER_BASE_URL',
  auth: { type: 'maskinporten', scope: 'skatteetaten:aksjonaer', extraEnvVars: ['SKATTEETATEN_RETTIGHETSPAKKE'] },
  docs: 'https://skatteetaten.github.io/api-dokumentasjon/api/aksjonaerivirksomhet',
});
