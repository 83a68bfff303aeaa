// BarentsWatch's live AIS API (UPSTREAMS.md B9), with its OAuth 2 client-credentials token from
// id.barentswatch.no (scope `ais`; developer.barentswatch.no/docs/appreg). The token URL is
// overridden by BARENTSWATCH_AIS_TOKEN_URL, named by the runtime from BARENTSWATCH_AIS_BASE_URL
// (runtime/upstream/tokens.ts tokenUrlEnvVar).
import { defineUpstream } from '../../runtime/define.js';

export const CREDENTIALS = ['BARENTSWATCH_CLIENT_ID', 'BARENTSWATCH_CLIENT_SECRET'] as const;

export const TOKEN_URL = 'https://id.barentswatch.no/connect/token';

export const BARENTSWATCH_AIS = defineUpstream({
  id: 'barentswatch-ais',
  name: 'BarentsWatch AIS (live)',
  baseUrl: 'https://live.ais.barentswatch.no',
  envVar: 'BARENTSWATCH_AIS_BASE_URL',
  auth: {
    type: 'oauth-client-credentials',
    tokenUrl: TOKEN_URL,
    clientIdEnvVar: CREDENTIALS[0],
    clientSecretEnvVar: CREDENTIALS[1],
    scope: 'ais',
  },
  docs: 'https://live.ais.barentswatch.no/index.html',
  // The latest position of every vessel in the open area is one answer of a few megabytes.
  timeoutMs: 30_000,
});
