// Altinn 3 authentication (system users), in its test (tt02) and production environments (UPSTREAMS.md A5).
import { defineUpstream } from '../../runtime/define.js';

export const ALTINN = defineUpstream({
  id: 'altinn',
  name: 'Altinn 3 authentication (system users)',
  // ALTINN_ENV=prod makes the server module call `altinn-prod` instead (same override variable).
  baseUrl: 'https://platform.tt02.altinn.no/authentication/api/v1',
  envVar: 'ALTINN_BASE_URL',
  // request.read: requests by external reference; request.write: GET systemuser/vendor/byquery
  // (docs.altinn.studio, authorization/guides/system-vendor/system-user/byquery).
  auth: { type: 'maskinporten', scope: 'altinn:authentication/systemuser.request.read altinn:authentication/systemuser.request.write' },
  docs: 'https://docs.altinn.studio/authentication/guides/systemauthentication-for-systemproviders/',
});

export const ALTINN_PROD = defineUpstream({
  id: 'altinn-prod',
  name: 'Altinn 3 authentication (system users, production)',
  baseUrl: 'https://platform.altinn.no/authentication/api/v1',
  envVar: 'ALTINN_BASE_URL',
  auth: { type: 'maskinporten', scope: 'altinn:authentication/systemuser.request.read altinn:authentication/systemuser.request.write' },
  docs: 'https://docs.altinn.studio/authentication/guides/systemauthentication-for-systemproviders/',
});
