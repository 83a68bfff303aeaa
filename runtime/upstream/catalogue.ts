// Every upstream the service calls: its real base URL, the environment variable that overrides it,
// and how it authenticates. Server modules name an upstream by id; URLs are never built elsewhere.

export type UpstreamAuth =
  | { type: 'none' }
  /** A key sent in a header, e.g. `Ocp-Apim-Subscription-Key` or `SVV-Authorization: Apikey <key>`. */
  | { type: 'header'; header: string; envVar: string; prefix?: string }
  /** HTTP Basic; `passwordEnvVar` may be absent for APIs that use an empty password. */
  | { type: 'basic'; userEnvVar: string; passwordEnvVar?: string };

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
  }
}
