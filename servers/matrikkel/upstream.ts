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
});
