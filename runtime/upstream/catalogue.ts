// Every upstream the service calls: its real base URL, the environment variable that overrides it,
// and how it authenticates. Server modules name an upstream by id; URLs are never built elsewhere.

export type UpstreamAuth =
  | { type: 'none' }
  /** A key sent in a header, e.g. `Ocp-Apim-Subscription-Key` or `SVV-Authorization: Apikey <key>`. */
  | { type: 'header'; header: string; envVar: string; prefix?: string }
  /** HTTP Basic; `passwordEnvVar` may be absent for APIs that use an empty password. */
  | { type: 'basic'; userEnvVar: string; passwordEnvVar?: string }
  /** OAuth 2 client credentials: a bearer token from `tokenUrl`, cached until shortly before it expires. */
  | { type: 'oauth-client-credentials'; tokenUrl: string; tokenUrlEnvVar?: string; clientIdEnvVar: string; clientSecretEnvVar: string; scope?: string }
  /**
   * Maskinporten: a JWT grant signed with the organisation's key (MASKINPORTEN_CLIENT_ID,
   * MASKINPORTEN_KEY), for `scope`; tokens cached until shortly before they expire.
   */
  | { type: 'maskinporten'; scope: string; extraEnvVars?: string[] };

export interface UpstreamDefinition {
  id: string;
  name: string;
  /** Production base URL; paths of requests are appended to it. */
  baseUrl: string;
  /** `<UPSTREAM>_BASE_URL`, per SERVERS.md. */
  envVar: string;
  auth: UpstreamAuth;
  /** Documentation the request shapes follow. */
  docs: string;
  timeoutMs?: number;
  maxConcurrent?: number;
  maxBodyBytes?: number;
  headers?: Record<string, string>;
  /**
   * Statuses that are this upstream's real, repeatable answer to a request rather than a sign of
   * ill health (Regnskapsregisteret's 500 for banks): not retried, not counted by the breaker, and
   * reported with the message given here.
   */
  definiteStatuses?: Record<number, string>;
  /** Circuit breaker of this upstream: failures before it opens, and how long it stays open (defaults: the client's options). */
  breaker?: { threshold?: number; cooldownMs?: number };
}

export const UPSTREAMS: UpstreamDefinition[] = [
  {
    id: 'brreg',
    name: 'Brønnøysundregistrene (Enhetsregisteret, Regnskapsregisteret)',
    baseUrl: 'https://data.brreg.no',
    envVar: 'BRREG_BASE_URL',
    auth: { type: 'none' },
    docs: 'https://data.brreg.no/enhetsregisteret/api/dokumentasjon/no/index.html',
    maxConcurrent: 8,
    maxBodyBytes: 8 * 1024 * 1024,
  },
  {
    // Same host and override as Enhetsregisteret, but its own breaker and concurrency: one
    // register failing must not pause the other.
    id: 'brreg-regnskap',
    name: 'Regnskapsregisteret',
    baseUrl: 'https://data.brreg.no',
    envVar: 'BRREG_BASE_URL',
    auth: { type: 'none' },
    docs: 'https://data.brreg.no/regnskapsregisteret/regnskap/swagger-ui/index.html',
    maxConcurrent: 8,
    maxBodyBytes: 8 * 1024 * 1024,
    definiteStatuses: {
      500: 'Regnskapsregisteret answers HTTP 500 for the accounts of banks and insurers (BANK and FORS statements); they are not available on the open API',
    },
  },
  {
    id: 'ssb-klass',
    name: 'Statistics Norway classification service (KLASS)',
    baseUrl: 'https://data.ssb.no/api/klass/v1',
    envVar: 'SSB_KLASS_BASE_URL',
    auth: { type: 'none' },
    docs: 'https://data.ssb.no/api/klass/v1/api-guide.html',
  },
  {
    id: 'maskinporten',
    name: 'Maskinporten (token endpoint)',
    baseUrl: 'https://maskinporten.no',
    envVar: 'MASKINPORTEN_BASE_URL',
    auth: { type: 'none' },
    docs: 'https://docs.digdir.no/docs/Maskinporten/maskinporten_protocol_token',
  },
  {
    id: 'skatteetaten-aksjonaer',
    name: 'Skatteetaten, Aksjonær i virksomhet',
    baseUrl: 'https://aksjonaerivirksomhet.api.skatteetaten.no/v1',
    envVar: 'SKATTEETATEN_AKSJONAER_BASE_URL',
    auth: { type: 'maskinporten', scope: 'skatteetaten:aksjonaer', extraEnvVars: ['SKATTEETATEN_RETTIGHETSPAKKE'] },
    docs: 'https://skatteetaten.github.io/api-dokumentasjon/api/aksjonaerivirksomhet',
  },
  {
    id: 'altinn',
    name: 'Altinn 3 authentication (system users)',
    // ALTINN_ENV=prod makes the server module call `altinn-prod` instead (same override variable).
    baseUrl: 'https://platform.tt02.altinn.no/authentication/api/v1',
    envVar: 'ALTINN_BASE_URL',
    // request.read: requests by external reference; request.write: GET systemuser/vendor/byquery
    // (docs.altinn.studio, authorization/guides/system-vendor/system-user/byquery).
    auth: { type: 'maskinporten', scope: 'altinn:authentication/systemuser.request.read altinn:authentication/systemuser.request.write' },
    docs: 'https://docs.altinn.studio/authentication/guides/systemauthentication-for-systemproviders/',
  },
  {
    id: 'altinn-prod',
    name: 'Altinn 3 authentication (system users, production)',
    baseUrl: 'https://platform.altinn.no/authentication/api/v1',
    envVar: 'ALTINN_BASE_URL',
    auth: { type: 'maskinporten', scope: 'altinn:authentication/systemuser.request.read altinn:authentication/systemuser.request.write' },
    docs: 'https://docs.altinn.studio/authentication/guides/systemauthentication-for-systemproviders/',
  },
  {
    id: 'cvr',
    name: 'Erhvervsstyrelsen CVR (system-til-system Elasticsearch)',
    baseUrl: 'http://distribution.virk.dk',
    envVar: 'CVR_BASE_URL',
    auth: { type: 'basic', userEnvVar: 'CVR_ES_USER', passwordEnvVar: 'CVR_ES_PASS' },
    docs: 'https://datacvr.virk.dk/artikel/system-til-system-adgang-til-cvr-data',
    maxBodyBytes: 32 * 1024 * 1024,
  },
  {
    id: 'prh',
    name: 'PRH YTJ open data (Finnish Trade Register)',
    baseUrl: 'https://avoindata.prh.fi/opendata-ytj-api/v3',
    envVar: 'PRH_BASE_URL',
    auth: { type: 'none' },
    docs: 'https://avoindata.prh.fi/en/ytj/swagger-ui',
  },
  {
    id: 'rsk',
    name: 'Skatturinn legal entities (Icelandic company register)',
    baseUrl: 'https://api.skattur.cloud/legalentities',
    envVar: 'RSK_BASE_URL',
    auth: { type: 'header', header: 'Ocp-Apim-Subscription-Key', envVar: 'RSK_API_KEY' },
    docs: 'https://api.skatturinn.is',
  },
  {
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
  },
  {
    id: 'finanstilsynet',
    name: 'Finanstilsynet virksomhetsregister',
    baseUrl: 'https://api.finanstilsynet.no/registry',
    envVar: 'FINANSTILSYNET_BASE_URL',
    auth: { type: 'none' },
    docs: 'https://api.finanstilsynet.no/registry/',
  },
  {
    id: 'eu-fsf',
    name: 'EU Financial Sanctions Files (consolidated list)',
    baseUrl: 'https://webgate.ec.europa.eu/fsd/fsf',
    envVar: 'SANCTIONS_BASE_URL',
    auth: { type: 'none' },
    docs: 'https://data.europa.eu/data/datasets/consolidated-list-of-persons-groups-and-entities-subject-to-eu-financial-sanctions',
    timeoutMs: 120_000,
    maxBodyBytes: 128 * 1024 * 1024,
  },
  {
    id: 'doffin',
    name: 'Doffin public API v2',
    baseUrl: 'https://api.doffin.no',
    envVar: 'DOFFIN_BASE_URL',
    auth: { type: 'header', header: 'Ocp-Apim-Subscription-Key', envVar: 'DOFFIN_API_KEY' },
    docs: 'https://dof-notices-prod-api.developer.azure-api.net',
  },
  {
    // The data proxy's backend (REST spec 4.1): `/v1/connectors/{kilde}/{endepunkt}` answered as
    // it stands (pass-through). With DATA_BACKEND_URL unset the backend is this same service,
    // reached in process (runtime/rest/backend.ts), so this base is never dialled.
    id: 'data-backend',
    name: 'Data backend (connector routes by source key)',
    baseUrl: 'http://data-backend.invalid',
    envVar: 'DATA_BACKEND_URL',
    auth: { type: 'none' },
    docs: 'REST spec 4.1; served by /v1/connectors/{kilde}/{route} of this service',
    // A proxied call may wait for a slow source behind the backend (retries included).
    timeoutMs: 60_000,
    maxConcurrent: 256,
  },
];

/** The credential variables an upstream's auth scheme needs. */
export function authEnvVars(auth: UpstreamAuth): string[] {
  switch (auth.type) {
    case 'none':
      return [];
    case 'header':
      return [auth.envVar];
    case 'basic':
      return [auth.userEnvVar, ...(auth.passwordEnvVar ? [auth.passwordEnvVar] : [])];
    case 'oauth-client-credentials':
      return [auth.clientIdEnvVar, auth.clientSecretEnvVar];
    case 'maskinporten':
      return ['MASKINPORTEN_CLIENT_ID', 'MASKINPORTEN_KEY', ...(auth.extraEnvVars ?? [])];
  }
}
