// Norsk helsenett's public API of Helsepersonellregisteret (UPSTREAMS.md B17), Maskinporten-secured.
import { defineUpstream } from '../../runtime/define.js';

export const NHN_HPR = defineUpstream({
  id: 'nhn-hpr',
  name: 'Helsepersonellregisteret (Norsk helsenett)',
  baseUrl: 'https://api.offentlig.hpr.nhn.no',
  envVar: 'HPR_BASE_URL',
  // The basic scope holds the register's open data and is open to any Norwegian organisation
  // (Maskinporten self-service); the extended and export scopes need Helsedirektoratet's approval.
  auth: { type: 'maskinporten', scope: 'nhn:hpr/basic' },
  docs: 'https://utviklerportal.nhn.no/informasjonstjenester/helsepersonellregisteret/helsepersonellregisteret/helsepersonellregisteret-offentlig-api/docs/hpr-offentlig-apimd',
});
