// The registers only the companies server calls: Finland's PRH and Sweden's Bolagsverket.
import { defineUpstream } from '../../runtime/define.js';

export const PRH = defineUpstream({
  id: 'prh',
  name: 'PRH YTJ open data (Finnish Trade Register)',
  baseUrl: 'https://avoindata.prh.fi/opendata-ytj-api/v3',
  envVar: 'PRH_BASE_URL',
  auth: { type: 'none' },
  docs: 'https://avoindata.prh.fi/en/ytj/swagger-ui',
});

export const BOLAGSVERKET = defineUpstream({
  id: 'bolagsverket',
  name: 'Bolagsverket, Värdefulla datamängder',
  baseUrl: 'https://gw.api.bolagsverket.se/vardefulla-datamangder/v1',
  envVar: 'BOLAGSVERKET_BASE_URL',
  auth: {
    type: 'oauth-client-credentials',
    tokenUrl: 'https://portal.api.bolagsverket.se/oauth2/token',
    tokenUrlEnvVar: 'BOLAGSVERKET_TOKEN_URL',
    clientIdEnvVar: 'BOLAGSVERKET_CLIENT_ID',
    clientSecretEnvVar: 'BOLAGSVERKET_CLIENT_SECRET',
    scope: 'vardefulla-datamangder:read',
  },
  docs: 'https://portal.api.bolagsverket.se/',
});
