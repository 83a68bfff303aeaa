// Kartverket's Matrikkel API (SOAP web services, HTTP Basic with a user Kartverket issues by
// agreement). The Matrikkel documents no request rate.
import { defineUpstream } from '../../runtime/define.js';

export const MATRIKKEL = defineUpstream({
  id: 'matrikkel',
  name: 'Kartverket Matrikkel API (SOAP)',
  baseUrl: 'https://matrikkel.no/matrikkelapi/wsapi/v1',
  envVar: 'MATRIKKEL_BASE_URL',
  auth: { type: 'basic', userEnvVar: 'MATRIKKEL_USER', passwordEnvVar: 'MATRIKKEL_PASSWORD' },
  docs: 'https://matrikkel.no/matrikkelapi/wsapi/v1/dokumentasjon/index.html',
  // JAX-WS answers every SOAP fault (an unknown ident, a validation error) with HTTP 500: the
  // service's definite answer to that request, not ill health, so it is neither retried nor
  // counted by the breaker.
  definiteStatuses: {
    500: 'Kartverket Matrikkel API answered a SOAP fault (HTTP 500): it refused the request, for example a matrikkel number it cannot resolve',
  },
});
